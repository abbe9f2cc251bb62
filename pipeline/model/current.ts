// The current model's parameters and the one freshness question, without the model's functions: what code
// outside the model (the site's browser bundle included) may import to read a threshold, a weight or a cut-off.
// The parameters are the very object of the current model file (CURRENT_MODEL.params); docs/model.md.
import { ageInMonths } from "./period.ts";
import type { SubScoreKey } from "./types.ts";
import type { Family } from "./v2.ts";
import { MODEL_V2_1, type ModelV21Params } from "./v2-1.ts";

export type { Family, FreshnessRule } from "./v2.ts";

/** Every parameter of the model recalc uses now (the same frozen object as CURRENT_MODEL.params). */
export const CURRENT_PARAMS: ModelV21Params = MODEL_V2_1;

/** The freshness family a data type's observations age by; GDP and inflation (context only) age like the historical block. */
export function familyOfDataType(dataType: string, params: ModelV21Params = CURRENT_PARAMS): Family {
  return (params.dataTypeFamily as Readonly<Record<string, Family>>)[dataType] ?? "historical";
}

export function familyOfSubScore(key: SubScoreKey, params: ModelV21Params = CURRENT_PARAMS): Family {
  return params.subScoreFamily[key];
}

/**
 * Does an observation of `period` still count as of `asOf` (a month `YYYY-MM`, a date or a Date)? It does while its
 * age is within its family's cut-off (docs/model.md §3). The one freshness question of the product: the score's
 * freshness gate, the ingest's "stale" warning and the operator panel's stale marks all ask it.
 */
export function withinCutoff(period: string, family: Family, asOf: string | Date, params: ModelV21Params = CURRENT_PARAMS): boolean {
  const month = typeof asOf === "string" ? asOf : asOf.toISOString().slice(0, 7);
  return ageInMonths(period, month) <= params.freshness[family].cutoff;
}
