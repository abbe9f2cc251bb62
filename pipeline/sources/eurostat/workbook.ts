// The Eurostat data browser's spreadsheet (score model v2.3, docs/data-sources.md "The data browser's workbook"):
// "Download → Spreadsheet (all sheets)" (or one sheet) as a fourth encoding of every Eurostat table, beside JSON-stat,
// SDMX-CSV and the per-dimension CSV, with the same tables, pins, messages and results.
//
// A workbook holds a `Summary` sheet (ignored) and one data sheet per combination of the dimensions that are not
// rows or columns. Each data sheet names its table in a header row (`Dataset: <title> [<code>$<view>]`), its release
// (`Last updated: 19/11/2025 11:00`), each fixed dimension by its label (`Seasonal adjustment` / `Seasonally adjusted
// data, not calendar adjusted data`), then a `TIME` row of periods across, a `GEO (Labels)` (or `GEO (Codes)`) row,
// and one row per geo by its English name (or code). Each value column is followed by a flag column (`p`, `d`, `b`,
// `C` …); `:` is "not available". The sheets are chosen by the table's pins, read from their labels (labels.ts); the
// table by its code. Runs inside the guarded parse process (sources/barometer/parse-guarded.ts). Pure otherwise.
import type ExcelJS from "exceljs";
import { InputError } from "../../../lib/errors.ts";
import type { DataType, Observation, ParsedFile, Period } from "../../types.ts";
import { assertDataType } from "../../validate.ts";
import { address, gridOf, isEmpty, textOf, type Grid, type Plain } from "../xlsx/grid.ts";
import { lastUpdateStamp } from "./csv-columns.ts";
import { categoryCode, dimensionsForLabel, flagCode } from "./labels.ts";
import { normalisePeriod, type Frequency } from "./period.ts";
import { describePins, pinSeries, type PinDimension } from "./pin.ts";
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
import { resolveTable } from "./table-inference.ts";
import { tableConfig, type EurostatDataType, type TableConfig } from "./tables.ts";

export const NOT_A_DATA_BROWSER_WORKBOOK =
  'This workbook is not a Eurostat data browser spreadsheet: none of its sheets names a dataset in a header row ("Dataset: … [table code]") above a TIME row. Download the table from Eurostat\'s data browser with "Download → Spreadsheet", or upload it as JSON-stat or CSV.';

/** A barometer workbook uploaded as a Eurostat type. */
export const LOOKS_LIKE_BAROMETER =
  "This workbook looks like the European Labour Market Barometer (months and public employment services or countries, no Eurostat dataset): upload it with data type lmb.";

/** What one data sheet's header says, and where its table lies. */
interface BrowserSheet {
  grid: Grid;
  /** The table code of its `Dataset:` row (`ei_lmjv_q_r2`), lower case; null when the row has none. */
  table: string | null;
  title: string | null;
  /** `Last updated:` as written. */
  updated: string | null;
  /** The fixed dimensions: the header label and the value cell, in the sheet's order. */
  fixed: Array<{ label: string; value: string; row: number }>;
  /** Value columns with their period (as written) and their flag column (null: none). */
  periods: Array<{ col: number; label: string; flagCol: number | null }>;
  /** Geo rows: the row and its label (or code). */
  geos: Array<{ row: number; label: string }>;
}

/** A header row's cells after column A, joined (the data browser writes `Dataset: ` in A and the title in B). */
function rowText(g: Grid, r: number, from = 1): string {
  const parts: string[] = [];
  for (let c = from; c <= g.cols; c++) {
    const t = textOf(g.cell(r, c));
    if (t !== "") parts.push(t);
  }
  return parts.join(" ");
}

/** The first non-empty cell of a row after column A. */
function firstValue(g: Grid, r: number): string {
  for (let c = 2; c <= g.cols; c++) {
    const t = textOf(g.cell(r, c));
    if (t !== "") return t;
  }
  return "";
}

const startsWith = (g: Grid, r: number, word: RegExp): boolean => word.test(textOf(g.cell(r, 1)));

/** The rows of a data sheet's header. */
const HEADER = {
  extracted: /^data extracted\b/i,
  dataset: /^dataset\s*:/i,
  updated: /^last updated?\s*:/i,
  time: /^time(?:\s*\([^)]*\))?$/i,
  geo: /^geo(?:\s*\([^)]*\))?$/i,
  legend: /^(special value|observation flags|confidentiality flags|available flags)\b/i,
};

/** `Job vacancy rate - quarterly data [ei_lmjv_q_r2$defaultview]` → its title and table code. */
function datasetOf(text: string): { title: string | null; table: string | null } {
  const body = text.replace(HEADER.dataset, "").trim();
  const m = /\[([A-Za-z0-9_]+)(?:\$[^\]]*)?\]\s*$/.exec(body);
  return {
    title: (m ? body.slice(0, m.index) : body).trim() || null,
    table: m ? m[1]!.toLowerCase() : null,
  };
}

/** A data sheet's layout, or null for a sheet that is not one (the Summary, a chart, notes). */
function browserSheet(g: Grid): BrowserSheet | null {
  let datasetRow = 0;
  let timeRow = 0;
  for (let r = 1; r <= g.rows; r++) {
    if (datasetRow === 0 && startsWith(g, r, HEADER.dataset)) datasetRow = r;
    else if (datasetRow > 0 && startsWith(g, r, HEADER.time)) {
      timeRow = r;
      break;
    }
  }
  if (datasetRow === 0) return null;
  if (timeRow === 0) {
    throw new InputError(
      `Sheet "${g.sheet}" names a dataset but has no TIME row with the periods across: download the table from the data browser with its default layout (time across, countries down) and upload that workbook.`,
      { sheet: g.sheet },
    );
  }
  const { title, table } = datasetOf(rowText(g, datasetRow));
  let updated: string | null = null;
  const fixed: BrowserSheet["fixed"] = [];
  for (let r = datasetRow + 1; r < timeRow; r++) {
    if (isEmpty(g.cell(r, 1))) continue;
    if (startsWith(g, r, HEADER.updated)) {
      updated = rowText(g, r).replace(HEADER.updated, "").trim() || null;
      continue;
    }
    if (startsWith(g, r, HEADER.extracted)) continue;
    const value = firstValue(g, r);
    if (value !== "") fixed.push({ label: textOf(g.cell(r, 1)), value, row: r });
  }
  const periods: BrowserSheet["periods"] = [];
  for (let c = 2; c <= g.cols; c++) {
    const v = g.cell(timeRow, c);
    if (isEmpty(v)) continue;
    const label = textOf(v);
    if (normalisePeriod(label) === null) {
      throw new InputError(
        `Sheet "${g.sheet}", cell ${address(timeRow, c)}: time period "${label}" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.`,
        { sheet: g.sheet, period: label },
      );
    }
    // The flag column is the merged (or empty) neighbour of the value column.
    const flagCol = c + 1 <= g.cols && isEmpty(g.cell(timeRow, c + 1)) ? c + 1 : null;
    periods.push({ col: c, label, flagCol });
  }
  let geoRow = timeRow + 1;
  while (geoRow <= g.rows && !startsWith(g, geoRow, HEADER.geo) && isEmpty(g.cell(geoRow, 1))) geoRow++;
  const firstGeo = startsWith(g, geoRow, HEADER.geo) ? geoRow + 1 : geoRow;
  const geos: BrowserSheet["geos"] = [];
  for (let r = firstGeo; r <= g.rows; r++) {
    const label = textOf(g.cell(r, 1));
    if (label === "" || HEADER.legend.test(label)) break;
    geos.push({ row: r, label });
  }
  return { grid: g, table, title, updated, fixed, periods, geos };
}

/** One data sheet with each fixed dimension read as a code: `s_adj` → `SA`. */
interface CodedSheet {
  sheet: BrowserSheet;
  codes: Map<string, string>;
}

/** The dimension a header label stands for, given the table: one of its pins when the label may mean several. */
function dimensionOf(label: string, config: TableConfig | undefined): string {
  const candidates = dimensionsForLabel(label);
  const pinned = config?.pins.map((p) => p.dimension) ?? [];
  return candidates.find((id) => pinned.includes(id)) ?? candidates[0] ?? label;
}

function codedSheets(sheets: readonly BrowserSheet[], config: TableConfig | undefined): CodedSheet[] {
  const coded = sheets.map((sheet) => {
    const codes = new Map<string, string>();
    for (const { label, value } of sheet.fixed) {
      const id = dimensionOf(label, config);
      if (id === "geo" || id === "time") continue;
      codes.set(id, categoryCode(id, value));
    }
    return { sheet, codes };
  });
  // Every sheet of one download fixes the same dimensions; a sheet without one cannot be told apart.
  const all = [...new Set(coded.flatMap((c) => [...c.codes.keys()]))];
  for (const c of coded) {
    const missing = all.find((id) => !c.codes.has(id));
    if (missing !== undefined) {
      throw new InputError(
        `Sheet "${c.sheet.grid.sheet}" does not say its ${missing}, which the workbook's other sheets fix: upload the workbook as the data browser wrote it.`,
        { sheet: c.sheet.grid.sheet, dimension: missing },
      );
    }
  }
  return coded;
}

/** The workbook as pinning sees it: per fixed dimension, the codes its sheets hold. */
function pinSource(coded: readonly CodedSheet[]) {
  const ids = [...new Set(coded.flatMap((c) => [...c.codes.keys()]))];
  const dims = new Map<string, PinDimension>(
    ids.map((id) => {
      const codes = [...new Set(coded.map((c) => c.codes.get(id)!))].sort();
      const at = new Map(codes.map((code, i) => [code, i]));
      return [id, { id, codes, positionOf: (code: string) => at.get(code) }];
    }),
  );
  return { ids, dimension: (id: string) => dims.get(id) };
}

/** The sheet that holds exactly these codes; InputError for none or several. */
function sheetFor(coded: readonly CodedSheet[], codes: ReadonlyArray<readonly [string, string]>): CodedSheet | null {
  const matching = coded.filter((c) => codes.every(([id, code]) => c.codes.get(id) === code));
  if (matching.length > 1) {
    throw new InputError(
      `Sheets ${matching.map((m) => `"${m.sheet.grid.sheet}"`).join(" and ")} both hold ${codes.map(([d, c]) => `${d}=${c}`).join(", ")}: a workbook must hold one series per country and period. Upload the workbook as the data browser wrote it.`,
      { sheets: matching.map((m) => m.sheet.grid.sheet) },
    );
  }
  return matching[0] ?? null;
}

/** A value cell: a number, or null for `:` and an empty cell; InputError for other text. */
function cellValue(v: Plain, where: () => string): number | null {
  if (typeof v === "number") {
    if (Number.isFinite(v)) return v;
  } else if (isEmpty(v) || textOf(v) === ":") {
    return null;
  } else if (typeof v === "string") {
    const compact = v.replace(/[\s\u00a0\u202f]/g, "");
    if (/^[+-]?\d+(?:\.\d+)?$/.test(compact)) return Number(compact);
  }
  throw new InputError(`${where()}: "${textOf(v)}" is not a number (nor ":", not available).`);
}

interface SheetRead {
  collector: RowCollector;
  stored: Map<string, StoredGeo>;
  unknown: string[];
}

/** The observations of one sheet: geos by English label (or code), `:` missing, the flag from the next column. */
function readSheet(
  sheet: BrowserSheet,
  config: TableConfig,
  dataType: Observation["dataType"],
  unit: string,
): SheetRead {
  const g = sheet.grid;
  const collector = new RowCollector({ dataType, table: config.table, unit });
  const stored = new Map<string, StoredGeo>();
  const unknown: string[] = [];
  const periods = sheet.periods.map((p) => {
    const n = normalisePeriod(p.label)!;
    if (n.freq !== config.freq) {
      const [is, want] = n.freq === "M" ? ["monthly", "quarterly"] : ["quarterly", "monthly"];
      throw new InputError(
        `Sheet "${g.sheet}": time period "${p.label}" is ${is}, but ${config.table} is a ${want} table.`,
        { sheet: g.sheet, period: p.label },
      );
    }
    return { ...p, period: n.period as Period };
  });
  for (const { row, label } of sheet.geos) {
    const kept = storedGeo(categoryCode("geo", label));
    if (kept === null) {
      if (!unknown.includes(label)) unknown.push(label);
      continue;
    }
    stored.set(kept.geo, kept);
    for (const p of periods) {
      const value = cellValue(
        g.cell(row, p.col),
        () => `Sheet "${g.sheet}", cell ${address(row, p.col)} (${label}, ${p.period})`,
      );
      const flag = p.flagCol === null ? null : flagCode(textOf(g.cell(row, p.flagCol)));
      collector.add(row, kept, p.period, value, flag);
    }
  }
  return { collector, stored, unknown };
}

/** The table's frequency from the sheets' periods (null when they have none). */
function frequencyOf(sheets: readonly BrowserSheet[]): Frequency | null {
  const first = sheets.flatMap((s) => s.periods)[0];
  return first === undefined ? null : (normalisePeriod(first.label)?.freq ?? null);
}

/**
 * The table the data sheets hold (the one their `Dataset:` rows name, else recognised from their dimensions and
 * periods), with the sheets' fixed dimensions as codes of that table. InputError for sheets of several tables.
 */
function workbookTable(sheets: readonly BrowserSheet[], type: DataType): { config: TableConfig; coded: CodedSheet[] } {
  const tables = [...new Set(sheets.map((s) => s.table).filter((t): t is string => t !== null))];
  if (tables.length > 1) {
    throw new InputError(
      `This workbook mixes ${tables.length} tables (${tables.join(", ")}); download one table per workbook.`,
      { tables },
    );
  }
  const declared = tables[0] ?? null;
  const preliminary = declared === null ? undefined : tableConfig(declared, type);
  const firstCoded = codedSheets(sheets, preliminary);
  const shape = {
    hasDimension: (id: string) => firstCoded.some((c) => c.codes.has(id)),
    freq: frequencyOf(sheets),
    label: sheets[0]!.title,
  };
  const config = resolveTable(declared, shape, type as EurostatDataType, 'no sheet names its table ("[code]")');
  const coded = config === preliminary ? firstCoded : codedSheets(sheets, config);
  return { config, coded };
}

const quoted = (names: readonly string[]) => names.map((n) => `"${n}"`).join(", ");

/**
 * Parse a data browser workbook (already loaded) for `dataType`. Throws InputError with the operator's message: not
 * a data browser export, sheets of several tables, a table not accepted for the type, pins that hold no sheet or
 * several, a value that is not a number, an empty selection. For a vacancy table, every other NACE aggregate of the
 * same pins is returned as an extra series of data type `sector_vacancy` (score model v2.3 §11).
 */
export function parseEurostatWorkbook(wb: ExcelJS.Workbook, dataType: DataType): ParsedFile {
  const type = assertDataType(dataType);
  if (type === "lmb") throw new InputError("A data browser spreadsheet holds a Eurostat table, not the barometer.");
  const grids = wb.worksheets.map((ws) => gridOf(ws, "a data browser sheet")).filter((g): g is Grid => g !== null);
  const sheets = grids.map(browserSheet).filter((s): s is BrowserSheet => s !== null);
  if (sheets.length === 0) throw new InputError(NOT_A_DATA_BROWSER_WORKBOOK);
  const ignored = grids.filter((g) => !sheets.some((s) => s.grid === g)).map((g) => g.sheet);
  const { config, coded } = workbookTable(sheets, type);

  const source = pinSource(coded);
  const pinned = pinSeries(source, config, []);
  const target = sheetFor(coded, pinned.codes);
  if (target === null) {
    throw new InputError(
      `No sheet of this workbook holds ${config.table} with ${describePins(pinned)}: download the table with those selections and upload that workbook.`,
      { table: config.table },
    );
  }
  const unit = seriesUnit(config, pinned);
  const main = readSheet(target.sheet, config, config.dataType, unit);
  // The workbook's other accepted series and its sectors (docs/model.md §1 "Series", v2.3 §11): one sheet each.
  const selections = fileSelections(config, source, pinned);
  const readSheets: string[] = [target.sheet.grid.sheet];
  const read = (codes: Selection, dataType: Observation["dataType"]) => {
    const at = sheetFor(coded, codes);
    if (at === null) return { codes, observations: [] };
    const observations = readSheet(at.sheet, config, dataType, unit).collector.observations;
    if (observations.length > 0 && !readSheets.includes(at.sheet.grid.sheet)) readSheets.push(at.sheet.grid.sheet);
    return { codes, observations };
  };
  const more = moreSeries(
    config,
    selections.others.map((codes) => read(codes, config.dataType)),
    selections.sectors.map((codes) => read(codes, "sector_vacancy")),
  );

  const updated = target.sheet.updated === null ? null : lastUpdateStamp(target.sheet.updated);
  const title = target.sheet.title === null ? "" : ` (${target.sheet.title})`;
  const others = coded.filter((c) => !readSheets.includes(c.sheet.grid.sheet)).length;
  const parsed = finishSeries({
    config,
    pinned,
    unit,
    stored: main.collector.storedInOrder(main.stored.values()),
    unknown: main.unknown,
    observations: main.collector.observations,
    processed: main.collector.processed,
    skippedMissing: main.collector.skippedMissing,
    readNote: `Read Eurostat table ${config.table}${title} from the data browser's spreadsheet, sheet "${target.sheet.grid.sheet}"${updated === null ? "" : `, updated ${updated}`}.`,
    sourceUpdated: updated,
    refKind: "row",
    extraNotes: [
      ...(readSheets.length > 1
        ? [
            `${readSheets.length - 1} more ${readSheets.length === 2 ? "sheet was" : "sheets were"} read for the series below.`,
          ]
        : []),
      ...more.notes,
      ...(others > 0
        ? [`${others} other data ${others === 1 ? "sheet was" : "sheets were"} not read (other selections).`]
        : []),
      ...(ignored.length > 0 ? [`Not data sheets, not read: ${quoted(ignored)}.`] : []),
    ],
  });
  return withMoreSeries(parsed, more);
}

/** Whether a workbook looks like a data browser export, and of which table: for the barometer's refusal. */
export function dataBrowserTable(wb: ExcelJS.Workbook): string | null | undefined {
  for (const ws of wb.worksheets) {
    const g = gridOf(ws, "a workbook sheet");
    if (g === null) continue;
    for (let r = 1; r <= Math.min(g.rows, 12); r++) {
      if (startsWith(g, r, HEADER.dataset)) return datasetOf(rowText(g, r)).table;
    }
  }
  return undefined;
}
