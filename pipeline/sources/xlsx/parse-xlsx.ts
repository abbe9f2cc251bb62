// An .xlsx upload → its reader, inside the guarded parse process (sources/barometer/parse-guarded.ts): the barometer
// for data type lmb, the Eurostat data browser's spreadsheet for the Eurostat types (score model v2.3). A workbook
// given the wrong type says which type it looks like.
import { InputError } from "../../../lib/errors.ts";
import type { DataType, ParsedFile } from "../../types.ts";
import { loadWorkbook, parseBarometerWorkbook } from "../barometer/parse.ts";
import { LOOKS_LIKE_BAROMETER, NOT_A_DATA_BROWSER_WORKBOOK, parseEurostatWorkbook } from "../eurostat/workbook.ts";

/** What the guarded process is asked to read. */
export type XlsxJob = { kind: "lmb" } | { kind: "eurostat"; dataType: DataType };

export async function parseXlsx(buf: Buffer, job: XlsxJob): Promise<ParsedFile> {
  const wb = await loadWorkbook(buf);
  if (job.kind === "lmb") return parseBarometerWorkbook(wb);
  try {
    return parseEurostatWorkbook(wb, job.dataType);
  } catch (err) {
    if (!(err instanceof InputError) || err.message !== NOT_A_DATA_BROWSER_WORKBOOK) throw err;
    // Not a data browser export: a barometer given a Eurostat type is told to use lmb.
    throw looksLikeBarometer(wb) ? new InputError(LOOKS_LIKE_BAROMETER) : err;
  }
}

function looksLikeBarometer(wb: Parameters<typeof parseBarometerWorkbook>[0]): boolean {
  try {
    return parseBarometerWorkbook(wb).observations.length > 0;
  } catch {
    return false;
  }
}
