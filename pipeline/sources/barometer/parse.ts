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
import { colName, gridOf, type Grid } from "../xlsx/grid.ts";
import type { ParsedFile } from "../../types.ts";
import { findLayout, type Attempt } from "./layout.ts";
import { loadWorkbook } from "./load-workbook.ts";
import { parseSheet } from "./read-sheet.ts";
import { matchHeader, type HeaderMatch } from "./services.ts";

// The steps live in their own modules (layout.ts, read-values.ts, country-values.ts, read-sheet.ts,
// load-workbook.ts); what callers import from this path stays here.
export { checkXlsxSignature, loadWorkbook, NOT_XLSX_MESSAGE } from "./load-workbook.ts";
export { LMB_MAX, LMB_MIN } from "./read-values.ts";
export { LMB_TABLE } from "./read-sheet.ts";

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
