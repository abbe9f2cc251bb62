// Every language of LOCALES has exactly the message ids English has, namespace by namespace, and every message
// parses as ICU MessageFormat with the same placeholders and tags as the English one and the plural categories of its
// language (docs/i18n.md); English texts that repeat a product constant say it word for word.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES } from "./locales.ts";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "messages");
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(DIR, locale, file), "utf8")) as Record<string, string>;
const namespaces = readdirSync(path.join(DIR, "en")).filter((f) => f.endsWith(".json"));

function placeholders(elements: MessageFormatElement[], out = new Set<string>()): Set<string> {
  for (const e of elements) {
    if (e.type === TYPE.argument || e.type === TYPE.number || e.type === TYPE.date || e.type === TYPE.time)
      out.add(e.value);
    if (e.type === TYPE.select || e.type === TYPE.plural) {
      out.add(e.value);
      for (const o of Object.values(e.options)) placeholders(o.value, out);
    }
    if (e.type === TYPE.tag) {
      out.add(`<${e.value}>`);
      placeholders(e.children, out);
    }
  }
  return out;
}

describe("message catalogues", () => {
  it("has English namespaces, each prefixed by its name", () => {
    expect(namespaces.length).toBeGreaterThan(0);
    for (const file of namespaces) {
      const ns = file.replace(/\.json$/, "");
      for (const id of Object.keys(read("en", file))) expect(id.startsWith(`${ns}.`), `${file}: ${id}`).toBe(true);
    }
  });

  it("no message formats a date or a time itself: the pages' intl has no time zone (web/app/i18n/meta-intl.ts)", () => {
    const dated = (elements: MessageFormatElement[]): boolean =>
      elements.some(
        (e) =>
          e.type === TYPE.date ||
          e.type === TYPE.time ||
          ((e.type === TYPE.select || e.type === TYPE.plural) &&
            Object.values(e.options).some((o) => dated(o.value))) ||
          (e.type === TYPE.tag && dated(e.children)),
      );
    for (const locale of LOCALES) {
      for (const file of namespaces) {
        for (const [id, message] of Object.entries(read(locale, file)))
          expect(dated(parse(message)), `${locale}/${file}: ${id}`).toBe(false);
      }
    }
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale} has exactly English's ids, with the same placeholders and tags`, () => {
      for (const file of namespaces) {
        const en = read("en", file);
        const other = read(locale, file);
        expect(Object.keys(other).sort(), `${locale}/${file}`).toEqual(Object.keys(en).sort());
        for (const [id, message] of Object.entries(other)) {
          expect([...placeholders(parse(message))].sort(), `${locale} ${id}`).toEqual(
            [...placeholders(parse(en[id]!))].sort(),
          );
          expect(message.trim(), `${locale} ${id}`).not.toBe("");
        }
      }
    });
  }

  for (const locale of LOCALES) {
    it(`${locale}: a plural names "other" and every category CLDR gives whole numbers up to 1,000`, () => {
      // Polish: one, few, many; French, Spanish and Italian use "many" only for millions, where "other" stands in.
      // A plural written with exact values only (=0, =1) is left to them.
      const rules = new Intl.PluralRules(locale);
      const categories = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
      const problems: string[] = [];
      const walk = (id: string, elements: MessageFormatElement[]) => {
        for (const e of elements) {
          if (e.type === TYPE.plural) {
            const options = Object.keys(e.options);
            if (!options.includes("other")) problems.push(`${id}: {${e.value}, plural} without "other"`);
            if (!options.some((o) => o.startsWith("=")))
              for (const c of categories)
                if (!options.includes(c)) problems.push(`${id}: {${e.value}, plural} without "${c}"`);
          }
          if (e.type === TYPE.select || e.type === TYPE.plural)
            for (const o of Object.values(e.options)) walk(id, o.value);
          if (e.type === TYPE.tag) walk(id, e.children);
        }
      };
      for (const file of namespaces)
        for (const [id, message] of Object.entries(read(locale, file))) walk(id, parse(message));
      expect(problems).toEqual([]);
    });
  }
});

describe("English catalogue texts that repeat product constants", () => {
  it("open-data: the credit, the derivation and caching notes and the sources' terms are product/open-data.ts's, word for word", async () => {
    const { CACHING_NOTE, DERIVATION_NOTE, SOURCE_TERMS, SUGGESTED_CREDIT } =
      await import("../../../product/open-data.ts");
    const en = read("en", "open-data.json");
    expect(en["open-data.credit"]).toBe(SUGGESTED_CREDIT);
    expect(en["open-data.licence.derivation"]).toBe(DERIVATION_NOTE);
    expect(en["open-data.caching.note"]).toBe(CACHING_NOTE);
    SOURCE_TERMS.forEach((s, i) => {
      expect(en[`open-data.source.${i}.credit`]).toBe(s.credit);
      expect(en[`open-data.source.${i}.terms`]).toBe(s.terms);
    });
    expect(en[`open-data.source.${SOURCE_TERMS.length}.credit`]).toBeUndefined();
  });
});

describe("methodology: English texts built from the sentiment sources' own descriptions", () => {
  it("names and describes both sources as the country page does (market.sentiment.<source>.*)", () => {
    const en = read("en", "methodology.json");
    const market = read("en", "market.json");
    // The country page's "{name}, from <publisher>. <scale>." of each source.
    const source = (s: "lmb" | "eei") => {
      const m = /^\{name\}, from (.+?)\. (.+)\.$/.exec(market[`market.sentiment.${s}.about`]!)!;
      return { name: market[`market.sentiment.${s}.name`], publisher: m[1], scale: m[2] };
    };
    const lmb = source("lmb");
    const eei = source("eei");
    expect(en["methodology.sent.lmb.name"]).toBe(lmb.name);
    expect(en["methodology.sent.eei.name"]).toBe(eei.name);
    expect(en["methodology.sent.lmb.body"]).toBe(
      `From ${lmb.publisher}: experts' outlook for unemployment and employment over the next three months. ${lmb.scale}. Published for about 15 to 17 countries (Belgium as regions, averaged into one value).`,
    );
    expect(en["methodology.sent.eei.body"]).toBe(
      `From ${eei.publisher}: managers' employment plans for the next three months in industry, services, retail trade and construction. ${eei.scale}. Published for the EU member states (not for Luxembourg) and candidate countries, as Eurostat table teibs030 and in DG ECFIN's own file.`,
    );
  });
});

describe("the source tables' names", () => {
  it("name every table the pipeline accepts, in every language (`sources.table.<table>`)", async () => {
    const { sourceTables } = await import("../../../pipeline/provenance.ts");
    const tables = sourceTables().map((t) => t.table);
    expect(tables.length).toBeGreaterThan(5);
    for (const locale of LOCALES) {
      const messages = read(locale, "sources.json");
      for (const table of tables) expect(messages[`sources.table.${table}`], `${locale} ${table}`).toMatch(/\S/);
    }
  });
});
