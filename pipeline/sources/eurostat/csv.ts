// Eurostat CSV downloads → ParsedFile, with the same tables, pins, messages and results as JSON-stat:
//  - SDMX-CSV as the data browser downloads it: `DATAFLOW,LAST UPDATE,<dimension columns>,TIME_PERIOD,OBS_VALUE,
//    OBS_FLAG[,CONF_STATUS]`, dimension cells as codes or as labels (labels.ts);
//  - a plain CSV with one column per dimension code plus `time` and `value` (an empty value = no observation).
// The table is named by DATAFLOW when the file has it, else recognised from its dimension columns and frequency.
// DuckDB reads the file (sources/csv): one pass lists each dimension's categories, a second pass returns only
// the rows of the pinned series, each with its data row number (Observation.ref; 1 = the first row after the header).
import { InputError } from "../../errors.ts";
import type { ParsedFile, Period } from "../../types.ts";
import { HEADER_ONLY, SqlParams, numberCell, type CsvFile, type Row } from "../csv/csv-file.ts";
import { categoryCode, flagCode } from "./labels.ts";
import { normalisePeriod, type Frequency } from "./period.ts";
import { pinSeries, type PinDimension, type PinnedSeries } from "./pin.ts";
import { RowCollector, finishSeries, seriesUnit, storedGeo, type StoredGeo } from "./series.ts";
import { resolveTable, type EurostatDataType, type TableConfig } from "./tables.ts";

/** Columns that describe the file, not the series. */
const META_COLUMNS = ["dataflow", "structure", "structure_id", "action", "last update"];
/** Observation attributes (flags, confidentiality): never dimensions. */
const ATTRIBUTE_COLUMNS = ["obs_flag", "obs_status", "conf_status", "flag", "flags", "status"];

/** Which column plays which part. Positions in the header; -1 when absent. */
interface Layout {
  dataflow: number;
  updated: number;
  time: number;
  value: number;
  flag: number;
  /** Dimension columns: position and dimension id (lower case, `freq:Time frequency` → `freq`). */
  dims: Array<{ pos: number; id: string }>;
  geo: number;
  /** True for SDMX-CSV (TIME_PERIOD / OBS_VALUE / DATAFLOW), false for one column per dimension code. */
  sdmx: boolean;
}

const dimensionId = (name: string): string => name.split(":")[0]!.trim().toLowerCase();

function missingColumn(what: string, names: readonly string[]): InputError {
  const listed = names.map((n) => `"${n}"`).join(" or ");
  return new InputError(`This CSV has no ${what} column (${listed}), so it cannot give one value per country and period.`, {
    column: names[0],
  });
}

/** Recognises the columns; InputError naming a needed column (time, value, geo) the file lacks. */
export function csvLayout(file: Pick<CsvFile, "header" | "column">): Layout {
  const time = file.column("TIME_PERIOD", "time");
  if (time < 0) throw missingColumn("time", ["TIME_PERIOD", "time"]);
  const value = file.column("OBS_VALUE", "value");
  if (value < 0) throw missingColumn("value", ["OBS_VALUE", "value"]);
  const roles = new Set([time, value]);
  const dims: Layout["dims"] = [];
  file.header.forEach((name, pos) => {
    const lower = name.trim().toLowerCase();
    if (lower === "" || roles.has(pos) || pos > value || META_COLUMNS.includes(lower) || ATTRIBUTE_COLUMNS.includes(lower)) return;
    dims.push({ pos, id: dimensionId(name) });
  });
  const geo = dims.find((d) => d.id === "geo")?.pos ?? -1;
  if (geo < 0) throw missingColumn("geo", ["geo"]);
  const dataflow = file.column("DATAFLOW", "STRUCTURE_ID");
  return {
    dataflow,
    updated: file.column("LAST UPDATE"),
    time,
    value,
    flag: file.column("OBS_FLAG", "OBS_STATUS", "flag", "status"),
    dims,
    geo,
    sdmx: dataflow >= 0 || file.header[time]!.toUpperCase() === "TIME_PERIOD",
  };
}

/** `ESTAT:UNE_RT_M(1.0)` → `une_rt_m`; `une_rt_m` as is. */
export function dataflowTable(cell: string): string {
  const m = /^(?:[A-Za-z0-9_.-]+:)?([A-Za-z0-9_]+)(?:\([^)]*\))?$/.exec(cell.trim());
  return (m ? m[1]! : cell.trim()).toLowerCase();
}

/** The data browser's `LAST UPDATE` (`06/06/25 23:00:00`, day first) → `2025-06-06T23:00:00`; other text as is. */
export function lastUpdateStamp(cell: string): string {
  const m = /^(\d{2})\/(\d{2})\/(\d{2}|\d{4})(?: (\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(cell.trim());
  if (!m) return cell.trim();
  const year = m[3]!.length === 2 ? `20${m[3]}` : m[3]!;
  return `${year}-${m[2]}-${m[1]}T${m[4] ?? "00"}:${m[5] ?? "00"}:${m[6] ?? "00"}`;
}

/** One dimension column's categories: code → the cells (codes or labels) that stand for it. */
interface CsvDimension extends PinDimension {
  cellsOf: Map<string, string[]>;
  /** True when some cell was a label, not a code. */
  labelled: boolean;
}

function csvDimension(id: string, cells: Iterable<string>): CsvDimension {
  const cellsOf = new Map<string, string[]>();
  let labelled = false;
  for (const cell of cells) {
    const code = categoryCode(id, cell);
    if (code !== cell.trim()) labelled = true;
    const list = cellsOf.get(code);
    if (list) list.push(cell);
    else cellsOf.set(code, [cell]);
  }
  const codes = [...cellsOf.keys()].sort();
  const positions = new Map(codes.map((c, i) => [c, i]));
  return { id, codes, positionOf: (code) => positions.get(code), cellsOf, labelled };
}

/** What pass 1 learns: the distinct cells of each dimension column, of DATAFLOW and of LAST UPDATE, and the row count. */
interface Categories {
  rows: number;
  dims: Map<string, CsvDimension>;
  dataflows: string[];
  updates: string[];
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));


async function readCategories(file: CsvFile, layout: Layout): Promise<Categories> {
  const columns = [layout.dataflow, layout.updated, ...layout.dims.map((d) => d.pos)];
  const selected = columns.map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
  const groups = await file.all(`SELECT ${selected.join(", ")}, count(*)::INTEGER FROM ${file.source} GROUP BY ALL`);
  const distinct = columns.map(() => new Set<string>());
  let rows = 0;
  for (const group of groups) {
    columns.forEach((_, i) => {
      const cell = text(group[i]);
      if (cell !== null && cell.trim() !== "") distinct[i]!.add(cell);
    });
    rows += Number(group[columns.length]);
  }
  const dims = new Map(layout.dims.map((d, i) => [d.id, csvDimension(d.id, distinct[i + 2]!)]));
  return { rows, dims, dataflows: [...distinct[0]!].map((c) => c.trim()), updates: [...distinct[1]!] };
}

/** The first data row of each distinct value of a column, in file order (only asked for when rejecting a file). */
async function firstRows(file: CsvFile, pos: number): Promise<Array<[string, number]>> {
  const rows = await file.all(
    `SELECT v, min(r)::INTEGER FROM (SELECT row_number() OVER () AS r, ${file.col(pos)} AS v FROM ${file.source})
      WHERE v IS NOT NULL GROUP BY v ORDER BY 2`,
  );
  return rows.map(([v, r]) => [String(v).trim(), Number(r)]);
}

/** `A (from row 1), B (from row 734)`: the first row of each code (after label mapping). */
async function whereEach(file: CsvFile, pos: number, codeOf: (cell: string) => string): Promise<string> {
  const seen = new Map<string, number>();
  for (const [cell, row] of await firstRows(file, pos)) {
    const code = codeOf(cell);
    if (!seen.has(code)) seen.set(code, row);
  }
  return [...seen].map(([code, row]) => `${code} from row ${row}`).join(", ");
}

/** The file's frequency: its `freq` column's one category, else its first time period's. InputError for two. */
async function fileFrequency(file: CsvFile, layout: Layout, cats: Categories): Promise<Frequency | null> {
  const freq = cats.dims.get("freq");
  if (freq && freq.codes.length > 1) {
    const pos = layout.dims.find((d) => d.id === "freq")!.pos;
    throw new InputError(
      `This CSV mixes ${freq.codes.length} frequencies (${await whereEach(file, pos, (c) => categoryCode("freq", c))}); upload one table, of one frequency, per file.`,
      { column: file.header[pos] },
    );
  }
  const code = freq?.codes[0];
  if (code === "M" || code === "Q") return code;
  const first = await file.all(`SELECT ${file.col(layout.time)} FROM ${file.source} WHERE ${file.col(layout.time)} IS NOT NULL LIMIT 1`);
  const label = text(first[0]?.[0]);
  return label === null ? null : (normalisePeriod(label.trim())?.freq ?? null);
}

async function fileTable(file: CsvFile, layout: Layout, cats: Categories, dataType: EurostatDataType): Promise<TableConfig> {
  const tables = [...new Set(cats.dataflows.map(dataflowTable))];
  if (tables.length > 1) {
    throw new InputError(
      `This CSV mixes ${tables.length} tables (${await whereEach(file, layout.dataflow, (c) => c.trim())}); upload one table per file.`,
      { column: file.header[layout.dataflow] },
    );
  }
  const freq = await fileFrequency(file, layout, cats);
  const shape = { hasDimension: (id: string) => cats.dims.has(id), freq, label: null };
  return resolveTable(tables[0] ?? null, shape, dataType, "it has no DATAFLOW column");
}

function readPeriod(cell: string | null, row: number, config: TableConfig): Period {
  const label = cell?.trim() ?? "";
  const p = normalisePeriod(label);
  if (p === null) {
    throw new InputError(
      `Row ${row}: time period "${label}" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.`,
      { row, period: label },
    );
  }
  if (p.freq !== config.freq) {
    const [is, want] = p.freq === "M" ? ["monthly", "quarterly"] : ["quarterly", "monthly"];
    throw new InputError(`Row ${row}: time period "${label}" is ${is}, but ${config.table} is a ${want} table.`, { row, period: label });
  }
  return p.period;
}

/**
 * Pass 2: the rows of the pinned series for the stored geos, in file order, each with its data row number.
 * Only those rows leave DuckDB (the others are NULL in the window and filtered out).
 */
async function readPinned(
  file: CsvFile,
  layout: Layout,
  cats: Categories,
  config: TableConfig,
  pinned: PinnedSeries,
  geoOf: ReadonlyMap<string, StoredGeo>,
): Promise<RowCollector> {
  const params = new SqlParams();
  const conditions = [`${file.col(layout.geo)} IN (${params.list([...geoOf.keys()])})`];
  for (const [id, code] of pinned.codes) {
    const dim = cats.dims.get(id)!;
    if (dim.codes.length === 1) continue; // nothing to filter
    conditions.push(`${file.col(layout.dims.find((d) => d.id === id)!.pos)} IN (${params.list(dim.cellsOf.get(code)!)})`);
  }
  const fields = [layout.geo, layout.time, layout.value, layout.flag].map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
  const sql = `SELECT r::INTEGER, k FROM (
      SELECT row_number() OVER () AS r, CASE WHEN ${conditions.join(" AND ")} THEN [${fields.join(", ")}] END AS k
        FROM ${file.source}) WHERE k IS NOT NULL ORDER BY r`;
  const rows = new RowCollector({ dataType: config.dataType, table: config.table, unit: seriesUnit(config, pinned) });
  const valueColumn = file.header[layout.value]!;
  await file.each(sql, params.values, (record: Row) => {
    const row = Number(record[0]);
    const [geoCell, timeCell, valueCell, flagCell] = record[1] as Array<string | null>;
    rows.add(row, geoOf.get(geoCell!)!, readPeriod(timeCell, row, config), numberCell(valueCell, row, valueColumn), flagCode(flagCell));
  });
  return rows;
}

/** The geo column's cells → stored geos (by cell) and the cells that map to none (unknownHeaders). */
function classifyGeoCells(geo: CsvDimension): { geoOf: Map<string, StoredGeo>; unknown: string[] } {
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

function readNote(config: TableConfig, layout: Layout, cats: Categories): string {
  const labelled = [...cats.dims.values()].some((d) => d.labelled);
  const format = layout.sdmx ? `SDMX-CSV (cells as ${labelled ? "labels" : "codes"})` : "CSV with one column per dimension";
  const updates = cats.updates.map(lastUpdateStamp).sort();
  const updated = updates.length > 0 ? `, updated ${updates[updates.length - 1]}` : "";
  return `Read Eurostat table ${config.table} from ${format}${updated}.`;
}

/**
 * Parse one Eurostat CSV (SDMX-CSV with codes or labels, or one column per dimension) for `dataType`, read
 * through `file`. Throws InputError with a message for the operator naming the row or the column at fault;
 * never returns an empty success.
 */
export async function parseEurostatCsv(file: CsvFile, dataType: EurostatDataType): Promise<ParsedFile> {
  const layout = csvLayout(file);
  const cats = await readCategories(file, layout);
  if (cats.rows === 0) throw new InputError(HEADER_ONLY);
  const config = await fileTable(file, layout, cats, dataType);
  const geoId = "geo";
  const pinned = pinSeries({ ids: layout.dims.map((d) => d.id), dimension: (id) => cats.dims.get(id) }, config, [geoId]);
  const { geoOf, unknown } = classifyGeoCells(cats.dims.get(geoId)!);
  const unit = seriesUnit(config, pinned);
  const read =
    geoOf.size === 0
      ? new RowCollector({ dataType: config.dataType, table: config.table, unit })
      : await readPinned(file, layout, cats, config, pinned, geoOf);
  const updates = cats.updates.map(lastUpdateStamp).sort();
  return finishSeries({
    config,
    pinned,
    unit,
    stored: read.storedInOrder(geoOf.values()),
    unknown,
    observations: read.observations,
    processed: read.processed,
    skippedMissing: read.skippedMissing,
    readNote: readNote(config, layout, cats),
    sourceUpdated: updates.length > 0 ? updates[updates.length - 1]! : null,
    refKind: "row",
  });
}
