import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { decodeJsonStat, flatIndex, forEachSliceCell, stridesOf, type JsonStatDataset } from "./jsonstat.ts";
import { syntheticDataset, type SyntheticDimension } from "./synthetic.ts";

// jsonstat-toolkit is CommonJS without types: the little we use is typed here.
interface ToolkitRow {
  value: number | null;
  status: string | null;
  [dimension: string]: unknown;
}
interface ToolkitDataset {
  class: string;
  n: number;
  toTable(opts: { type: "arrobj"; status: true; content: "id" }): ToolkitRow[];
}
const JSONstat = createRequire(import.meta.url)("jsonstat-toolkit") as (input: unknown) => ToolkitDataset;

const fixture = (rel: string): unknown =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url)), "utf8"));

const REAL_FILES = [
  "real/eurostat/une_rt_m.json",
  "real/eurostat/une_rt_q_SUBSET_2020Q1_2026Q2.json",
  "real/eurostat/jvs_q_nace2.json",
  "real/eurostat/namq_10_gdp_CLV_PCH_SM.json",
  "real/eurostat/prc_hicp_manr.json",
  "real/eurostat/prc_hicp_minr_SUBSET_2025-01_2026-08.json",
  "broken/ei_cphi_m_RT12.json",
];

/** Our flat index of a toolkit row, from its category codes. */
function flatOf(ds: JsonStatDataset, row: ToolkitRow): number {
  const positions: Record<string, number> = {};
  for (const id of ds.ids) positions[id] = ds.dimension(id)?.positionOf(String(row[id])) as number;
  return flatIndex(ds, positions);
}

/** Every cell decoded by both: the same value and the same flag at the same coordinates. */
function expectSameCells(raw: unknown): { cells: number; values: number } {
  const ours = decodeJsonStat(raw);
  const rows = JSONstat(raw).toTable({ type: "arrobj", status: true, content: "id" });
  expect(rows.length).toBe(ours.cellCount);
  const mismatches = rows.filter((row) => {
    const flat = flatOf(ours, row);
    return ours.valueAt(flat) !== row.value || ours.statusAt(flat) !== (row.status ?? null);
  });
  expect(mismatches).toEqual([]);
  return { cells: rows.length, values: rows.filter((r) => r.value !== null).length };
}

describe("decodeJsonStat against jsonstat-toolkit on the real files", () => {
  it.each(REAL_FILES)("%s: every cell decodes to the same value and flag", (file) => {
    const { values } = expectSameCells(fixture(file));
    expect(values).toBeGreaterThan(0);
  });

  it("une_rt_m: 8 × 524 cells, 2996 values, geo in cube (not alphabetical) order", () => {
    const raw = fixture("real/eurostat/une_rt_m.json");
    expect(expectSameCells(raw)).toEqual({ cells: 8 * 524, values: 2996 });
    const ds = decodeJsonStat(raw);
    expect(ds.dimension("geo")?.codes).toEqual(["CZ", "DE", "HU", "AT", "PL", "RO", "SI", "SK"]);
    expect(ds.strides).toEqual([4192, 4192, 4192, 4192, 4192, 524, 1]);
  });
});

const GEO: SyntheticDimension = { id: "geo", codes: ["DE", "EL", "UK"] };
const TIME: SyntheticDimension = { id: "time", codes: ["2024-01", "2024-02", "2024-03", "2024-04"] };
const SEX: SyntheticDimension = { id: "sex", codes: ["F", "M", "T"] };
const UNIT: SyntheticDimension = { id: "unit", codes: ["PC_ACT"] };
// Distinct value per cell: geo, time, sex positions as digits; (EL, 2024-02) is missing everywhere.
const cell = (at: Record<string, string>): number | null =>
  at.geo === "EL" && at.time === "2024-02"
    ? null
    : GEO.codes.indexOf(at.geo) * 100 + TIME.codes.indexOf(at.time) * 10 + SEX.codes.indexOf(at.sex);
const status = (at: Record<string, string>): string | undefined => (at.time === "2024-04" ? "p" : undefined);

describe("decodeJsonStat layouts", () => {
  const layouts = {
    "sparse object, keys out of order": { dims: [UNIT, SEX, GEO, TIME] },
    "dense array with nulls": { dims: [UNIT, SEX, GEO, TIME], dense: true },
    "time before geo": { dims: [UNIT, TIME, SEX, GEO] },
    "geo first, time in the middle": { dims: [GEO, TIME, UNIT, SEX] },
    "category index as arrays": { dims: [SEX, UNIT, GEO, TIME], indexAsArray: true },
  } as const;

  it.each(Object.entries(layouts))("%s: same cells as jsonstat-toolkit and as built", (_, layout) => {
    const raw = syntheticDataset({ ...layout, cell, status });
    expectSameCells(raw);
    const ds = decodeJsonStat(raw);
    const seen: string[] = [];
    forEachSliceCell(ds, { unit: 0, sex: 2 }, "geo", "time", (row, col, value, flag) => {
      const at = { geo: GEO.codes[row], time: TIME.codes[col], sex: "T" };
      expect(value).toBe(cell(at));
      expect(flag).toBe(status(at) ?? null);
      seen.push(`${at.geo}|${at.time}`);
    });
    expect(seen).toHaveLength(GEO.codes.length * TIME.codes.length);
  });

  it("visits only the rows asked for, in the order given", () => {
    const ds = decodeJsonStat(syntheticDataset({ dims: [UNIT, SEX, GEO, TIME], cell }));
    const rows: number[] = [];
    forEachSliceCell(ds, { unit: 0, sex: 0 }, "geo", "time", (row) => rows.push(row), [2, 0]);
    expect(rows).toEqual([2, 2, 2, 2, 0, 0, 0, 0]);
  });

  it("status as a single string applies to every cell; null values are missing", () => {
    const raw: Record<string, unknown> = {
      ...syntheticDataset({ dims: [GEO, TIME], cell: () => 1, dense: true }),
      status: "e",
    };
    const cells = raw.value as unknown[];
    cells[0] = null;
    const ds = decodeJsonStat(raw);
    expect([ds.valueAt(0), ds.valueAt(1), ds.valueAt(2)]).toEqual([null, 1, 1]);
    expect(ds.statusAt(5)).toBe("e");
  });

  it("a single-category dimension may give only a label", () => {
    const raw = syntheticDataset({ dims: [UNIT, GEO, TIME], cell: () => 1 }) as {
      dimension: Record<string, { category: object }>;
    };
    raw.dimension.unit.category = { label: { PC_ACT: "Percentage" } };
    expect(decodeJsonStat(raw).dimension("unit")?.codes).toEqual(["PC_ACT"]);
  });

  it("strides are row-major, last dimension fastest", () => {
    expect(stridesOf([1, 3, 2, 4])).toEqual([24, 8, 4, 1]);
  });
});

describe("decodeJsonStat rejects what is not a dataset", () => {
  const base = () => syntheticDataset({ dims: [GEO, TIME], cell: () => 1 }) as Record<string, unknown>;
  const cases: Array<[string, (raw: Record<string, unknown>) => unknown, string]> = [
    [
      "a collection",
      () => ({ class: "collection", link: {} }),
      'This is not a Eurostat JSON-stat 2.0 dataset: "class" is "collection", not "dataset"; missing "id", "size", "dimension", "value".',
    ],
    [
      "no class",
      (r) => ({ ...r, class: undefined }),
      'This is not a Eurostat JSON-stat 2.0 dataset: no "class": "dataset".',
    ],
    [
      "id and size of different lengths",
      (r) => ({ ...r, size: [3] }),
      'This is not a Eurostat JSON-stat 2.0 dataset: "id" names 2 dimensions but "size" has 1 entries.',
    ],
    [
      "a dimension not described",
      (r) => ({ ...r, dimension: { geo: (r.dimension as Record<string, unknown>).geo } }),
      'This is not a Eurostat JSON-stat 2.0 dataset: dimension "time" is listed in "id" but not described.',
    ],
    [
      "size and categories disagree",
      (r) => ({ ...r, size: [3, 5] }),
      'This is not a Eurostat JSON-stat 2.0 dataset: dimension "time" has 4 categories but "size" says 5.',
    ],
    [
      "a dense value of the wrong length",
      (r) => ({ ...r, value: [1, 2, 3] }),
      'This is not a Eurostat JSON-stat 2.0 dataset: "value" has 3 entries but "size" gives 12 cells.',
    ],
    [
      "size of the wrong type",
      (r) => ({ ...r, size: "3,4" }),
      'This is not a Eurostat JSON-stat 2.0 dataset: "size": expected array, received string.',
    ],
  ];
  it.each(cases)("%s", (_, mutate, message) => {
    expect(() => decodeJsonStat(mutate(base()))).toThrow(message);
  });
});

// Issue 49, case 1: junk inside a valid file was read as an empty cell ("2,694 empty cells skipped") and the rest
// stored, even with --strict. A value is a number or null, else the file is refused whole, naming the first bad cell.
describe("decodeJsonStat refuses a value that is not a number or null", () => {
  const JUNK: unknown[] = ["x", [], { a: 1 }, true, "12abc", "NaN", "1.5"];

  it.each(JUNK.map((j) => [JSON.stringify(j), j]))("une_rt_m.json with %s in half its values", (_, junk) => {
    const raw = fixture("real/eurostat/une_rt_m.json") as { value: Record<string, unknown> };
    const keys = Object.keys(raw.value);
    keys.forEach((key, i) => {
      if (i % 2 === 1) raw.value[key] = junk;
    });
    const first = Number(keys[1]);
    const ds = decodeJsonStat(fixture("real/eurostat/une_rt_m.json"));
    const geo = ds.dimension("geo")!.codes[Math.floor(first / ds.strides[ds.ids.indexOf("geo")]) % 8];
    expect(() => decodeJsonStat(raw)).toThrow(
      new RegExp(
        `^value #${first} \\(.*geo ${geo}, time \\d{4}-\\d{2}\\) is ${escape(JSON.stringify(junk))}, not a number: a JSON-stat value is a number or null\\.$`,
      ),
    );
  });

  it("a dense array: the first bad cell is named by its categories", () => {
    const raw = syntheticDataset({ dims: [GEO, TIME], cell: () => 1, dense: true }) as { value: unknown[] };
    raw.value[5] = "12abc";
    raw.value[7] = true;
    expect(() => decodeJsonStat(raw)).toThrow(
      'value #5 (geo EL, time 2024-02) is "12abc", not a number: a JSON-stat value is a number or null.',
    );
  });

  it("a number too large for a double (1e400 reads as Infinity) is refused, not skipped", () => {
    const text = JSON.stringify(syntheticDataset({ dims: [GEO, TIME], cell: () => 1, dense: true })).replace(
      /"value":\[1,/,
      '"value":[1e400,',
    );
    expect(() => decodeJsonStat(JSON.parse(text))).toThrow(
      "value #0 (geo DE, time 2024-01) is Infinity, not a number: a JSON-stat value is a number or null.",
    );
  });
});

function escape(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}
