// The localised /job-market/{name} slugs (product/job-market-slugs.ts, docs/i18n.md "URLs"): one per country in every
// language, unique there and never another country's English slug; lower-case ASCII with umlauts and ł folded; a
// round trip code → slug → code; the paths of product/locales.ts translate them both ways.
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import {
  countryByJobMarketSlug,
  countryForJobMarketName,
  jobMarketSlug,
  jobMarketSlugTable,
  slugify,
} from "./job-market-slugs.ts";
import { LOCALES, PREFIXED_LOCALES, localePath, stripLocale } from "./locales.ts";

describe("job-market slugs", () => {
  const table = jobMarketSlugTable(LOCALES);

  it("has every prefixed language, one URL-safe slug per country, unique in its language", () => {
    expect(Object.keys(table).sort()).toEqual([...PREFIXED_LOCALES].sort());
    for (const l of LOCALES) {
      const slugs = COUNTRIES.map((c) => jobMarketSlug(l, c.code));
      expect(slugs, l).toHaveLength(31);
      for (const s of slugs) expect(s, l).toMatch(/^[a-z0-9]+(?:-[a-z0-9]+)*$/);
      expect(new Set(slugs).size, l).toBe(31);
      // No slug of a language is another country's English slug (the English one under a prefix redirects).
      for (const c of COUNTRIES) {
        const english = COUNTRIES.find((x) => x.slug === jobMarketSlug(l, c.code));
        if (english) expect(english.code, `${l} ${c.code}`).toBe(c.code);
      }
    }
  });

  it("round-trips code → slug → code in every language; English keeps the product's slugs", () => {
    for (const l of LOCALES)
      for (const c of COUNTRIES)
        expect(countryByJobMarketSlug(l, jobMarketSlug(l, c.code))?.code, `${l} ${c.code}`).toBe(c.code);
    for (const c of COUNTRIES) expect(jobMarketSlug("en", c.code)).toBe(c.slug);
  });

  it("is the country's name in the language from Intl.DisplayNames, folded", () => {
    expect(jobMarketSlug("de", "DE")).toBe("deutschland");
    expect(jobMarketSlug("de", "AT")).toBe("oesterreich");
    expect(jobMarketSlug("de", "DK")).toBe("daenemark");
    expect(jobMarketSlug("de", "RO")).toBe("rumaenien");
    expect(jobMarketSlug("fr", "DE")).toBe("allemagne");
    expect(jobMarketSlug("fr", "NL")).toBe("pays-bas");
    expect(jobMarketSlug("fr", "CZ")).toBe("tchequie");
    expect(jobMarketSlug("es", "NL")).toBe("paises-bajos");
    expect(jobMarketSlug("it", "CH")).toBe("svizzera");
    expect(jobMarketSlug("pl", "DE")).toBe("niemcy");
    expect(jobMarketSlug("pl", "HU")).toBe("wegry");
    expect(jobMarketSlug("pl", "IT")).toBe("wlochy");
    expect(jobMarketSlug("pl", "LV")).toBe("lotwa");
    expect(table.de![COUNTRIES.findIndex((c) => c.code === "AT")]).toBe("oesterreich");
  });

  it("folds German umlauts and ß as two letters, other marks away, Polish ł to l", () => {
    expect(slugify("Österreich", "de")).toBe("oesterreich");
    expect(slugify("Straße Über Ärger", "de")).toBe("strasse-ueber-aerger");
    expect(slugify("Bułgaria", "pl")).toBe("bulgaria");
    expect(slugify("Łotwa", "pl")).toBe("lotwa");
    expect(slugify("Países Bajos", "es")).toBe("paises-bajos");
    expect(slugify("  Pays-Bas ", "fr")).toBe("pays-bas");
  });

  it("finds the country a written name asks for: own slug, English slug, loose spelling; not another language's", () => {
    expect(countryForJobMarketName("de", "deutschland")?.code).toBe("DE");
    expect(countryForJobMarketName("de", "germany")?.code).toBe("DE");
    expect(countryForJobMarketName("de", "Österreich")?.code).toBe("AT");
    expect(countryForJobMarketName("fr", "Pays Bas")?.code).toBe("NL");
    expect(countryForJobMarketName("de", "allemagne")).toBeUndefined();
    expect(countryForJobMarketName("de", "atlantis")).toBeUndefined();
    // English as always: its own names only, in any case.
    expect(countryForJobMarketName("en", "Germany")?.code).toBe("DE");
    expect(countryForJobMarketName("en", "deutschland")).toBeUndefined();
  });

  it("translates job-market paths with product/locales.ts, both ways; English paths unchanged", () => {
    expect(localePath("de", "/job-market/germany")).toBe("/de/job-market/deutschland");
    expect(localePath("fr", "/job-market/germany?range=10y")).toBe("/fr/job-market/allemagne?range=10y");
    expect(localePath("en", "/job-market/germany")).toBe("/job-market/germany");
    expect(localePath("de", "/job-market/atlantis")).toBe("/de/job-market/atlantis");
    expect(stripLocale("/de/job-market/oesterreich")).toBe("/job-market/austria");
    expect(stripLocale("/pl/job-market/niemcy")).toBe("/job-market/germany");
    expect(stripLocale("/de/job-market/atlantis")).toBe("/job-market/atlantis");
    expect(stripLocale("/job-market/germany")).toBe("/job-market/germany");
    for (const l of LOCALES)
      for (const c of COUNTRIES)
        expect(stripLocale(localePath(l, `/job-market/${c.slug}`))).toBe(`/job-market/${c.slug}`);
  });
});
