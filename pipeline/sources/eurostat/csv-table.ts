// Which Eurostat table a CSV holds: the guess from its first row (before the scan), then the table its DATAFLOW cells
// and dimensions name (after it); a file of two tables or two frequencies is refused, naming where each starts.
import { InputError } from "../../../lib/errors.ts";
import type { CsvFile } from "../csv/csv-file.ts";
import { dataflowTable, type Layout } from "./csv-columns.ts";
import { text, type Scan } from "./csv-scan.ts";
import { categoryCode } from "./labels.ts";
import { normalisePeriod, type Frequency } from "./period.ts";
import { resolveTable } from "./table-inference.ts";
import { type EurostatDataType, type TableConfig } from "./tables.ts";

/**
 * The table the first data row suggests (its DATAFLOW, else the dimension columns and its frequency), so that the
 * one scan can already keep the rows of that table's candidate series (null when it suggests none), and the
 * row's LAST UPDATE (Eurostat writes one per download).
 */
export async function guessTable(
  file: CsvFile,
  layout: Layout,
  dataType: EurostatDataType,
): Promise<{ guess: TableConfig | null; updated: string | null }> {
  const freqPos = layout.dims.find((d) => d.id === "freq")?.pos ?? -1;
  const positions = [layout.dataflow, freqPos, layout.time, layout.updated];
  let first: Array<string | null>;
  if (file.firstRow !== null) {
    first = positions.map((pos) =>
      pos < 0 || file.firstRow![pos] === undefined || file.firstRow![pos] === "" ? null : file.firstRow![pos]!,
    );
  } else {
    const columns = positions.map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
    const [row] = await file.all(`SELECT ${columns.join(", ")} FROM ${file.source} LIMIT 1`);
    if (row === undefined) return { guess: null, updated: null };
    first = row.map(text);
  }
  const [dataflow, freq, time, updated] = first;
  const freqCode = freq === null ? null : categoryCode("freq", freq);
  const shape = {
    hasDimension: (id: string) => layout.dims.some((d) => d.id === id),
    freq:
      freqCode === "M" || freqCode === "Q"
        ? freqCode
        : time === null
          ? null
          : (normalisePeriod(time.trim())?.freq ?? null),
    label: null,
  };
  let guess: TableConfig | null;
  try {
    guess = resolveTable(dataflow === null ? null : dataflowTable(dataflow), shape, dataType, "");
  } catch {
    guess = null;
  }
  return { guess, updated: updated ?? null };
}

/** The first data row of each distinct value of a column, in file order (only asked for when rejecting a file). */
async function firstRows(file: CsvFile, pos: number): Promise<Array<[string, number]>> {
  const rows = await file.all(
    `SELECT v, min(r)::INTEGER FROM (SELECT row_number() OVER () AS r, ${file.col(pos)} AS v FROM ${file.source})
      WHERE v IS NOT NULL GROUP BY v ORDER BY 2`,
  );
  return rows.map(([v, r]) => [String(v).trim(), Number(r)]);
}

/** `A (from row 1), B (from row 734)`: the first row of each code (after label mapping). */
async function whereEach(file: CsvFile, pos: number, codeOf: (cell: string) => string): Promise<string> {
  const seen = new Map<string, number>();
  for (const [cell, row] of await firstRows(file, pos)) {
    const code = codeOf(cell);
    if (!seen.has(code)) seen.set(code, row);
  }
  return [...seen].map(([code, row]) => `${code} from row ${row}`).join(", ");
}

/** The file's frequency: its `freq` column's one category, else its first time period's. InputError for two. */
async function fileFrequency(file: CsvFile, layout: Layout, cats: Scan): Promise<Frequency | null> {
  const freq = cats.dims.get("freq");
  if (freq && freq.codes.length > 1) {
    const pos = layout.dims.find((d) => d.id === "freq")!.pos;
    throw new InputError(
      `This CSV mixes ${freq.codes.length} frequencies (${await whereEach(file, pos, (c) => categoryCode("freq", c))}); upload one table, of one frequency, per file.`,
      { column: file.header[pos] },
    );
  }
  const code = freq?.codes[0];
  if (code === "M" || code === "Q") return code;
  const first = await file.all(
    `SELECT ${file.col(layout.time)} FROM ${file.source} WHERE ${file.col(layout.time)} IS NOT NULL LIMIT 1`,
  );
  const label = text(first[0]?.[0]);
  return label === null ? null : (normalisePeriod(label.trim())?.freq ?? null);
}

export async function fileTable(
  file: CsvFile,
  layout: Layout,
  cats: Scan,
  dataType: EurostatDataType,
): Promise<TableConfig> {
  const tables = [...new Set(cats.dataflows.map(dataflowTable))];
  if (tables.length > 1) {
    throw new InputError(
      `This CSV mixes ${tables.length} tables (${await whereEach(file, layout.dataflow, (c) => c.trim())}); upload one table per file.`,
      { column: file.header[layout.dataflow] },
    );
  }
  const freq = await fileFrequency(file, layout, cats);
  const shape = { hasDimension: (id: string) => cats.dims.has(id), freq, label: null };
  return resolveTable(tables[0] ?? null, shape, dataType, "it has no DATAFLOW column");
}
