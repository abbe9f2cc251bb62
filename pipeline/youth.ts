// Youth unemployment (score model v2.2 §10; docs/decisions/016-youth-unemployment.md): the unemployment rate of the
// under-25s (une_rt_m, age=Y_LT25), published with each country's snapshot as context beside the overall rate.
// It is attached by recalc after the model has computed the snapshot, and never read by any score: the model's
// inputs (recalc.ts buildModelInputs) do not carry it. Pure.
import { EU_AGGREGATE } from "../lib/countries.ts";
import { lagOf } from "./lags.ts";
import { withinCutoff } from "./model/current.ts";
import { ageInMonths, periodEndMonth } from "./model/period.ts";
import type { Snapshot } from "./model/types.ts";
import type { InputSources } from "./provenance.ts";
import type { SectorRate } from "./sector-list.ts";
import type { StoredObservation } from "./store/observations.ts";

const YOUTH_DATA_TYPE = "youth_unemployment";

/** The newest under-25 rate of a country that is shown, and the EU-27 rate of the same month when stored. */
export interface YouthUnemployment {
  /** % of the labour force under 25. */
  value: number;
  /** Its month, YYYY-MM. */
  period: string;
  flag: string | null;
  /** The source table (une_rt_m). */
  table: string;
  /** EU27_2020's under-25 rate of the same month, or null when none is stored. */
  eu_value: number | null;
}

/** A snapshot as recalc publishes it: the model's snapshot plus the context attached after it (this module). */
export type PublishedSnapshot = Snapshot & {
  /** v2.2 context (never in a score): null when the country has no under-25 rate within the cut-off. */
  youth_unemployment?: YouthUnemployment | null;
  /** v2.3 context (never in a score, pipeline/sectors.ts): the vacancy rate per sector; empty without any. */
  sectors?: SectorRate[];
  /** Where each input's figure came from (pipeline/provenance.ts); attached last, after the context. */
  sources?: InputSources;
};

/** The cut-off for showing it: the unemployment sub-score's freshness family (historical, 24 months). */
const FAMILY = "historical" as const;

/** A geo's newest counting under-25 observation, with the EU-27 rate of the same month when stored. */
export interface YouthObservation {
  newest: StoredObservation;
  eu_value: number | null;
}

/**
 * Per geo (countries and aggregates), the newest youth-unemployment observation published by the as-of month (its end
 * month plus une_rt_m's publication lag at or before it, model v2.3) and within U's cut-off; with the EU-27 figure of that same month when stored.
 */
export function youthObservations(rows: readonly StoredObservation[], asOf: string): Map<string, YouthObservation> {
  const asOfMonth = asOf.slice(0, 7);
  const byGeo = new Map<string, Map<string, StoredObservation>>();
  for (const o of rows) {
    if (o.dataType !== YOUTH_DATA_TYPE || o.period.includes("Q")) continue;
    // v2.3: published by the as-of month (une_rt_m's publication lag), like the overall rate.
    if (ageInMonths(o.period, asOfMonth) < lagOf(o.dataType, o.period)) continue;
    let periods = byGeo.get(o.geo);
    if (!periods) byGeo.set(o.geo, (periods = new Map()));
    const seen = periods.get(o.period);
    // One table feeds it today (une_rt_m); should a second, the table name decides, whatever the ingest order.
    if (!seen || o.table < seen.table) periods.set(o.period, o);
  }
  const eu = byGeo.get(EU_AGGREGATE);
  const out = new Map<string, YouthObservation>();
  for (const [geo, periods] of byGeo) {
    const newest = [...periods.values()].sort((a, b) => periodEndMonth(b.period) - periodEndMonth(a.period))[0];
    if (!newest || !withinCutoff(newest.period, FAMILY, asOfMonth)) continue;
    out.set(geo, { newest, eu_value: eu?.get(newest.period)?.value ?? null });
  }
  return out;
}

/** Per geo, the youth-unemployment context as published (youthObservations). */
export function youthUnemploymentByCountry(
  rows: readonly StoredObservation[],
  asOf: string,
  observations: ReadonlyMap<string, YouthObservation> = youthObservations(rows, asOf),
): Map<string, YouthUnemployment> {
  const out = new Map<string, YouthUnemployment>();
  for (const [geo, { newest, eu_value }] of observations) {
    out.set(geo, { value: newest.value, period: newest.period, flag: newest.flag, table: newest.table, eu_value });
  }
  return out;
}

/**
 * The snapshots with their youth-unemployment context attached (a new object each; the model's own are not changed).
 * `observations`: youthObservations of the same rows and date, when the caller has them already.
 */
export function withYouthUnemployment<S extends Snapshot>(
  snapshots: readonly S[],
  rows: readonly StoredObservation[],
  asOf: string,
  observations?: ReadonlyMap<string, YouthObservation>,
): Array<S & PublishedSnapshot> {
  const youth = youthUnemploymentByCountry(rows, asOf, observations);
  return snapshots.map((s) => ({ ...s, youth_unemployment: youth.get(s.country) ?? null }));
}
