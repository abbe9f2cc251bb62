// An .xlsx sheet as a plain grid of cell values, for the workbook readers (the barometer, sources/barometer, and the
// Eurostat data browser's spreadsheet, sources/eurostat/workbook.ts). Both run inside the guarded parse process
// (sources/barometer/parse-guarded.ts), after the archive checks. Pure: an exceljs worksheet in, values out.
import type ExcelJS from "exceljs";
import { InputError } from "../../../lib/errors.ts";

/** Cell contents once formulas, rich text and hyperlinks are unwrapped. */
export type Plain = null | string | number | boolean | Date | { error: string };

function unwrap(value: ExcelJS.CellValue): Plain {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value;
  if ("richText" in value) return value.richText.map((t) => t.text).join("");
  if ("formula" in value || "sharedFormula" in value) {
    const result = (value as { result?: unknown }).result;
    if (result === undefined || result === null) return null;
    if (typeof result === "object" && !(result instanceof Date) && "error" in result) {
      return { error: String((result as { error: unknown }).error) };
    }
    return result as string | number | boolean | Date;
  }
  if ("hyperlink" in value) return typeof value.text === "string" ? value.text : null;
  if ("error" in value) return { error: String(value.error) };
  return null;
}

export function isEmpty(v: Plain): boolean {
  return v === null || (typeof v === "string" && v.trim() === "");
}

export function textOf(v: Plain): string {
  if (v === null) return "";
  if (typeof v === "string") return v.replace(/\s+/g, " ").trim();
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === "object") return v.error;
  return String(v);
}

/** Column letters of a 1-based column number (1 → A, 27 → AA). */
export function colName(c: number): string {
  let s = "";
  for (let n = c; n > 0; n = Math.floor((n - 1) / 26)) s = String.fromCharCode(65 + ((n - 1) % 26)) + s;
  return s;
}

export function address(r: number, c: number): string {
  return `${colName(c)}${r}`;
}

export interface Grid {
  sheet: string;
  rows: number;
  cols: number;
  /** 1-based [row][col], like Excel. */
  cell(r: number, c: number): Plain;
}

/** This bounds the memory a hostile file can take: a barometer is a few dozen rows, a data browser sheet ~60 × 21. */
const MAX_CELLS = 2_000_000;

/**
 * The sheet's values; null for a sheet without any. `holds` names what the sheet should hold, for the message when
 * it spans far too many cells (`a barometer`).
 */
export function gridOf(ws: ExcelJS.Worksheet, holds: string): Grid | null {
  const rows = ws.rowCount;
  const cols = ws.columnCount;
  if (rows * cols > MAX_CELLS) {
    throw new InputError(
      `Sheet "${ws.name}" spans ${rows} rows × ${cols} columns, far more than ${holds}; delete the unused rows and columns (or formatting far from the table) and upload again.`,
    );
  }
  const data: Plain[][] = [];
  let any = false;
  for (let r = 1; r <= rows; r++) {
    const row = ws.getRow(r);
    const line: Plain[] = [];
    for (let c = 1; c <= cols; c++) {
      const cell = row.getCell(c);
      // A merged range keeps its value in its top-left cell only (a merged title is not repeated).
      const v = cell.isMerged && cell.master.address !== cell.address ? null : unwrap(cell.value);
      if (!isEmpty(v)) any = true;
      line.push(v);
    }
    data.push(line);
  }
  if (!any) return null;
  return { sheet: ws.name, rows, cols, cell: (r, c) => data[r - 1]?.[c - 1] ?? null };
}
