// Sector context (score model v2.3 §11; docs/decisions/022-publication-lags-and-releases.md): each country's job
// vacancy rate per NACE aggregate, published with its snapshot beside the all-sector rate of the same quarter and
// table. Attached by recalc after the model has computed (like youth unemployment, pipeline/youth.ts): the model's
// inputs never carry `sector_vacancy` (recalc.ts buildModelInputs skips it), so no score, ranking, weather word or
// card can read it. Pure.
import { EU_AGGREGATE } from "../lib/countries.ts";
import { countsAt } from "./lags.ts";
import type { Snapshot } from "./model/types.ts";
import { sourceRef } from "./provenance.ts";
import { ALL_SECTORS, SHOWN_SECTORS, type NaceRevision, type SectorRate } from "./sector-list.ts";
import { tableConfig, tablePrecedence } from "./sources/eurostat/tables.ts";
import { seriesCodes } from "./sources/series-key.ts";
import type { StoredObservation } from "./store/observations.ts";
import { readKey, readSeries } from "./store/read-series.ts";
import { SECTOR_DATA_TYPE } from "./types.ts";

export type { SectorRate };

/** The NACE revision a table's sectors are in (its NACE dimension), or null for a table without sectors. */
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
 * Per country, its published sector rates (SHOWN_SECTORS of each revision that has any): for each aggregate the
 * newest quarter that counts as of `asOf` (published by then, v2.3's lag of the job vacancy tables, and within V's
 * 24-month cut-off), read from the one series of its table read for it (SA before NSA, docs/model.md §1), across the
 * tables of one revision per quarter by TABLE_PRECEDENCE (jvs_q_nace2 over ei_lmjv_q_r2); with the country's
 * all-sector rate and the EU-27 rate of the same quarter, table and adjustment when stored (never another's).
 */
export function sectorRatesByCountry(rows: readonly StoredObservation[], asOf: string): Map<string, SectorRate[]> {
  const sectorRows = rows.filter((o) => o.dataType === SECTOR_DATA_TYPE);
  const read = readSeries(sectorRows, asOf);
  // Every stored value, for the all-sector and EU-27 figures: table|series|geo|period → observation.
  const byKey = new Map(sectorRows.map((o) => [`${o.table}|${o.series}|${o.geo}|${o.period}`, o]));
  // The counting values of each shown aggregate: geo|revision|code → period → observation, by table precedence.
  const best = new Map<string, Map<string, StoredObservation>>();
  for (const o of sectorRows) {
    if (read.get(readKey(o)) !== o.series || !countsAt(o.dataType, o.period, asOf)) continue;
    const revision = revisionOf(o.table);
    const code = revision === null ? undefined : seriesCodes(o.series).find(([d]) => d === revision)?.[1];
    if (revision === null || code === undefined || !SHOWN_SECTORS[revision].includes(code)) continue;
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
  const out = new Map<string, SectorRate[]>();
  for (const [key, periods] of best) {
    const [geo, revision, code] = key.split("|") as [string, NaceRevision, string];
    const newest = [...periods.values()].sort((a, b) => (a.period < b.period ? 1 : a.period > b.period ? -1 : 0))[0]!;
    const same = (series: string, g: string) => byKey.get(`${newest.table}|${series}|${g}|${newest.period}`);
    const all = ALL_SECTORS[revision].map((c) => same(withNace(newest.series, revision, c), geo)).find((o) => o);
    const rate: SectorRate = {
      revision,
      code,
      value: newest.value,
      period: newest.period,
      flag: newest.flag,
      table: newest.table,
      s_adj: seriesCodes(newest.series).find(([d]) => d === "s_adj")?.[1] ?? "",
      all_sectors: all?.value ?? null,
      eu_value: same(newest.series, EU_AGGREGATE)?.value ?? null,
      source: sourceRef(newest),
    };
    out.set(geo, [...(out.get(geo) ?? []), rate]);
  }
  // In the order of the classification, revision by revision.
  for (const [geo, list] of out) {
    const order = (r: SectorRate) => (r.revision === "nace_r2" ? 0 : 100) + SHOWN_SECTORS[r.revision].indexOf(r.code);
    out.set(
      geo,
      list.sort((a, b) => order(a) - order(b)),
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
