// The market panel's constants (docs/product.md §9): the margins of its comparisons, its fixed figures and the
// "Stable" band of the breakdown cards. The model's own comparison parameters are read from the current model.
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
  vacancyMargin: CURRENT_PARAMS.margins.vacancy,
  competitionMargin: CURRENT_PARAMS.margins.competition,
  timeToInterviewDays: 14,
  vacanciesTrend: "flat",
  /** Breakdown cards: "Stable" within this distance of the baseline. */
  stableWithin: 0.5,
} as const;
