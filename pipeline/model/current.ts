// Which released model recalc uses now, declared here once (docs/model.md §10), and the one freshness question.
// Without the model's functions: what code outside the model (the site's browser bundle included) may import to
// read a threshold, a weight or a cut-off. The model object itself is index.ts's CURRENT_MODEL (MODELS by this id).
import { ageInMonths } from "./period.ts";
import { TABLES, type Family, type LaggedSeries, type ModelId, type ModelParams } from "./tables.ts";
import type { SubScoreKey } from "./types.ts";

export type { Family, FreshnessRule, LaggedSeries } from "./tables.ts";

/** The id of the model recalc uses now: the one place that says which model is current. */
export const CURRENT_MODEL_ID = "v2.4" satisfies ModelId;

/** Every parameter of the model recalc uses now (the same frozen object as CURRENT_MODEL.params). */
export const CURRENT_PARAMS: ModelParams = TABLES[CURRENT_MODEL_ID];

/** The freshness family a data type's observations age by; GDP and inflation (context only) age like the historical block. */
export function familyOfDataType(dataType: string, params: ModelParams = CURRENT_PARAMS): Family {
  return (params.dataTypeFamily as Readonly<Record<string, Family>>)[dataType] ?? "historical";
}

export function familyOfSubScore(key: SubScoreKey, params: ModelParams = CURRENT_PARAMS): Family {
  return params.subScoreFamily[key];
}

/**
 * Does an observation of `period` still count as of `asOf` (a month `YYYY-MM`, a date or a Date)? It does while its
 * age is within its family's cut-off (docs/model.md §3). The one freshness question of the product: the score's
 * freshness gate, the ingest's "stale" warning and the operator panel's stale marks all ask it.
 */
export function withinCutoff(
  period: string,
  family: Family,
  asOf: string | Date,
  params: ModelParams = CURRENT_PARAMS,
): boolean {
  const month = typeof asOf === "string" ? asOf : asOf.toISOString().slice(0, 7);
  return ageInMonths(period, month) <= params.freshness[family].cutoff;
}

/**
 * The publication lag of a series in whole months (v2.3): an observation of period P counts as of month A only
 * when end_month(P) + lag <= A. 0 for every series of a model without lags (v2 to v2.2).
 */
export function publicationLagOf(series: LaggedSeries, params: ModelParams = CURRENT_PARAMS): number {
  return params.publicationLag?.[series] ?? 0;
}
