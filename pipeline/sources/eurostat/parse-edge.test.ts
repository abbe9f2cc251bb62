// parseEurostat on synthetic datasets: layouts, pinning, periods, geos, flags and every rejection.

import { describe, expect, it } from "vitest";
import type { DataType, Observation, ParsedFile } from "../../types.ts";
import { LMB_NOT_JSON, NOT_AN_OBJECT, NOT_JSON, parseEurostat } from "./parse.ts";
import { syntheticDataset, type Coordinates, type SyntheticDimension, type SyntheticOptions } from "./synthetic.ts";

const dim = (id: string, ...codes: string[]): SyntheticDimension => ({ id, codes });

const MONTHS = dim("time", "2024-01", "2024-02", "2024-03");
const GEOS = dim("geo", "DE", "EL", "EU27_2020", "UK", "LI");
/** The une_rt_m series, in Eurostat's dimension order. */
const UNE_M = [
  dim("freq", "M"),
  dim("s_adj", "SA"),
  dim("age", "TOTAL"),
  dim("unit", "PC_ACT"),
  dim("sex", "T"),
  GEOS,
  MONTHS,
];

/** A distinct value per (geo, month); LI has none, UK has values (that must not be stored). */
const value = (at: Coordinates): number | null =>
  at.geo === "LI" ? null : GEOS.codes.indexOf(at.geo) * 10 + MONTHS.codes.indexOf(at.time.replace("M", "-")) + 0.5;

const une = (opts: Partial<SyntheticOptions> = {}): Record<string, unknown> =>
  syntheticDataset({
    dims: UNE_M,
    cell: value,
    extensionId: "UNE_RT_M",
    label: "Unemployment by sex and age - monthly data",
    ...opts,
  });

/** Matches an InputError with exactly this message. */
const inputError = (message: string | RegExp) =>
  expect.objectContaining({
    name: "InputError",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

/** The observations by geo and period, without `ref` (a value's flat index depends on the layout). */
const sorted = (parsed: ParsedFile): Observation[] =>
  [...parsed.observations]
    .map(({ ref: _ref, ...o }) => o)
    .sort((a, b) => a.geo.localeCompare(b.geo) || a.period.localeCompare(b.period));

describe("layouts decode to the same observations", () => {
  const reference = parseEurostat(une(), "unemployment");

  it("reads the pinned series: DE, GR (from EL) and the EU27_2020 aggregate", () => {
    expect(reference.observations).toHaveLength(9);
    expect(reference.observations[0]).toEqual({
      dataType: "unemployment",
      table: "une_rt_m",
      geo: "DE",
      isAggregate: false,
      period: "2024-01",
      value: 0.5,
      flag: null,
      unit: "PC_ACT",
      ref: 0,
    });
    expect(reference.refKind).toBe("cell");
    // ref is the flat value index: GR (EL, geo position 1) in 2024-02 (time position 1) of a 5 × 3 slice.
    expect(reference.observations.find((o) => o.geo === "GR" && o.period === "2024-02")?.ref).toBe(1 * 3 + 1);
    expect(reference.observations.filter((o) => o.geo === "GR").map((o) => o.value)).toEqual([10.5, 11.5, 12.5]);
    expect(reference.observations.filter((o) => o.geo === "EU27_2020").every((o) => o.isAggregate)).toBe(true);
  });

  it.each([
    ["a dense value array", { dense: true }],
    ["category indexes as arrays", { indexAsArray: true }],
    ["geo before time, both first", { dims: [GEOS, MONTHS, ...UNE_M.slice(0, 5)] }],
    ["time first, geo last", { dims: [MONTHS, ...UNE_M.slice(0, 5), GEOS] }],
    ["time and geo among the others", { dims: [UNE_M[0], MONTHS, UNE_M[1], UNE_M[2], GEOS, UNE_M[3], UNE_M[4]] }],
  ] as const)("%s", (_, layout) => {
    expect(sorted(parseEurostat(une(layout), "unemployment"))).toEqual(sorted(reference));
  });

  it("pins T among several sex categories (the others are ignored)", () => {
    const dims = UNE_M.map((d) => (d.id === "sex" ? dim("sex", "F", "M", "T") : d));
    const cell = (at: Coordinates) => (at.sex === "T" ? value(at) : 99);
    expect(sorted(parseEurostat(une({ dims, cell }), "unemployment"))).toEqual(sorted(reference));
  });

  it("accepts a dimension of one category that no filter names", () => {
    const dims = [dim("citizen", "TOTAL"), ...UNE_M];
    expect(parseEurostat(une({ dims }), "unemployment").observations).toHaveLength(9);
  });
});

describe("periods", () => {
  it("normalises pre-2023 labels: 2024M01 → 2024-01", () => {
    const dims = UNE_M.map((d) => (d.id === "time" ? dim("time", "2024M01", "2024M02", "2024M03") : d));
    const parsed = parseEurostat(une({ dims }), "unemployment");
    expect([...new Set(parsed.observations.map((o) => o.period))]).toEqual(["2024-01", "2024-02", "2024-03"]);
  });

  it("normalises 2024Q2 → 2024-Q2 in a quarterly table", () => {
    const dims = [
      dim("freq", "Q"),
      dim("s_adj", "SA"),
      dim("age", "Y15-74"),
      dim("unit", "PC_ACT"),
      dim("sex", "T"),
      dim("geo", "DE"),
      dim("time", "2024Q1", "2024Q2"),
    ];
    const parsed = parseEurostat(syntheticDataset({ dims, cell: () => 3, extensionId: "UNE_RT_Q" }), "unemployment");
    expect(parsed.observations.map((o) => o.period)).toEqual(["2024-Q1", "2024-Q2"]);
  });

  it("rejects annual periods", () => {
    const dims = UNE_M.map((d) => (d.id === "time" ? dim("time", "2023", "2024") : d));
    expect(() => parseEurostat(une({ dims }), "unemployment")).toThrow(
      inputError(
        'Time period "2023" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.',
      ),
    );
  });

  it("rejects quarters in a monthly table", () => {
    const dims = UNE_M.map((d) =>
      d.id === "time" ? dim("time", "2024-Q1") : d.id === "freq" ? dim("freq", "Q", "M") : d,
    );
    expect(() => parseEurostat(une({ dims }), "unemployment")).toThrow(
      inputError('Time period "2024-Q1" is quarterly, but une_rt_m is a monthly table.'),
    );
  });
});

describe("geos, missing cells and flags", () => {
  const parsed = parseEurostat(une(), "unemployment");

  it("lists UK once as unknown, never stores it, and warns once for LI without values", () => {
    expect(parsed.unknownHeaders).toEqual(["UK"]);
    expect(parsed.observations.some((o) => o.geo === "UK")).toBe(false);
    expect(parsed.warnings).toEqual([
      { type: "unknown_geo", detail: "UK: not a covered country or a known aggregate; its values were not stored." },
      { type: "missing_value", detail: "LI: in the file, but without any value." },
    ]);
  });

  it("counts the cells of stored geos: processed = values + missing", () => {
    expect(parsed.processed).toBe(4 * 3);
    expect(parsed.skippedMissing).toBe(3);
  });

  it("treats null as missing, never as 0; a string value refuses the file whole (issue 49 case 1)", () => {
    const raw = une({ dense: true });
    const cells = raw.value as unknown[];
    const firstDe = 0; // DE × 2024-01 (all other dimensions have one category)
    cells[firstDe] = null;
    cells[firstDe + 1] = null;
    const p = parseEurostat(raw, "unemployment");
    expect(p.observations.filter((o) => o.geo === "DE").map((o) => o.period)).toEqual(["2024-03"]);
    expect(p.skippedMissing).toBe(5);
    cells[firstDe] = "0.5";
    expect(() => parseEurostat(raw, "unemployment")).toThrow(/is "0\.5", not a number/);
  });

  it("summarises p and e flags per country and flag, combined letters counting for each", () => {
    const status = (at: Coordinates): string | undefined =>
      at.geo === "DE"
        ? at.time === "2024-01"
          ? "b"
          : "p"
        : at.geo === "EL"
          ? at.time === "2024-03"
            ? "pe"
            : "e"
          : undefined;
    const p = parseEurostat(une({ status }), "unemployment");
    expect(p.warnings.filter((w) => w.type === "flag")).toEqual([
      { type: "flag", detail: "DE: 2 provisional values (2024-02 … 2024-03)" },
      { type: "flag", detail: "GR: 1 provisional value (2024-03)" },
      { type: "flag", detail: "GR: 3 estimated values (2024-01 … 2024-03)" },
    ]);
    expect(p.observations.find((o) => o.geo === "GR" && o.period === "2024-03")?.flag).toBe("pe");
  });
});

describe("pinning", () => {
  it("names the ambiguous dimension and its categories", () => {
    const dims = [dim("citizen", "EU27_2020_FOR", "NAT"), ...UNE_M];
    expect(() => parseEurostat(une({ dims }), "unemployment")).toThrow(
      inputError(
        'Ambiguous file: dimension "citizen" has 2 categories (EU27_2020_FOR, NAT); it must have one, so that the file holds exactly one series per country and period.',
      ),
    );
  });

  it("names the dimension and the code of a filter that matches nothing", () => {
    const dims = UNE_M.map((d) => (d.id === "s_adj" ? dim("s_adj", "NSA", "TC") : d));
    expect(() => parseEurostat(une({ dims }), "unemployment")).toThrow(
      inputError(
        "This file is Eurostat table une_rt_m, but not the series the index reads: its s_adj (seasonal adjustment) holds NSA, TC, and the index reads SA. Download une_rt_m again with s_adj SA included, and upload that file.",
      ),
    );
  });

  it("names a pinned dimension the file lacks", () => {
    const dims = UNE_M.filter((d) => d.id !== "sex");
    expect(() => parseEurostat(une({ dims }), "unemployment")).toThrow(
      inputError(
        "This file is Eurostat table une_rt_m, but it has no sex dimension, which the index needs (sex T). Download une_rt_m again with all its dimensions, and upload that file.",
      ),
    );
  });

  it("rejects an empty selection instead of returning an empty success", () => {
    expect(() => parseEurostat(une({ cell: () => null }), "unemployment")).toThrow(
      inputError(
        "Empty selection: une_rt_m with freq=M, s_adj=SA, age=TOTAL, unit=PC_ACT, sex=T has no value for any covered country or aggregate in this file.",
      ),
    );
  });

  it("rejects a file whose only values are for geos that are not stored", () => {
    const cell = (at: Coordinates) => (at.geo === "UK" ? 4 : null);
    expect(() => parseEurostat(une({ cell }), "unemployment")).toThrow(inputError(/^Empty selection: une_rt_m /));
  });

  const JVS = [
    dim("freq", "Q"),
    dim("s_adj", "NSA", "SA"),
    dim("nace_r2", "B-S", "C"),
    dim("indic_em", "JVR"),
    dim("geo", "DE"),
    dim("time", "2025-Q1"),
  ];
  it("vacancy: SA is pinned when present; sizeclas may be absent", () => {
    const cell = (at: Coordinates) => (at.s_adj === "SA" && at.nace_r2 === "B-S" ? 2.5 : 9);
    const p = parseEurostat(syntheticDataset({ dims: JVS, cell, extensionId: "JVS_Q_NACE2" }), "vacancy");
    expect(p.observations.map((o) => o.value)).toEqual([2.5]);
    expect(p.notes).toContain("Series: freq=Q, s_adj=SA, nace_r2=B-S, indic_em=JVR.");
  });

  it("vacancy: the NACE Rev. 2.1 successor pins nace_r2_1", () => {
    const dims = JVS.map((d) => (d.id === "nace_r2" ? dim("nace_r2_1", "B-T") : d));
    const p = parseEurostat(syntheticDataset({ dims, cell: () => 2, extensionId: "JVS_Q_R21" }), "vacancy");
    expect([p.table, p.unit]).toEqual(["jvs_q_r21", "JVR"]);
  });

  it("gdp: CLV_PCH_PRE is preferred to CLV_PCH_SM and said to be quarter-on-quarter", () => {
    const dims = [
      dim("freq", "Q"),
      dim("unit", "CLV_PCH_SM", "CLV_PCH_PRE"),
      dim("s_adj", "SCA"),
      dim("na_item", "B1GQ"),
      dim("geo", "AT"),
      dim("time", "2025-Q1"),
    ];
    const cell = (at: Coordinates) => (at.unit === "CLV_PCH_PRE" ? 0.3 : 1.2);
    const p = parseEurostat(syntheticDataset({ dims, cell, extensionId: "NAMQ_10_GDP" }), "gdp");
    expect([p.unit, p.observations[0].value]).toEqual(["CLV_PCH_PRE", 0.3]);
    expect(p.notes.some((n) => n.includes("quarter-on-quarter (CLV_PCH_PRE"))).toBe(true);
  });
});

describe("rejections before the content is read", () => {
  const cases: Array<[string, unknown, DataType | string, string]> = [
    ["text that is not JSON", '{"class": "dataset",', "unemployment", NOT_JSON],
    ["bytes that are not JSON", Buffer.from("not json"), "unemployment", NOT_JSON],
    ["an empty text", "", "gdp", NOT_JSON],
    ["a JSON array", "[1, 2]", "unemployment", NOT_AN_OBJECT],
    ["a JSON number", "42", "unemployment", NOT_AN_OBJECT],
    ["JSON null", "null", "unemployment", NOT_AN_OBJECT],
    ["an already parsed array", [{ class: "dataset" }], "unemployment", NOT_AN_OBJECT],
    [
      "an object that is no dataset",
      { version: "2.0", class: "collection", link: { item: [] } },
      "unemployment",
      'This is not a Eurostat JSON-stat 2.0 dataset: "class" is "collection", not "dataset"; missing "id", "size", "dimension", "value".',
    ],
    [
      "a dataset without a geo dimension",
      une({ dims: UNE_M.filter((d) => d.id !== "geo") }),
      "unemployment",
      'This Eurostat file has no "geo" dimension, so it cannot give one value per country and period.',
    ],
    ["the barometer as JSON", une(), "lmb", LMB_NOT_JSON],
    [
      "an unknown data type",
      une(),
      "weather",
      'Unknown data type "weather". Choose one of: unemployment, vacancy, gdp, inflation, lmb, expectations, youth_unemployment.',
    ],
  ];
  it.each(cases)("%s", (_, input, type, message) => {
    expect(() => parseEurostat(input, type as DataType)).toThrow(inputError(message));
  });
});

describe("tables", () => {
  it("rejects a table of another data type, naming it and the accepted ones", () => {
    expect(() => parseEurostat(une(), "gdp")).toThrow(
      inputError(
        "This file is Eurostat table une_rt_m, which holds unemployment, not gdp: upload it with data type unemployment. Accepted for gdp: Eurostat table namq_10_gdp (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).",
      ),
    );
  });

  it("rejects an unknown table", () => {
    expect(() => parseEurostat(une({ extensionId: "LFSI_EMP_A" }), "unemployment")).toThrow(
      inputError(
        "This file is Eurostat table lfsi_emp_a, which the index does not read. Accepted for unemployment: Eurostat tables une_rt_m or une_rt_q (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).",
      ),
    );
  });

  it("infers the table from the dimensions when there is no extension.id", () => {
    expect(parseEurostat(une({ extensionId: null, label: "Whatever" }), "unemployment").table).toBe("une_rt_m");
  });

  it("says so when the table cannot be told", () => {
    const dims = [dim("indic", "TOTAL"), dim("geo", "DE"), dim("time", "2024-01")];
    expect(() =>
      parseEurostat(syntheticDataset({ dims, cell: () => 1, label: "Something else" }), "inflation"),
    ).toThrow(
      inputError(
        `Could not tell which Eurostat table this file is (it has no "extension.id" and its dimensions match no accepted table). Accepted for inflation: Eurostat tables prc_hicp_manr or prc_hicp_minr (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).`,
      ),
    );
  });
});
