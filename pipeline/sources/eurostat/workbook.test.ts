// The data browser's spreadsheet (score model v2.3): the real workbook of ei_lmjv_q_r2, and small workbooks made here
// for each variant (one sheet, codes instead of labels, months across, a sheet of `:` only) and each refusal.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import type { ParsedFile } from "../../types.ts";
import { parseXlsx } from "../xlsx/parse-xlsx.ts";
import { BS_LABEL, testWorkbook, vacancyFixed } from "./test-workbook.ts";
import { LOOKS_LIKE_BAROMETER, NOT_A_DATA_BROWSER_WORKBOOK, parseEurostatWorkbook } from "./workbook.ts";

const REAL = fileURLToPath(
  new URL("../../../fixtures/real/eurostat/ei_lmjv_q_r2_databrowser_2023Q2_2025Q3.xlsx", import.meta.url),
);
const BAROMETER = fileURLToPath(new URL("../../../fixtures/synthetic/barometer/lmb-months-down.xlsx", import.meta.url));

async function load(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(bytes as unknown as ExcelJS.Buffer);
  return wb;
}

const value = (parsed: Pick<ParsedFile, "observations">, geo: string, period: string) =>
  parsed.observations.find((o) => o.geo === geo && o.period === period);

const inputError = (message: string | RegExp) =>
  expect.objectContaining({
    name: "InputError",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

describe("the real data browser workbook of ei_lmjv_q_r2 (65 sheets)", () => {
  let parsed: ParsedFile;
  beforeAll(async () => {
    parsed = parseEurostatWorkbook(await load(readFileSync(REAL)), "vacancy");
  });

  it("reads the table by its code and the series by the pins: SA, B-S, size class Total (sheet 37)", () => {
    expect(parsed).toMatchObject({
      dataType: "vacancy",
      table: "ei_lmjv_q_r2",
      unit: "JVR",
      sourceUpdated: "2025-11-19T11:00:00",
      series: "indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=SA",
    });
    expect(parsed.notes[0]).toMatch(/sheet "Sheet 37", updated 2025-11-19T11:00:00/);
    expect(parsed.notes.join(" ")).toMatch(/Not data sheets, not read: "Summary"/);
  });

  it("gives 28 countries their SA rates, geos by English label, `:` missing, flags from the column beside", () => {
    const countries = [...new Set(parsed.observations.filter((o) => !o.isAggregate).map((o) => o.geo))].sort();
    expect(countries).toHaveLength(28);
    expect(countries).not.toContain("DK");
    expect(countries).not.toContain("IS");
    expect(countries).toContain("GR"); // "Greece" is EL in Eurostat's codes, GR in the product's
    expect(value(parsed, "DE", "2025-Q3")).toMatchObject({ value: 2.5, flag: null });
    expect(value(parsed, "AT", "2025-Q3")?.value).toBe(3.2);
    expect(value(parsed, "NL", "2025-Q3")).toMatchObject({ value: 4.1, flag: "p" });
    expect(value(parsed, "FR", "2025-Q3")).toMatchObject({ value: 2.3, flag: "p" });
    expect(value(parsed, "FR", "2025-Q2")).toMatchObject({ value: 2.4, flag: "d" });
    expect(value(parsed, "CZ", "2025-Q1")).toMatchObject({ value: 1.8, flag: "b" });
    expect(value(parsed, "PL", "2025-Q3")).toBeUndefined(); // `:` with the confidentiality flag C
    expect(value(parsed, "EU27_2020", "2025-Q3")).toMatchObject({ value: 2, isAggregate: true });
    expect(value(parsed, "EA20", "2025-Q3")).toMatchObject({ value: 2.2, isAggregate: true });
    expect(parsed.unknownHeaders).toEqual(["United Kingdom", "North Macedonia", "Türkiye"]);
  });

  it("keeps the NSA series beside it (Iceland has only NSA) and every NACE aggregate as sectors, SA and NSA", () => {
    const extra = parsed.extraSeries ?? [];
    const nsa = extra.find((e) => e.dataType === "vacancy")!;
    expect(nsa.series).toBe("indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=NSA");
    expect(value(nsa, "IS", "2025-Q2")?.value).toBe(1.8);
    const sectors = extra.filter((e) => e.dataType === "sector_vacancy");
    expect(sectors).toHaveLength(30); // 15 aggregates with a value (T has none) × SA and NSA
    const j = sectors.find((e) => e.series === "indic=JVR,indic_em=JVR,nace_r2=J,sizeclas=TOTAL,s_adj=SA")!;
    expect(j.observations.every((o) => o.dataType === "sector_vacancy" && o.table === "ei_lmjv_q_r2")).toBe(true);
    const manufacturingNsa = sectors.find((e) => e.series.includes("nace_r2=C,") && e.series.endsWith("s_adj=NSA"))!;
    expect(value(manufacturingNsa, "DE", "2025-Q3")?.value).toBe(1.6);
    expect(value(manufacturingNsa, "EU27_2020", "2025-Q3")).toMatchObject({ value: 1.5, flag: "e" });
    expect(sectors.some((e) => e.series.includes("nace_r2=T,"))).toBe(false);
    // Iceland is not "without any value": its NSA series holds some.
    expect(parsed.warnings.map((w) => w.detail)).not.toContainEqual(expect.stringMatching(/^IS:/));
    expect(parsed.warnings.map((w) => w.detail)).toContainEqual(expect.stringMatching(/^DK: in the file, but without/));
  });
});

const QUARTERS = ["2025-Q1", "2025-Q2", "2025-Q3"];

describe("small workbooks of each layout", () => {
  it("one sheet (NSA only): pins NSA and says so", async () => {
    const bytes = await testWorkbook({
      title: "Job vacancy rate - quarterly data",
      table: "ei_lmjv_q_r2",
      sheets: [
        {
          fixed: vacancyFixed("NSA", BS_LABEL),
          periods: QUARTERS,
          rows: [
            ["Germany", [2.7, 2.5, [2.4, "p"]]],
            ["Liechtenstein", [":", ":", ":"]],
          ],
        },
      ],
    });
    const parsed = parseEurostatWorkbook(await load(bytes), "vacancy");
    expect(parsed.series).toBe("indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=NSA");
    expect(parsed.observations.map((o) => [o.geo, o.period, o.value, o.flag])).toEqual([
      ["DE", "2025-Q1", 2.7, null],
      ["DE", "2025-Q2", 2.5, null],
      ["DE", "2025-Q3", 2.4, "p"],
    ]);
    expect(parsed.notes.join(" ")).toMatch(/Not seasonally adjusted/);
    expect(parsed.extraSeries).toBeUndefined();
    expect(parsed.warnings).toContainEqual({
      type: "missing_value",
      detail: "LI: in the file, but without any value.",
    });
  });

  it("codes instead of labels (GEO (Codes), categories and dimensions as codes) read the same", async () => {
    const rows: Array<readonly [string, Array<number | ":">]> = [
      ["DE", [2.7, 2.5, 2.4]],
      ["EL", [1.5, 1.4, ":"]],
    ];
    const byCode = await testWorkbook({
      table: "jvs_q_nace2",
      geoCodes: true,
      sheets: [
        {
          fixed: [
            ["freq", "Q"],
            ["s_adj", "SA"],
            ["nace_r2", "B-S"],
            ["sizeclas", "TOTAL"],
            ["indic_em", "JVR"],
          ],
          periods: QUARTERS,
          rows,
        },
      ],
    });
    const byLabel = await testWorkbook({
      table: "jvs_q_nace2",
      sheets: [
        {
          fixed: vacancyFixed("SA", BS_LABEL),
          periods: QUARTERS,
          rows: [
            ["Germany", rows[0]![1]],
            ["Greece", rows[1]![1]],
          ],
        },
      ],
    });
    const a = parseEurostatWorkbook(await load(byCode), "vacancy");
    const b = parseEurostatWorkbook(await load(byLabel), "vacancy");
    expect(a.table).toBe("jvs_q_nace2");
    expect(a.series).toBe("indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=SA");
    expect(a.series).toBe(b.series);
    expect(a.observations.map((o) => [o.geo, o.period, o.value])).toEqual(
      b.observations.map((o) => [o.geo, o.period, o.value]),
    );
    expect(value(a, "GR", "2025-Q2")?.value).toBe(1.4);
  });

  it("months across: a monthly table (une_rt_m) as unemployment, 2025M01 read as 2025-01", async () => {
    const bytes = await testWorkbook({
      title: "Unemployment by sex and age – monthly data",
      table: "une_rt_m",
      summary: true,
      sheets: [
        {
          fixed: [
            ["Time frequency", "Monthly"],
            ["Seasonal adjustment", "Seasonally adjusted data, not calendar adjusted data"],
            ["Age class", "Total"],
            ["Sex", "Total"],
            ["Unit of measure", "Percentage of population in the labour force"],
          ],
          periods: ["2025M01", "2025-02", "2025-03"],
          rows: [
            ["Spain", [10.9, 10.8, 10.7]],
            ["European Union - 27 countries (from 2020)", [5.8, 5.8, 5.9]],
          ],
        },
      ],
    });
    const parsed = parseEurostatWorkbook(await load(bytes), "unemployment");
    expect(parsed.series).toBe("s_adj=SA,age=TOTAL,sex=T,unit=PC_ACT");
    expect(parsed.observations.map((o) => `${o.geo} ${o.period} ${o.value}`)).toEqual([
      "ES 2025-01 10.9",
      "ES 2025-02 10.8",
      "ES 2025-03 10.7",
      "EU27_2020 2025-01 5.8",
      "EU27_2020 2025-02 5.8",
      "EU27_2020 2025-03 5.9",
    ]);
    // The same workbook as youth unemployment: the age pin names the other reading.
    await expect(load(bytes).then((wb) => parseEurostatWorkbook(wb, "youth_unemployment"))).rejects.toThrow(
      inputError(/its age \(age group\) holds only TOTAL, and the index reads Y_LT25/),
    );
  });

  it("a sheet with only `:` is an empty selection, never an empty success", async () => {
    const bytes = await testWorkbook({
      table: "ei_lmjv_q_r2",
      sheets: [{ fixed: vacancyFixed("SA", BS_LABEL), periods: QUARTERS, rows: [["Germany", [":", ":", ":"]]] }],
    });
    await expect(load(bytes).then((wb) => parseEurostatWorkbook(wb, "vacancy"))).rejects.toThrow(
      inputError(/^Empty selection: ei_lmjv_q_r2 with .*s_adj=SA/),
    );
  });

  it("reads the flag beside an unmerged TIME row too, and leaves a sector sheet of `:` out", async () => {
    const bytes = await testWorkbook({
      table: "ei_lmjv_q_r2",
      merged: false,
      sheets: [
        { fixed: vacancyFixed("SA", BS_LABEL), periods: QUARTERS, rows: [["Austria", [3.4, 3.4, [3.2, "p"]]]] },
        { fixed: vacancyFixed("SA", "Construction"), periods: QUARTERS, rows: [["Austria", [4.9, 4.8, 4.7]]] },
        { fixed: vacancyFixed("SA", "Manufacturing"), periods: QUARTERS, rows: [["Austria", [":", ":", ":"]]] },
      ],
    });
    const parsed = parseEurostatWorkbook(await load(bytes), "vacancy");
    expect(value(parsed, "AT", "2025-Q3")).toMatchObject({ value: 3.2, flag: "p" });
    expect(parsed.extraSeries?.map((e) => e.series)).toEqual([
      "indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=SA",
      "indic=JVR,indic_em=JVR,nace_r2=F,sizeclas=TOTAL,s_adj=SA",
    ]);
  });
});

describe("workbooks that are refused, naming why", () => {
  const sheetOf = (fixed: Array<readonly [string, string]>) => ({
    fixed,
    periods: QUARTERS,
    rows: [["Germany", [2.7, 2.5, 2.4]]] as TestRows,
  });
  type TestRows = Array<readonly [string, Array<number | ":">]>;

  it("two sheets that differ in a dimension no pin fixes: ambiguous, naming the dimension", async () => {
    const bytes = await testWorkbook({
      table: "jvs_q_nace2",
      sheets: [
        sheetOf([...vacancyFixed("SA", BS_LABEL), ["Unit of measure", "Percentage"]]),
        sheetOf([...vacancyFixed("SA", BS_LABEL), ["Unit of measure", "Number"]]),
      ],
    });
    await expect(load(bytes).then((wb) => parseEurostatWorkbook(wb, "vacancy"))).rejects.toThrow(
      inputError(/^Ambiguous file: dimension "unit" has 2 categories \(Number, Percentage\)/),
    );
  });

  it("sheets that pin no series (no B-S sheet): names the dimension and what it holds", async () => {
    const bytes = await testWorkbook({
      table: "ei_lmjv_q_r2",
      sheets: [sheetOf(vacancyFixed("SA", "Construction")), sheetOf(vacancyFixed("SA", "Manufacturing"))],
    });
    await expect(load(bytes).then((wb) => parseEurostatWorkbook(wb, "vacancy"))).rejects.toThrow(
      inputError(/its nace_r2 \(economic activity\) holds C, F, and the index reads B-S/),
    );
  });

  it("two sheets of one selection: more than one series per country and period", async () => {
    const bytes = await testWorkbook({
      table: "ei_lmjv_q_r2",
      sheets: [sheetOf(vacancyFixed("SA", BS_LABEL)), sheetOf(vacancyFixed("SA", BS_LABEL))],
    });
    await expect(load(bytes).then((wb) => parseEurostatWorkbook(wb, "vacancy"))).rejects.toThrow(
      inputError(/^Sheets "Sheet 1" and "Sheet 2" both hold .*one series per country and period/),
    );
  });

  it("text that is not a number nor `:`: names the sheet, the cell, the geo and the period", async () => {
    const bytes = await testWorkbook({
      table: "ei_lmjv_q_r2",
      sheets: [{ fixed: vacancyFixed("SA", BS_LABEL), periods: QUARTERS, rows: [["Germany", [2.7, 2.5, 2.4]]] }],
    });
    const wb = await load(bytes);
    wb.worksheets[0]!.getCell("F13").value = "n.a.";
    expect(() => parseEurostatWorkbook(wb, "vacancy")).toThrow(
      inputError('Sheet "Sheet 1", cell F13 (Germany, 2025-Q3): "n.a." is not a number (nor ":", not available).'),
    );
  });

  it("a table of another data type, and sheets of two tables", async () => {
    const une = await testWorkbook({ table: "une_rt_m", sheets: [sheetOf(vacancyFixed("SA", BS_LABEL))] });
    await expect(load(une).then((wb) => parseEurostatWorkbook(wb, "vacancy"))).rejects.toThrow(
      inputError(/^This file is Eurostat table une_rt_m, which holds unemployment, not vacancy/),
    );
    const two = await testWorkbook({ table: "jvs_q_nace2", sheets: [sheetOf(vacancyFixed("SA", BS_LABEL))] });
    const wb = await load(two);
    const other = wb.addWorksheet("Sheet 2");
    other.getCell("A2").value = "Dataset: Job vacancy rate - quarterly data [ei_lmjv_q_r2$defaultview]";
    other.getCell("A4").value = "TIME";
    other.getCell("B4").value = "2025-Q1";
    expect(() => parseEurostatWorkbook(wb, "vacancy")).toThrow(
      inputError("This workbook mixes 2 tables (jvs_q_nace2, ei_lmjv_q_r2); download one table per workbook."),
    );
  });

  it("a barometer given a Eurostat type says it looks like the barometer, and the reverse names the type", async () => {
    await expect(parseXlsx(readFileSync(BAROMETER), { kind: "eurostat", dataType: "vacancy" })).rejects.toThrow(
      inputError(LOOKS_LIKE_BAROMETER),
    );
    const blank = new ExcelJS.Workbook();
    blank.addWorksheet("Notes").getCell("A1").value = "nothing here";
    const notes = Buffer.from(await blank.xlsx.writeBuffer());
    await expect(parseXlsx(notes, { kind: "eurostat", dataType: "gdp" })).rejects.toThrow(
      inputError(NOT_A_DATA_BROWSER_WORKBOOK),
    );
    await expect(parseXlsx(readFileSync(REAL), { kind: "lmb" })).rejects.toThrow(
      inputError(
        "This workbook is a Eurostat data browser spreadsheet of table ei_lmjv_q_r2, not the barometer: upload it with data type vacancy.",
      ),
    );
  });
});
