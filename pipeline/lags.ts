// Publication lags (score model v2.3, docs/model.md §1): which lagged series of the model an observation belongs to,
// by its data type and frequency, and the one question "does it count as of this month?" (its end month plus its
// lag at or before the month, and within its family's cut-off). The lags themselves are the current model's
// (pipeline/model/tables.ts MODEL_V2_3); this module only maps stored observations onto them. Pure.
import { CURRENT_PARAMS, familyOfDataType, publicationLagOf, withinCutoff } from "./model/current.ts";
import type { LaggedSeries } from "./model/current.ts";
import type { ModelParams } from "./model/tables.ts";
import { ageInMonths } from "./model/period.ts";
import type { LMB_TABLE } from "./sources/barometer/parse.ts";
import type { ECFIN_EEI_TABLE } from "./sources/ecfin/parse.ts";
import { EUROSTAT_TABLES } from "./sources/eurostat/tables.ts";

// The two tables that are not Eurostat's, by name (type-checked against their readers, which are not loaded here).
const ECFIN: typeof ECFIN_EEI_TABLE = "ecfin_eei";
const LMB: typeof LMB_TABLE = "lmb";

/** The lagged series of a stored observation: its data type, and for unemployment its frequency. */
function laggedSeriesOf(dataType: string, period: string): LaggedSeries | null {
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

/** Every source table with the lag of what it feeds (the current model's), in the order of docs/model.md §1. */
export function tableLags(
  params: ModelParams = CURRENT_PARAMS,
): Array<{ table: string; dataType: string; months: number }> {
  const tables = [
    ...EUROSTAT_TABLES.map((t) => ({
      table: t.table,
      dataType: t.dataType,
      period: t.freq === "Q" ? "2000-Q1" : "2000-01",
    })),
    { table: ECFIN, dataType: "expectations", period: "2000-01" },
    { table: LMB, dataType: "lmb", period: "2000-01" },
  ];
  return tables.map((t) => ({ table: t.table, dataType: t.dataType, months: lagOf(t.dataType, t.period, params) }));
}

const monthsWord = (n: number) => `${n} ${n === 1 ? "month" : "months"}`;

/**
 * The lag rule in one sentence, from the current model's lags (`jwi status`, the operator's data status), e.g.
 * "Publication lags (model v2.3): a value counts from its period's end month plus its table's usual delay:
 * une_rt_m 1 month (youth unemployment too), une_rt_q 2 months, …".
 */
export function lagRuleText(params: ModelParams = CURRENT_PARAMS): string {
  const byTable = new Map<string, number>();
  for (const t of tableLags(params)) if (t.dataType !== "youth_unemployment") byTable.set(t.table, t.months);
  const groups = new Map<number, string[]>();
  for (const [table, months] of byTable) groups.set(months, [...(groups.get(months) ?? []), table]);
  const parts = [...groups]
    .sort((a, b) => b[0] - a[0])
    .map(([months, tables]) => `${tables.join(", ")}: ${monthsWord(months)}`);
  if (params.publicationLag === undefined)
    return `Publication lags: none (model ${params.id}): a value counts from its period's end month.`;
  return (
    `Publication lags (model ${params.id}): a value counts from its period's end month plus its table's usual delay, ` +
    `for today's score and every month of the history: ${parts.join("; ")}. Sector vacancy rates and youth unemployment ` +
    "lag as their tables do."
  );
}
