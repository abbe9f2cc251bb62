// v2.2 read rule (v2.3: "counting" includes the publication lag): one series per (data type, table, geo) (docs/model.md §1 "Series"). Pure: no I/O. Used by
// recalc's input assembly (pipeline/recalc.ts) and by the data status (pipeline/store-status.ts).
import { countsAt } from "../lags.ts";
import { anyTableConfig } from "../sources/all-tables.ts";
import { compareSeriesPreference, seriesCodes, seriesPreference } from "../sources/series-key.ts";
import type { SeriesPoint } from "./observations.ts";

/**
 * Does any of `rows` count at `asOf` (a date or month): published by then (v2.3 lags) and within its cut-off.
 * `seen` remembers the answer per data type and period (a few hundred pairs among tens of thousands of rows).
 */
function anyCounts(rows: readonly SeriesPoint[], asOf: string, seen: Map<string, boolean>): boolean {
  // From the last row: the store lists a series' periods oldest first, and a newer period is likelier to count.
  for (let i = rows.length - 1; i >= 0; i--) {
    const o = rows[i]!;
    const key = `${o.dataType}|${o.period}`;
    let counts = seen.get(key);
    if (counts === undefined) seen.set(key, (counts = countsAt(o.dataType, o.period, asOf)));
    if (counts) return true;
  }
  return false;
}

/**
 * The group within which one series is read: (data type, table, geo), and for a sector vacancy rate (v2.3 §11) its
 * NACE aggregate too, so that each aggregate reads its own series (SA before NSA) beside the others.
 */
export function readKey(o: { dataType: string; table: string; geo: string; series: string }): string {
  const key = `${o.dataType}|${o.table}|${o.geo}`;
  if (o.dataType !== "sector_vacancy") return key;
  return `${key}${naceOf(o.series)}`;
}

/** `|nace_r2=X` for a series that names its NACE aggregate, else "" (remembered per series: a few dozen). */
const naceOfSeries = new Map<string, string>();
function naceOf(series: string): string {
  let nace = naceOfSeries.get(series);
  if (nace === undefined) {
    const code = seriesCodes(series).find(([dimension]) => dimension.startsWith("nace"));
    nace = code === undefined ? "" : `|${code[0]}=${code[1]}`;
    if (naceOfSeries.size < 10_000) naceOfSeries.set(series, nace);
  }
  return nace;
}

/**
 * v2.2: the one series read per (data type, table, geo), and the rest kept unread (docs/model.md §1 "Series"):
 * the most preferred series (NACE pin order, then SA before NSA, then the other pins as listed) that has an
 * observation counting at `asOf`; when none counts (or without `asOf`), the most preferred one holding any
 * observation. Key `data type|table|geo` (readKey) → series.
 */
export function readSeries(rows: readonly SeriesPoint[], asOf?: string): Map<string, string> {
  const groups = new Map<string, Map<string, SeriesPoint[]>>();
  // Rows of one series of one geo usually come one after another (the store reads them so): a row like the one
  // before joins its list without building its key again. Any order gives the same groups.
  let previous: SeriesPoint | undefined;
  let list: SeriesPoint[] = [];
  for (const o of rows) {
    if (
      previous === undefined ||
      o.series !== previous.series ||
      o.geo !== previous.geo ||
      o.table !== previous.table ||
      o.dataType !== previous.dataType
    ) {
      const key = readKey(o);
      let bySeries = groups.get(key);
      if (!bySeries) groups.set(key, (bySeries = new Map()));
      let found = bySeries.get(o.series);
      if (!found) bySeries.set(o.series, (found = []));
      list = found;
    }
    list.push(o);
    previous = o;
  }
  const chosen = new Map<string, string>();
  const seen = new Map<string, boolean>();
  for (const [key, bySeries] of groups) {
    const table = key.split("|")[1]!;
    const config = anyTableConfig(table);
    const ranked = [...bySeries.keys()].sort(
      (a, b) =>
        compareSeriesPreference(seriesPreference(config, a), seriesPreference(config, b)) ||
        (a < b ? -1 : a > b ? 1 : 0),
    );
    const counting =
      asOf === undefined ? undefined : ranked.find((series) => anyCounts(bySeries.get(series)!, asOf, seen));
    chosen.set(key, counting ?? ranked[0]!);
  }
  return chosen;
}
