// A small, generic decoder for one JSON-stat 2.0 dataset (https://json-stat.org/format/).
// It validates the header (class, id, size, dimension) and gives O(1) access to any cell by its flat
// row-major index. `value` is walked once, only to check that every entry is a finite number or null (a file
// with anything else in a value cell is refused whole, naming the first such cell, as the CSV reader does);
// `status` is never walked, and the key order of a sparse `value` object never matters.

import { z } from "zod";
import { InputError } from "../../../lib/errors.ts";

/** One dimension: its categories in cube order. */
export interface JsonStatDimension {
  id: string;
  label: string;
  /** Category codes by position (cube order, not alphabetical). */
  codes: readonly string[];
  /** Category labels by position (the code when the file gives no label). */
  labels: readonly string[];
  /** Position of a category code, undefined when the dimension does not have it. */
  positionOf(code: string): number | undefined;
}

export interface JsonStatDataset {
  label: string | null;
  /** The dataset's `updated` stamp (ISO 8601) or null. */
  updated: string | null;
  /** Non-standard extras (Eurostat: id, datastructure, annotation, positions-with-no-data, …). */
  extension: Readonly<Record<string, unknown>>;
  /** `role` (time, geo, metric) when the file has one. */
  role: Readonly<Record<string, readonly string[]>>;
  /** Dimension ids in cube order. */
  ids: readonly string[];
  sizes: readonly number[];
  /** Row-major strides: the last dimension is fastest (stride 1). */
  strides: readonly number[];
  /** Number of cells of the cube (product of sizes). */
  cellCount: number;
  dimension(id: string): JsonStatDimension | undefined;
  /** The value of a cell; null when absent, null or not a finite number. */
  valueAt(flat: number): number | null;
  /** The status flag of a cell; null when none. */
  statusAt(flat: number): string | null;
}

const NOT_A_DATASET = "This is not a Eurostat JSON-stat 2.0 dataset";

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

const container = (v: unknown): v is unknown[] | Record<string, unknown> => typeof v === "object" && v !== null;

// `value` and `status` are only type-checked here: they may hold a million entries. `value` is walked once after
// the dimensions are known (checkValues), so that the first bad cell can be named by its categories.
// Category indexes and labels are checked entry by entry while decoding (a time axis can be long).
const headerSchema = z.object({
  class: z.literal("dataset"),
  label: z.string().optional(),
  updated: z.string().optional(),
  id: z.array(z.string()).min(1),
  size: z.array(z.number().int().nonnegative()),
  dimension: z.record(
    z.string(),
    z.object({
      label: z.string().optional(),
      category: z.object({
        index: z.custom<unknown[] | Record<string, unknown>>(container, "expected an object or an array").optional(),
        label: z.custom<Record<string, unknown>>(isPlainObject, "expected an object").optional(),
      }),
    }),
  ),
  value: z.custom<unknown[] | Record<string, unknown>>(container, "expected an object or an array"),
  status: z
    .custom<string | unknown[] | Record<string, unknown>>(
      (v) => typeof v === "string" || container(v),
      "expected a string, an object or an array",
    )
    .optional(),
  role: z.record(z.string(), z.array(z.string())).optional(),
  extension: z.record(z.string(), z.unknown()).optional(),
});
type Header = z.infer<typeof headerSchema>;

const notADataset = (problems: string[]): InputError =>
  new InputError(`${NOT_A_DATASET}: ${problems.join("; ")}.`, { problems });

/** What keeps an object from being a dataset at first sight: wrong class, missing members. */
function missingMembers(raw: Record<string, unknown>): string[] {
  const problems: string[] = [];
  if (raw.class === undefined) problems.push('no "class": "dataset"');
  else if (raw.class !== "dataset") problems.push(`"class" is ${JSON.stringify(raw.class)}, not "dataset"`);
  const missing = ["id", "size", "dimension", "value"].filter((k) => raw[k] === undefined || raw[k] === null);
  if (missing.length > 0) problems.push(`missing ${missing.map((k) => `"${k}"`).join(", ")}`);
  return problems;
}

function checkHeader(raw: unknown): Header {
  if (!isPlainObject(raw)) throw notADataset(["expected an object"]);
  const first = missingMembers(raw);
  if (first.length > 0) throw notADataset(first);
  const parsed = headerSchema.safeParse(raw);
  if (!parsed.success) {
    throw notADataset(
      parsed.error.issues.map((i) => `"${i.path.join(".")}": ${i.message.replace(/^Invalid input: /, "")}`),
    );
  }
  return parsed.data;
}

/** Category codes by position, from `index` (array or code→position object) or a lone `label`. */
function categoryCodes(id: string, size: number, category: Header["dimension"][string]["category"]): string[] {
  const { index, label } = category;
  const bad = (what: string) => notADataset([`dimension "${id}": ${what}`]);
  if (Array.isArray(index)) {
    if (!index.every((code) => typeof code === "string")) throw bad("category codes must be strings");
    return index as string[];
  }
  if (index === undefined) {
    const codes = Object.keys(label ?? {});
    if (codes.length === 1) return codes;
    throw bad("no category index");
  }
  const entries = Object.keys(index);
  if (entries.length !== size) return entries; // reported as a count mismatch by the caller
  const codes = new Array<string>(size);
  for (const code of entries) {
    const pos = index[code];
    if (typeof pos !== "number" || !Number.isInteger(pos) || pos < 0 || pos >= size || codes[pos] !== undefined) {
      throw bad(`category positions are not 0…${size - 1}`);
    }
    codes[pos] = code;
  }
  return codes;
}

function decodeDimension(id: string, size: number, raw: Header["dimension"][string]): JsonStatDimension {
  const codes = categoryCodes(id, size, raw.category);
  if (codes.length !== size) {
    throw notADataset([`dimension "${id}" has ${codes.length} categories but "size" says ${size}`]);
  }
  const positions = new Map<string, number>();
  for (let pos = 0; pos < codes.length; pos++) positions.set(codes[pos], pos);
  if (positions.size !== codes.length) throw notADataset([`dimension "${id}" repeats a category`]);
  const labelOf = raw.category.label ?? {};
  return {
    id,
    label: raw.label ?? id,
    codes,
    labels: codes.map((code) => (typeof labelOf[code] === "string" ? (labelOf[code] as string) : code)),
    positionOf: (code) => positions.get(code),
  };
}

/** Row-major strides from the sizes: stride_last = 1, stride_i = stride_{i+1} × size_{i+1}. */
export function stridesOf(sizes: readonly number[]): number[] {
  const strides = new Array<number>(sizes.length);
  let stride = 1;
  for (let i = sizes.length - 1; i >= 0; i--) {
    strides[i] = stride;
    stride *= sizes[i];
  }
  return strides;
}

function valueReader(value: unknown[] | Record<string, unknown>): (flat: number) => number | null {
  // Integer-like keys of a parsed object are looked up by number directly; no key is ever converted.
  const cells = value as Record<number, unknown>;
  return (flat) => {
    const v = cells[flat];
    return typeof v === "number" && Number.isFinite(v) ? v : null;
  };
}

/** A value cell as an error message shows it: JSON text, cut after 40 characters. */
function shownValue(v: unknown): string {
  if (typeof v === "number") return String(v); // Infinity: a number too large for a double (1e400)
  const text = JSON.stringify(v) ?? String(v);
  return text.length <= 40 ? text : `${text.slice(0, 40)}… (${text.length - 40} more characters)`;
}

/** "geo DE, time 2024-01, …": the categories of the cell at a flat index (or the bare index past the cube). */
function cellName(
  flat: number,
  ids: readonly string[],
  sizes: readonly number[],
  dims: Map<string, JsonStatDimension>,
) {
  const cellCount = sizes.reduce((a, b) => a * b, 1);
  if (!Number.isInteger(flat) || flat < 0 || flat >= cellCount) return `value #${flat}`;
  const strides = stridesOf(sizes);
  const parts = ids.map((id, i) => `${id} ${dims.get(id)?.codes[Math.floor(flat / strides[i]) % sizes[i]]}`);
  return `value #${flat} (${parts.join(", ")})`;
}

/**
 * Every entry of `value` is a finite number or null (JSON-stat 2.0: "value" holds numbers or null). Anything else
 * (`"x"`, `"12abc"`, `"NaN"`, `true`, `[]`, `{…}`, a number too large for a double) refuses the file whole, naming
 * the first such cell: a file with junk in its values is a broken or hostile file, not one with empty cells.
 */
function checkValues(
  value: unknown[] | Record<string, unknown>,
  ids: readonly string[],
  sizes: readonly number[],
  dims: Map<string, JsonStatDimension>,
): void {
  const bad = (flat: number, v: unknown) =>
    new InputError(
      `${cellName(flat, ids, sizes, dims)} is ${shownValue(v)}, not a number: a JSON-stat value is a number or null.`,
      { cell: flat },
    );
  const ok = (v: unknown) => v === null || (typeof v === "number" && Number.isFinite(v));
  if (Array.isArray(value)) {
    for (let flat = 0; flat < value.length; flat++) if (!ok(value[flat])) throw bad(flat, value[flat]);
    return;
  }
  for (const key in value) if (!ok(value[key])) throw bad(Number(key), value[key]);
}

function statusReader(status: Header["status"], cellCount: number): (flat: number) => string | null {
  const asFlag = (s: unknown): string | null => (typeof s === "string" && s.trim() !== "" ? s.trim() : null);
  if (status === undefined) return () => null;
  if (typeof status === "string") {
    const flag = asFlag(status);
    return () => flag;
  }
  if (Array.isArray(status) && status.length === 1 && cellCount > 1) {
    const flag = asFlag(status[0]);
    return () => flag;
  }
  const cells = status as Record<number, unknown>;
  return (flat) => asFlag(cells[flat]);
}

/**
 * Decode a parsed JSON-stat 2.0 dataset. Throws InputError ("This is not a Eurostat JSON-stat 2.0
 * dataset: …") naming what is missing or inconsistent.
 */
export function decodeJsonStat(raw: unknown): JsonStatDataset {
  const header = checkHeader(raw);
  const { id: ids, size: sizes } = header;
  if (ids.length !== sizes.length) {
    throw notADataset([`"id" names ${ids.length} dimensions but "size" has ${sizes.length} entries`]);
  }
  if (new Set(ids).size !== ids.length) throw notADataset(['"id" repeats a dimension']);
  const dimensions = new Map<string, JsonStatDimension>();
  ids.forEach((id, i) => {
    const rawDim = header.dimension[id];
    if (rawDim === undefined) throw notADataset([`dimension "${id}" is listed in "id" but not described`]);
    dimensions.set(id, decodeDimension(id, sizes[i], rawDim));
  });
  const cellCount = sizes.reduce((a, b) => a * b, 1);
  if (Array.isArray(header.value) && header.value.length !== cellCount) {
    throw notADataset([`"value" has ${header.value.length} entries but "size" gives ${cellCount} cells`]);
  }
  checkValues(header.value, ids, sizes, dimensions);
  return {
    label: header.label ?? null,
    updated: header.updated ?? null,
    extension: header.extension ?? {},
    role: header.role ?? {},
    ids,
    sizes,
    strides: stridesOf(sizes),
    cellCount,
    dimension: (id) => dimensions.get(id),
    valueAt: valueReader(header.value),
    statusAt: statusReader(header.status, cellCount),
  };
}

/** Flat index of a cell from one position per dimension (all dimensions must be given). */
export function flatIndex(ds: JsonStatDataset, positions: Readonly<Record<string, number>>): number {
  let flat = 0;
  ds.ids.forEach((id, i) => {
    const pos = positions[id];
    if (pos === undefined) throw new Error(`flatIndex: no position for dimension "${id}"`);
    flat += pos * ds.strides[i];
  });
  return flat;
}

/** Receives one cell of a slice: row and column positions, the value (null = missing), the flag and the flat index. */
export type SliceVisitor = (
  row: number,
  col: number,
  value: number | null,
  status: string | null,
  flat: number,
) => void;

/**
 * Visit every cell of the slice `rowDim × colDim` with all other dimensions fixed at `pins`
 * (positions). O(rows × cols): each cell is a computed flat index and a direct lookup.
 * `rows` optionally restricts the row positions visited (in the order given).
 */
export function forEachSliceCell(
  ds: JsonStatDataset,
  pins: Readonly<Record<string, number>>,
  rowDim: string,
  colDim: string,
  visit: SliceVisitor,
  rows?: readonly number[],
): void {
  const rowAxis = ds.ids.indexOf(rowDim);
  const colAxis = ds.ids.indexOf(colDim);
  if (rowAxis < 0 || colAxis < 0 || rowAxis === colAxis) {
    throw new Error(`forEachSliceCell: "${rowDim}" and "${colDim}" must be two dimensions of the dataset`);
  }
  const base = flatIndex(ds, { ...pins, [rowDim]: 0, [colDim]: 0 });
  const rowStride = ds.strides[rowAxis];
  const colStride = ds.strides[colAxis];
  const cols = ds.sizes[colAxis];
  const rowList = rows ?? Array.from({ length: ds.sizes[rowAxis] }, (_, i) => i);
  for (const row of rowList) {
    const rowBase = base + row * rowStride;
    for (let col = 0; col < cols; col++) {
      const flat = rowBase + col * colStride;
      visit(row, col, ds.valueAt(flat), ds.statusAt(flat), flat);
    }
  }
}
