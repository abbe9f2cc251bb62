// The market panel's grades (docs/product.md §9): the colour (tone) of each "Current Market Snapshot" figure and
// the "Why the Job Market Score is X" breakdown cards, each with its level, trend against its baseline and words.
import { PANEL_RULES } from "./market-panel-rules.ts";

export type Tone = "good" | "fair" | "poor";

export interface BreakdownCard {
  value: number;
  /** Bar fill, 0..100. */
  bar: number;
  baseline: number;
  level: "high" | "low" | "average";
  /** Relative to the baseline, from a job seeker's point of view. */
  trend: "Stable" | "Better" | "Worse";
  text: string;
}

const clamp = (x: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, x));

/** Spec §9 snapshot colour thresholds. */
export const tone = {
  unemployment: (v: number): Tone => (v <= 4 ? "good" : v <= 7 ? "fair" : "poor"),
  vacancy: (v: number): Tone => (v >= 3 ? "good" : v >= 2 ? "fair" : "poor"),
  competition: (v: number): Tone => (v <= 3 ? "good" : v <= 5 ? "fair" : "poor"),
  barometer: (v: number): Tone => (v >= 102 ? "good" : v >= 98 ? "fair" : "poor"),
  gdp: (v: number): Tone => (v >= 2 ? "good" : v >= 0 ? "fair" : "poor"),
  inflation: (v: number): Tone => (v <= 2 ? "good" : v <= 4 ? "fair" : "poor"),
};

function trend(value: number, baseline: number, lowerIsGood: boolean): BreakdownCard["trend"] {
  if (Math.abs(value - baseline) <= PANEL_RULES.stableWithin) return "Stable";
  return value < baseline === lowerIsGood ? "Better" : "Worse";
}

/** Spec §9 breakdown cards (the /job-market page). */
export const breakdown = {
  unemployment(rate: number): BreakdownCard {
    const level = rate > 7 ? "high" : rate < 6 ? "low" : "average";
    return {
      value: rate,
      bar: clamp((10 - rate) * 10),
      baseline: 6.5,
      level,
      trend: trend(rate, 6.5, true),
      text:
        level === "low"
          ? "Below 6%: more jobs available"
          : level === "high"
            ? "Above 7%: fewer jobs available"
            : "Around the European norm",
    };
  },
  vacancy(rate: number): BreakdownCard {
    const level = rate > 3 ? "high" : rate < 2 ? "low" : "average";
    return {
      value: rate,
      bar: clamp(rate * 25),
      baseline: 2.5,
      level,
      trend: trend(rate, 2.5, false),
      text:
        level === "high"
          ? "Above 3%: many open positions"
          : level === "low"
            ? "Below 2%: few open positions"
            : "An average number of open positions",
    };
  },
  competition(value: number): BreakdownCard {
    const level = value > 5 ? "high" : value < 3 ? "low" : "average";
    return {
      value,
      bar: clamp((10 - value) * 10),
      baseline: 4,
      level,
      trend: trend(value, 4, true),
      text:
        level === "high"
          ? "Above 5 job seekers per opening: high competition"
          : level === "low"
            ? "Below 3 job seekers per opening: low competition"
            : "Average competition per opening",
    };
  },
  sentiment(value: number): BreakdownCard {
    const level =
      value > 100 + PANEL_RULES.stableWithin ? "high" : value < 100 - PANEL_RULES.stableWithin ? "low" : "average";
    return {
      value,
      bar: clamp((value - 90) * 5),
      baseline: 100,
      level,
      trend: trend(value, 100, false),
      text:
        level === "high"
          ? "Experts expect hiring to grow (above 100)"
          : level === "low"
            ? "Experts expect hiring to slow (below 100)"
            : "Experts expect a neutral outlook (around 100)",
    };
  },
};
