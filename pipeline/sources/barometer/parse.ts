// European Labour Market Barometer (ELMB) workbook → ParsedFile. Pure: bytes in, observations out.
//
// No official ELMB file is public, so the reader assumes little about the layout: it looks in each
// sheet for a run of month cells (down a column or across a row), then for the header next to it that
// names countries, public employment services or Belgian regions (services.ts), and reads the block of
// values between them. See docs/model.md §1 and fixtures/README.md ("Synthetic barometer fixtures").
//
// Decisions:
// - A European total ("ELMB", "Total", "Average", "European …") is recognised but NOT stored: it goes
//   to unknownHeaders with a warning that says it is the total. The score uses per-country values only.
// - Belgium's regional services are averaged per month (plain mean of the regions present that month).
//   If there is also a national Belgium column, its value is used for the months where it has one.
// - processed = value cells of mapped headers (countries and regions, not unknown ones). Each such cell
//   is stored, or counted in skippedMissing (empty cell, "n/a"-style marker, error cell, or text, which
//   also gives a missing_value warning), or rejected with an out_of_range warning.
// - Two different values for one country (or region) and month → InputError; the same value twice is fine.
// - No usable value at all → InputError (an upload that stores nothing is never a success).

// Types only here: the library (about 0.4 s of CPU to load) is imported when a workbook is read, so every `jwi`
// process and job child that never reads one starts without it.
import type ExcelJS from "exceljs";
import { InputError } from "../../../lib/errors.ts";
import { dataBrowserTable } from "../eurostat/workbook.ts";
import { tableConfig } from "../eurostat/tables.ts";
import { address, colName, gridOf, isEmpty, textOf, type Grid, type Plain } from "../xlsx/grid.ts";
import type { Observation, ParsedFile, UploadWarning } from "../../types.ts";
import { monthIndex, monthOf } from "./months.ts";
import {
  BELGIAN_REGIONS,
  describeTarget,
  matchHeader,
  type BelgianRegionId,
  type HeaderMatch,
  type HeaderTarget,
} from "./services.ts";

/** Values outside this range are not stored (the barometer runs about 90–110, 100 = neutral). */
export const LMB_MIN = 80;
export const LMB_MAX = 120;

export const LMB_TABLE = "lmb";
export const LMB_UNIT = "INDEX";

export const NOT_XLSX_MESSAGE =
  "This file is not a readable .xlsx workbook. Upload the barometer as an Excel workbook (.xlsx).";

/** Explicit "not available" markers: counted as missing, without a warning. */
const NA_MARKERS = new Set([
  ":",
  "-",
  "–",
  "—",
  "..",
  "...",
  ".",
  "n/a",
  "na",
  "n.a.",
  "n.v.",
  "nv",
  "k.a.",
  "x",
  "#n/a",
]);

interface Layout {
  orientation: "months-down" | "months-across";
  /** The column (months down) or row (months across) holding the months. */
  monthLine: number;
  /** The row (months down) or column (months across) holding the country headers. */
  headerLine: number;
  /** Positions along the month line: rows (down) or columns (across), with their month. */
  months: Array<{ pos: number; period: string }>;
  /** Positions along the header line: columns (down) or rows (across), with their header. */
  headers: Array<{ pos: number; text: string; match: HeaderMatch }>;
  /** Row/column where a second table starts (not read), if any. */
  nextBlock: number | null;
}

// ---------------------------------------------------------------------------------------------------
// Cells

type ValueCell = { kind: "empty" } | { kind: "number"; value: number } | { kind: "text"; text: string };

function valueOf(v: Plain): ValueCell {
  if (isEmpty(v)) return { kind: "empty" };
  if (typeof v === "number")
    return Number.isFinite(v) ? { kind: "number", value: v } : { kind: "text", text: String(v) };
  if (typeof v === "object" && v !== null && !(v instanceof Date)) return { kind: "empty" }; // #N/A and other errors
  const text = textOf(v);
  if (NA_MARKERS.has(text.toLowerCase())) return { kind: "empty" };
  if (typeof v === "string") {
    const compact = text.replace(/[\s\u00a0\u202f]/g, "");
    if (/^[+-]?\d+(?:[.,]\d+)?$/.test(compact)) return { kind: "number", value: Number(compact.replace(",", ".")) };
  }
  return { kind: "text", text };
}

// ---------------------------------------------------------------------------------------------------
// Layout

/** Reads the grid along either axis with the same code: `at(line, pos)` is the cell on a line. */
interface Axis {
  orientation: Layout["orientation"];
  lines: number; // columns (months down) or rows (months across)
  positions: number; // rows (months down) or columns (months across)
  at(line: number, pos: number): Plain;
}

function axes(g: Grid): Axis[] {
  return [
    { orientation: "months-down", lines: g.cols, positions: g.rows, at: (line, pos) => g.cell(pos, line) },
    { orientation: "months-across", lines: g.rows, positions: g.cols, at: (line, pos) => g.cell(line, pos) },
  ];
}

interface Attempt {
  layout: Layout | null;
  /** For the error message when nothing is found. */
  monthsSeen: { orientation: Layout["orientation"]; line: number; first: string; last: string; count: number } | null;
  headersSeen: string[];
}

function findLayout(g: Grid, match: (text: string) => HeaderMatch): Attempt {
  let best: { layout: Layout; score: number } | null = null;
  let monthsSeen: Attempt["monthsSeen"] = null;
  const headersSeen = new Set<string>();

  for (const axis of axes(g)) {
    for (let line = 1; line <= axis.lines; line++) {
      const months: Array<{ pos: number; period: string }> = [];
      for (let pos = 1; pos <= axis.positions; pos++) {
        const period = monthOf(axis.at(line, pos));
        if (period) months.push({ pos, period });
      }
      if (months.length === 0) continue;
      if (!monthsSeen || months.length > monthsSeen.count) {
        const sorted = months.map((m) => m.period).sort();
        monthsSeen = {
          orientation: axis.orientation,
          line,
          first: sorted[0],
          last: sorted[sorted.length - 1],
          count: months.length,
        };
      }

      // The header line: before the first month, the line naming most countries (nearest on a tie).
      const firstPos = months[0].pos;
      let header: { line: number; headers: Layout["headers"]; mapped: number } | null = null;
      for (let h = firstPos - 1; h >= 1; h--) {
        const headers: Layout["headers"] = [];
        let mapped = 0;
        for (let hl = line + 1; hl <= axis.lines; hl++) {
          const text = textOf(axis.at(hl, h));
          if (!text) continue;
          const m = match(text);
          headers.push({ pos: hl, text, match: m });
          if (m.kind === "country" || m.kind === "be-region") mapped++;
          else headersSeen.add(text);
        }
        if (mapped > (header?.mapped ?? 0)) header = { line: h, headers, mapped };
      }
      if (!header) continue;

      // Stop at a second table below/after this one (a line that again names countries).
      let nextBlock: number | null = null;
      const need = Math.max(1, Math.ceil(header.mapped / 2));
      const monthPositions = new Set(months.map((m) => m.pos));
      for (let p = header.line + 1; p <= axis.positions; p++) {
        if (monthPositions.has(p)) continue;
        let mapped = 0;
        for (const hd of header.headers) {
          const text = textOf(axis.at(hd.pos, p));
          if (!text) continue;
          const m = match(text);
          if (m.kind === "country" || m.kind === "be-region") mapped++;
        }
        if (mapped >= need) {
          nextBlock = p;
          break;
        }
      }
      const inBlock = months.filter((m) => m.pos > header.line && (nextBlock === null || m.pos < nextBlock));
      if (inBlock.length === 0) continue;

      const score = inBlock.length * header.mapped;
      if (!best || score > best.score) {
        best = {
          score,
          layout: {
            orientation: axis.orientation,
            monthLine: line,
            headerLine: header.line,
            months: inBlock,
            headers: header.headers,
            nextBlock,
          },
        };
      }
    }
  }
  return { layout: best?.layout ?? null, monthsSeen, headersSeen: [...headersSeen] };
}

// ---------------------------------------------------------------------------------------------------
// Reading values

interface Reading {
  target: HeaderTarget;
  header: string;
  period: string;
  value: number;
  cell: string;
}

function targetKey(t: HeaderTarget): string {
  return t.kind === "country" ? t.code : `BE:${t.region.id}`;
}

function fmt(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** Float noise of an average removed (99.95000000000002 → 99.95); six decimals are far below the data's one. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

const UPDATED_PATTERN =
  /(?:updated|update|as of|as at|stand|published|release[d]?|aktualisiert|version)\D{0,20}?(?:(\d{4})-(\d{2})-(\d{2})|(\d{1,2})\.(\d{1,2})\.(\d{4}))/i;

/** A date in a title or note cell ("updated 2026-11-05", "Stand: 05.11.2026"), as `YYYY-MM-DD`. */
function sourceUpdatedOf(g: Grid): string | null {
  for (let r = 1; r <= g.rows; r++) {
    for (let c = 1; c <= g.cols; c++) {
      const v = g.cell(r, c);
      if (typeof v !== "string") continue;
      const m = v.match(UPDATED_PATTERN);
      if (!m) continue;
      const iso = m[1] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[6]}-${m[5].padStart(2, "0")}-${m[4].padStart(2, "0")}`;
      const date = new Date(`${iso}T00:00:00Z`);
      if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso) return iso;
    }
  }
  return null;
}

function parseSheet(g: Grid, layout: Layout, otherSheets: string[]): ParsedFile {
  const at = (headerPos: number, monthPos: number): { v: Plain; cell: string } =>
    layout.orientation === "months-down"
      ? { v: g.cell(monthPos, headerPos), cell: address(monthPos, headerPos) }
      : { v: g.cell(headerPos, monthPos), cell: address(headerPos, monthPos) };
  const headerCell = (pos: number): string =>
    layout.orientation === "months-down" ? address(layout.headerLine, pos) : address(pos, layout.headerLine);

  const warnings: UploadWarning[] = [];
  const unknownHeaders: string[] = [];
  const readings: Reading[] = [];
  const mapping: string[] = [];
  let processed = 0;
  let skippedMissing = 0;

  for (const h of layout.headers) {
    const hasData = layout.months.some((m) => !isEmpty(at(h.pos, m.pos).v));
    if (h.match.kind === "aggregate" || h.match.kind === "unknown") {
      if (!hasData) continue; // an empty labelled column (a stray note) is not worth a warning
      if (!unknownHeaders.includes(h.text)) {
        unknownHeaders.push(h.text);
        const where = `sheet "${g.sheet}", cell ${headerCell(h.pos)}`;
        let detail: string;
        if (h.match.kind === "aggregate") {
          detail = `Header "${h.text}" (${where}) looks like the European total of the barometer; it is not stored, only per-country values are.`;
        } else if (h.match.ambiguous.length > 1) {
          detail = `Header "${h.text}" (${where}) names more than one country (${h.match.ambiguous.join(", ")}); its values were not read.`;
        } else {
          detail = `Header "${h.text}" (${where}) matches no covered country, public employment service or Belgian region; its values were not read.`;
        }
        warnings.push({ type: "unknown_header", detail });
      }
      continue;
    }
    const target = h.match;
    mapping.push(`"${h.text}" → ${target.kind === "country" ? target.code : `BE (${target.region.name})`}`);
    for (const m of layout.months) {
      const { v, cell } = at(h.pos, m.pos);
      processed++;
      const val = valueOf(v);
      if (val.kind === "empty") {
        skippedMissing++;
        continue;
      }
      if (val.kind === "text") {
        skippedMissing++;
        warnings.push({
          type: "missing_value",
          detail: `${describeTarget(target)} ${m.period} (cell ${cell}): "${val.text}" is not a number; treated as missing.`,
        });
        continue;
      }
      if (val.value < LMB_MIN || val.value > LMB_MAX) {
        warnings.push({
          type: "out_of_range",
          detail: `${describeTarget(target)} ${m.period} (cell ${cell}): ${fmt(val.value)} is outside ${LMB_MIN}–${LMB_MAX} (the barometer runs about 90 to 110); not stored.`,
        });
        continue;
      }
      readings.push({ target, header: h.text, period: m.period, value: val.value, cell });
    }
  }

  // One value per (country or region, month); a second, different one is an error.
  const byKey = new Map<string, Reading[]>();
  for (const r of readings) {
    const key = `${targetKey(r.target)}|${r.period}`;
    const list = byKey.get(key) ?? [];
    list.push(r);
    byKey.set(key, list);
  }
  const conflicts: string[] = [];
  const single = new Map<string, Reading>();
  for (const [key, list] of byKey) {
    const distinct = [...new Set(list.map((r) => r.value))];
    if (distinct.length > 1) {
      conflicts.push(
        `${describeTarget(list[0].target)} ${list[0].period}: ${list.map((r) => `${fmt(r.value)} (cell ${r.cell}, "${r.header}")`).join(" and ")}`,
      );
    } else {
      single.set(key, list[0]);
    }
  }
  if (conflicts.length > 0) {
    const shown = conflicts.slice(0, 5).join("; ");
    const more = conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : "";
    throw new InputError(
      `The workbook gives different values for the same country and month: ${shown}${more}. Keep one column or row per country and upload again.`,
      { conflicts },
    );
  }

  // Countries as read; Belgium's regions averaged into BE (a national Belgium column wins where present).
  const values = new Map<string, Map<string, number>>(); // code → period → value
  const regionValues = new Map<string, Map<BelgianRegionId, number>>(); // period → region → value
  for (const r of single.values()) {
    if (r.target.kind === "country") {
      const m = values.get(r.target.code) ?? new Map<string, number>();
      m.set(r.period, r.value);
      values.set(r.target.code, m);
    } else {
      const m = regionValues.get(r.period) ?? new Map<BelgianRegionId, number>();
      m.set(r.target.region.id, r.value);
      regionValues.set(r.period, m);
    }
  }
  const notes: string[] = [];
  if (regionValues.size > 0) {
    const be = values.get("BE") ?? new Map<string, number>();
    const nationalKept: string[] = [];
    const regionCounts = new Map<number, string[]>(); // number of regions → periods
    const regionsSeen = new Set<BelgianRegionId>();
    for (const [period, regions] of [...regionValues].sort(([a], [b]) => a.localeCompare(b))) {
      if (be.has(period)) {
        nationalKept.push(period);
        continue;
      }
      const list = [...regions.values()];
      be.set(period, round6(list.reduce((s, x) => s + x, 0) / list.length));
      for (const id of regions.keys()) regionsSeen.add(id);
      const periods = regionCounts.get(list.length) ?? [];
      periods.push(period);
      regionCounts.set(list.length, periods);
    }
    values.set("BE", be);
    if (regionsSeen.size > 0) {
      const names = BELGIAN_REGIONS.filter((r) => regionsSeen.has(r.id)).map((r) => `${r.service} (${r.name})`);
      const counts = [...regionCounts]
        .sort(([a], [b]) => b - a)
        .map(
          ([n, periods]) =>
            `${n} region${n === 1 ? "" : "s"} averaged in ${periods.length} month${periods.length === 1 ? "" : "s"}${
              periods.length <= 3 ? ` (${periods.join(", ")})` : ""
            }`,
        )
        .join(", ");
      notes.push(
        `Belgium (BE) is the plain mean of its regional public employment services present each month: ${names.join(", ")}; ${counts}.`,
      );
    }
    if (nationalKept.length > 0) {
      notes.push(
        `Belgium has a national column as well as regional ones: the national value was kept for ${nationalKept.length} month(s) and the regions were not averaged there.`,
      );
    }
  }

  const observations: Observation[] = [];
  for (const code of [...values.keys()].sort()) {
    for (const [period, value] of [...values.get(code)!].sort(([a], [b]) => a.localeCompare(b))) {
      observations.push({
        dataType: "lmb",
        table: LMB_TABLE,
        geo: code,
        isAggregate: false,
        period,
        value,
        flag: null,
        unit: LMB_UNIT,
      });
    }
  }

  if (observations.length === 0) {
    const outOfRange = warnings.filter((w) => w.type === "out_of_range").length;
    const text = warnings.filter((w) => w.type === "missing_value").length;
    throw new InputError(
      `The barometer in sheet "${g.sheet}" has country headers and months but no usable value: ` +
        `${skippedMissing - text} empty cell(s), ${text} text cell(s), ${outOfRange} value(s) outside ${LMB_MIN}–${LMB_MAX}.`,
      { warnings },
    );
  }

  const periods = [...new Set(observations.map((o) => o.period))].sort();
  const codes = [...values.keys()].filter((c) => values.get(c)!.size > 0).sort();
  const monthsLine =
    layout.orientation === "months-down" ? `column ${colName(layout.monthLine)}` : `row ${layout.monthLine}`;
  const headerLine =
    layout.orientation === "months-down" ? `row ${layout.headerLine}` : `column ${colName(layout.headerLine)}`;
  const span = (ps: number[]) =>
    layout.orientation === "months-down"
      ? `rows ${Math.min(...ps)}–${Math.max(...ps)}`
      : `columns ${colName(Math.min(...ps))}–${colName(Math.max(...ps))}`;
  const gaps = monthIndex(periods[periods.length - 1]) - monthIndex(periods[0]) + 1 - periods.length;

  notes.unshift(
    layout.orientation === "months-down"
      ? `Sheet "${g.sheet}": months run down ${monthsLine} (${span(layout.months.map((m) => m.pos))}), countries across ${headerLine}.`
      : `Sheet "${g.sheet}": months run across ${monthsLine} (${span(layout.months.map((m) => m.pos))}), countries down ${headerLine}.`,
    `${periods.length} month(s) from ${periods[0]} to ${periods[periods.length - 1]}${gaps > 0 ? ` (${gaps} month(s) missing in between)` : ""}; ${codes.length} countr${codes.length === 1 ? "y" : "ies"}: ${codes.join(", ")}.`,
    `Headers read: ${mapping.join(", ")}.`,
  );
  if (layout.nextBlock !== null) {
    notes.push(
      `Only the first table was read: another one starts at ${layout.orientation === "months-down" ? "row" : "column"} ${
        layout.orientation === "months-down" ? layout.nextBlock : colName(layout.nextBlock)
      }.`,
    );
  }
  if (otherSheets.length > 0) notes.push(`Other sheets not read: ${otherSheets.map((s) => `"${s}"`).join(", ")}.`);

  return {
    dataType: "lmb",
    table: LMB_TABLE,
    unit: LMB_UNIT,
    observations,
    processed,
    skippedMissing,
    unknownHeaders,
    warnings,
    notes,
    sourceUpdated: sourceUpdatedOf(g),
  };
}

// ---------------------------------------------------------------------------------------------------
// Entry point

/**
 * Throws InputError unless the bytes start like an .xlsx (a ZIP archive). Cheap: looks at the first bytes only.
 * The archive check before parsing (xlsx-guard.ts) starts with it too.
 */
export function checkXlsxSignature(buf: Buffer): void {
  // An old binary .xls and a password-protected .xlsx are both OLE2 compound files.
  if (buf.length >= 8 && buf.readUInt32BE(0) === 0xd0cf11e0) {
    throw new InputError(
      "This file is an old-style .xls or a password-protected workbook, not a readable .xlsx workbook. Save it as an unprotected Excel Workbook (.xlsx) and upload again.",
    );
  }
  if (buf.length < 4 || buf.readUInt32BE(0) !== 0x504b0304) throw new InputError(NOT_XLSX_MESSAGE);
}

/**
 * Parts of a sheet no reader here looks at: skipped while loading (a data browser workbook of 65 sheets loads in
 * two thirds of the time). Merged ranges are skipped too: their other cells hold no value in the file.
 */
const IGNORED_NODES = [
  "dataValidations",
  "conditionalFormatting",
  "hyperlinks",
  "drawing",
  "picture",
  "colBreaks",
  "rowBreaks",
  "printOptions",
  "pageMargins",
  "pageSetup",
  "headerFooter",
  "autoFilter",
  "sheetProtection",
  "tableParts",
  "extLst",
  "mergeCells",
];

/** The workbook in `buf`; InputError (NOT_XLSX_MESSAGE) when it is not a readable .xlsx. */
export async function loadWorkbook(buf: Buffer): Promise<ExcelJS.Workbook> {
  checkXlsxSignature(buf);
  const { default: Excel } = await import("exceljs");
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(buf as unknown as ExcelJS.Buffer, { ignoreNodes: IGNORED_NODES });
  } catch (err) {
    throw new InputError(NOT_XLSX_MESSAGE, { cause: err instanceof Error ? err.message : String(err) });
  }
  return wb;
}

/**
 * Reads a European Labour Market Barometer workbook. Sheets are tried in order; the first one with a
 * month axis and a header naming covered countries is read. Throws InputError (message for the user)
 * when the bytes are not an .xlsx, the workbook is empty, no layout is found, a country has two
 * different values for one month, or no value is usable.
 */
export async function parseBarometer(buf: Buffer): Promise<ParsedFile> {
  return parseBarometerWorkbook(await loadWorkbook(buf));
}

/** parseBarometer on a loaded workbook. A Eurostat data browser spreadsheet is refused naming the type it holds. */
export function parseBarometerWorkbook(wb: ExcelJS.Workbook): ParsedFile {
  const browser = dataBrowserTable(wb);
  if (browser !== undefined) {
    const config = browser === null ? undefined : tableConfig(browser);
    throw new InputError(
      `This workbook is a Eurostat data browser spreadsheet${browser === null ? "" : ` of table ${browser}`}, not the barometer: ` +
        (config
          ? `upload it with data type ${config.dataType}.`
          : "upload it with the data type of its table (unemployment, vacancy, gdp, inflation, expectations or youth_unemployment)."),
      { table: browser },
    );
  }
  const grids: Grid[] = [];
  for (const ws of wb.worksheets) {
    const g = gridOf(ws, "a barometer");
    if (g) grids.push(g);
  }
  if (grids.length === 0) {
    throw new InputError(
      wb.worksheets.length === 0
        ? "The workbook has no sheets, so there is no barometer to read."
        : "The workbook is empty: none of its sheets holds any data.",
    );
  }

  const cache = new Map<string, HeaderMatch>();
  const match = (text: string): HeaderMatch => {
    let m = cache.get(text);
    if (!m) {
      m = matchHeader(text);
      cache.set(text, m);
    }
    return m;
  };

  const attempts: Array<{ g: Grid; attempt: Attempt }> = [];
  for (const g of grids) {
    const attempt = findLayout(g, match);
    if (attempt.layout) {
      return parseSheet(
        g,
        attempt.layout,
        grids.filter((o) => o !== g).map((o) => o.sheet),
      );
    }
    attempts.push({ g, attempt });
  }

  const withMonths = attempts.find((a) => a.attempt.monthsSeen);
  if (!withMonths) {
    throw new InputError(
      `No month axis found in ${sheetList(grids)}: looked for a column or row of months ` +
        `(Excel dates, or labels such as 2025-01, 2025M01, 01/2025, Jan 2025 or 2025-01-01).`,
    );
  }
  const seen = withMonths.attempt.monthsSeen!;
  const where = seen.orientation === "months-down" ? `column ${colName(seen.line)}` : `row ${seen.line}`;
  const headers = withMonths.attempt.headersSeen
    .slice(0, 8)
    .map((h) => `"${h}"`)
    .join(", ");
  throw new InputError(
    `Found months in sheet "${withMonths.g.sheet}" (${where}, ${seen.first} to ${seen.last}) but no header naming a covered country ` +
      `next to them: looked ${seen.orientation === "months-down" ? "in the rows above the first month" : "in the columns left of the first month"} ` +
      `for country names (Germany, Deutschland), codes (DE) or public employment services (BA, VDAB).` +
      (headers ? ` Headers seen: ${headers}.` : ""),
  );
}

function sheetList(grids: Grid[]): string {
  return grids.length === 1 ? `sheet "${grids[0].sheet}"` : `sheets ${grids.map((g) => `"${g.sheet}"`).join(", ")}`;
}
