// Score model v2 (docs/model.md §10): its released parameter table (tables.ts, MODEL_V2) computed by the one
// kernel (kernel.ts). Nothing here but the binding: a released model is its table, never edited.
import { boundTo, modelOf } from "./kernel.ts";
import { MODEL_V2, type ModelParams } from "./tables.ts";
import type { CountryResult } from "./types.ts";

export { ageInMonths, monthLabel, monthOfDate, periodEndMonth } from "./period.ts";
export { interpolate } from "./kernel.ts";
export {
  FAMILIES,
  MODEL_V2,
  SUB_SCORE_KEYS,
  type AnchorTable,
  type Family,
  type FreshnessRule,
  type Threshold,
} from "./tables.ts";
export type { ScoreModel } from "./score-model.ts";

/** v2's table type: every model has the same table shape (tables.ts ModelParams). */
export type ModelV2Params = ModelParams;

export const id = MODEL_V2.id;
export const introducedIn = MODEL_V2.introducedIn;

export const modelV2 = modelOf<CountryResult>(MODEL_V2);
export const { computeCountry, freshness, statusOf, labelOf, yoyLabel } = boundTo<CountryResult>(MODEL_V2);
