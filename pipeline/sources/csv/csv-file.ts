// One CSV file, read through DuckDB (the "DuckDB normalises" step of docs/architecture.md). A connection to the
// process's in-memory DuckDB instance reads the file straight from disk with explicit options (comma, double quote, a header row, every
// column as text, strict rows); BOM and CRLF line ends are fine. The parsers ask DuckDB only for what they need
// (distinct categories, then the rows of the pinned series), so a file of a million rows never becomes a
// million JS objects. Content that arrives as bytes is written to a temporary file first, which is always
// removed again; nothing else is written.
import type { DuckDBConnection, DuckDBInstance, DuckDBValue } from "@duckdb/node-api";
import { mkdtemp, open, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { InputError } from "../../../lib/errors.ts";

/** File content (bytes or text), or the path of a file on disk. */
export type CsvInput = Uint8Array | string | { path: string };

export interface CsvOptions {
  /** Where the temporary copy of in-memory content goes (default: the OS temp dir). */
  tempDir?: string;
}

export const EMPTY_FILE = "This file is empty.";
export const SEMICOLONS =
  "This CSV is separated by semicolons; save it comma-separated (CSV with commas, as Eurostat downloads it) and upload it again.";
export const TABS = "This file is separated by tabs; save it comma-separated (CSV with commas) and upload it again.";
export const NOT_TEXT =
  "This file is not a UTF-8 text CSV (it looks like a workbook or another binary file): save it as CSV UTF-8, comma-separated.";
export const HEADER_ONLY = "This CSV has a header row but no data rows.";

/** A row as DuckDB returns it: one JS value per selected column. */
export type Row = readonly unknown[];

export interface CsvFile {
  /** The header row's column names, as written (BOM and surrounding spaces removed). */
  readonly header: readonly string[];
  /** The first data row's cells (trimmed; empty text for an empty cell), or null when the file's first bytes do not hold it whole. */
  readonly firstRow: readonly string[] | null;
  /** Position of the first column named one of `names` (case-insensitive), or -1. */
  column(...names: string[]): number;
  /** The SQL name of column `i` (`c0`, `c1`, …): no identifier in a query ever comes from the file. */
  col(i: number): string;
  /**
   * `read_csv(…)` of the file (its path bound as `$path`), columns named by `col(i)`. Rows keep the file's
   * order, so `row_number() OVER ()` over it is the data row number (1 = the first row after the header).
   */
  readonly source: string;
  /** Runs `sql` (which may use `source` and `$path`) with named parameters; every row. */
  all(sql: string, params?: Record<string, DuckDBValue>): Promise<Row[]>;
  /** Runs `sql` and hands the rows over chunk by chunk (a result of any size is never held whole). */
  each(sql: string, params: Record<string, DuckDBValue>, visit: (row: Row) => void): Promise<void>;
}

const HEAD_BYTES = 64 * 1024;

async function headOf(input: CsvInput): Promise<{ head: Buffer; size: number }> {
  if (typeof input === "string") {
    const bytes = Buffer.from(input, "utf8");
    return { head: bytes.subarray(0, HEAD_BYTES), size: bytes.length };
  }
  if (input instanceof Uint8Array) {
    const bytes = Buffer.from(input.buffer, input.byteOffset, input.byteLength);
    return { head: bytes.subarray(0, HEAD_BYTES), size: bytes.length };
  }
  const handle = await open(input.path, "r");
  try {
    const size = (await handle.stat()).size;
    const head = Buffer.alloc(Math.min(HEAD_BYTES, size));
    await handle.read(head, 0, head.length, 0);
    return { head, size };
  } finally {
    await handle.close();
  }
}

/** One CSV record of `text` from `start`: its cells, where the next record starts, and the separators counted in it. */
export function splitLine(
  text: string,
  start = 0,
): { cells: string[]; next: number; complete: boolean; commas: number; semicolons: number; tabs: number } {
  const cells: string[] = [];
  let cell = "";
  let quoted = false;
  let commas = 0;
  let semicolons = 0;
  let tabs = 0;
  let i = start;
  let complete = false;
  for (; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else cell += ch;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === "\n" || ch === "\r") {
      complete = true;
      i += ch === "\r" && text[i + 1] === "\n" ? 2 : 1;
      break;
    } else if (ch === ",") {
      commas++;
      cells.push(cell);
      cell = "";
    } else {
      if (ch === ";") semicolons++;
      if (ch === "\t") tabs++;
      cell += ch;
    }
  }
  cells.push(cell);
  return { cells: cells.map((c) => c.trim()), next: i, complete, commas, semicolons, tabs };
}

/** The header line (up to the first line end outside quotes) split into cells, and the separators counted in it. */
export function splitHeaderLine(text: string): { cells: string[]; commas: number; semicolons: number; tabs: number } {
  return splitLine(text);
}

/**
 * The first data row's cells, when the first bytes of the file hold it whole (else null): enough to guess the
 * table before the file is read.
 */
export function firstDataRow(head: Buffer): string[] | null {
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  const header = splitLine(text);
  if (!header.complete) return null;
  const row = splitLine(text, header.next);
  return row.complete && row.cells.some((c) => c !== "") ? row.cells : null;
}

/** The header's columns; InputError for an empty, binary, semicolon- or tab-separated file or a repeated column. */
export function readHeader(head: Buffer, size: number): string[] {
  if (head[0] === 0x50 && head[1] === 0x4b) throw new InputError(NOT_TEXT); // "PK": a zip (xlsx) container
  if (head.includes(0)) throw new InputError(NOT_TEXT); // UTF-16 or binary
  const text = head.toString("utf8").replace(/^\uFEFF/, "");
  if (size === 0 || text.trim() === "") throw new InputError(EMPTY_FILE);
  const { cells, commas, semicolons, tabs } = splitHeaderLine(text.replace(/^[\r\n]+/, ""));
  if (semicolons > commas) throw new InputError(SEMICOLONS);
  if (tabs > commas) throw new InputError(TABS);
  const seen = new Map<string, string>();
  for (const name of cells) {
    const key = name.toLowerCase();
    if (name !== "" && seen.has(key)) throw new InputError(`Column "${name}" appears twice in the header row.`);
    seen.set(key, name);
  }
  return cells;
}

/**
 * DuckDB's reading error → the operator's message, naming the line (the header is line 1). Null when the
 * error is not about the file's content.
 */
function csvReadError(err: unknown): InputError | null {
  const message = err instanceof Error ? err.message : String(err);
  const at = /CSV Error on Line: (\d+)/.exec(message);
  if (!at) return null;
  const line = Number(at[1]);
  const columns = /Expected Number of Columns: (\d+) Found: (\d+)/.exec(message);
  if (columns) {
    const [expected, found] = [Number(columns[1]), Number(columns[2])];
    return found < expected
      ? new InputError(
          `Line ${line} has ${found} of the ${expected} columns of the header row: the file looks cut off (truncated), or that row is incomplete.`,
          { line },
        )
      : new InputError(
          `Line ${line} has ${found} columns, but the header row has ${expected} (a value with an unquoted comma?).`,
          {
            line,
          },
        );
  }
  if (/unterminated quote/i.test(message)) {
    return new InputError(`Line ${line} opens a quoted value that never closes: the file looks cut off (truncated).`, {
      line,
    });
  }
  if (/unicode|utf-?8/i.test(message)) {
    return new InputError(`Line ${line} is not UTF-8 text: save the file as CSV UTF-8 and upload it again.`, { line });
  }
  const first = message.split("\n").find((l) => l.trim() !== "" && !/CSV Error on Line/.test(l)) ?? message;
  return new InputError(`This CSV could not be read at line ${line}: ${first.trim()}`, { line });
}

/**
 * A complete number as a value cell may hold it: an optional sign, digits with an optional fraction that has
 * digits after its point, or a fraction alone (`.5`: a cut can only lose the end of a value, never its start),
 * and an optional exponent with digits. `88.`, `-4.`, `1e`, `1e+` and a lone `-` or `+` are refused: they are
 * what a file cut off in the middle of a number ends with (docs/data-sources.md §2, "Truncated files").
 */
const NUMBER_PATTERN = "[+-]?(?:[0-9]+(?:\\.[0-9]+)?|\\.[0-9]+)(?:[eE][+-]?[0-9]+)?";
const NUMBER = new RegExp(`^${NUMBER_PATTERN}$`);
/**
 * The start of a number that stops too early (`88.`, `-`, `1e+`): a cut-off value rather than a mistyped one. The
 * digits after the point are only read after a point, so a cell matches in one way at most and the check is linear
 * in its length (`[0-9]*\\.?[0-9]*` could split a run of digits anywhere: a 160,000-digit cell took 33 s).
 */
const CUT_PATTERN = "[+-]?[0-9]*(?:\\.[0-9]*)?(?:[eE][+-]?)?";
const CUT_NUMBER = new RegExp(`^${CUT_PATTERN}$`);

/**
 * A value cell: a finite number; null for an empty cell or Eurostat's ":" (not available); InputError naming
 * the row and the column for anything else (`1,5`, `n/a`, `12 p`, and a number cut short: `88.`, `1e`, `-`).
 */
export function numberCell(cell: string | null, row: number, column: string): number | null {
  const raw = cell?.trim() ?? "";
  if (raw === "" || raw === ":") return null;
  if (!NUMBER.test(raw)) {
    if (CUT_NUMBER.test(raw)) {
      throw new InputError(
        `Row ${row}: the value "${shownCell(raw)}" in column ${column} is not a complete number: the file looks cut off (truncated) there, or the value was mistyped. Upload the whole file again.`,
        { row, column },
      );
    }
    throw new InputError(`Row ${row}: the value "${shownCell(raw)}" in column ${column} is not a number.`, {
      row,
      column,
    });
  }
  return Number(raw);
}

/** The most of a cell an error message repeats: a message names the value, it does not carry a megabyte of it. */
const SHOWN_CELL_CHARS = 40;

/** A cell as an error message shows it: its first characters and how many more there are. */
export function shownCell(raw: string): string {
  return raw.length <= SHOWN_CELL_CHARS
    ? raw
    : `${raw.slice(0, SHOWN_CELL_CHARS)}… (${raw.length - SHOWN_CELL_CHARS} more characters)`;
}

/**
 * SQL condition: the value cell `column` (an SQL column name from CsvFile.col) holds a number cut short (`88.`,
 * `-4.`, `1e`, a lone sign). Every row of a file is held to it, whatever its country or series (rows that are
 * not stored included), so that a file cut off in the middle of its last number is refused rather than stored
 * with the number cut short. Other text in rows that are not stored stays ignored, as before; the stored rows'
 * values go through numberCell.
 */
export function badValueSql(column: string): string {
  const cell = `trim(${column})`;
  return `(${column} IS NOT NULL AND ${cell} NOT IN ('', ':') AND regexp_full_match(${cell}, '${CUT_PATTERN}') AND NOT regexp_full_match(${cell}, '${NUMBER_PATTERN}'))`;
}

/**
 * Named parameters of one query, bound, never spliced: `list(["SA", "Seasonally adjusted …"])` gives
 * `$p0, $p1` for an `IN (…)` (DuckDB plans an IN of scalars far faster than a list parameter).
 */
export class SqlParams {
  readonly values: Record<string, string> = {};
  private next = 0;

  list(cells: readonly string[]): string {
    return cells
      .map((cell) => {
        const name = `p${this.next++}`;
        this.values[name] = cell;
        return `$${name}`;
      })
      .join(", ");
  }
}

const quote = (s: string): string => `'${s.replace(/'/g, "''")}'`;

function sourceSql(columns: number): string {
  const types = Array.from({ length: columns }, (_, i) => `${quote(`c${i}`)}: 'VARCHAR'`).join(", ");
  return (
    `read_csv($path, delim = ',', quote = '"', escape = '"', header = true, auto_detect = false, ` +
    `strict_mode = true, null_padding = false, columns = {${types}})`
  );
}

/**
 * The in-memory DuckDB instance that reads CSV files, one per process (each file gets its own connection). It
 * holds no data between files; reusing it saves, per file, creating an instance (~10 ms) and closing one after
 * a large scan (~35 ms, spent handing its buffers back), which is what a job process would otherwise pay on
 * every ingest. It ends with the process. DuckDB is loaded here, when a CSV file is read (csv-duckdb.ts).
 */
let csvInstance: Promise<DuckDBInstance> | null = null;
function csvReader(): Promise<DuckDBInstance> {
  csvInstance ??= import("./csv-duckdb.ts")
    .then(({ createMemoryInstance }) => createMemoryInstance())
    .catch((err: unknown) => {
      csvInstance = null;
      throw err;
    });
  return csvInstance;
}

/** Materialises `input` as a file on disk: its own path, or a temporary copy removed by `cleanup`. */
async function onDisk(input: CsvInput, opts: CsvOptions): Promise<{ file: string; cleanup: () => Promise<void> }> {
  if (typeof input === "object" && !(input instanceof Uint8Array)) return { file: input.path, cleanup: async () => {} };
  const dir = await mkdtemp(path.join(opts.tempDir ?? os.tmpdir(), "jwi-csv-"));
  const cleanup = () => rm(dir, { recursive: true, force: true });
  try {
    const file = path.join(dir, "upload.csv");
    await writeFile(file, input);
    return { file, cleanup };
  } catch (err) {
    await cleanup();
    throw err;
  }
}

async function run<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (err) {
    throw csvReadError(err) ?? err;
  }
}

/**
 * Opens `input` as a CSV file and hands it to `work`; the header is checked first (empty, binary, semicolons,
 * tabs, repeated columns). DuckDB's reading errors (a cut-off row, an unclosed quote, bad UTF-8) become
 * InputErrors naming the line. The connection and any temporary copy are gone when this returns.
 */
export async function withCsvFile<T>(
  input: CsvInput,
  work: (file: CsvFile) => Promise<T>,
  opts: CsvOptions = {},
): Promise<T> {
  const { head, size } = await headOf(input);
  const header = readHeader(head, size);
  const disk = await onDisk(input, opts);
  let conn: DuckDBConnection | null = null;
  try {
    const c = (conn = await (await csvReader()).connect());
    const lower = header.map((h) => h.toLowerCase());
    const withPath = (params: Record<string, DuckDBValue> = {}) => ({ ...params, path: disk.file });
    const file: CsvFile = {
      header,
      firstRow: firstDataRow(head),
      column: (...names) => {
        for (const name of names) {
          const i = lower.indexOf(name.toLowerCase());
          if (i >= 0) return i;
        }
        return -1;
      },
      col: (i) => `c${i}`,
      source: sourceSql(header.length),
      all: (sql, params) => run(async () => (await c.runAndReadAll(sql, withPath(params))).getRowsJS()),
      each: (sql, params, visit) =>
        run(async () => {
          const result = await c.stream(sql, withPath(params));
          for await (const rows of result.yieldRowsJs()) for (const row of rows) visit(row);
        }),
    };
    return await work(file);
  } finally {
    conn?.closeSync();
    await disk.cleanup();
  }
}
