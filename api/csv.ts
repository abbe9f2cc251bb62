// CSV export (RFC 4180, CRLF) that spreadsheet programs cannot turn into formulas: a cell starting with
// = + - @ (or a tab / carriage return, which some programs strip first) is prefixed with an apostrophe.

const FORMULA_START = /^[=+\-@\t\r]/;

export function csvCell(value: unknown): string {
  let text = value === null || value === undefined ? "" : String(value);
  if (FORMULA_START.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Rows of cells → CSV text with a header row; starts with a UTF-8 BOM so spreadsheet programs read accents right. */
export function toCsv(header: readonly string[], rows: ReadonlyArray<readonly unknown[]>): string {
  const lines = [header, ...rows].map((r) => r.map(csvCell).join(","));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}
