// CSV export (RFC 4180, CRLF) that spreadsheet programs cannot turn into formulas: a text cell starting with
// = + - @ (or a tab / carriage return, which some programs strip first) is prefixed with an apostrophe. Numbers
// and booleans are the product's own values, written as they are (a negative number is a number, not a formula).

const FORMULA_START = /^[=+\-@\t\r]/;

/** A finite number in plain decimal notation (never 1e-7, which some programs read as text). */
function plainNumber(n: number): string {
  if (!Number.isFinite(n)) return "";
  const s = String(n);
  if (!/e/i.test(s)) return s;
  const fixed = n.toFixed(20).replace(/\.?0+$/, "");
  return fixed === "-0" ? "0" : fixed;
}

export function csvCell(value: unknown): string {
  if (typeof value === "number") return plainNumber(value);
  if (typeof value === "boolean") return value ? "true" : "false";
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

export interface CsvOptions {
  /**
   * Start with a UTF-8 byte order mark (default true): spreadsheet programs then read accents right. The open
   * data files leave it out (docs/open-data.md): data tools read it as part of the first column's name.
   */
  bom?: boolean;
}

/** Rows of cells → CSV text with a header row and CRLF line ends. */
export function toCsv(
  header: readonly string[],
  rows: ReadonlyArray<readonly unknown[]>,
  opts: CsvOptions = {},
): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(","));
  return `${opts.bom === false ? "" : "\uFEFF"}${lines.join("\r\n")}\r\n`;
}
