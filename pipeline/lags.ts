// Publication lags (score model v2.3, docs/model.md §1): which lagged series of the model an observation belongs to,
// by its data type and frequency, and the one question "does it count as of this month?" (its end month plus its
// lag at or before the month, and within its family's cut-off). The lags themselves are the current model's
// (pipeline/model/tables.ts MODEL_V2_3); this module only maps stored observations onto them. Pure.
import { CURRENT_PARAMS, familyOfDataType, publicationLagOf, withinCutoff } from "./model/current.ts";
import type { LaggedSeries } from "./model/current.ts";
import type { ModelParams } from "./model/tables.ts";
import { ageInMonths } from "./model/period.ts";

/** The lagged series of a stored observation: its data type, and for unemployment its frequency. */
export function laggedSeriesOf(dataType: string, period: string): LaggedSeries | null {
  switch (dataType) {
    case "unemployment":
      return period.includes("Q") ? "unemploymentQuarterly" : "unemploymentMonthly";
    case "vacancy":
      return "vacancy";
    case "lmb":
      return "lmb";
    case "expectations":
      return "expectations";
    case "gdp":
      return "gdp";
    case "inflation":
      return "inflation";
    case "youth_unemployment":
      return "youthUnemployment";
    case "sector_vacancy":
      return "sectorVacancy";
    default:
      return null;
  }
}

/** The publication lag, in whole months, of an observation of `dataType` and `period` (0 when none applies). */
export function lagOf(dataType: string, period: string, params: ModelParams = CURRENT_PARAMS): number {
  const series = laggedSeriesOf(dataType, period);
  return series === null ? 0 : publicationLagOf(series, params);
}

/**
 * Does an observation count as of `asOf` (a month `YYYY-MM` or a date): published by then (its end month plus its
 * publication lag at or before the as-of month) and within its family's cut-off?
 */
export function countsAt(
  dataType: string,
  period: string,
  asOf: string,
  params: ModelParams = CURRENT_PARAMS,
): boolean {
  return (
    ageInMonths(period, asOf) >= lagOf(dataType, period, params) &&
    withinCutoff(period, familyOfDataType(dataType, params), asOf, params)
  );
}
