// v2.2 read rule (v2.3: "counting" includes the publication lag): one series per (data type, table, geo) (docs/model.md §1 "Series"). Pure: no I/O. Used by
// recalc's input assembly (pipeline/recalc.ts) and by the data status (pipeline/store-status.ts).
import { countsAt } from "../lags.ts";
import { anyTableConfig } from "../sources/all-tables.ts";
import { compareSeriesPreference, seriesCodes, seriesPreference } from "../sources/series-key.ts";
import type { StoredObservation } from "./observations.ts";

/** Does any of `rows` count at `asOf` (a date or month): published by then (v2.3 lags) and within its cut-off. */
const anyCounts = (rows: readonly StoredObservation[], asOf: string): boolean =>
  rows.some((o) => countsAt(o.dataType, o.period, asOf));

/**
 * The group within which one series is read: (data type, table, geo), and for a sector vacancy rate (v2.3 §11) its
 * NACE aggregate too, so that each aggregate reads its own series (SA before NSA) beside the others.
 */
export function readKey(o: { dataType: string; table: string; geo: string; series: string }): string {
  const key = `${o.dataType}|${o.table}|${o.geo}`;
  if (o.dataType !== "sector_vacancy") return key;
  const nace = seriesCodes(o.series).find(([dimension]) => dimension.startsWith("nace"));
  return nace === undefined ? key : `${key}|${nace[0]}=${nace[1]}`;
}

/**
 * v2.2: the one series read per (data type, table, geo), and the rest kept unread (docs/model.md §1 "Series"):
 * the most preferred series (NACE pin order, then SA before NSA, then the other pins as listed) that has an
 * observation counting at `asOf`; when none counts (or without `asOf`), the most preferred one holding any
 * observation. Key `data type|table|geo` (readKey) → series.
 */
export function readSeries(rows: readonly StoredObservation[], asOf?: string): Map<string, string> {
  const groups = new Map<string, Map<string, StoredObservation[]>>();
  for (const o of rows) {
    const key = readKey(o);
    let bySeries = groups.get(key);
    if (!bySeries) groups.set(key, (bySeries = new Map()));
    let list = bySeries.get(o.series);
    if (!list) bySeries.set(o.series, (list = []));
    list.push(o);
  }
  const chosen = new Map<string, string>();
  for (const [key, bySeries] of groups) {
    const table = key.split("|")[1]!;
    const config = anyTableConfig(table);
    const ranked = [...bySeries.keys()].sort(
      (a, b) =>
        compareSeriesPreference(seriesPreference(config, a), seriesPreference(config, b)) ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
    const counting = asOf === undefined ? undefined : ranked.find((series) => anyCounts(bySeries.get(series)!, asOf));
    chosen.set(key, counting ?? ranked[0]!);
  }
  return chosen;
}
