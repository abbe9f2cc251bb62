// A CSV upload → the reader for it: DG ECFIN's long survey file (`date,country,series,value`) or a Eurostat
// CSV download (SDMX-CSV with codes or labels, or one column per dimension). Async and pure in effect: the
// only thing written is the temporary copy of in-memory content, removed before this returns.
import { InputError } from "../../../lib/errors.ts";
import type { DataType, ParsedFile } from "../../types.ts";
import { assertDataType } from "../../validate.ts";
import { isEcfinLong, parseEcfinLong } from "../ecfin/parse.ts";
import { parseEurostatCsv } from "../eurostat/csv.ts";
import { withCsvFile, type CsvInput, type CsvOptions } from "./csv-file.ts";

export const LMB_NOT_CSV =
  "The European Labour Market Barometer (lmb) is an .xlsx file, not a CSV: upload the barometer workbook with data type lmb.";

/** Parse one CSV file (bytes, text or a path on disk) for `dataType`; InputError with the operator's message. */
export async function parseCsv(input: CsvInput, dataType: DataType, opts: CsvOptions = {}): Promise<ParsedFile> {
  const type = assertDataType(dataType);
  if (type === "lmb") throw new InputError(LMB_NOT_CSV);
  return withCsvFile(
    input,
    (file) => (isEcfinLong(file.header) ? parseEcfinLong(file, type) : parseEurostatCsv(file, type)),
    opts,
  );
}

/** True when the content is JSON rather than CSV: an already parsed object, or text whose first character is `{` or `[`. */
export function looksLikeJson(content: unknown): boolean {
  if (typeof content !== "string" && !(content instanceof Uint8Array)) return true;
  const head =
    typeof content === "string" ? content.slice(0, 256) : Buffer.from(content.subarray(0, 256)).toString("utf8");
  return /^\uFEFF?\s*[[{]/.test(head);
}
