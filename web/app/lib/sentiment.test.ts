import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import type { SentimentSourcePanel } from "../../../product/sentiment-sources.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { formatters } from "../i18n/format.ts";
import { LOCALES } from "../i18n/locales.ts";
import { blendSaid, countingSaid, sourceSaid } from "./sentiment.ts";

const source = (over: Partial<SentimentSourcePanel> = {}): SentimentSourcePanel => ({
  source: "eei",
  value: 92.9,
  period: "2025-08",
  age: 15,
  counts: false,
  freshness: 0,
  cutoff_months: 12,
  counts_until: "2026-08",
  ...over,
});

const intlOf = (locale: string) => createIntl({ locale, messages: messagesFor(locale as (typeof LOCALES)[number]) });
const en = intlOf("en");
const fEn = formatters(en);
const sources = ["lmb", "eei"] as const;

describe("what the country page says about a sentiment source, in English (market.sentiment.*)", () => {
  it("names each source and what its 100 means", () => {
    expect(sourceSaid(en, "lmb")).toEqual({
      label: "Expert barometer",
      name: "European Labour Market Barometer",
      about:
        "European Labour Market Barometer, from IAB and the public employment services. 100 = neutral, on a scale of 90 (very poor) to 110 (very good).",
      tip: "European Labour Market Barometer (IAB and public employment services): experts' outlook for the next three months, 90 very poor to 110 very good, 100 neutral.",
    });
    expect(sourceSaid(en, "eei").name).toBe("Employment Expectations Indicator (EEI)");
    expect(sourceSaid(en, "eei").about).toContain("100 = long-term average, standard deviation 10");
  });

  it("a value past the cut-off: too old to count today, and the history months that still used it", () => {
    expect(countingSaid(en, fEn, source())).toBe(
      "Too old to count today: August 2025 is 15 months old, past the 12-month cut-off, so today's score ignores it. The score history still uses it for the months up to August 2026.",
    );
  });

  it("a value that counts: fully within the grace period, else with the share of its weight", () => {
    expect(countingSaid(en, fEn, source({ counts: true, freshness: 1, age: 1 }))).toBe(
      "Counts fully in today's score.",
    );
    expect(countingSaid(en, fEn, source({ counts: true, freshness: 0.5, age: 5 }))).toBe(
      "Counts in today's score with 50% of its weight: it is 5 months old.",
    );
    expect(countingSaid(en, fEn, source({ counts: true, freshness: 0.794, age: 1 }))).toBe(
      "Counts in today's score with 79% of its weight: it is 1 month old.",
    );
  });

  it("says how today's sentiment comes from the sources", () => {
    const lmb = source({ source: "lmb", value: 101.3, period: "2026-10", age: 1, counts: true, freshness: 1 });
    expect(blendSaid(en, [])).toBeNull();
    expect(blendSaid(en, [source()])).toBe(
      "No sentiment source is recent enough: today's score rests on official statistics alone.",
    );
    expect(blendSaid(en, [lmb, source()])).toBe(
      "Today's sentiment comes from the European Labour Market Barometer alone.",
    );
    expect(blendSaid(en, [lmb, source({ counts: true, freshness: 0.5, age: 5 })])).toBe(
      "Today's sentiment blends both sources: European Labour Market Barometer and Employment Expectations Indicator (EEI), each weighted by how recent it is.",
    );
  });
});

describe("the same texts in the other languages", () => {
  // Every kind of reading: fully counting, partly (ages 0 to 13, shares of weight), too old (cut-offs 6 to 24).
  const readings: SentimentSourcePanel[] = sources.flatMap((s) => [
    source({ source: s, counts: true, freshness: 1, age: 0 }),
    ...[0, 1, 2, 5, 12, 13].flatMap((age) =>
      [0.05, 0.5, 0.794, 0.999].map((freshness) => source({ source: s, counts: true, freshness, age })),
    ),
    ...[1, 6, 12, 24].flatMap((cutoff_months) =>
      [13, 25, 40].map((age) => source({ source: s, age, cutoff_months, period: "2024-01", counts_until: "2024-12" })),
    ),
  ]);

  it("every other language has its own words, with its plural forms and notation", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = intlOf(locale);
      const f = formatters(intl);
      for (const s of sources) expect(sourceSaid(intl, s).about, locale).not.toBe(sourceSaid(en, s).about);
      for (const r of readings) {
        const said = countingSaid(intl, f, r);
        expect(said, locale).not.toBe(countingSaid(en, fEn, r));
        expect(said).not.toMatch(/[{}]/);
      }
    }
    const de = intlOf("de");
    expect(countingSaid(de, formatters(de), source())).toBe(
      "Zu alt, um heute zu zählen: August 2025 liegt 15 Monate zurück, jenseits der Grenze von 12 Monaten, daher lässt die heutige Bewertung den Wert außer Acht. Der Bewertungsverlauf nutzt ihn weiterhin für die Monate bis August 2026.",
    );
    expect(countingSaid(de, formatters(de), source({ counts: true, freshness: 0.5, age: 1 }))).toBe(
      "Zählt in der heutigen Bewertung mit 50\u00a0% seines Gewichts, denn der Wert ist 1 Monat alt.",
    );
    const pl = intlOf("pl");
    expect(
      [1, 3, 5].map((age) => countingSaid(pl, formatters(pl), source({ counts: true, freshness: 0.5, age }))),
    ).toEqual([
      "Liczy się w dzisiejszym wyniku z 50% swojej wagi: wartość ma 1 miesiąc.",
      "Liczy się w dzisiejszym wyniku z 50% swojej wagi: wartość ma 3 miesiące.",
      "Liczy się w dzisiejszym wyniku z 50% swojej wagi: wartość ma 5 miesięcy.",
    ]);
  });
});
