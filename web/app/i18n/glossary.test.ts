// One name per input in every language (docs/i18n.md "Glossary"): the Employment Expectations Indicator is
// "employment expectations" in its language's words, the European Labour Market Barometer is "the barometer", and
// "sentiment" is the block of both. A message names the barometer exactly when its English names the barometer, and
// the employment expectations exactly when its English does, so no language calls one by the other's name (the
// German "why" sentences once called the employment expectations "Barometerwerte" on a page that said "expert
// barometer: not available"). Every message of every catalogue, the "why" sentences included.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parse, TYPE, type MessageFormatElement } from "@formatjs/icu-messageformat-parser";
import { describe, expect, it } from "vitest";
import { LOCALES, type Locale } from "./locales.ts";

const DIR = path.join(path.dirname(fileURLToPath(import.meta.url)), "messages");
const read = (locale: string, file: string) =>
  JSON.parse(readFileSync(path.join(DIR, locale, file), "utf8")) as Record<string, string>;
const namespaces = readdirSync(path.join(DIR, "en")).filter((f) => f.endsWith(".json"));

/** Each input's name in each language (the English proper name of the barometer may stand in any language). */
const GLOSSARY: Record<Locale, { barometer: RegExp; eei: RegExp; sentiment: RegExp }> = {
  en: { barometer: /barometer/i, eei: /employment expectations|\bEEI\b/i, sentiment: /sentiment/i },
  de: { barometer: /barometer/i, eei: /beschäftigungserwartung|\bEEI\b/i, sentiment: /stimmung/i },
  fr: { barometer: /baromètre|barometer/i, eei: /perspectives d.emploi|\bEEI\b/i, sentiment: /moral/i },
  es: { barometer: /barómetro|barometer/i, eei: /expectativas de empleo|\bEEI\b/i, sentiment: /sentimiento/i },
  it: { barometer: /barometro|barometer/i, eei: /aspettative occupazionali|\bEEI\b/i, sentiment: /clima di fiducia/i },
  pl: {
    barometer: /barometr/i,
    eei: /oczekiwa\p{L}* (dotycząc\p{L}* zatrudnienia|co do zatrudnienia)|\bEEI\b/iu,
    sentiment: /nastroj|nastroi|nastrój/i,
  },
};

/** The text a reader can see of a message: its literal words in every branch, without placeholders' or keys' names. */
function prose(message: string): string {
  const words = (elements: MessageFormatElement[]): string =>
    elements
      .map((e) =>
        e.type === TYPE.literal
          ? e.value
          : e.type === TYPE.select || e.type === TYPE.plural
            ? Object.values(e.options)
                .map((o) => words(o.value))
                .join(" ")
            : e.type === TYPE.tag
              ? words(e.children)
              : " ",
      )
      .join("");
  return words(parse(message));
}

describe("one name per input in every language (glossary)", () => {
  it("English itself: the block is 'sentiment', never the barometer's name for the employment expectations", () => {
    for (const file of namespaces)
      for (const [id, message] of Object.entries(read("en", file))) {
        // A line about the employment expectations alone never says "barometer" (and the other way round).
        if (/\bEEI\b|employment expectations/i.test(message) && !/barometer/i.test(message))
          expect(message, id).not.toMatch(/barometer/i);
      }
  });

  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: a message names the barometer and the employment expectations exactly where English does`, () => {
      const g = GLOSSARY[locale];
      const problems: string[] = [];
      for (const file of namespaces) {
        const en = read("en", file);
        for (const [id, message] of Object.entries(read(locale, file))) {
          const english = prose(en[id] ?? "");
          const text = prose(message);
          for (const term of ["barometer", "eei"] as const) {
            const inEnglish = GLOSSARY.en[term].test(english);
            const here = g[term].test(text);
            if (inEnglish !== here)
              problems.push(`${id}: ${term} ${inEnglish ? "missing" : "named but English does not"}`);
          }
        }
      }
      expect(problems).toEqual([]);
    });

    it(`${locale}: the "why" sentences say the sentiment block by its name, never the barometer's`, () => {
      const g = GLOSSARY[locale];
      for (const [id, message] of Object.entries(read(locale, "why.json"))) {
        expect(prose(message), id).not.toMatch(g.barometer);
        expect(prose(message), id).not.toMatch(g.eei);
        if (/sentiment/i.test(read("en", "why.json")[id]!)) expect(prose(message), id).toMatch(g.sentiment);
      }
    });
  }
});
