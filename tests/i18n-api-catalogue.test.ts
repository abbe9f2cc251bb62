// The `api` catalogue (docs/i18n-pages.md): the open data pages show the API's own definitions (operations,
// parameters, answers, CSV columns, schema fields) in the page's language, each from a message keyed by operation,
// parameter and field. Every text the reference page shows has a message in every language (a field added to the
// API without its translations fails here); English's messages are written from the document
// (`npm run api:catalogue`, web/app/lib/api-catalogue.ts), so they say exactly what it says; the languages `lang`
// takes are a placeholder in every language, never a list written out; and every language keeps the document's
// code spans as they are.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { API_DOC_VALUES } from "../api/v1/doc-values.ts";
import { openApiDocument } from "../api/v1/openapi.ts";
import { PRODUCT_NAME } from "../product/brand.ts";
import { LOCALES } from "../product/locales.ts";
import { INDEX_LICENCE } from "../product/open-data.ts";
import { docTexts, englishApiCatalogue } from "../web/app/lib/api-catalogue.ts";
import { apiReference } from "../web/app/lib/api-reference.ts";
import { type OpenApiLike } from "../web/app/lib/api-reference-types.ts";
import { CSV_LINES } from "../web/app/lib/open-data.server.ts";

const ROOT = join(import.meta.dirname, "..", "web", "app", "i18n", "messages");
const catalogue = (locale: string, ns: string) =>
  JSON.parse(readFileSync(join(ROOT, locale, `${ns}.json`), "utf8")) as Record<string, string>;

const doc = openApiDocument("https://jobweather.example");
const ref = apiReference(doc as OpenApiLike);

const texts = docTexts(ref);
const english = createIntl({ locale: "en", messages: catalogue("en", "api") });
/** The code spans of a text (`…`), as a sorted list. */
const spans = (s: string) => [...s.matchAll(/`([^`]*)`/g)].map((m) => m[1]).sort();

describe("the api catalogue", () => {
  it("covers every operation, parameter, answer, CSV column, schema and field of the document", () => {
    expect(texts.length).toBeGreaterThan(380);
    const ids = new Set(texts.map((t) => t.id));
    for (const kind of [
      "api.op.getCountry.summary",
      "api.param.lang",
      "api.op.downloadScores.column.name",
      "api.answer.414",
      "api.schema.Country.sub_scores.U.freshness",
      "api.tag.about-the-data",
    ]) {
      expect(ids.has(kind), kind).toBe(true);
    }
    for (const route of Object.values(doc.paths ?? {})) {
      for (const op of Object.values(route ?? {}) as Array<{
        operationId?: string;
        parameters?: Array<{ name: string; in: string }>;
      }>) {
        expect(ids.has(`api.op.${op.operationId}.summary`), op.operationId).toBe(true);
        for (const p of (op.parameters ?? []).filter((x) => x.in !== "header"))
          expect(ids.has(`api.param.${p.name}`), `${op.operationId} ${p.name}`).toBe(true);
      }
    }
  });

  for (const locale of LOCALES) {
    it(`${locale}: has a message for every text the page shows, and no message for anything else`, () => {
      const messages = catalogue(locale, "api");
      const missing = texts.filter((t) => messages[t.id] === undefined).map((t) => t.id);
      expect(missing).toEqual([]);
      const used = new Set([...texts.map((t) => t.id), ...Object.keys(CSV_LINES).map((f) => `api.csv.${f}.line`)]);
      expect(Object.keys(messages).filter((id) => !used.has(id))).toEqual([]);
    });
  }

  it("English is the file the document writes: every message, in the document's order (npm run api:catalogue)", () => {
    expect(Object.entries(catalogue("en", "api"))).toEqual(
      Object.entries(englishApiCatalogue(doc as OpenApiLike, CSV_LINES)),
    );
  });

  it("says the languages `lang` takes by placeholder in every language, never as a list written out", () => {
    const english = catalogue("en", "api");
    const placeholders = (m: string) => [...m.matchAll(/\{(languages|languageCodes)\}/g)].map((x) => x[1]).sort();
    const withList = Object.keys(english).filter((id) => placeholders(english[id]!).length > 0);
    expect(withList).toContain("api.param.lang");
    expect(withList).toContain("api.op.getCountry.answer.400");
    for (const locale of LOCALES) {
      const messages = catalogue(locale, "api");
      for (const id of withList)
        expect(placeholders(messages[id]!), `${locale} ${id}`).toEqual(placeholders(english[id]!));
      // No language code list written out: two codes of LOCALES side by side, as a list or as code spans.
      const [a, b] = LOCALES;
      const list = new RegExp(`\\b${a}\`?, \`?${b}\\b`);
      const written = Object.keys(messages).filter((id) => list.test(messages[id]!));
      expect(written, locale).toEqual([]);
    }
  });

  it("English says exactly what the document says, where the page used to print the document", () => {
    const differ = texts
      .filter((t) => english.formatMessage({ id: t.id }, API_DOC_VALUES) !== t.text)
      .map((t) => [t.id, english.formatMessage({ id: t.id }, API_DOC_VALUES), t.text]);
    expect(differ).toEqual([]);
    for (const [file, line] of Object.entries(CSV_LINES))
      expect(english.formatMessage({ id: `api.csv.${file}.line` })).toBe(line);
    // The page's own words that name the document's: its title and the licence.
    const openData = createIntl({ locale: "en", messages: catalogue("en", "open-data") });
    expect(openData.formatMessage({ id: "open-data.reference.apiTitle" }, { product: PRODUCT_NAME })).toBe(
      doc.info.title,
    );
    expect(openData.formatMessage({ id: "open-data.licence.name" })).toBe(INDEX_LICENCE.name);
    expect(doc.info.license?.name).toBe(INDEX_LICENCE.name);
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: keeps every code span and every path of the document as it is, and translates the prose`, () => {
      const messages = catalogue(locale, "api");
      const intl = createIntl({ locale, messages });
      let same = 0;
      for (const t of texts) {
        const said = intl.formatMessage({ id: t.id }, API_DOC_VALUES);
        expect(spans(said), `${locale} ${t.id}`).toEqual(spans(t.text));
        for (const path of t.text.match(/(?<!\w)\/[\w/.{}-]+/g) ?? [])
          expect(said, `${locale} ${t.id}`).toContain(path);
        if (said === t.text) same++;
      }
      // Some texts are the same in every language (`to_score − from_score.`, "Up, Down or Same."…): a handful at most.
      expect(same, locale).toBeLessThan(12);
    });
  }
});
