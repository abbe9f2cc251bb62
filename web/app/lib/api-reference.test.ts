import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { IntlProvider } from "react-intl";
import { describe, expect, it } from "vitest";
import { openApiDocument, V1_ROUTES } from "../../../api/v1/openapi.ts";
import { ApiType } from "../components/api-type.tsx";
import { messagesFor } from "../i18n/catalog.server.ts";
import { apiReference } from "./api-reference.ts";
import { LOCALES } from "../../../product/locales.ts";
import { type OpenApiLike, type TypeWords } from "./api-reference-types.ts";

const ref = apiReference(openApiDocument("https://jobweather.example") as OpenApiLike);

/** A type as the page says it (components/api-type.tsx), as text, in a language. */
function said(type: TypeWords, locale = "en"): string {
  const html = renderToStaticMarkup(
    createElement(
      IntlProvider,
      { locale, messages: messagesFor(locale as "en"), defaultLocale: "en" },
      createElement(ApiType, { type, link: (name: string) => name }),
    ),
  );
  return html
    .replace(/<[^>]+>/g, "")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&#x27;/g, "'");
}

describe("the API reference page's model", () => {
  it("has every endpoint of the document, with an example request on the public origin", () => {
    expect(ref.endpoints.map((e) => e.path)).toEqual(V1_ROUTES.map((r) => r.path));
    const country = ref.endpoints.find((e) => e.id === "getCountry")!;
    expect(country.curl).toBe("curl https://jobweather.example/api/v1/countries/DE");
    expect(country.params.map((p) => [p.name, p.in, p.required, said(p.type)])).toEqual([
      ["code", "path", true, "string, two letters"],
      ["lang", "query", false, `one of: ${LOCALES.join(", ")}`],
    ]);
    expect(country.params[0]!.description).toEqual({
      id: "api.param.code",
      text: expect.stringMatching(/^Two-letter country code/),
    });
    expect(country.answers.map((a) => [a.status, a.schema])).toEqual([
      ["200", "Country"],
      ["304", null],
      ["400", "Error"],
      ["404", "Error"],
    ]);
    expect(country.answers[0]!.cacheControl).toBe("public, max-age=60, stale-while-revalidate=300");
    expect(country.tag).toEqual({ id: "api.tag.scores", text: "Scores" });
    // The errors any request can get are listed once, not under every endpoint.
    expect(ref.generalAnswers.map((a) => [a.status, a.schema, a.cacheControl])).toEqual(
      ["400", "408", "414", "431", "500", "503"].map((status) => [status, "Error", "no-store"]),
    );
    expect(ref.generalAnswers.find((a) => a.status === "414")!.description.text).toMatch(/8 KB/);
    const csv = ref.endpoints.find((e) => e.id === "downloadScores")!;
    expect(csv.curl).toBe("curl -OJ https://jobweather.example/api/v1/scores.csv");
    expect(csv.answers[0]!.columns.map((c) => c.name)).toContain("score_unrounded");
    expect(csv.answers[0]!.columns.find((c) => c.name === "score")!.description.id).toBe(
      "api.op.downloadScores.column.score",
    );
    expect(said(csv.answers[0]!.body!)).toBe("CSV text");
    expect(said(ref.endpoints.find((e) => e.id === "getRanking")!.params[0]!.type)).toBe(
      "one of: brightest, stormiest",
    );
  });

  it("explains every field of every schema in words", () => {
    const fields = ref.schemas.flatMap((s) => s.fields.map((f) => ({ ...f, schema: s.name })));
    expect(fields.length).toBeGreaterThan(150);
    expect(fields.filter((f) => !f.description?.text).map((f) => `${f.schema}.${f.path}`)).toEqual([]);
    const country = ref.schemas.find((s) => s.name === "Country")!;
    const field = (path: string) => country.fields.find((f) => f.path === path);
    expect(said(field("score")!.type)).toBe("number, 1 to 10, or null (null in the other form)");
    expect(said(field("published")!.type)).toBe("always true (always false in the other form)");
    expect(said(field("sub_scores.U.freshness")!.type)).toBe("number, 0 to 1");
    // Siblings of the same shape are described once.
    expect(said(field("sub_scores.S")!.type)).toBe("object, or null, with the fields of sub_scores.U");
    expect(field("sub_scores.S.value")).toBeUndefined();
    expect(field("change.previous_month.parts[].contribution")!.description!.text).toMatch(/Shapley/);
    expect(field("change.previous_month.parts[].contribution")!.description!.id).toBe(
      "api.schema.Country.change.previous_month.parts[].contribution",
    );
    expect(said(field("eei")!.type)).toMatch(/may be absent/);
    expect(said(field("publication.published_at")!.type)).toBe("string (ISO 8601 date-time)");
    expect(said(country.type)).toBe("object (one of its forms)");
  });

  it("links a field that repeats a named schema instead of listing it again", () => {
    const regions = ref.schemas.find((s) => s.name === "Regions")!;
    const best = regions.fields.find((f) => f.path === "[].best")!;
    expect(best.schema).toBe("CountryListItem");
    expect(said(best.type)).toBe("CountryListItem, or null");
    expect(regions.fields.some((f) => f.path.startsWith("[].best."))).toBe(false);
    expect(said(regions.fields.find((f) => f.path === "[].countries")!.type)).toBe("array of CountryListItem");
    expect(said(regions.type)).toBe("array of objects");
  });

  it("says types in the page's language, values and paths unchanged", () => {
    const country = ref.schemas.find((s) => s.name === "Country")!;
    const field = (path: string) => country.fields.find((f) => f.path === path)!;
    expect(said(field("score").type, "de")).toBe("Zahl, 1 bis 10 oder null (null in der anderen Form)");
    expect(said(field("sub_scores.S").type, "fr")).toBe("objet, ou null, avec les champs de sub_scores.U");
    expect(said(field("status").type, "pl")).toBe(
      "jedno z: stormy, rainy, cloudy, bright, sunny lub null (null w drugiej postaci)",
    );
  });
});
