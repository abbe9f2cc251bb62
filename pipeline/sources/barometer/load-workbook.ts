// An upload's bytes → an exceljs workbook, for the barometer and the data browser's spreadsheet alike: the .xlsx
// signature check, and the load that skips the parts no reader looks at. InputError when the bytes are no .xlsx.

// Types only here: the library (about 0.4 s of CPU to load) is imported when a workbook is read, so every `jwi`
// process and job child that never reads one starts without it.
import type ExcelJS from "exceljs";
import { InputError } from "../../../lib/errors.ts";

export const NOT_XLSX_MESSAGE =
  "This file is not a readable .xlsx workbook. Upload the barometer as an Excel workbook (.xlsx).";

/**
 * Throws InputError unless the bytes start like an .xlsx (a ZIP archive). Cheap: looks at the first bytes only.
 * The archive check before parsing (guard.ts) starts with it too.
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
