// Test helper: builds small JSON-stat 2.0 datasets shaped like Eurostat's, with a chosen layout
// (dimension order, sparse object with shuffled keys or dense array, index as object or array).

export interface SyntheticDimension {
  id: string;
  codes: readonly string[];
}

export type Coordinates = Readonly<Record<string, string>>;

export interface SyntheticOptions {
  dims: readonly SyntheticDimension[];
  /** The value of a cell; null/undefined = missing. */
  cell: (at: Coordinates) => number | null | undefined;
  status?: (at: Coordinates) => string | undefined;
  /** `value` as a dense array (null = missing) instead of a sparse object. */
  dense?: boolean;
  /** Category index as an array of codes instead of an object code → position. */
  indexAsArray?: boolean;
  /** `extension.id`; omitted when null. Default: none. */
  extensionId?: string | null;
  label?: string;
  updated?: string;
}

/** Every cell's coordinates in row-major order (last dimension fastest). */
function* cells(dims: readonly SyntheticDimension[]): Generator<[number, Coordinates]> {
  const total = dims.reduce((n, d) => n * d.codes.length, 1);
  for (let flat = 0; flat < total; flat++) {
    const at: Record<string, string> = {};
    let rest = flat;
    for (let i = dims.length - 1; i >= 0; i--) {
      const size = dims[i].codes.length;
      at[dims[i].id] = dims[i].codes[rest % size];
      rest = Math.floor(rest / size);
    }
    yield [flat, at];
  }
}

/** Keys reversed and interleaved, so that no reader can rely on ascending order. */
function shuffled<T>(entries: T[]): T[] {
  const reversed = [...entries].reverse();
  const odd = reversed.filter((_, i) => i % 2 === 1);
  const even = reversed.filter((_, i) => i % 2 === 0);
  return [...odd, ...even];
}

export function syntheticDataset(opts: SyntheticOptions): Record<string, unknown> {
  const values: Array<[number, number]> = [];
  const statuses: Array<[number, string]> = [];
  const total = opts.dims.reduce((n, d) => n * d.codes.length, 1);
  for (const [flat, at] of cells(opts.dims)) {
    const v = opts.cell(at);
    if (v !== null && v !== undefined) values.push([flat, v]);
    const s = opts.status?.(at);
    if (s !== undefined) statuses.push([flat, s]);
  }
  let value: unknown;
  if (opts.dense === true) {
    const dense: Array<number | null> = new Array(total).fill(null);
    for (const [flat, v] of values) dense[flat] = v;
    value = dense;
  } else {
    value = Object.fromEntries(shuffled(values).map(([k, v]) => [String(k), v]));
  }
  const dimension = Object.fromEntries(
    opts.dims.map((d) => [
      d.id,
      {
        label: d.id,
        category: {
          index: opts.indexAsArray === true ? [...d.codes] : Object.fromEntries(d.codes.map((c, i) => [c, i])),
          label: Object.fromEntries(d.codes.map((c) => [c, `Label of ${c}`])),
        },
      },
    ]),
  );
  return {
    version: "2.0",
    class: "dataset",
    label: opts.label ?? "Synthetic dataset",
    source: "ESTAT",
    updated: opts.updated ?? "2026-01-15T11:00:00+0100",
    value,
    ...(statuses.length > 0 ? { status: Object.fromEntries(shuffled(statuses).map(([k, s]) => [String(k), s])) } : {}),
    id: opts.dims.map((d) => d.id),
    size: opts.dims.map((d) => d.codes.length),
    dimension,
    ...(opts.extensionId === undefined || opts.extensionId === null ? {} : { extension: { id: opts.extensionId } }),
  };
}
