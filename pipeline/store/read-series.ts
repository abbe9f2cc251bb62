// v2.2 read rule: one series per (data type, table, geo) (docs/model.md §1 "Series"). Pure: no I/O. Used by
// recalc's input assembly (pipeline/recalc.ts) and by the data status (pipeline/store-status.ts).
import { familyOfDataType, withinCutoff } from "../model/current.ts";
import { ageInMonths } from "../model/period.ts";
import { anyTableConfig } from "../sources/all-tables.ts";
import { compareSeriesPreference, seriesPreference } from "../sources/series-key.ts";
import type { StoredObservation } from "./observations.ts";

/** Does any of `rows` count at `asOf` (a date or month): not after it, and within its family's cut-off. */
function countsAt(rows: readonly StoredObservation[], asOf: string): boolean {
  return rows.some((o) => {
    const age = ageInMonths(o.period, asOf);
    return age >= 0 && withinCutoff(o.period, familyOfDataType(o.dataType), asOf);
  });
}

/**
 * v2.2: the one series read per (data type, table, geo), and the rest kept unread (docs/model.md §1 "Series"):
 * the most preferred series (NACE pin order, then SA before NSA, then the other pins as listed) that has an
 * observation counting at `asOf`; when none counts (or without `asOf`), the most preferred one holding any
 * observation. Key `data type|table|geo` → series.
 */
export function readSeries(rows: readonly StoredObservation[], asOf?: string): Map<string, string> {
  const groups = new Map<string, Map<string, StoredObservation[]>>();
  for (const o of rows) {
    const key = `${o.dataType}|${o.table}|${o.geo}`;
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
    const counting = asOf === undefined ? undefined : ranked.find((series) => countsAt(bySeries.get(series)!, asOf));
    chosen.set(key, counting ?? ranked[0]!);
  }
  return chosen;
}
