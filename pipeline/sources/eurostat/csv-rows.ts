// The rows of a Eurostat CSV's series → observations: the pinned series from what the scan captured (or a second
// pass), the file's other series and sectors in one more pass, each row's period, number and flag checked.
import { InputError } from "../../../lib/errors.ts";
import type { Observation, Period } from "../../types.ts";
import { SqlParams, numberCell, shownCell, type CsvFile, type Row } from "../csv/csv-file.ts";
import type { Layout } from "./csv-columns.ts";
import type { Captured, CsvDimension, Scan } from "./csv-scan.ts";
import { flagCode } from "./labels.ts";
import { normalisePeriod } from "./period.ts";
import type { PinnedSeries } from "./pin.ts";
import { RowCollector, storedGeo, type Selection, type StoredGeo } from "./series.ts";
import type { TableConfig } from "./tables.ts";

function readPeriod(cell: string | null, row: number, config: TableConfig): Period {
  const label = cell?.trim() ?? "";
  const p = normalisePeriod(label);
  const shown = shownCell(label);
  if (p === null) {
    throw new InputError(
      `Row ${row}: time period "${shown}" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.`,
      { row, period: shown },
    );
  }
  if (p.freq !== config.freq) {
    const [is, want] = p.freq === "M" ? ["monthly", "quarterly"] : ["quarterly", "monthly"];
    throw new InputError(`Row ${row}: time period "${shown}" is ${is}, but ${config.table} is a ${want} table.`, {
      row,
      period: shown,
    });
  }
  return p.period;
}

/**
 * The pinned series' rows of the stored geos out of what the scan captured, in file order; null when the scan
 * may have missed some (no table guessed, another table, or pinned cells the capture condition did not accept).
 */
export function capturedRows(
  layout: Layout,
  cats: Scan,
  guess: TableConfig | null,
  config: TableConfig,
  pinned: PinnedSeries,
  geoOf: ReadonlyMap<string, StoredGeo>,
): Captured[] | null {
  if (!cats.capturing || guess?.table !== config.table) return null;
  const wanted: Array<{ i: number; cells: Set<string> }> = [];
  for (const [id, code] of pinned.codes) {
    const cells = cats.dims.get(id)!.cellsOf.get(code)!;
    const accepted = cats.accepted.get(id);
    if (accepted !== undefined && !cells.every((c) => accepted.has(c))) return null;
    wanted.push({ i: layout.dims.findIndex((d) => d.id === id), cells: new Set(cells) });
  }
  const out: Captured[] = [];
  for (const group of cats.groups) {
    if (!wanted.every(({ i, cells }) => group.cells[i] != null && cells.has(group.cells[i]!))) continue;
    for (const row of group.captured) if (row.g !== null && geoOf.has(row.g)) out.push(row);
  }
  return out.sort((a, b) => a.r - b.r);
}

/**
 * A second pass, only when the scan did not capture the pinned series: its rows for the stored geos, in file
 * order, each with its data row number. Only those rows leave DuckDB.
 */
export async function readPinned(
  file: CsvFile,
  layout: Layout,
  cats: Scan,
  pinned: PinnedSeries,
  geoOf: ReadonlyMap<string, StoredGeo>,
): Promise<Captured[]> {
  const params = new SqlParams();
  const conditions = [`${file.col(layout.geo)} IN (${params.list([...geoOf.keys()])})`];
  for (const [id, code] of pinned.codes) {
    const pos = layout.dims.find((d) => d.id === id)!.pos;
    conditions.push(`${file.col(pos)} IN (${params.list(cats.dims.get(id)!.cellsOf.get(code)!)})`);
  }
  const fields = [layout.geo, layout.time, layout.value, layout.flag].map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
  const sql = `SELECT r::INTEGER, k FROM (
      SELECT row_number() OVER () AS r, CASE WHEN ${conditions.join(" AND ")} THEN [${fields.join(", ")}] END AS k
        FROM ${file.source}) WHERE k IS NOT NULL ORDER BY r`;
  const out: Captured[] = [];
  await file.each(sql, params.values, (record: Row) => {
    const [g, t, v, f] = record[1] as Array<string | null>;
    out.push({ r: Number(record[0]), g: g!, t, v, f });
  });
  return out;
}

/** A selection's key: its codes in order (`s_adj=NSA,nace_r2=C,…`). */
export const selectionKey = (codes: Selection): string => codes.map(([d, c]) => `${d}=${c}`).join(",");

/**
 * The rows of the file's other selections (its other accepted series and its sectors, series.ts fileSelections) in
 * one more pass, by selection; only asked for when there are any.
 */
export async function readSelections(
  file: CsvFile,
  layout: Layout,
  cats: Scan,
  selections: readonly Selection[],
  geoOf: ReadonlyMap<string, StoredGeo>,
): Promise<Map<string, Captured[]>> {
  const ids = selections[0]!.map(([d]) => d);
  const params = new SqlParams();
  const conditions = [`${file.col(layout.geo)} IN (${params.list([...geoOf.keys()])})`];
  const codeOf = new Map<string, Map<string, string>>();
  for (const id of ids) {
    const dim = cats.dims.get(id)!;
    const wanted = new Set(selections.map((sel) => sel.find(([d]) => d === id)![1]));
    const cells = [...wanted].flatMap((code) => dim.cellsOf.get(code) ?? []);
    codeOf.set(
      id,
      new Map([...wanted].flatMap((code) => (dim.cellsOf.get(code) ?? []).map((c) => [c, code] as const))),
    );
    conditions.push(`${file.col(layout.dims.find((d) => d.id === id)!.pos)} IN (${params.list(cells)})`);
  }
  const fields = [
    ...[layout.geo, layout.time, layout.value, layout.flag].map((pos) => (pos < 0 ? "NULL" : file.col(pos))),
    ...ids.map((id) => file.col(layout.dims.find((d) => d.id === id)!.pos)),
  ];
  const sql = `SELECT r::INTEGER, k FROM (
      SELECT row_number() OVER () AS r, CASE WHEN ${conditions.join(" AND ")} THEN [${fields.join(", ")}] END AS k
        FROM ${file.source}) WHERE k IS NOT NULL ORDER BY r`;
  const out = new Map<string, Captured[]>();
  await file.each(sql, params.values, (record: Row) => {
    const [g, t, v, f, ...cells] = record[1] as Array<string | null>;
    const key = selectionKey(ids.map((id, i) => [id, codeOf.get(id)!.get(cells[i]!) ?? ""] as const));
    const list = out.get(key) ?? [];
    list.push({ r: Number(record[0]), g: g!, t, v, f });
    out.set(key, list);
  });
  return out;
}

/** The pinned series' rows → observations (periods, numbers and flags checked row by row). */
export function collect(
  rows: readonly Captured[],
  file: CsvFile,
  layout: Layout,
  config: TableConfig,
  unit: string,
  geoOf: ReadonlyMap<string, StoredGeo>,
  dataType: Observation["dataType"] = config.dataType,
): RowCollector {
  const collector = new RowCollector({ dataType, table: config.table, unit });
  const valueColumn = file.header[layout.value]!;
  for (const { r, g, t, v, f } of rows) {
    collector.add(r, geoOf.get(g!)!, readPeriod(t, r, config), numberCell(v, r, valueColumn), flagCode(f));
  }
  return collector;
}

/** The geo column's cells → stored geos (by cell) and the cells that map to none (unknownHeaders). */
export function classifyGeoCells(geo: CsvDimension): { geoOf: Map<string, StoredGeo>; unknown: string[] } {
  const geoOf = new Map<string, StoredGeo>();
  const unknown: string[] = [];
  for (const [code, cells] of geo.cellsOf) {
    const kept = storedGeo(code);
    for (const cell of cells) {
      if (kept !== null) geoOf.set(cell, kept);
      else if (!unknown.includes(cell.trim())) unknown.push(cell.trim());
    }
  }
  return { geoOf, unknown: unknown.sort() };
}
