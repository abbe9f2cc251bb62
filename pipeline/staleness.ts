// The one stale rule of the operator's tools (jwi status, the operator page's data status), from the model's
// cut-offs (docs/model.md §3): a series is stale when its newest value is past the cut-off of its data type's
// freshness family, so it no longer counts in the score. Countries are counted; Eurostat's aggregates (EA, EU27_2020,
// …) are listed apart and never counted (lib/countries.ts isAggregateGeo). Pure: the browser bundle uses it.
import { COUNTRIES, isAggregateGeo } from "../lib/countries.ts";
import { CURRENT_PARAMS, familyOfDataType, withinCutoff } from "./model/current.ts";
import { DATA_TYPES, type DataType, type StoredDataType } from "./types.ts";

/** How the rule's sentence names each data type. */
const NAMES: Readonly<Record<DataType, string>> = {
  unemployment: "unemployment",
  vacancy: "vacancy",
  gdp: "GDP",
  inflation: "inflation",
  lmb: "the barometer",
  expectations: "employment expectations",
  youth_unemployment: "youth unemployment",
};

/** Data types that feed no sub-score: their age is shown, they never count. */
const CONTEXT_ONLY: readonly DataType[] = DATA_TYPES.filter((t) => !(t in CURRENT_PARAMS.dataTypeFamily));

/** The cut-off (months) after which a data type's newest value is stale. */
function cutoffOfDataType(dataType: StoredDataType): number {
  return CURRENT_PARAMS.freshness[familyOfDataType(dataType)].cutoff;
}

/** Every data type's cut-off in months. */
export function staleCutoffs(): Record<DataType, number> {
  return Object.fromEntries(DATA_TYPES.map((t) => [t, cutoffOfDataType(t)])) as Record<DataType, number>;
}

/** Is a series whose newest period is `newestPeriod` stale as of `asOf` (month, date or Date)? */
export function isStale(dataType: StoredDataType, newestPeriod: string, asOf: string | Date): boolean {
  return !withinCutoff(newestPeriod, familyOfDataType(dataType), asOf);
}

const list = (words: string[]) =>
  words.length < 2 ? words.join("") : `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;

/**
 * The rule in one sentence, naming each data type's cut-off, e.g. "Stale: the newest value is older than 24 months
 * (unemployment, vacancy, GDP and inflation) or 12 months (the barometer and employment expectations) …".
 */
export function staleRuleText(): string {
  const byCutoff = new Map<number, string[]>();
  for (const t of DATA_TYPES) {
    const c = cutoffOfDataType(t);
    byCutoff.set(c, [...(byCutoff.get(c) ?? []), NAMES[t]]);
  }
  const parts = [...byCutoff].sort((a, b) => b[0] - a[0]).map(([months, names]) => `${months} months (${list(names)})`);
  const contextNames = list(CONTEXT_ONLY.map((t) => NAMES[t]));
  const context = contextNames
    ? ` ${contextNames.charAt(0).toUpperCase()}${contextNames.slice(1)} never count in the score; their age is shown for context.`
    : "";
  return (
    `Stale: the newest value is older than ${parts.join(" or ")}, so it no longer counts in the score.${context} ` +
    "Only countries are counted; Eurostat's aggregates (EA, EU27_2020, …) are listed apart."
  );
}

export interface StaleSummary {
  /** The rule in words (staleRuleText). */
  rule: string;
  /** Months per data type. */
  cutoffs: Record<DataType, number>;
  /** Countries (never aggregates) with at least one stale data type, and which. */
  countries: Array<{ code: string; data_types: DataType[] }>;
  /** Aggregates with stale data: listed, not counted. */
  aggregates: string[];
}

/**
 * Per country and data type, the newest series of any table decides (une_rt_m fresh makes unemployment fresh even
 * when une_rt_q is stale); `rows` are the status report's per-table rows.
 */
export function staleSummary(
  rows: ReadonlyArray<{
    data_type: StoredDataType;
    country: string;
    newest_period: string;
    age_months: number;
    stale: boolean;
  }>,
): StaleSummary {
  const newest = new Map<string, { stale: boolean; age: number }>();
  for (const r of rows) {
    const key = `${r.country}|${r.data_type}`;
    const seen = newest.get(key);
    if (!seen || r.age_months < seen.age) newest.set(key, { stale: r.stale, age: r.age_months });
  }
  const staleTypes = (geo: string) => DATA_TYPES.filter((t) => newest.get(`${geo}|${t}`)?.stale);
  const geos = [...new Set(rows.map((r) => r.country))];
  return {
    rule: staleRuleText(),
    cutoffs: staleCutoffs(),
    countries: COUNTRIES.map((c) => ({ code: c.code, data_types: staleTypes(c.code) })).filter(
      (c) => c.data_types.length > 0,
    ),
    aggregates: geos.filter((g) => isAggregateGeo(g) && staleTypes(g).length > 0).sort(),
  };
}
