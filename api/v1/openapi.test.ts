import { describe, expect, it } from "vitest";
import { openApiBody } from "./bodies.ts";
import { openApiDocument, V1_ROUTES } from "./openapi.ts";

const doc = openApiDocument("https://jobweather.example") as any;

/** Every property schema of the document, with its path. */
function properties(schema: any, path: string, out: Array<[string, any]> = []): Array<[string, any]> {
  if (!schema || typeof schema !== "object") return out;
  for (const [name, sub] of Object.entries<any>(schema.properties ?? {})) {
    out.push([`${path}.${name}`, sub]);
    properties(sub, `${path}.${name}`, out);
  }
  if (schema.items) properties(schema.items, `${path}[]`, out);
  for (const sub of schema.anyOf ?? []) properties(sub, path, out);
  return out;
}

describe("the OpenAPI document", () => {
  it("is OpenAPI 3.1.0 with one GET per v1 route", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths)).toHaveLength(V1_ROUTES.length);
    for (const r of V1_ROUTES) expect(doc.paths[r.path].get.operationId).toBe(r.operationId);
  });

  it("describes every field, so that the reference page can explain each", () => {
    const all = Object.entries<any>(doc.components.schemas).flatMap(([name, s]) => properties(s, name));
    expect(all.length).toBeGreaterThan(150);
    const undocumented = all.filter(([, s]) => !s.description && !s.$ref).map(([p]) => p);
    expect(undocumented).toEqual([]);
  });

  it("no named schema is nullable by itself (nullable uses are inlined, not a $ref to a nullable component)", () => {
    for (const [name, s] of Object.entries<any>(doc.components.schemas)) {
      expect([name, Array.isArray(s.type) && s.type.includes("null")]).toEqual([name, false]);
    }
  });

  it("is generated once per origin and sent with a content-hash ETag", () => {
    expect(openApiDocument("https://jobweather.example")).toBe(doc);
    expect(openApiBody("https://jobweather.example").etag).toMatch(/^"openapi-[\w-]{16}"$/);
    expect(openApiBody("https://other.example").etag).not.toBe(openApiBody("https://jobweather.example").etag);
  });
});
