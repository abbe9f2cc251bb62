// Score model v2.1 (docs/model.md §10): v2's numbers plus (a) a second sentiment source, the Employment
// Expectations Indicator (EEI), blended with the barometer into S by freshness; (b) status and label from the
// score as shown (one decimal, half away from zero); (c) the exact attribution of every score change
// (explain.ts), published in the snapshot. Its released parameter table (tables.ts, MODEL_V2_1) computed by
// the one kernel (kernel.ts); nothing here but the binding.
import { boundTo, modelOf } from "./kernel.ts";
import type { ScoreModel } from "./score-model.ts";
import { MODEL_V2_1, type ModelParams } from "./tables.ts";
import type { CountryResultV21 } from "./types.ts";

export { formatScore, roundScore } from "./round.ts";
export { interpolate, inverseInterpolate } from "./kernel.ts";
export { MODEL_V2_1, SUB_SCORE_KEYS, type ScoringDataType, type SentimentSourceId } from "./tables.ts";

/** v2.1's table type: every model has the same table shape (tables.ts ModelParams). */
export type ModelV21Params = ModelParams;
/** A model whose snapshots carry the attribution (v2.1 on). */
export type ScoreModelV21 = ScoreModel<CountryResultV21>;

export const id = MODEL_V2_1.id;
export const introducedIn = MODEL_V2_1.introducedIn;

export const modelV2_1: ScoreModelV21 = modelOf<CountryResultV21>(MODEL_V2_1);
export const {
  computeCountry,
  monthStates,
  explainCountryHistory,
  freshness,
  shownScore,
  statusOf,
  labelOf,
  yoyLabel,
  familyOf,
} = boundTo<CountryResultV21>(MODEL_V2_1);
