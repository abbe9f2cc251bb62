import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { countryNameIn } from "./country-names.ts";
import { PHRASE_TABLES, countryInSentence, countryPhrase, hasOwnPhrase } from "./country-phrases.ts";
import { LOCALES } from "./locales.ts";

describe("a country inside a sentence, in each language's grammar", () => {
  it("says the slips of the visitor walk right", () => {
    expect(countryPhrase("en", "NL", "in")).toBe("in the Netherlands");
    expect(countryInSentence("en", "NL")).toBe("the Netherlands");
    expect(countryPhrase("en", "DE", "for")).toBe("for Germany");
    expect(countryPhrase("pl", "DE", "in")).toBe("w Niemczech");
    expect(countryPhrase("pl", "DE", "for")).toBe("dla Niemiec");
    expect(countryPhrase("fr", "FR", "in")).toBe("en France");
    expect(countryPhrase("fr", "PT", "in")).toBe("au Portugal");
    expect(countryPhrase("fr", "NL", "for")).toBe("pour les Pays-Bas");
    expect(countryPhrase("de", "CH", "in")).toBe("in der Schweiz");
    expect(countryPhrase("de", "DE", "for")).toBe("für Deutschland");
    expect(countryPhrase("es", "NL", "in")).toBe("en los Países Bajos");
    expect(countryPhrase("es", "ES", "in")).toBe("en España");
    expect(countryPhrase("it", "NL", "in")).toBe("nei Paesi Bassi");
    expect(countryPhrase("it", "PT", "for")).toBe("per il Portogallo");
  });

  it("every language of LOCALES writes its own phrases: a table entry or its own preposition, never English's", () => {
    const missing = LOCALES.flatMap((locale) =>
      COUNTRIES.flatMap((c) =>
        (["in", "for"] as const)
          .filter((form) => !hasOwnPhrase(locale, c.code, form))
          .map((f) => `${locale} ${c.code} ${f}`),
      ),
    );
    expect(missing).toEqual([]);
  });

  it("has a phrase for every covered country, language and form; the written-out ones name the country as CLDR does", () => {
    for (const locale of LOCALES) {
      for (const c of COUNTRIES) {
        for (const form of ["in", "for"] as const) {
          const phrase = countryPhrase(locale, c.code, form);
          expect(phrase, `${locale} ${c.code} ${form}`).toMatch(/^\p{L}+[ ’']/u);
          // Polish declines the name itself (w Niemczech, dla Niemiec); the others keep CLDR's name in the phrase.
          if (locale !== "pl") {
            const name = countryNameIn(locale, c.code);
            expect(phrase.includes(name), `${locale} ${c.code} ${form}: ${phrase} / ${name}`).toBe(true);
          }
        }
      }
    }
    // The tables that write every country out cover every country.
    for (const [locale, tables] of [
      ["fr", PHRASE_TABLES.fr!],
      ["pl", PHRASE_TABLES.pl!],
    ] as const) {
      for (const form of ["in", "for"] as const)
        expect(Object.keys(tables[form]).sort(), `${locale} ${form}`).toEqual(COUNTRIES.map((c) => c.code).sort());
    }
    expect(Object.keys(PHRASE_TABLES.it!.for).sort()).toEqual(COUNTRIES.map((c) => c.code).sort());
  });
});
