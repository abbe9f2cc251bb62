// The catalogues of the long-form pages and forms (docs/i18n-pages.md): every namespace has the same message ids in
// all six locales, every message parses as ICU MessageFormat, and each keeps English's placeholders and tags, so no
// language can lose a value or a link. Plural arguments must name every category CLDR gives whole numbers up to 1,000 in their locale.
import { readFileSync, existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";

const ROOT = join(import.meta.dirname, "..", "web", "app", "i18n", "messages");
const LOCALES = ["en", "de", "fr", "es", "it", "pl"] as const;
/** This branch's namespaces (the core pages' are tested with their own infrastructure). */
const NAMESPACES = ["forms", "your-weather", "compare", "open-data", "api", "methodology", "legal"] as const;

function catalogue(locale: string, ns: string): Record<string, string> | null {
  const file = join(ROOT, locale, `${ns}.json`);
  return existsSync(file) ? (JSON.parse(readFileSync(file, "utf8")) as Record<string, string>) : null;
}

/** Argument names, tag names and plural/select categories used anywhere in a message. */
function shape(
  elements: MessageFormatElement[],
  out = { args: new Set<string>(), tags: new Set<string>(), plurals: [] as Array<{ name: string; options: string[] }> },
) {
  for (const el of elements) {
    if (el.type === TYPE.argument || el.type === TYPE.number || el.type === TYPE.date || el.type === TYPE.time)
      out.args.add(el.value);
    if (el.type === TYPE.tag) {
      out.tags.add(el.value);
      shape(el.children, out);
    }
    if (el.type === TYPE.plural || el.type === TYPE.select) {
      out.args.add(el.value);
      if (el.type === TYPE.plural) out.plurals.push({ name: el.value, options: Object.keys(el.options) });
      for (const option of Object.values(el.options)) shape(option.value, out);
    }
  }
  return out;
}

const sorted = (s: Set<string>) => [...s].sort();

describe("catalogues of the long-form pages and forms", () => {
  const present = NAMESPACES.filter((ns) => catalogue("en", ns) !== null);

  it("has at least the forms namespace", () => {
    expect(present).toContain("forms");
  });

  for (const ns of present) {
    describe(ns, () => {
      const en = catalogue("en", ns)!;

      it("prefixes every id with its namespace", () => {
        for (const id of Object.keys(en)) expect(id.startsWith(`${ns}.`), id).toBe(true);
      });

      for (const locale of LOCALES) {
        it(`${locale}: same ids as English, each a valid ICU message with English's placeholders and tags`, () => {
          const messages = catalogue(locale, ns);
          expect(messages, `${locale}/${ns}.json`).not.toBeNull();
          expect(Object.keys(messages!).sort()).toEqual(Object.keys(en).sort());
          // The categories whole numbers up to 1,000 fall in (Polish: one, few, many; French, Spanish, Italian use
          // "many" only for millions, where "other" stands in).
          const rules = new Intl.PluralRules(locale);
          const categories = new Set(Array.from({ length: 1001 }, (_, n) => rules.select(n)));
          for (const [id, text] of Object.entries(messages!)) {
            expect(text.trim(), id).not.toBe("");
            const own = shape(parse(text));
            const english = shape(parse(en[id]!));
            expect(sorted(own.args), `${locale} ${id}: placeholders`).toEqual(sorted(english.args));
            expect(sorted(own.tags), `${locale} ${id}: tags`).toEqual(sorted(english.tags));
            for (const plural of own.plurals) {
              expect(plural.options, `${locale} ${id}: {${plural.name}, plural} needs "other"`).toContain("other");
              for (const c of categories) {
                if (!plural.options.some((o) => o.startsWith("=")))
                  expect(plural.options, `${locale} ${id}: {${plural.name}, plural} lacks "${c}"`).toContain(c);
              }
            }
          }
        });
      }
    });
  }
});

describe("English catalogue texts that repeat product constants", () => {
  it("open-data: the credit, the derivation and caching notes and the sources' terms are product/open-data.ts's, word for word", async () => {
    const { CACHING_NOTE, DERIVATION_NOTE, SOURCE_TERMS, SUGGESTED_CREDIT } = await import("../product/open-data.ts");
    const en = catalogue("en", "open-data")!;
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
    const en = catalogue("en", "methodology")!;
    const market = catalogue("en", "market")!;
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
