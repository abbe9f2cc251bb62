import { describe, expect, it } from "vitest";
import { createIntl } from "react-intl";
import { LOCALES } from "../../../product/locales.ts";
import { formatPeriod } from "../../../product/format.ts";
import { listIn } from "./list-in.ts";
import { COUNTRIES } from "../../../lib/countries.ts";
import { countryNameIn } from "../../../product/country-names.ts";
import de from "../i18n/messages/de/market.json";
import fr from "../i18n/messages/fr/market.json";
import es from "../i18n/messages/es/market.json";
import it_ from "../i18n/messages/it/market.json";
import pl from "../i18n/messages/pl/market.json";

const MARKET = { de, fr, es, it: it_, pl };
import { periodIn } from "./intl-numbers.ts";

describe("what English pages write by hand, to build no Intl formatter while they hydrate", () => {
  it("lists as Intl.ListFormat writes British English", () => {
    const intl = new Intl.ListFormat("en-GB", { type: "conjunction", style: "long" });
    const items = ["Germany", "France", "the Czech Republic", "Poland", "Spain"];
    for (let n = 0; n <= items.length; n++)
      expect(listIn("en", items.slice(0, n))).toBe(intl.format(items.slice(0, n)));
  });

  it("lists in the other languages as Intl does: every pair and triple of country names, and the figures' names", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = new Intl.ListFormat(locale, { type: "conjunction", style: "long" });
      const names = COUNTRIES.map((c) => countryNameIn(locale, c.code));
      const market = Object.entries(MARKET[locale as keyof typeof MARKET])
        .filter(([id]) => id.startsWith("market.missing."))
        .map(([, text]) => String(text));
      expect(market.length).toBeGreaterThan(3);
      for (const pool of [names, market, ["hielo", "Hielo", "hierro", "Isla", "ímpetu", "y", "e", ""]]) {
        for (const a of pool) {
          expect(listIn(locale, [a])).toBe(intl.format([a]));
          for (const b of pool) {
            expect(listIn(locale, [a, b]), `${locale}: ${a}, ${b}`).toBe(intl.format([a, b]));
            expect(listIn(locale, [b, a, b])).toBe(intl.format([b, a, b]));
          }
        }
      }
      expect(listIn(locale, [])).toBe(intl.format([]));
    }
    expect(listIn("es", ["España", "Italia"])).toBe("España e Italia");
  });

  it("names months as Intl.DateTimeFormat writes them in English", () => {
    const intl = createIntl({ locale: "en", messages: {} });
    const dtf = new Intl.DateTimeFormat("en", { month: "long", year: "numeric", timeZone: "UTC" });
    for (let month = 1; month <= 12; month++) {
      const period = `2026-${String(month).padStart(2, "0")}`;
      expect(periodIn(intl, period)).toBe(dtf.format(Date.UTC(2026, month - 1, 1)));
      expect(formatPeriod(period)).toBe(periodIn(intl, period));
    }
    const de = createIntl({ locale: "de", messages: {} });
    expect(periodIn(de, "2026-03")).toBe("März 2026");
  });
});
