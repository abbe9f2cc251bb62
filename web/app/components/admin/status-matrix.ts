// The data status as a matrix (what `jwi status` prints): per country and data type the newest series held, and
// whether the server found it past its data type's cut-off. Countries come first; Eurostat's aggregates after them.
import { COUNTRIES } from "../../../../lib/countries.ts";
import type { StoredDataType } from "../../../../pipeline/types.ts";
import type { StatusReport } from "../../lib/admin-api.ts";

export type Freshness = "fresh" | "stale";
type StatusRow = StatusReport["data"][number];

export interface Cell {
  newest: StatusRow;
  /** Every table holding this type for this country (une_rt_m and une_rt_q, …). */
  rows: StatusRow[];
  freshness: Freshness;
}

/** Whether the server found the series past the model's cut-off (pipeline/model/current.ts `withinCutoff`). */
const freshnessOf = (row: StatusRow): Freshness => (row.stale ? "stale" : "fresh");

export function matrix(report: StatusReport) {
  const byGeo = new Map<string, Map<StoredDataType, Cell>>();
  for (const row of report.data) {
    let cells = byGeo.get(row.country);
    if (!cells) byGeo.set(row.country, (cells = new Map()));
    const cell = cells.get(row.data_type);
    if (!cell) {
      cells.set(row.data_type, { newest: row, rows: [row], freshness: freshnessOf(row) });
    } else {
      cell.rows.push(row);
      // v2.2: a series kept but not read (another series of its table is) never stands for the cell.
      const better = row.read !== false && (cell.newest.read === false || row.age_months < cell.newest.age_months);
      if (better) {
        cell.newest = row;
        cell.freshness = freshnessOf(row);
      }
    }
  }
  const countryCodes = new Set(COUNTRIES.map((c) => c.code));
  const aggregates = [...byGeo.keys()].filter((g) => !countryCodes.has(g)).sort();
  return { byGeo, aggregates };
}

export type StatusMatrix = ReturnType<typeof matrix>;
export type Geo = { code: string; name: string; aggregate: boolean };
