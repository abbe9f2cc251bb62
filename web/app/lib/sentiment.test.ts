import { describe, expect, it } from "vitest";
import type { SentimentSourcePanel } from "../../../product/market-panel.ts";
import { SENTIMENT_SOURCE_INFO, blendText, countingText, sourceValueText } from "./sentiment.ts";

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

describe("what the country page says about a sentiment source", () => {
  it("names each source and what its 100 means", () => {
    expect(SENTIMENT_SOURCE_INFO.lmb.name).toBe("European Labour Market Barometer");
    expect(SENTIMENT_SOURCE_INFO.lmb.scale).toContain("100 = neutral");
    expect(SENTIMENT_SOURCE_INFO.eei.name).toBe("Employment Expectations Indicator (EEI)");
    expect(SENTIMENT_SOURCE_INFO.eei.scale).toContain("100 = long-term average, standard deviation 10");
    expect(sourceValueText(source())).toBe("92.9 (August 2025)");
  });

  it("a value past the cut-off: too old to count today, and the history months that still used it", () => {
    expect(countingText(source())).toBe(
      "Too old to count today: August 2025 is 15 months old, past the 12-month cut-off, so today's score ignores it. The score history still uses it for the months up to August 2026.",
    );
  });

  it("a value that counts: fully within the grace period, else with the share of its weight", () => {
    expect(countingText(source({ counts: true, freshness: 1, age: 1 }))).toBe("Counts fully in today's score.");
    expect(countingText(source({ counts: true, freshness: 0.5, age: 5 }))).toBe("Counts in today's score with 50% of its weight: it is 5 months old.");
    expect(countingText(source({ counts: true, freshness: 0.794, age: 1 }))).toBe("Counts in today's score with 79% of its weight: it is 1 month old.");
  });

  it("says how today's sentiment comes from the sources", () => {
    const lmb = source({ source: "lmb", value: 101.3, period: "2026-10", age: 1, counts: true, freshness: 1 });
    expect(blendText([])).toBeNull();
    expect(blendText([source()])).toBe("No sentiment source is recent enough: today's score rests on official statistics alone.");
    expect(blendText([lmb, source()])).toBe("Today's sentiment comes from the European Labour Market Barometer alone.");
    expect(blendText([lmb, source({ counts: true, freshness: 0.5, age: 5 })])).toBe(
      "Today's sentiment blends both sources: European Labour Market Barometer and Employment Expectations Indicator (EEI), each weighted by how recent it is.",
    );
  });
});
