// The market panel's constants (docs/product.md §9): the margins of its comparisons, its fixed figures and the
// "Stable" band of the breakdown cards. The model's own comparison parameters (the fixed EU thresholds) are read from
// the current model; the 3-year-average band is a product rule read from the published averages (below).
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";

/** The panel's constants (docs/product.md §9). */
export const PANEL_RULES = {
  /** Fixed EU-average thresholds used when no EU27_2020 value of the same period was ingested (the model's). */
  unemploymentLowerThan: CURRENT_PARAMS.euAverage.fixedLowerBelow,
  unemploymentHigherThan: CURRENT_PARAMS.euAverage.fixedHigherAbove,
  /**
   * With an EU27_2020 value e: "lower" below e − 0.5, "higher" above e + 0.5, else "same". The half-width 0.5
   * is the one the fixed thresholds imply (6 and 7 around 6.5); decision recorded here, the spec gives no margin.
   */
  euMargin: 0.5,
  /**
   * "In line with its 3-year average" (vacancy rate and competition): the figure is within ±10 % of its average,
   * decided from the whole percent the page shows beside it (+10 % is in line, +11 % above). Replaces the spec's
   * absolute margins 0.2 and 0.5 (still in the released model tables, which are frozen, and no longer read): they
   * called a vacancy rate 24 % below its average "in line" and competition 4 % above it "more competition".
   */
  averageBandPercent: 10,
  timeToInterviewDays: 14,
  vacanciesTrend: "flat",
  /** Breakdown cards: "Stable" within this distance of the baseline. */
  stableWithin: 0.5,
} as const;
