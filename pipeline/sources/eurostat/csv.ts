// Eurostat CSV downloads → ParsedFile, with the same tables, pins, messages and results as JSON-stat:
//  - SDMX-CSV as the data browser downloads it: `DATAFLOW,LAST UPDATE,<dimension columns>,TIME_PERIOD,OBS_VALUE,
//    OBS_FLAG[,CONF_STATUS]`, dimension cells as codes or as labels (labels.ts);
//  - a plain CSV with one column per dimension code plus `time` and `value` (an empty value = no observation).
// The table is named by DATAFLOW when the file has it, else recognised from its dimension columns and frequency.
// DuckDB reads the file (sources/csv) in one pass: it lists each dimension's categories and keeps, on the way,
// the rows of the series the first row's table pins (each with its data row number: Observation.ref, 1 = the
// first row after the header). A second pass is made only when that guess could not be relied on.
import { InputError } from "../../../lib/errors.ts";
import type { Observation, ParsedFile, Period } from "../../types.ts";
import { HEADER_ONLY, SqlParams, badValueSql, numberCell, shownCell, type CsvFile, type Row } from "../csv/csv-file.ts";
import { categoryCode, flagCode, labelsOf } from "./labels.ts";
import { normalisePeriod, type Frequency } from "./period.ts";
import { pinSeries, type PinDimension, type PinnedSeries } from "./pin.ts";
import {
  RowCollector,
  fileSelections,
  finishSeries,
  moreSeries,
  seriesUnit,
  storedGeo,
  withMoreSeries,
  type Selection,
  type StoredGeo,
} from "./series.ts";
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
  return new InputError(
    `This CSV has no ${what} column (${listed}), so it cannot give one value per country and period.`,
    {
      column: names[0],
    },
  );
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
    if (
      lower === "" ||
      roles.has(pos) ||
      pos > value ||
      META_COLUMNS.includes(lower) ||
      ATTRIBUTE_COLUMNS.includes(lower)
    )
      return;
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

/** A row of the candidate series, captured during the scan: data row number, geo, time, value and flag cells. */
interface Captured {
  r: number;
  g: string | null;
  t: string | null;
  v: string | null;
  f: string | null;
}

/** What the one full scan learns: the distinct cells of DATAFLOW and of every dimension column, and the candidate rows. */
interface Scan {
  rows: number;
  dims: Map<string, CsvDimension>;
  dataflows: string[];
  /** The first row's LAST UPDATE cell, or null. */
  updated: string | null;
  /** One per distinct combination of dimension cells (aligned with layout.dims), with its captured rows. */
  groups: Array<{ cells: Array<string | null>; captured: Captured[] }>;
  /** Per dimension id, the cells the capture condition accepted; absent = every cell (no condition). */
  accepted: Map<string, Set<string>>;
  /** Whether rows were captured at all (false when no table could be guessed before the scan). */
  capturing: boolean;
}

const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The cells that may stand for one of `codes` in `dimension`: the codes and the labels the dictionary knows for
 * them. A file whose pinned cells are other spellings (odd spaces, a CODE:Label form) is read again (readPinned).
 */
function candidateCells(dimension: string, codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => [code, ...labelsOf(dimension, code)]))];
}

/**
 * The table the first data row suggests (its DATAFLOW, else the dimension columns and its frequency), so that the
 * one scan can already keep the rows of that table's candidate series (null when it suggests none), and the
 * row's LAST UPDATE (Eurostat writes one per download).
 */
async function guessTable(
  file: CsvFile,
  layout: Layout,
  dataType: EurostatDataType,
): Promise<{ guess: TableConfig | null; updated: string | null }> {
  const freqPos = layout.dims.find((d) => d.id === "freq")?.pos ?? -1;
  const positions = [layout.dataflow, freqPos, layout.time, layout.updated];
  let first: Array<string | null>;
  if (file.firstRow !== null) {
    first = positions.map((pos) =>
      pos < 0 || file.firstRow![pos] === undefined || file.firstRow![pos] === "" ? null : file.firstRow![pos]!,
    );
  } else {
    const columns = positions.map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
    const [row] = await file.all(`SELECT ${columns.join(", ")} FROM ${file.source} LIMIT 1`);
    if (row === undefined) return { guess: null, updated: null };
    first = row.map(text);
  }
  const [dataflow, freq, time, updated] = first;
  const freqCode = freq === null ? null : categoryCode("freq", freq);
  const shape = {
    hasDimension: (id: string) => layout.dims.some((d) => d.id === id),
    freq:
      freqCode === "M" || freqCode === "Q"
        ? freqCode
        : time === null
          ? null
          : (normalisePeriod(time.trim())?.freq ?? null),
    label: null,
  };
  let guess: TableConfig | null;
  try {
    guess = resolveTable(dataflow === null ? null : dataflowTable(dataflow), shape, dataType, "");
  } catch {
    guess = null;
  }
  return { guess, updated: updated ?? null };
}

/**
 * The one full scan: per distinct combination of DATAFLOW and the dimension cells, the row count and,
 * for the candidate series of `guess` (its pinned dimensions at any of their accepted codes), the rows themselves.
 */
async function scan(file: CsvFile, layout: Layout, guess: TableConfig | null, updated: string | null): Promise<Scan> {
  const params = new SqlParams();
  const accepted = new Map<string, Set<string>>();
  const conditions: string[] = [];
  for (const rule of guess?.pins ?? []) {
    const dim = layout.dims.find((d) => d.id === rule.dimension);
    if (dim === undefined) continue;
    const cells = candidateCells(rule.dimension, rule.codes);
    accepted.set(rule.dimension, new Set(cells));
    conditions.push(`${file.col(dim.pos)} IN (${params.list(cells)})`);
  }
  const capture = guess === null ? "false" : conditions.length > 0 ? conditions.join(" AND ") : "true";
  const keys = [layout.dataflow, ...layout.dims.map((d) => d.pos)].map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
  const [g, t, v, f] = [layout.geo, layout.time, layout.value, layout.flag].map((pos) =>
    pos < 0 ? "NULL" : file.col(pos),
  );
  const keyNames = keys.map((_, i) => `k${i}`);
  // The captured rows of a group come back as one JSON text (JSON.parse is far cheaper than converting a list of
  // structs value by value, and JSON keeps every cell and null exactly).
  // Every row's value is checked on the way (badValueSql), whatever its series or country: the first row whose
  // value is not a complete number (a file cut off in the middle of its last number) rejects the file.
  const sql = `SELECT ${keyNames.join(", ")}, count(*)::INTEGER, to_json(list(row) FILTER (WHERE row IS NOT NULL))::VARCHAR,
                      min(bad)::INTEGER, arg_min(v, bad)
    FROM (SELECT ${keys.map((k, i) => `${k} AS k${i}`).join(", ")},
                 CASE WHEN ${capture} THEN {'r': r::INTEGER, 'g': ${g}, 't': ${t}, 'v': ${v}, 'f': ${f}} END AS row,
                 CASE WHEN ${badValueSql(v)} THEN r END AS bad, ${v} AS v
            FROM (SELECT row_number() OVER () AS r, * FROM ${file.source}))
    GROUP BY ALL`;
  const rows = await file.all(sql, params.values);
  const distinct = keys.map(() => new Set<string>());
  const groups: Scan["groups"] = [];
  let count = 0;
  let bad: { row: number; cell: string } | null = null;
  for (const row of rows) {
    const badRow = row[keys.length + 2];
    if (badRow !== null && badRow !== undefined && (bad === null || Number(badRow) < bad.row)) {
      bad = { row: Number(badRow), cell: String(row[keys.length + 3]) };
    }
    keys.forEach((_, i) => {
      const cell = text(row[i]);
      if (cell !== null && cell.trim() !== "") distinct[i]!.add(cell);
    });
    count += Number(row[keys.length]);
    const captured = row[keys.length + 1];
    groups.push({
      cells: row.slice(1, keys.length).map(text),
      captured: typeof captured === "string" ? ((JSON.parse(captured) as Captured[] | null) ?? []) : [],
    });
  }
  if (bad !== null) numberCell(bad.cell, bad.row, file.header[layout.value]!); // throws: names the row
  return {
    rows: count,
    dims: new Map(layout.dims.map((d, i) => [d.id, csvDimension(d.id, distinct[i + 1]!)])),
    dataflows: [...distinct[0]!].map((c) => c.trim()),
    updated,
    groups,
    accepted,
    capturing: guess !== null,
  };
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
async function fileFrequency(file: CsvFile, layout: Layout, cats: Scan): Promise<Frequency | null> {
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
  const first = await file.all(
    `SELECT ${file.col(layout.time)} FROM ${file.source} WHERE ${file.col(layout.time)} IS NOT NULL LIMIT 1`,
  );
  const label = text(first[0]?.[0]);
  return label === null ? null : (normalisePeriod(label.trim())?.freq ?? null);
}

async function fileTable(file: CsvFile, layout: Layout, cats: Scan, dataType: EurostatDataType): Promise<TableConfig> {
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
function capturedRows(
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
async function readPinned(
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
const selectionKey = (codes: Selection): string => codes.map(([d, c]) => `${d}=${c}`).join(",");

/**
 * The rows of the file's other selections (its other accepted series and its sectors, series.ts fileSelections) in
 * one more pass, by selection; only asked for when there are any.
 */
async function readSelections(
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
function collect(
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

function readNote(config: TableConfig, layout: Layout, cats: Scan): string {
  const labelled = [...cats.dims.values()].some((d) => d.labelled);
  const format = layout.sdmx
    ? `SDMX-CSV (cells as ${labelled ? "labels" : "codes"})`
    : "CSV with one column per dimension";
  const updated = cats.updated === null ? "" : `, updated ${lastUpdateStamp(cats.updated)}`;
  return `Read Eurostat table ${config.table} from ${format}${updated}.`;
}

/**
 * Parse one Eurostat CSV (SDMX-CSV with codes or labels, or one column per dimension) for `dataType`, read
 * through `file`. Throws InputError with a message for the operator naming the row or the column at fault;
 * never returns an empty success.
 */
export async function parseEurostatCsv(file: CsvFile, dataType: EurostatDataType): Promise<ParsedFile> {
  const layout = csvLayout(file);
  const { guess, updated } = await guessTable(file, layout, dataType);
  const cats = await scan(file, layout, guess, updated);
  if (cats.rows === 0) throw new InputError(HEADER_ONLY);
  const config = await fileTable(file, layout, cats, dataType);
  const geoId = "geo";
  const pinned = pinSeries({ ids: layout.dims.map((d) => d.id), dimension: (id) => cats.dims.get(id) }, config, [
    geoId,
  ]);
  const { geoOf, unknown } = classifyGeoCells(cats.dims.get(geoId)!);
  const unit = seriesUnit(config, pinned);
  const rows =
    geoOf.size === 0
      ? []
      : (capturedRows(layout, cats, guess, config, pinned, geoOf) ??
        (await readPinned(file, layout, cats, pinned, geoOf)));
  const main = collect(rows, file, layout, config, unit, geoOf);
  // The file's other accepted series and its sectors (docs/model.md §1 "Series", v2.3 §11), in one more pass.
  const selections = fileSelections(config, { dimension: (id) => cats.dims.get(id) }, pinned);
  const wanted = [...selections.others, ...selections.sectors];
  const rowsOf =
    wanted.length > 0 && geoOf.size > 0 ? await readSelections(file, layout, cats, wanted, geoOf) : new Map();
  const read = (codes: Selection, dataType: Observation["dataType"]) => ({
    codes,
    observations: collect(rowsOf.get(selectionKey(codes)) ?? [], file, layout, config, unit, geoOf, dataType)
      .observations,
  });
  const more = moreSeries(
    config,
    selections.others.map((codes) => read(codes, config.dataType)),
    selections.sectors.map((codes) => read(codes, "sector_vacancy")),
  );
  const parsed = finishSeries({
    config,
    pinned,
    unit,
    stored: main.storedInOrder(geoOf.values()),
    unknown,
    observations: main.observations,
    processed: main.processed,
    skippedMissing: main.skippedMissing,
    readNote: readNote(config, layout, cats),
    sourceUpdated: cats.updated === null ? null : lastUpdateStamp(cats.updated),
    refKind: "row",
    extraNotes: more.notes,
  });
  return withMoreSeries(parsed, more);
}
