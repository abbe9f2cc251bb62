import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { countryNameIn, countryNamesIn, countryOrderIn, knowCountryNames } from "./country-names.ts";

describe("country names in a language", () => {
  it("orders the countries by their names as the language sorts them", () => {
    for (const locale of ["en", "de", "pl"]) {
      const collator = new Intl.Collator(locale);
      const names = countryOrderIn(locale).map((code) => countryNameIn(locale, code));
      expect(names).toEqual([...names].sort(collator.compare));
      expect(new Set(countryOrderIn(locale)).size).toBe(COUNTRIES.length);
    }
    // German sorts Ö with O: Belgien, …, Norwegen, Österreich, Polen.
    const de = countryOrderIn("de");
    expect(de.indexOf("BE")).toBeLessThan(de.indexOf("AT"));
    expect(de.indexOf("NO")).toBeLessThan(de.indexOf("AT"));
    expect(de.indexOf("AT")).toBeLessThan(de.indexOf("PL"));
  });

  it("takes the names a page brought, in the order of the countries, and nothing malformed", () => {
    const spanish = countryNamesIn("es");
    expect(spanish[COUNTRIES.findIndex((c) => c.code === "DE")]).toBe("Alemania");
    knowCountryNames("fr", ["too", "short"]);
    expect(countryNameIn("fr", "DE")).toBe("Allemagne");
    // A private-use language tag: the unit files share a worker (vitest.config.ts, isolate off), and names brought
    // stay for the process, so a real language here would change what other files read.
    const brought = COUNTRIES.map((c) => `name of ${c.code}`);
    knowCountryNames("qaa", brought);
    expect(countryNameIn("qaa", "FR")).toBe("name of FR");
    expect(countryNameIn("en", "FR")).toBe("France");
  });
});
