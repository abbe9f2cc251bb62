// Eurostat CSV downloads: the real files, every flavour against JSON-stat, the EEI tables, and each bad input
// with its message.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DataType, Observation, ParsedFile } from "../../types.ts";
import { HEADER_ONLY, EMPTY_FILE, SEMICOLONS } from "../csv/csv-file.ts";
import { LMB_NOT_CSV, parseCsv } from "../csv/parse-csv.ts";
import { dataflowTable, lastUpdateStamp } from "./csv.ts";
import { parseEurostat } from "./parse.ts";
import { jsonStatToCsv, type CsvFlavour } from "./to-csv.ts";

const fixture = (rel: string): Buffer =>
  readFileSync(fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url)));
const json = (rel: string): Record<string, unknown> => JSON.parse(fixture(rel).toString("utf8"));

const inputError = (message: string | RegExp) =>
  expect.objectContaining({
    name: "InputError",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

const valueOf = (parsed: ParsedFile, geo: string, period: string): number | undefined =>
  parsed.observations.find((o) => o.geo === geo && o.period === period)?.value;

const countries = (parsed: ParsedFile) =>
  [...new Set(parsed.observations.filter((o) => !o.isAggregate).map((o) => o.geo))].sort();
const aggregates = (parsed: ParsedFile) =>
  [...new Set(parsed.observations.filter((o) => o.isAggregate).map((o) => o.geo))].sort();

/** Observations by geo and period, without `ref` (a value's place differs between formats). */
const comparable = (parsed: ParsedFile): Observation[] =>
  parsed.observations
    .map(({ ref: _ref, ...o }) => o)
    .sort((a, b) => a.geo.localeCompare(b.geo) || a.period.localeCompare(b.period));

/** Data rows of a CSV text (no quoted line ends in these files), 1 = the first row after the header. */
const dataRows = (text: string): string[] => text.split(/\r?\n/).slice(1);

describe("the real SDMX-CSV download with labels (une_rt_m, 2019-01 … 2025-04)", async () => {
  const file = "real/eurostat/une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv";
  const parsed = await parseCsv(fixture(file), "unemployment");

  it("is une_rt_m, SA % of the labour force, for 30 countries (27 EU + IS NO CH) and EA20, EU27_2020", () => {
    expect(parsed).toMatchObject({
      dataType: "unemployment",
      table: "une_rt_m",
      unit: "PC_ACT",
      refKind: "row",
      sourceUpdated: "2025-06-06T23:00:00",
    });
    expect(countries(parsed)).toHaveLength(30);
    expect(countries(parsed)).toEqual(expect.arrayContaining(["GR", "CZ", "IS", "NO", "CH"]));
    expect(countries(parsed)).not.toContain("LI");
    expect(aggregates(parsed)).toEqual(["EA20", "EU27_2020"]);
    expect(parsed.notes.slice(0, 2)).toEqual([
      "Read Eurostat table une_rt_m from SDMX-CSV (cells as labels), updated 2025-06-06T23:00:00.",
      "Series: freq=M, s_adj=SA, age=TOTAL, unit=PC_ACT, sex=T.",
    ]);
  });

  it("gives SOURCES.md's spot checks (2025-04, SA, %) and the later months of IE", () => {
    expect([
      valueOf(parsed, "ES", "2025-04"),
      valueOf(parsed, "CZ", "2025-04"),
      valueOf(parsed, "DE", "2025-04"),
      valueOf(parsed, "SE", "2025-04"),
    ]).toEqual([10.9, 2.7, 3.6, 8.5]);
    expect(
      parsed.observations
        .filter((o) => o.geo === "IE")
        .map((o) => o.period)
        .sort()
        .at(-1),
    ).toBe("2025-05");
    expect(
      parsed.observations
        .filter((o) => o.geo === "CH")
        .map((o) => o.period)
        .sort()
        .at(-1),
    ).toBe("2025-03");
  });

  it("lists the geos it does not cover by their labels, with a warning each, and stores none of them", () => {
    expect(parsed.unknownHeaders).toEqual([
      "Bosnia and Herzegovina",
      "Japan",
      "Türkiye",
      "United Kingdom",
      "United States",
    ]);
    expect(parsed.warnings.filter((w) => w.type === "unknown_geo").map((w) => w.detail.split(":")[0])).toEqual(
      parsed.unknownHeaders,
    );
  });

  it("names each value's data row (ref) and keeps the flags of OBS_FLAG", () => {
    const rows = dataRows(fixture(file).toString("utf8"));
    const es = parsed.observations.find((o) => o.geo === "ES" && o.period === "2025-04")!;
    expect(rows[es.ref! - 1]).toMatch(
      /^ESTAT:UNE_RT_M\(1\.0\),[^,]*,Monthly,"Seasonally adjusted data, not calendar adjusted data",Total,Percentage of population in the labour force,Total,Spain,2025-04,10\.9,/,
    );
    const flagged = rows.filter(
      (r) =>
        /"Seasonally adjusted data, not calendar adjusted data",Total,Percentage of population in the labour force,Total,/.test(
          r,
        ) && /,[bd],[bd]?$/.test(r),
    );
    expect(parsed.observations.filter((o) => o.flag !== null).map((o) => rows[o.ref! - 1])).toEqual(
      flagged.filter((r) => !/Türkiye|United|Japan|Bosnia/.test(r)),
    );
    expect(parsed.observations.filter((o) => o.flag !== null).length).toBeGreaterThan(0);
  });
});

describe("the real per-dimension CSVs", async () => {
  const jvs = await parseCsv(fixture("real/eurostat/jvs_q_r21_NL_PL_RO.csv"), "vacancy");
  const excerpt = await parseCsv(fixture("real/eurostat/une_rt_m_BG_NL_EXCERPT.csv"), "unemployment");
  const labels = await parseCsv(fixture("real/eurostat/une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv"), "unemployment");

  it("jvs_q_r21 is NL, PL and RO with NACE A-T (no B-T in the file), and says so; BG has no value", () => {
    expect(jvs).toMatchObject({ table: "jvs_q_r21", unit: "JVR", unknownHeaders: [] });
    expect(countries(jvs)).toEqual(["NL", "PL", "RO"]);
    expect(jvs.notes).toContain("Series: freq=Q, nace_r2_1=A-T, sizeclas=TOTAL, s_adj=SA, indic_em=JVR.");
    expect(jvs.notes).toContain(
      "Job vacancy rate of the whole economy (nace_r2_1=A-T): the file has no B-T (industry, construction and services) series.",
    );
    expect(jvs.warnings).toEqual([{ type: "missing_value", detail: "BG: in the file, but without any value." }]);
    expect([valueOf(jvs, "NL", "2025-Q4"), valueOf(jvs, "PL", "2026-Q1"), valueOf(jvs, "RO", "2026-Q2")]).toEqual([
      4.0, 0.8, 0.5,
    ]);
    expect(jvs.processed).toBe(jvs.observations.length + jvs.skippedMissing);
    expect(jvs.skippedMissing).toBeGreaterThan(100);
  });

  it("the une_rt_m excerpt runs to 2026-07 for NL and agrees with the labels download in every shared NL month", () => {
    expect(countries(excerpt)).toEqual(["BG", "NL"]);
    expect(valueOf(excerpt, "NL", "2026-07")).toBe(4.0);
    const shared = excerpt.observations.filter((o) => o.geo === "NL" && valueOf(labels, "NL", o.period) !== undefined);
    expect(shared).toHaveLength(76);
    for (const o of shared) expect(o.value, o.period).toBe(valueOf(labels, "NL", o.period));
  });
});

describe("every CSV flavour of a real JSON-stat file gives its observations", () => {
  const cases: Array<[string, string, DataType]> = [
    ["real/eurostat/une_rt_m.json", "UNE_RT_M", "unemployment"],
    ["real/eurostat/jvs_q_nace2.json", "JVS_Q_NACE2", "vacancy"],
    ["real/eurostat/namq_10_gdp_CLV_PCH_SM.json", "NAMQ_10_GDP", "gdp"],
    ["real/eurostat/une_rt_q_SUBSET_2020Q1_2026Q2.json", "UNE_RT_Q", "unemployment"],
  ];
  const flavours: CsvFlavour[] = ["sdmx-codes", "sdmx-labels", "plain"];
  it.each(cases.flatMap(([file, table, type]) => flavours.map((f) => [file, f, table, type] as const)))(
    "%s as %s",
    async (file, flavour, table, type) => {
      const fromJson = parseEurostat(json(file), type);
      const fromCsv = await parseCsv(jsonStatToCsv(json(file), flavour, table), type);
      expect(fromCsv.table).toBe(fromJson.table);
      expect(fromCsv.unit).toBe(fromJson.unit);
      expect(comparable(fromCsv)).toEqual(comparable(fromJson));
      // Same warnings about the stored geos and flags; unknown geos are named as the file names them.
      const stored = (p: ParsedFile) => p.warnings.filter((w) => w.type !== "unknown_geo");
      expect(stored(fromCsv)).toEqual(expect.arrayContaining(stored(fromJson)));
      // SDMX-CSV has no row for a geo without any value (namq_10_gdp's MD and XK), so it cannot name it.
      if (flavour === "sdmx-codes")
        expect(fromJson.unknownHeaders).toEqual(expect.arrayContaining(fromCsv.unknownHeaders));
      if (flavour === "plain") expect([...fromCsv.unknownHeaders].sort()).toEqual([...fromJson.unknownHeaders].sort());
      // Same series, coverage and remarks; SDMX-CSV has no rows for empty cells, so it skips none of them.
      const notes = (p: ParsedFile) =>
        p.notes.slice(1).map((n) => (flavour === "plain" ? n : n.replace(/\d+ empty cells? skipped/, "…")));
      expect(notes(fromCsv)).toEqual(notes(fromJson));
      if (flavour === "plain")
        expect([fromCsv.processed, fromCsv.skippedMissing]).toEqual([fromJson.processed, fromJson.skippedMissing]);
    },
  );
});

it("a plain CSV without a flag column gives values without flags", async () => {
  const raw = json("real/eurostat/une_rt_m.json");
  const text = jsonStatToCsv(raw, "plain", "UNE_RT_M")
    .replace(/,[a-z]*\r\n/g, "\r\n")
    .replace(/,flag\r\n/, "\r\n");
  const parsed = await parseCsv(text, "unemployment");
  expect(parsed.observations.every((o) => o.flag === null)).toBe(true);
  expect(comparable(parsed).map(({ flag: _f, ...o }) => o)).toEqual(
    comparable(parseEurostat(raw, "unemployment")).map(({ flag: _f, ...o }) => o),
  );
});

describe("employment expectations (EEI) from Eurostat's tables", () => {
  it("teibs030 (JSON-stat; SYNTHETIC values) pins indic=BS-EEI-I and SA, lets its one unit pass, stores INDEX", () => {
    const parsed = parseEurostat(json("synthetic/eurostat/teibs030-SYNTHETIC.json"), "expectations");
    expect(parsed).toMatchObject({
      dataType: "expectations",
      table: "teibs030",
      unit: "INDEX",
      unknownHeaders: ["TR"],
      refKind: "cell",
    });
    expect(countries(parsed)).toEqual(["DE", "ES", "GR"]);
    expect(aggregates(parsed)).toEqual(["EA20", "EU27_2020"]);
    expect(valueOf(parsed, "DE", "2025-08")).toBe(102.2);
    expect(parsed.notes[1]).toBe("Series: freq=M, unit=INX, s_adj=SA, indic=BS-EEI-I.");
    expect(parsed.notes.at(-1)).toMatch(/long-term mean 100, standard deviation 10/);
  });

  it("teibs030 as an SDMX-CSV with labels gives the same observations", async () => {
    const raw = json("synthetic/eurostat/teibs030-SYNTHETIC.json");
    const csv = await parseCsv(jsonStatToCsv(raw, "sdmx-labels", "TEIBS030"), "expectations");
    expect(comparable(csv)).toEqual(comparable(parseEurostat(raw, "expectations")));
    expect(csv.unknownHeaders).toEqual(["Türkiye"]);
  });

  it("ei_bsee_m_r2 (SDMX-CSV; SYNTHETIC values) pins BS-EEI-I, SA and unit INX among balances and NSA", async () => {
    const parsed = await parseCsv(fixture("synthetic/eurostat/ei_bsee_m_r2-SYNTHETIC.csv"), "expectations");
    expect(parsed).toMatchObject({ table: "ei_bsee_m_r2", unit: "INDEX", unknownHeaders: ["ME"] });
    expect(parsed.notes[1]).toBe("Series: freq=M, indic=BS-EEI-I, s_adj=SA, unit=INX.");
    expect([
      valueOf(parsed, "DE", "2025-06"),
      valueOf(parsed, "GR", "2025-08"),
      valueOf(parsed, "EA20", "2025-07"),
    ]).toEqual([100, 101.2, 102.1]);
    expect(parsed.observations).toHaveLength(9);
    expect(parsed.warnings).toContainEqual({ type: "flag", detail: "GR: 1 provisional value (2025-08)" });
  });

  it("an EEI table is not accepted for another data type", async () => {
    await expect(parseCsv(fixture("synthetic/eurostat/ei_bsee_m_r2-SYNTHETIC.csv"), "unemployment")).rejects.toThrow(
      inputError(
        "This file is Eurostat table ei_bsee_m_r2, which holds expectations, not unemployment: upload it with data type expectations. Accepted for unemployment: Eurostat tables une_rt_m or une_rt_q (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).",
      ),
    );
  });
});

/** A small SDMX-CSV of une_rt_m with codes; `rows` are `geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG` (and more columns when `extra`). */
const sdmx = (rows: string[], opts: { dataflow?: (i: number) => string; head?: string } = {}): string =>
  [
    opts.head ?? "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG",
    ...rows.map((r, i) => `${opts.dataflow?.(i) ?? "ESTAT:UNE_RT_M(1.0)"},06/06/25 23:00:00,M,SA,TOTAL,PC_ACT,T,${r}`),
  ].join("\n") + "\n";

describe("cells spelt otherwise than the dictionary has them", () => {
  it("odd spaces, an en dash or CODE:Label cells give the same series as codes", async () => {
    const raw = json("real/eurostat/une_rt_m.json");
    const codes = await parseCsv(jsonStatToCsv(raw, "sdmx-codes", "UNE_RT_M"), "unemployment");
    const odd = jsonStatToCsv(raw, "sdmx-labels", "UNE_RT_M")
      .replaceAll(
        "Seasonally adjusted data, not calendar adjusted data",
        "Seasonally  adjusted data,\u00a0not calendar adjusted data",
      )
      .replaceAll("Percentage of population in the labour force", "PC_ACT:Percentage of population in the labour force")
      .replaceAll(",Total,", ", Total ,");
    const parsed = await parseCsv(odd, "unemployment");
    expect(comparable(parsed)).toEqual(comparable(codes));
    expect(parsed.observations.map((o) => o.ref)).toEqual(codes.observations.map((o) => o.ref));
  });
});

describe("identifying the table without DATAFLOW", () => {
  it("une_rt_m from its dimension columns and freq M; une_rt_q from freq Q", async () => {
    const m = await parseCsv(
      "freq,s_adj,age,unit,sex,geo,time,value\nM,SA,TOTAL,PC_ACT,T,DE,2024-01,3.5\n",
      "unemployment",
    );
    expect(m.table).toBe("une_rt_m");
    const q = await parseCsv(
      "freq,s_adj,age,unit,sex,geo,time,value\nQ,SA,Y15-74,PC_ACT,T,DE,2024Q1,3.5\n",
      "unemployment",
    );
    expect([q.table, q.observations[0]!.period]).toEqual(["une_rt_q", "2024-Q1"]);
  });

  it("from the first time period when there is no freq column", async () => {
    const parsed = await parseCsv(
      "s_adj,age,unit,sex,geo,time,value\nSA,Y15-74,PC_ACT,T,EL,2024-Q1,3.5\n",
      "unemployment",
    );
    expect([parsed.table, parsed.observations[0]!.geo]).toEqual(["une_rt_q", "GR"]);
  });

  it("reads DATAFLOW codes and the data browser's LAST UPDATE", () => {
    expect([
      dataflowTable("ESTAT:UNE_RT_M(1.0)"),
      dataflowTable("une_rt_q"),
      dataflowTable("ESTAT:EI_BSEE_M_R2(1.0)"),
    ]).toEqual(["une_rt_m", "une_rt_q", "ei_bsee_m_r2"]);
    expect([lastUpdateStamp("06/06/25 23:00:00"), lastUpdateStamp("22/09/2026"), lastUpdateStamp("soon")]).toEqual([
      "2025-06-06T23:00:00",
      "2026-09-22T00:00:00",
      "soon",
    ]);
  });
});

describe("bad input: rejected with a message naming the row or the column", () => {
  const reject = async (input: string | Buffer, message: string | RegExp, type: DataType = "unemployment") =>
    expect(parseCsv(input, type)).rejects.toThrow(inputError(message));

  it("a truncated file (its last row cut)", async () => {
    const text = sdmx(["DE,2024-01,3.5,", "DE,2024-02,3.6,"]) + "ESTAT:UNE_RT_M(1.0),06/06/25 23:00:00,M,SA,TOT";
    await reject(
      text,
      /^Line 4 has \d+ of the 11 columns of the header row: the file looks cut off \(truncated\), or that row is incomplete\.$/,
    );
  });

  it("a file mixing two tables", async () => {
    const text = sdmx(["DE,2024-01,3.5,", "DE,2024-02,3.6,", "DE,2024-03,3.7,"], {
      dataflow: (i) => (i < 2 ? "ESTAT:UNE_RT_M(1.0)" : "ESTAT:UNE_RT_Q(1.0)"),
    });
    await reject(
      text,
      "This CSV mixes 2 tables (ESTAT:UNE_RT_M(1.0) from row 1, ESTAT:UNE_RT_Q(1.0) from row 3); upload one table per file.",
    );
  });

  it("a file mixing two frequencies", async () => {
    const text =
      "freq,s_adj,age,unit,sex,geo,time,value\nMonthly,SA,TOTAL,PC_ACT,T,DE,2024-01,3.5\nQuarterly,SA,TOTAL,PC_ACT,T,DE,2024-Q1,3.5\n";
    await reject(
      text,
      "This CSV mixes 2 frequencies (M from row 1, Q from row 2); upload one table, of one frequency, per file.",
    );
  });

  it("two rows for one country and period with different values (the same value twice is kept once)", async () => {
    await reject(
      sdmx(["DE,2024-01,3.5,", "AT,2024-01,5.0,", "DE,2024-01,3.6,"]),
      "Rows 1 and 3 both give DE 2024-01, with different values (3.5 and 3.6); keep one of them.",
    );
    await reject(
      sdmx(["EL,2024-01,9.5,", "Greece,2024-01,9.6,"]),
      "Rows 1 and 2 both give GR 2024-01, with different values (9.5 and 9.6); keep one of them.",
    );
    const same = await parseCsv(sdmx(["DE,2024-01,3.5,", "DE,2024-01,3.5,"]), "unemployment");
    expect(same.observations).toHaveLength(1);
  });

  it("a value that is not a number", async () => {
    await reject(
      sdmx(["DE,2024-01,3.5,", 'DE,2024-02,"3,6",']),
      'Row 2: the value "3,6" in column OBS_VALUE is not a number.',
    );
    await reject(
      "freq,s_adj,age,unit,sex,geo,time,value\nM,SA,TOTAL,PC_ACT,T,DE,2024-01,n/a\n",
      'Row 1: the value "n/a" in column value is not a number.',
    );
  });

  it("a semicolon-separated export", async () => {
    await reject("freq;s_adj;age;unit;sex;geo;time;value\nM;SA;TOTAL;PC_ACT;T;DE;2024-01;3,5\n", SEMICOLONS);
  });

  it.each([
    [
      "TIME_PERIOD",
      "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,OBS_VALUE",
      'This CSV has no time column ("TIME_PERIOD" or "time"), so it cannot give one value per country and period.',
    ],
    [
      "OBS_VALUE",
      "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD",
      'This CSV has no value column ("OBS_VALUE" or "value"), so it cannot give one value per country and period.',
    ],
    [
      "geo",
      "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,TIME_PERIOD,OBS_VALUE",
      'This CSV has no geo column ("geo"), so it cannot give one value per country and period.',
    ],
  ])("a file without a %s column", async (_, head, message) => {
    await reject(
      `${head}\n${head
        .split(",")
        .map(() => "x")
        .join(",")}\n`,
      message,
    );
  });

  it("a file without a pinned dimension's column names it", async () => {
    const text =
      "DATAFLOW,LAST UPDATE,freq,s_adj,unit,sex,geo,TIME_PERIOD,OBS_VALUE\nESTAT:UNE_RT_M(1.0),,M,SA,PC_ACT,T,DE,2024-01,3.5\n";
    await reject(
      text,
      "This file is Eurostat table une_rt_m, but it has no age (age group) dimension, which the index needs (age TOTAL). Download une_rt_m again with all its dimensions, and upload that file.",
    );
  });

  it("an empty file and a header without rows", async () => {
    await reject("", EMPTY_FILE);
    await reject("\uFEFF", EMPTY_FILE);
    await reject("DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG\r\n", HEADER_ONLY);
  });

  it("the same pins and messages as JSON-stat: ambiguous dimension, filter matching nothing, empty selection", async () => {
    const head = "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,citizen,geo,TIME_PERIOD,OBS_VALUE";
    const row = (citizen: string) => `ESTAT:UNE_RT_M(1.0),,M,SA,TOTAL,PC_ACT,T,${citizen},DE,2024-01,3.5`;
    await reject(
      [head, row("NAT"), row("FOR")].join("\n"),
      'Ambiguous file: dimension "citizen" has 2 categories (FOR, NAT); it must have one, so that the file holds exactly one series per country and period.',
    );
    const nsa =
      "freq,s_adj,age,unit,sex,geo,time,value\nM,Unadjusted data (i.e. neither seasonally adjusted nor calendar adjusted data),TOTAL,PC_ACT,T,DE,2024-01,3.5\n";
    await reject(
      nsa,
      "This file is Eurostat table une_rt_m, but not the series the index reads: its s_adj (seasonal adjustment) holds only NSA, and the index reads SA. Download une_rt_m again with s_adj SA included, and upload that file.",
    );
    await reject(
      sdmx(["DE,2024-01,,", "AT,2024-01,,"]),
      "Empty selection: une_rt_m with freq=M, s_adj=SA, age=TOTAL, unit=PC_ACT, sex=T has no value for any covered country or aggregate in this file.",
    );
    await reject(sdmx(["UK,2024-01,3.5,", "United States,2024-01,3.5,"]), /^Empty selection: une_rt_m/);
  });

  it("periods that are not months, or not of the table's frequency, name their row", async () => {
    await reject(
      sdmx(["DE,2024-01,3.5,", "DE,2024,3.5,"]),
      'Row 2: time period "2024" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.',
    );
    await reject(
      sdmx(["DE,2024-Q1,3.5,"]),
      'Row 1: time period "2024-Q1" is quarterly, but une_rt_m is a monthly table.',
    );
  });

  it("a table of another data type, an unrecognisable file, and the barometer type", async () => {
    await reject(
      sdmx(["DE,2024-01,3.5,"]),
      "This file is Eurostat table une_rt_m, which holds unemployment, not vacancy: upload it with data type unemployment. Accepted for vacancy: Eurostat tables jvs_q_nace2 or jvs_q_r21 or ei_lmjv_q_r2 (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).",
      "vacancy",
    );
    await reject(
      "geo,time,value\nDE,2024-01,3.5\n",
      /^Could not tell which Eurostat table this file is \(it has no DATAFLOW column and its dimensions match no accepted table\)/,
    );
    await reject(sdmx(["DE,2024-01,3.5,"]), LMB_NOT_CSV, "lmb");
  });
});

describe("missing values and flags", () => {
  it("counts empty and ':' values as missing, never as 0, and warns about a covered country without any value", async () => {
    const parsed = await parseCsv(
      "freq,s_adj,age,unit,sex,geo,time,value\nM,SA,TOTAL,PC_ACT,T,DE,2024-01,3.5\nM,SA,TOTAL,PC_ACT,T,DE,2024-02,\nM,SA,TOTAL,PC_ACT,T,AT,2024-01,:\n",
      "unemployment",
    );
    expect(parsed.observations.map((o) => [o.geo, o.period, o.value, o.ref])).toEqual([["DE", "2024-01", 3.5, 1]]);
    expect([parsed.processed, parsed.skippedMissing]).toEqual([3, 2]);
    expect(parsed.warnings).toEqual([{ type: "missing_value", detail: "AT: in the file, but without any value." }]);
  });

  it("keeps OBS_FLAG letters and warns about provisional and estimated values per country", async () => {
    const parsed = await parseCsv(sdmx(["DE,2024-01,3.5,p", "DE,2024-02,3.6,pe", "AT,2024-01,5.0,b"]), "unemployment");
    expect(parsed.observations.map((o) => o.flag)).toEqual(["p", "pe", "b"]);
    expect(parsed.warnings).toEqual([
      { type: "flag", detail: "DE: 2 provisional values (2024-01 … 2024-02)" },
      { type: "flag", detail: "DE: 1 estimated value (2024-02)" },
    ]);
  });
});
