// The one full scan of a Eurostat CSV: each dimension's categories (codes, and the labels that stand for them) and,
// on the way, the rows of the candidate series of the table the first row suggests. Every row's value is checked.
import { SqlParams, badValueSql, numberCell, type CsvFile } from "../csv/csv-file.ts";
import type { Layout } from "./csv-columns.ts";
import { categoryCode, labelsOf } from "./labels.ts";
import type { PinDimension } from "./pin.ts";
import type { TableConfig } from "./tables.ts";

/** One dimension column's categories: code → the cells (codes or labels) that stand for it. */
export interface CsvDimension extends PinDimension {
  cellsOf: Map<string, string[]>;
  /** True when some cell was a label, not a code. */
  labelled: boolean;
}

function csvDimension(id: string, cells: Iterable<string>): CsvDimension {
  const cellsOf = new Map<string, string[]>();
  let labelled = false;
  for (const cell of cells) {
    const code = categoryCode(id, cell);
    if (code !== cell.trim()) labelled = true;
    const list = cellsOf.get(code);
    if (list) list.push(cell);
    else cellsOf.set(code, [cell]);
  }
  const codes = [...cellsOf.keys()].sort();
  const positions = new Map(codes.map((c, i) => [c, i]));
  return { id, codes, positionOf: (code) => positions.get(code), cellsOf, labelled };
}

/** A row of the candidate series, captured during the scan: data row number, geo, time, value and flag cells. */
export interface Captured {
  r: number;
  g: string | null;
  t: string | null;
  v: string | null;
  f: string | null;
}

/** What the one full scan learns: the distinct cells of DATAFLOW and of every dimension column, and the candidate rows. */
export interface Scan {
  rows: number;
  dims: Map<string, CsvDimension>;
  dataflows: string[];
  /** The first row's LAST UPDATE cell, or null. */
  updated: string | null;
  /** One per distinct combination of dimension cells (aligned with layout.dims), with its captured rows. */
  groups: Array<{ cells: Array<string | null>; captured: Captured[] }>;
  /** Per dimension id, the cells the capture condition accepted; absent = every cell (no condition). */
  accepted: Map<string, Set<string>>;
  /** Whether rows were captured at all (false when no table could be guessed before the scan). */
  capturing: boolean;
}

export const text = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

/**
 * The cells that may stand for one of `codes` in `dimension`: the codes and the labels the dictionary knows for
 * them. A file whose pinned cells are other spellings (odd spaces, a CODE:Label form) is read again (readPinned).
 */
function candidateCells(dimension: string, codes: readonly string[]): string[] {
  return [...new Set(codes.flatMap((code) => [code, ...labelsOf(dimension, code)]))];
}

/**
 * The one full scan: per distinct combination of DATAFLOW and the dimension cells, the row count and,
 * for the candidate series of `guess` (its pinned dimensions at any of their accepted codes), the rows themselves.
 */
export async function scan(
  file: CsvFile,
  layout: Layout,
  guess: TableConfig | null,
  updated: string | null,
): Promise<Scan> {
  const params = new SqlParams();
  const accepted = new Map<string, Set<string>>();
  const conditions: string[] = [];
  for (const rule of guess?.pins ?? []) {
    const dim = layout.dims.find((d) => d.id === rule.dimension);
    if (dim === undefined) continue;
    const cells = candidateCells(rule.dimension, rule.codes);
    accepted.set(rule.dimension, new Set(cells));
    conditions.push(`${file.col(dim.pos)} IN (${params.list(cells)})`);
  }
  const capture = guess === null ? "false" : conditions.length > 0 ? conditions.join(" AND ") : "true";
  const keys = [layout.dataflow, ...layout.dims.map((d) => d.pos)].map((pos) => (pos < 0 ? "NULL" : file.col(pos)));
  const [g, t, v, f] = [layout.geo, layout.time, layout.value, layout.flag].map((pos) =>
    pos < 0 ? "NULL" : file.col(pos),
  );
  const keyNames = keys.map((_, i) => `k${i}`);
  // The captured rows of a group come back as one JSON text (JSON.parse is far cheaper than converting a list of
  // structs value by value, and JSON keeps every cell and null exactly).
  // Every row's value is checked on the way (badValueSql), whatever its series or country: the first row whose
  // value is not a complete number (a file cut off in the middle of its last number) rejects the file.
  const sql = `SELECT ${keyNames.join(", ")}, count(*)::INTEGER, to_json(list(row) FILTER (WHERE row IS NOT NULL))::VARCHAR,
                      min(bad)::INTEGER, arg_min(v, bad)
    FROM (SELECT ${keys.map((k, i) => `${k} AS k${i}`).join(", ")},
                 CASE WHEN ${capture} THEN {'r': r::INTEGER, 'g': ${g}, 't': ${t}, 'v': ${v}, 'f': ${f}} END AS row,
                 CASE WHEN ${badValueSql(v)} THEN r END AS bad, ${v} AS v
            FROM (SELECT row_number() OVER () AS r, * FROM ${file.source}))
    GROUP BY ALL`;
  const rows = await file.all(sql, params.values);
  const distinct = keys.map(() => new Set<string>());
  const groups: Scan["groups"] = [];
  let count = 0;
  let bad: { row: number; cell: string } | null = null;
  for (const row of rows) {
    const badRow = row[keys.length + 2];
    if (badRow !== null && badRow !== undefined && (bad === null || Number(badRow) < bad.row)) {
      bad = { row: Number(badRow), cell: String(row[keys.length + 3]) };
    }
    keys.forEach((_, i) => {
      const cell = text(row[i]);
      if (cell !== null && cell.trim() !== "") distinct[i]!.add(cell);
    });
    count += Number(row[keys.length]);
    const captured = row[keys.length + 1];
    groups.push({
      cells: row.slice(1, keys.length).map(text),
      captured: typeof captured === "string" ? ((JSON.parse(captured) as Captured[] | null) ?? []) : [],
    });
  }
  if (bad !== null) numberCell(bad.cell, bad.row, file.header[layout.value]!); // throws: names the row
  return {
    rows: count,
    dims: new Map(layout.dims.map((d, i) => [d.id, csvDimension(d.id, distinct[i + 1]!)])),
    dataflows: [...distinct[0]!].map((c) => c.trim()),
    updated,
    groups,
    accepted,
    capturing: guess !== null,
  };
}
