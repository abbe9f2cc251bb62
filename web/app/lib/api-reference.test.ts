import { describe, expect, it } from "vitest";
import { openApiDocument, V1_ROUTES } from "../../../api/v1/openapi.ts";
import { apiReference, type OpenApiLike } from "./api-reference.ts";

const ref = apiReference(openApiDocument("https://jobweather.example") as OpenApiLike);

describe("the API reference page's model", () => {
  it("has every endpoint of the document, with an example request on the public origin", () => {
    expect(ref.endpoints.map((e) => e.path)).toEqual(V1_ROUTES.map((r) => r.path));
    const country = ref.endpoints.find((e) => e.id === "getCountry")!;
    expect(country.curl).toBe("curl https://jobweather.example/api/v1/countries/DE");
    expect(country.params).toEqual([expect.objectContaining({ name: "code", in: "path", required: true, type: "string, two letters" })]);
    expect(country.answers.map((a) => [a.status, a.schema])).toEqual([["200", "Country"], ["304", null], ["404", "Error"]]);
    expect(country.answers[0]!.cacheControl).toBe("public, max-age=60, stale-while-revalidate=300");
    // The errors any request can get are listed once, not under every endpoint.
    expect(ref.generalAnswers.map((a) => [a.status, a.schema, a.cacheControl])).toEqual(
      ["400", "408", "414", "431", "500", "503"].map((status) => [status, "Error", "no-store"]),
    );
    expect(ref.generalAnswers.find((a) => a.status === "414")!.description).toMatch(/8 KB/);
    const csv = ref.endpoints.find((e) => e.id === "downloadScores")!;
    expect(csv.curl).toBe("curl -OJ https://jobweather.example/api/v1/scores.csv");
    expect(csv.answers[0]!.columns.map((c) => c.name)).toContain("score_unrounded");
    expect(ref.endpoints.find((e) => e.id === "getRanking")!.params[0]!.type).toBe("one of: brightest, stormiest");
  });

  it("explains every field of every schema in words", () => {
    const fields = ref.schemas.flatMap((s) => s.fields.map((f) => ({ ...f, schema: s.name })));
    expect(fields.length).toBeGreaterThan(150);
    expect(fields.filter((f) => f.description === "").map((f) => `${f.schema}.${f.path}`)).toEqual([]);
    const country = ref.schemas.find((s) => s.name === "Country")!;
    const field = (path: string) => country.fields.find((f) => f.path === path);
    expect(field("score")!.type).toBe("number, 1 to 10, or null (null in the other form)");
    expect(field("published")!.type).toBe("always true (always false in the other form)");
    expect(field("sub_scores.U.freshness")!.type).toBe("number, 0 to 1");
    // Siblings of the same shape are described once.
    expect(field("sub_scores.S")!.type).toBe("object, or null, with the fields of sub_scores.U");
    expect(field("sub_scores.S.value")).toBeUndefined();
    expect(field("change.previous_month.parts[].contribution")!.description).toMatch(/Shapley/);
    expect(field("eei")!.type).toMatch(/may be absent/);
  });

  it("links a field that repeats a named schema instead of listing it again", () => {
    const regions = ref.schemas.find((s) => s.name === "Regions")!;
    const best = regions.fields.find((f) => f.path === "[].best")!;
    expect(best.schema).toBe("CountryListItem");
    expect(best.type).toBe("CountryListItem, or null");
    expect(regions.fields.some((f) => f.path.startsWith("[].best."))).toBe(false);
    expect(regions.fields.find((f) => f.path === "[].countries")!.type).toBe("array of CountryListItem");
  });
});
