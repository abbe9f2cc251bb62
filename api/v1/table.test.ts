// The one v1 table (api/v1/table.ts) makes the OpenAPI document, the Express routes and the fast path's matching.
import { describe, expect, it } from "vitest";
import type { ReadModel } from "../read-model.ts";
import { v1Routes } from "../routes/v1.ts";
import { openApiDocument, V1_ROUTES } from "./openapi.ts";
import { HttpError } from "../../server/http/errors.ts";
import { expressPath, pathPattern, v1Params } from "./paths.ts";
import { V1_TABLE, v1Lang } from "./table.ts";
import { LOCALES } from "../../product/locales.ts";

describe("the v1 table", () => {
  it("is what the document lists and what Express routes, in one order", () => {
    const doc = openApiDocument("https://jobweather.example");
    expect(Object.keys(doc.paths ?? {})).toEqual(V1_TABLE.map((r) => r.doc.path));
    expect(V1_ROUTES.map((r) => r.operationId)).toEqual(V1_TABLE.map((r) => r.doc.operationId));
    const router = v1Routes({} as ReadModel, () => new Date());
    const routed = router.stack.map((layer) => (layer.route as { path: string } | undefined)?.path);
    expect(routed).toEqual(V1_TABLE.map(expressPath));
    expect(routed).toContain("/countries/:code/history.csv");
  });

  it("matches a path below /api/v1 to its route, a dot being a dot", () => {
    const csv = V1_TABLE.find((r) => r.doc.operationId === "downloadCountryHistory")!;
    const { re, names } = pathPattern(csv);
    expect(names).toEqual(["code"]);
    expect(re.exec("/countries/de/history.csv")?.[1]).toBe("de");
    expect(re.test("/countries/de/historyXcsv")).toBe(false);
    expect(re.test("/countries/de/history.csv/x")).toBe(false);
  });

  it("checks parameters with the document's schemas: a covered code in any case, a ranking type; else a 404 message", () => {
    const country = V1_TABLE.find((r) => r.params === "country")!;
    const ranking = V1_TABLE.find((r) => r.params === "ranking")!;
    expect(v1Params(country, { code: "de" })).toEqual({ ok: true, params: { code: "DE", lang: "en" } });
    expect(v1Params(country, { code: "ZZ" })).toEqual({
      ok: false,
      notFound: 'Unknown country code "ZZ": not one of the 31 covered countries.',
    });
    expect(v1Params(country, { code: "DEU" }).ok).toBe(false);
    expect(v1Params(ranking, { type: "stormiest" })).toEqual({ ok: true, params: { type: "stormiest", lang: "en" } });
    expect(v1Params(ranking, { type: "best" })).toEqual({
      ok: false,
      notFound: 'Unknown ranking "best": use brightest or stormiest.',
    });
  });

  it("reads lang with the document's schema on the routes that carry names: English by default, else a 400", () => {
    const countries = V1_TABLE.find((r) => r.doc.operationId === "listCountries")!;
    const sources = V1_TABLE.find((r) => r.doc.operationId === "listSources")!;
    expect(v1Lang(countries, {})).toBe("en");
    expect(v1Lang(countries, { lang: "pl" })).toBe("pl");
    expect(v1Lang(sources, { lang: "xx" })).toBe("en");
    const error = (query: unknown) => {
      try {
        v1Lang(countries, query);
      } catch (e) {
        return e instanceof HttpError ? [e.status, e.code, e.message] : e;
      }
      return null;
    };
    expect(error({ lang: "xx" })).toEqual([
      400,
      "invalid_lang",
      `Unknown language "xx": lang must be one of ${LOCALES.join(", ")}.`,
    ]);
    expect(error({ lang: ["de", "fr"] })).toEqual([
      400,
      "invalid_lang",
      `lang must be given once, as one of ${LOCALES.join(", ")}.`,
    ]);
  });
});
