// The one parser dispatch: which reader a file goes to (the barometer workbook, the data browser's spreadsheet, a
// CSV or Eurostat JSON-stat), by data type and file name. Every ingest goes through it (pipeline/ingest.ts).
import { InputError } from "../lib/errors.ts";
import { parseBarometerGuarded, parseEurostatWorkbookGuarded } from "./sources/barometer/parse-guarded.ts";
import { looksLikeJson, parseCsv } from "./sources/csv/parse-csv.ts";
import { parseEurostat } from "./sources/eurostat/parse.ts";
import type { DataType, ParsedFile } from "./types.ts";

/**
 * The one parser dispatch (every ingest goes through it): the barometer workbook, Eurostat's data browser
 * spreadsheet (.xlsx), a CSV (Eurostat's downloads, DG ECFIN's long file) or Eurostat JSON-stat, by data type and
 * file name.
 */
export async function parseSourceFile(
  dataType: DataType,
  /** Raw bytes of the file, or an already-parsed JSON-stat object (pipeline/ingest.ts IngestRequest). */
  content: Buffer | string | object,
  fileName: string,
  onDisk?: string,
): Promise<ParsedFile> {
  if (dataType === "lmb") {
    if (!Buffer.isBuffer(content)) throw new InputError("Please upload a .XLSX file");
    return parseBarometerGuarded(content); // archive check, then a worker with memory and time limits
  }
  // v2.3: the Eurostat data browser's spreadsheet, with the barometer's guards (archive check, then a worker).
  if (/\.xlsx$/i.test(fileName)) {
    if (!Buffer.isBuffer(content)) throw new InputError("A spreadsheet upload must be the .xlsx file itself.");
    return parseEurostatWorkbookGuarded(content, dataType);
  }
  // A .csv goes to the CSV readers (Eurostat's downloads, DG ECFIN's long file) unless it holds JSON; anything
  // else (.json, the API's parsed payload) is Eurostat JSON-stat.
  const csv =
    /\.csv$/i.test(fileName) && (typeof content === "string" || Buffer.isBuffer(content)) && !looksLikeJson(content);
  if (!csv) return parseEurostat(content, dataType);
  // DuckDB reads the file where it lies when there is one (no second copy of a big upload).
  return parseCsv(onDisk !== undefined ? { path: onDisk } : (content as Buffer | string), dataType);
}
