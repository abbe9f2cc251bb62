// What a score reads as: the score as shown, its weather status and rating label (docs/model.md §5), and the
// year-on-year badge of a change (docs/model.md §6). Pure; every threshold comes from the model's parameters.
import { roundHalfAway } from "./round.ts";
import type { ModelParams, Threshold } from "./tables.ts";
import type { RatingLabel, Status, YoyLabel } from "./types.ts";

function byThreshold<T>(
  score: number,
  table: { readonly thresholds: readonly Threshold<T>[]; readonly otherwise: T },
): T {
  for (const t of table.thresholds) if (score >= t.atLeast) return t.value;
  return table.otherwise;
}

/** The score as shown with these parameters (one decimal, half away from zero). */
export function shownScore(score: number, params: ModelParams): number {
  return roundHalfAway(score, params.display.decimals, params.display.guardDecimals);
}

/** The score the model rates: unrounded (v2) or as shown (v2.1 on: 6.96 is shown 7.0 and is bright). */
function ratedScore(score: number, params: ModelParams): number {
  return params.ratingFrom === "shown score" ? shownScore(score, params) : score;
}

/** Weather status of a score: < 2 stormy, < 4 rainy, < 7 cloudy, < 9 bright, else sunny (of the rated score). */
export function statusOf(score: number, params: ModelParams): Status {
  return byThreshold(ratedScore(score, params), params.status);
}

/** Rating label of a score: >= 9, >= 7, >= 4, else "Very tough" (of the rated score). */
export function labelOf(score: number, params: ModelParams): RatingLabel {
  return byThreshold(ratedScore(score, params), params.label);
}

/** Year-on-year badge: > +0.5 Up, < -0.5 Down, else Same. */
export function yoyLabel(delta: number, params: ModelParams): YoyLabel {
  if (delta > params.yoy.threshold) return "Up";
  if (delta < -params.yoy.threshold) return "Down";
  return "Same";
}

/**
 * The change a badge rates between two scores: unrounded (v2), or, where the rating reads the score as shown (v2.1
 * on), the difference of the two shown scores, the number the badge prints (docs/model.md §6: 6.9 → 7.4 is +0.5,
 * "Same", whatever the unrounded scores). Computed in whole display steps, so +0.5 is exactly 0.5.
 */
export function ratedChange(from: number, to: number, params: ModelParams): number {
  if (params.ratingFrom !== "shown score") return to - from;
  const step = 10 ** params.display.decimals;
  return (Math.round(shownScore(to, params) * step) - Math.round(shownScore(from, params) * step)) / step;
}
