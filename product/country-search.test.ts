import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { countryScore, foldForSearch, searchCountries } from "./country-search.ts";

describe("foldForSearch", () => {
  it("ignores case, accents and the letters people type without their mark", () => {
    expect(foldForSearch("Łotwa")).toBe("lotwa");
    expect(foldForSearch("Países Bajos")).toBe("paises bajos");
    expect(foldForSearch("ÖSTERREICH")).toBe("osterreich");
    expect(foldForSearch("Česká republika")).toBe("ceska republika");
    expect(foldForSearch("  République d’Irlande ")).toBe("republique d irlande");
  });
});

describe("searchCountries", () => {
  it.each([
    ["en", "Irl", "IE"],
    ["en", "ireland", "IE"],
    ["es", "paises", "NL"],
    ["es", "Paises Bajos", "NL"],
    ["pl", "lotwa", "LV"],
    ["en", "Holland", "NL"],
    ["de", "holland", "NL"],
    ["en", "Czech Republic", "CZ"],
    ["de", "Tschechei", "CZ"],
    ["en", "Deutschland", "DE"],
    ["pl", "Germany", "DE"],
    ["fr", "allemagne", "DE"],
    ["it", "svizzera", "CH"],
    ["en", "Hellas", "GR"],
    ["en", "Ελλάδα", "GR"],
    ["en", "sverige", "SE"],
  ])("on the %s page, %s finds %s first", (locale, typed, code) => {
    expect(searchCountries(typed, locale)[0]).toBe(code);
  });

  it("an empty search lists all 31 by their names in the page's language; nonsense none", () => {
    expect(searchCountries("", "de")).toHaveLength(COUNTRIES.length);
    expect(searchCountries("", "de")[0]).toBe("BE"); // Belgien (Ä/Ö/Ü sort as their letters: Österreich under O)
    expect(searchCountries("zzzq", "en")).toEqual([]);
    expect(countryScore("XX", "de", "en")).toBe(0);
  });

  it("a name that starts with the text ranks above one that only holds its letters in order", () => {
    const order = searchCountries("ma", "en");
    expect(order[0]).toBe("MT");
    expect(order.indexOf("MT")).toBeLessThan(order.indexOf("DK"));
  });
});
