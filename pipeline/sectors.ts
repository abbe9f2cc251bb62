// Sector context (score model v2.3 §11; docs/model.md §12; docs/decisions/022-publication-lags-and-releases.md): each
// country's job vacancy rate per NACE aggregate, published with its snapshot beside the all-sector rate of the same
// quarter and table, with every published quarter of its series (the trend). Attached by recalc after the model has
// computed (like youth unemployment, pipeline/youth.ts): the model's inputs never carry `sector_vacancy` (recalc.ts
// buildModelInputs skips it), so no score, ranking, weather word or card can read it. Pure.
import { EU_AGGREGATE } from "../lib/countries.ts";
import { countsAt, lagOf } from "./lags.ts";
import { ageInMonths } from "./model/period.ts";
import type { Snapshot } from "./model/types.ts";
import { sourceRef } from "./provenance.ts";
import {
  ALL_SECTORS,
  FINER_R2_TO_R21,
  FINER_SECTORS,
  SHOWN_SECTORS,
  type NaceRevision,
  type SectorPoint,
  type SectorRate,
} from "./sector-list.ts";
import { tableConfig, tablePrecedence } from "./sources/eurostat/tables.ts";
import { seriesCodes } from "./sources/series-key.ts";
import type { StoredObservation } from "./store/observations.ts";
import { readKey, readSeries } from "./store/read-series.ts";
import { SECTOR_DATA_TYPE } from "./types.ts";

export type { SectorRate };

/** The NACE revision of a table's sectors (its NACE dimension), or null for a table without sectors. */
function revisionOf(table: string): NaceRevision | null {
  const dimension = tableConfig(table, "vacancy")?.sectors?.dimension;
  return dimension === "nace_r2" || dimension === "nace_r2_1" ? dimension : null;
}

/** A series key with its NACE code replaced: the all-sector series of the same table and adjustment. */
const withNace = (series: string, revision: NaceRevision, code: string): string =>
  seriesCodes(series)
    .map(([d, c]) => `${d}=${d === revision ? code : c}`)
    .join(",");

/**
 * The sector an aggregate of either revision is (the same activities under both revisions' letters): the NACE Rev. 2
 * code for a shown aggregate or a finer section that has one, `nace_r2_1:K` for a NACE Rev. 2.1 section without one;
 * null for an aggregate that is not published. Also its place in the classification's order.
 */
function sectorOf(revision: NaceRevision, code: string): { id: string; order: number } | null {
  const shown = SHOWN_SECTORS[revision].indexOf(code);
  if (shown >= 0) return { id: SHOWN_SECTORS.nace_r2[shown]!, order: shown * 10 };
  const partOf = FINER_SECTORS[revision][code];
  if (partOf === undefined) return null;
  const within = SHOWN_SECTORS[revision].indexOf(partOf) * 10;
  const finer = Object.keys(FINER_SECTORS[revision]).indexOf(code) + 1;
  if (revision === "nace_r2") return { id: code, order: within + finer };
  const r2 = Object.entries(FINER_R2_TO_R21).find(([, c]) => c === code)?.[0];
  return { id: r2 ?? `${revision}:${code}`, order: within + finer };
}

/** Is an observation published by the as-of date (its end month plus its table's publication lag, v2.3)? */
const publishedBy = (o: StoredObservation, asOf: string) => ageInMonths(o.period, asOf) >= lagOf(o.dataType, o.period);

const byPeriod = (a: { period: string }, b: { period: string }) =>
  a.period < b.period ? -1 : a.period > b.period ? 1 : 0;

/**
 * Per country, its published sector rates: the shown aggregates (SHOWN_SECTORS) and the finer sections role families
 * read (FINER_SECTORS) that a loaded file holds. For each, in each revision, the newest quarter that counts as of
 * `asOf` (published by then, v2.3's lag of the job vacancy tables, and within V's 24-month cut-off), read from the one
 * series of its table read for it (SA before NSA, docs/model.md §1), across the tables of one revision per quarter by
 * TABLE_PRECEDENCE (jvs_q_nace2 over ei_lmjv_q_r2); between the revisions the newer quarter, NACE Rev. 2.1 on equal
 * ones (as for the headline rate). With the country's all-sector rate and the EU-27 rate of the same quarter, table
 * and adjustment when stored (never another's), and `history`: every quarter of that table's series published by
 * `asOf`, oldest first.
 */
export function sectorRatesByCountry(rows: readonly StoredObservation[], asOf: string): Map<string, SectorRate[]> {
  const sectorRows = rows.filter((o) => o.dataType === SECTOR_DATA_TYPE);
  const read = readSeries(sectorRows, asOf);
  // Every stored value, for the all-sector and EU-27 figures: table|series|geo|period → observation.
  const byKey = new Map(sectorRows.map((o) => [`${o.table}|${o.series}|${o.geo}|${o.period}`, o]));
  // Each series read, published by asOf: table|series|geo → its observations (the trend).
  const seriesOf = new Map<string, StoredObservation[]>();
  // The counting values of each published aggregate: geo|revision|code → period → observation, by table precedence.
  const best = new Map<string, Map<string, StoredObservation>>();
  for (const o of sectorRows) {
    if (read.get(readKey(o)) !== o.series || !publishedBy(o, asOf)) continue;
    const revision = revisionOf(o.table);
    const code = revision === null ? undefined : seriesCodes(o.series).find(([d]) => d === revision)?.[1];
    if (revision === null || code === undefined || sectorOf(revision, code) === null) continue;
    const series = `${o.table}|${o.series}|${o.geo}`;
    let list = seriesOf.get(series);
    if (!list) seriesOf.set(series, (list = []));
    list.push(o);
    if (!countsAt(o.dataType, o.period, asOf)) continue;
    const key = `${o.geo}|${revision}|${code}`;
    let periods = best.get(key);
    if (!periods) best.set(key, (periods = new Map()));
    const seen = periods.get(o.period);
    const rank = tablePrecedence(o.dataType, o.table);
    if (
      !seen ||
      rank < tablePrecedence(seen.dataType, seen.table) ||
      (rank === tablePrecedence(seen.dataType, seen.table) && o.table < seen.table)
    ) {
      periods.set(o.period, o);
    }
  }
  // geo → sector id → its rate (the newer revision's on equal quarters) with its place in the order.
  const chosen = new Map<string, Map<string, { rate: SectorRate; order: number }>>();
  for (const [key, periods] of best) {
    const [geo, revision, code] = key.split("|") as [string, NaceRevision, string];
    const newest = [...periods.values()].sort(byPeriod).at(-1)!;
    const same = (series: string, g: string, period: string) => byKey.get(`${newest.table}|${series}|${g}|${period}`);
    const all = (period: string) =>
      ALL_SECTORS[revision].map((c) => same(withNace(newest.series, revision, c), geo, period)).find((o) => o);
    const point = (o: StoredObservation): SectorPoint => ({
      period: o.period,
      value: o.value,
      flag: o.flag,
      all_sectors: all(o.period)?.value ?? null,
      eu_value: same(newest.series, EU_AGGREGATE, o.period)?.value ?? null,
    });
    const { period, value, flag, all_sectors, eu_value } = point(newest);
    const rate: SectorRate = {
      revision,
      code,
      value,
      period,
      flag,
      table: newest.table,
      s_adj: seriesCodes(newest.series).find(([d]) => d === "s_adj")?.[1] ?? "",
      all_sectors,
      eu_value,
      part_of: FINER_SECTORS[revision][code] ?? null,
      history: (seriesOf.get(`${newest.table}|${newest.series}|${geo}`) ?? []).map(point).sort(byPeriod),
      source: sourceRef(newest),
    };
    const sector = sectorOf(revision, code)!;
    let ofGeo = chosen.get(geo);
    if (!ofGeo) chosen.set(geo, (ofGeo = new Map()));
    const other = ofGeo.get(sector.id);
    if (
      !other ||
      rate.period > other.rate.period ||
      (rate.period === other.rate.period && rate.revision === "nace_r2_1")
    ) {
      ofGeo.set(sector.id, { rate, order: sector.order });
    }
  }
  // In the order of the classification: each shown aggregate, then the finer sections within it.
  const out = new Map<string, SectorRate[]>();
  for (const [geo, ofGeo] of chosen) {
    out.set(
      geo,
      [...ofGeo.values()].sort((a, b) => a.order - b.order).map((x) => x.rate),
    );
  }
  return out;
}

/** A snapshot as recalc publishes it, with the sector context (v2.3 §11): empty when the country has none. */
export type WithSectors<S> = S & { sectors?: SectorRate[] };

/** The snapshots with their sector rates attached (a new object each; the model's own are not changed). */
export function withSectorRates<S extends Snapshot>(
  snapshots: readonly S[],
  rows: readonly StoredObservation[],
  asOf: string,
): Array<WithSectors<S>> {
  const sectors = sectorRatesByCountry(rows, asOf);
  return snapshots.map((s) => ({ ...s, sectors: sectors.get(s.country) ?? [] }));
}
