// The one score kernel (docs/model.md §10, docs/decisions/013-model-kernel.md): any released model computed
// from its parameter table (tables.ts). Pure functions of observations + as-of date + table: no I/O, no clock,
// no randomness. The blend is blend.ts's, the very arithmetic the attribution (explain.ts) replays, so the
// attribution's end points are the published scores to the last bit. Browser-safe: it imports nothing of the
// pipeline's storage or parsers, only the model's own pure modules.
//
// This file binds the kernel to a table (boundTo, modelOf) and is the kernel's one import path. Its parts, by job:
// prepared-input.ts (the series, sorted and lagged), anchors.ts and sub-scores.ts (inputs to sub-scores, freshness),
// context.ts and evaluate.ts (the score of one month, the history), rating.ts (status, label, yoy badge),
// country-result.ts (the snapshot and history of a country).
import { computeCountry } from "./country-result.ts";
import { explainCountryHistory, monthStates } from "./evaluate.ts";
import { explainSnapshots, type SubScoresLike } from "./explain.ts";
import { labelOf, shownScore, statusOf, yoyLabel } from "./rating.ts";
import type { ScoreModel } from "./score-model.ts";
import { freshness } from "./sub-scores.ts";
import type { Family, ModelParams } from "./tables.ts";
import type { CountryResult, ModelInput, SubScoreKey } from "./types.ts";

export { interpolate, inverseInterpolate } from "./anchors.ts";
export { statusOf } from "./rating.ts";
export { monthStates } from "./evaluate.ts";
export { computeCountry } from "./country-result.ts";

// ---------------------------------------------------------------------------------------------------------
// The model object

/**
 * The kernel's functions bound to a table: each takes the table's parameters unless given others (a test's
 * variant, or a visitor's own weights). index.ts modelFunctions gives them for a released table by id.
 */
export function boundTo<R extends CountryResult = CountryResult>(params: ModelParams) {
  return {
    computeCountry: (input: ModelInput, asOf: string, p: ModelParams = params) => computeCountry(input, asOf, p) as R,
    monthStates: (input: ModelInput, asOf: string, p: ModelParams = params) => monthStates(input, asOf, p),
    explainCountryHistory: (input: ModelInput, asOf: string, p: ModelParams = params) =>
      explainCountryHistory(input, asOf, p),
    freshness: (age: number, family: Family, p: ModelParams = params) => freshness(age, family, p),
    shownScore: (score: number, p: ModelParams = params) => shownScore(score, p),
    statusOf: (score: number, p: ModelParams = params) => statusOf(score, p),
    labelOf: (score: number, p: ModelParams = params) => labelOf(score, p),
    yoyLabel: (delta: number, p: ModelParams = params) => yoyLabel(delta, p),
    familyOf: (key: SubScoreKey, p: ModelParams = params): Family => p.subScoreFamily[key],
  };
}

/** The model of a released table: the kernel bound to it. */
export function modelOf<R extends CountryResult = CountryResult>(params: ModelParams): ScoreModel<R> {
  const f = boundTo<R>(params);
  return Object.freeze({
    id: params.id,
    introducedIn: params.introducedIn,
    params,
    computeCountry: f.computeCountry,
    shownScore: (score: number) => shownScore(score, params),
    formatScore: (score: number) => shownScore(score, params).toFixed(params.display.decimals),
    statusOf: (score: number) => statusOf(score, params),
    labelOf: (score: number) => labelOf(score, params),
    familyOf: (key: SubScoreKey) => params.subScoreFamily[key],
    explain: (from: { as_of: string; sub_scores: SubScoresLike }, to: { as_of: string; sub_scores: SubScoresLike }) =>
      explainSnapshots(from, to, params),
    explainHistory: (input: ModelInput, asOf: string) => explainCountryHistory(input, asOf, params),
  });
}
