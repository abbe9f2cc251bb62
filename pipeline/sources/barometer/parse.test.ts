import ExcelJS from "exceljs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { crc32 } from "node:zlib";
import { beforeAll, describe, expect, it } from "vitest";
import { InputError } from "../../../lib/errors.ts";
import type { Observation, ParsedFile } from "../../types.ts";
import { EMPTY_CELL, MONTHS, SERIES, expectedValues } from "../../../fixtures/synthetic/barometer/synthetic-data.ts";
import { LMB_MAX, LMB_MIN, NOT_XLSX_MESSAGE, parseBarometer } from "./parse.ts";
import { BELGIAN_REGIONS } from "./services.ts";

const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../../../fixtures/synthetic/barometer");
const fixture = (name: string) => readFile(path.join(FIXTURES, name));

/** A cell for `book()`: a plain value, or a value with a number format. */
type In = ExcelJS.CellValue | { v: ExcelJS.CellValue; numFmt: string };

/** Builds an .xlsx in memory: one entry per sheet, rows of cells (row 1 first, column A first). */
async function book(sheets: Record<string, In[][]>): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  for (const [name, rows] of Object.entries(sheets)) {
    const ws = wb.addWorksheet(name);
    rows.forEach((row, r) =>
      row.forEach((cell, c) => {
        if (cell === null || cell === undefined) return;
        const target = ws.getCell(r + 1, c + 1);
        if (typeof cell === "object" && "numFmt" in cell && "v" in cell) {
          target.value = cell.v;
          target.numFmt = cell.numFmt;
        } else {
          target.value = cell as ExcelJS.CellValue;
        }
      }),
    );
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

const utc = (y: number, m: number) => new Date(Date.UTC(y, m - 1, 1));
const value = (p: ParsedFile, geo: string, period: string) =>
  p.observations.find((o) => o.geo === geo && o.period === period)?.value;
const asMap = (obs: Observation[]) => new Map(obs.map((o) => [`${o.geo}|${o.period}`, o.value]));

describe("synthetic fixtures", () => {
  let down: ParsedFile;
  let across: ParsedFile;
  beforeAll(async () => {
    down = await parseBarometer(await fixture("lmb-months-down.xlsx"));
    across = await parseBarometer(await fixture("lmb-months-across.xlsx"));
  });

  it("reads months down (real Excel dates, title and blank rows above the header, a blank column)", () => {
    expect(down.notes[0]).toBe('Sheet "ELMB by PES": months run down column A (rows 5–26), countries across row 4.');
    expect(asMap(down.observations)).toEqual(expectedValues());
  });

  it("reads months across (2025-01 labels, decimal-comma text values)", () => {
    expect(across.notes[0]).toBe('Sheet "Barometer": months run across row 3 (columns B–W), countries down column A.');
    expect(asMap(across.observations)).toEqual(expectedValues());
  });

  it("gives the same observations in both orientations", () => {
    expect(across.observations).toEqual(down.observations);
    expect(across.processed).toBe(down.processed);
    expect(across.skippedMissing).toBe(down.skippedMissing);
  });

  it("fills every field of an observation as the store expects", () => {
    for (const o of down.observations) {
      expect(o).toMatchObject({ dataType: "lmb", table: "lmb", unit: "INDEX", flag: null, isAggregate: false });
      expect(o.period).toMatch(/^\d{4}-(0[1-9]|1[0-2])$/);
      expect(o.value).toBeGreaterThanOrEqual(96);
      expect(o.value).toBeLessThanOrEqual(104);
    }
    expect(down).toMatchObject({ dataType: "lmb", table: "lmb", unit: "INDEX", sourceUpdated: "2026-11-05" });
  });

  it("maps every header style to the 15 participating countries", () => {
    expect([...new Set(down.observations.map((o) => o.geo))]).toEqual([
      "AT",
      "BE",
      "BG",
      "CH",
      "CY",
      "CZ",
      "DE",
      "DK",
      "IS",
      "LI",
      "LT",
      "LU",
      "MT",
      "PL",
      "PT",
    ]);
    const mapped = (s: (typeof SERIES)[number]) =>
      s.region ? `BE (${BELGIAN_REGIONS.find((r) => r.id === s.region)!.name})` : s.code;
    expect(down.notes[2]).toBe(`Headers read: ${SERIES.map((s) => `"${s.downHeader}" → ${mapped(s)}`).join(", ")}.`);
    expect(across.notes[2]).toBe(
      `Headers read: ${SERIES.map((s) => `"${s.acrossHeader}" → ${mapped(s)}`).join(", ")}.`,
    );
  });

  it("averages Belgium's four regional services into BE (exact mean)", () => {
    // 2025-02: VDAB 100.8, Le Forem 100.6, Actiris 99.6, ADG 100.3 → 401.3 / 4
    expect(value(down, "BE", "2025-02")).toBe(100.325);
    expect(value(across, "BE", "2025-02")).toBe(100.325);
    expect(down.observations.filter((o) => o.geo === "BE")).toHaveLength(MONTHS.length);
    expect(down.notes).toContain(
      "Belgium (BE) is the plain mean of its regional public employment services present each month: " +
        "VDAB (Flanders), Le Forem (Wallonia), Actiris (Brussels), ADG (German-speaking Community); 4 regions averaged in 22 months.",
    );
  });

  it("reports the unknown header and the European total once each, with a warning", () => {
    expect(down.unknownHeaders).toEqual(["Atlantis"]);
    expect(down.warnings).toEqual([
      {
        type: "unknown_header",
        detail:
          'Header "Atlantis" (sheet "ELMB by PES", cell U4) matches no covered country, public employment service or Belgian region; its values were not read.',
      },
    ]);
    expect(across.unknownHeaders).toEqual(["Total"]);
    expect(across.warnings).toHaveLength(1);
    expect(across.warnings[0].type).toBe("unknown_header");
    expect(across.warnings[0].detail).toContain("European total");
    expect(down.observations.some((o) => o.isAggregate)).toBe(false);
  });

  it("counts the empty cell as missing and never stores it", () => {
    expect(down.skippedMissing).toBe(1);
    expect(value(down, EMPTY_CELL.code, EMPTY_CELL.period)).toBeUndefined();
    // 18 series (14 countries + 4 Belgian regions) × 22 months; the Atlantis column is not counted.
    expect(down.processed).toBe(18 * 22);
    expect(down.observations).toHaveLength(14 * 22 - 1 + 22);
  });

  it("reads formula results (Germany) and rich-text headers (Česko)", () => {
    for (const period of MONTHS) expect(value(down, "DE", period)).toBe(expectedValues().get(`DE|${period}`));
    expect(down.notes.find((n) => n.startsWith("Headers read:"))).toContain('"Česko" → CZ');
  });

  it("rejects values outside 80–120 with one warning each", async () => {
    const p = await parseBarometer(await fixture("lmb-out-of-range.xlsx"));
    expect(p.observations).toHaveLength(7);
    expect(value(p, "DE", "2025-02")).toBeUndefined();
    expect(value(p, "PL", "2025-03")).toBeUndefined();
    expect(value(p, "DE", "2025-01")).toBe(99.5);
    expect(p.warnings).toEqual([
      {
        type: "out_of_range",
        detail: `Germany (DE) 2025-02 (cell B5): 75 is outside ${LMB_MIN}–${LMB_MAX} (the barometer runs about 90 to 110); not stored.`,
      },
      {
        type: "out_of_range",
        detail: `Poland (PL) 2025-03 (cell D6): 130 is outside ${LMB_MIN}–${LMB_MAX} (the barometer runs about 90 to 110); not stored.`,
      },
    ]);
    expect(p.processed).toBe(9);
    expect(p.skippedMissing).toBe(0);
  });

  it("rejects a JSON file renamed to .xlsx", async () => {
    await expect(parseBarometer(await fixture("lmb-not-xlsx.xlsx"))).rejects.toThrow(NOT_XLSX_MESSAGE);
    await expect(parseBarometer(await fixture("lmb-not-xlsx.xlsx"))).rejects.toBeInstanceOf(InputError);
  });
});

describe("not a workbook", () => {
  /** A valid zip holding one stored text file, no workbook inside. */
  function zipWithoutWorkbook(): Buffer {
    const name = Buffer.from("hello.txt");
    const data = Buffer.from("not a workbook\n");
    const crc = crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(name.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt32LE(crc, 16);
    central.writeUInt32LE(data.length, 20);
    central.writeUInt32LE(data.length, 24);
    central.writeUInt16LE(name.length, 28);
    const cdOffset = local.length + name.length + data.length;
    const end = Buffer.alloc(22);
    end.writeUInt32LE(0x06054b50, 0);
    end.writeUInt16LE(1, 8);
    end.writeUInt16LE(1, 10);
    end.writeUInt32LE(central.length + name.length, 12);
    end.writeUInt32LE(cdOffset, 16);
    return Buffer.concat([local, name, data, central, name, end]);
  }

  it.each([
    ["random bytes", Buffer.from(Array.from({ length: 512 }, (_, i) => (i * 37 + 11) % 256))],
    ["an empty file", Buffer.alloc(0)],
    ["JSON", Buffer.from('{"value": {"0": 100.1}}')],
    ["a CSV", Buffer.from("country,2025-01\nDE,100.1\n")],
    ["a truncated zip", Buffer.from("PK\u0003\u0004 truncated")],
  ])("rejects %s as not a readable workbook", async (_, buf) => {
    await expect(parseBarometer(buf)).rejects.toThrow(NOT_XLSX_MESSAGE);
  });

  it("rejects a zip that holds no workbook", async () => {
    await expect(parseBarometer(zipWithoutWorkbook())).rejects.toBeInstanceOf(InputError);
  });

  it("rejects a workbook without sheets", async () => {
    const empty = Buffer.from(await new ExcelJS.Workbook().xlsx.writeBuffer());
    await expect(parseBarometer(empty)).rejects.toThrow(
      "The workbook has no sheets, so there is no barometer to read.",
    );
  });

  it("explains an old .xls or a password-protected workbook", async () => {
    const ole = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1, 0, 0, 0, 0]);
    await expect(parseBarometer(ole)).rejects.toThrow(/old-style \.xls or a password-protected workbook/);
  });
});

describe("layouts that cannot be read", () => {
  it("rejects an empty workbook", async () => {
    await expect(parseBarometer(await book({ Sheet1: [] }))).rejects.toThrow(
      "The workbook is empty: none of its sheets holds any data.",
    );
  });

  it("says what it looked for when there is no month axis", async () => {
    const buf = await book({
      Data: [
        ["Country", "Value"],
        ["Germany", 100.2],
        ["Austria", 99.1],
      ],
    });
    await expect(parseBarometer(buf)).rejects.toThrow(
      /No month axis found in sheet "Data": looked for a column or row of months/,
    );
  });

  it("says what it looked for when months have no country header", async () => {
    const buf = await book({
      Data: [
        ["Month", "Atlantis", "Total"],
        ["2025-01", 100, 101],
        ["2025-02", 99, 100],
      ],
    });
    const err = await parseBarometer(buf).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(InputError);
    expect((err as Error).message).toMatch(
      /^Found months in sheet "Data" \(column A, 2025-01 to 2025-02\) but no header naming a covered country/,
    );
    expect((err as Error).message).toContain('Headers seen: "Atlantis", "Total".');
  });

  it("rejects a table whose values are all empty or out of range", async () => {
    const buf = await book({
      S: [
        ["Month", "Germany"],
        ["2025-01", null],
        ["2025-02", 150],
        ["2025-03", "n.a."],
      ],
    });
    await expect(parseBarometer(buf)).rejects.toThrow(
      'The barometer in sheet "S" has country headers and months but no usable value: 2 empty cell(s), 0 text cell(s), 1 value(s) outside 80–120.',
    );
  });

  it("rejects two different values for one country and month, naming them", async () => {
    const buf = await book({
      S: [
        ["Month", "Germany", "BA"],
        ["2025-01", 100.1, 100.1],
        ["2025-02", 100.4, 99.9],
      ],
    });
    await expect(parseBarometer(buf)).rejects.toThrow(
      'The workbook gives different values for the same country and month: Germany (DE) 2025-02: 100.4 (cell B3, "Germany") and 99.9 (cell C3, "BA").',
    );
  });
});

describe("month formats and cell kinds", () => {
  it("reads every supported month form in one header row", async () => {
    const buf = await book({
      S: [
        [
          "PES",
          "2024-06",
          "2024M07",
          "08/2024",
          "Sep 2024",
          "October 2024",
          "2024-11-01",
          { v: utc(2024, 12), numFmt: "mmm yy" },
          { v: 45689, numFmt: "yyyy-mm" }, // serial of 2025-02-01 formatted as a date
          45717, // serial of 2025-03-01 left as a number
          { formula: "DATE(2025,4,1)", result: utc(2025, 4) },
          { richText: [{ text: "May " }, { text: "2025" }] },
          202506,
        ],
        ["DE", 100, 100.1, 100.2, 100.3, 100.4, 100.5, 100.6, 100.7, 100.8, 100.9, 101, 101.1],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.observations.map((o) => `${o.period}=${o.value}`)).toEqual([
      "2024-06=100",
      "2024-07=100.1",
      "2024-08=100.2",
      "2024-09=100.3",
      "2024-10=100.4",
      "2024-11=100.5",
      "2024-12=100.6",
      "2025-02=100.7",
      "2025-03=100.8",
      "2025-04=100.9",
      "2025-05=101",
      "2025-06=101.1",
    ]);
    expect(p.notes[0]).toBe('Sheet "S": months run across row 1 (columns B–M), countries down column A.');
    expect(p.notes[1]).toBe("12 month(s) from 2024-06 to 2025-06 (1 month(s) missing in between); 1 country: DE.");
  });

  it("reads numeric text with a comma or a dot, formulas and shared values; warns on other text", async () => {
    const buf = await book({
      S: [
        ["Month", "AT", "DE", "CH"],
        [utc(2025, 1), "100,5", { formula: "99.5+1", result: 100.5 }, " 101.25 "],
        [utc(2025, 2), "n/a", "-", "pending"],
        [utc(2025, 3), { error: "#N/A" }, true, "  "],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.observations.map((o) => `${o.geo} ${o.period} ${o.value}`)).toEqual([
      "AT 2025-01 100.5",
      "CH 2025-01 101.25",
      "DE 2025-01 100.5",
    ]);
    expect(p.processed).toBe(9);
    expect(p.skippedMissing).toBe(6);
    expect(p.warnings).toEqual([
      { type: "missing_value", detail: 'Germany (DE) 2025-03 (cell C4): "true" is not a number; treated as missing.' },
      {
        type: "missing_value",
        detail: 'Switzerland (CH) 2025-02 (cell D3): "pending" is not a number; treated as missing.',
      },
    ]);
  });

  it("skips titles, notes, blank rows and blank columns around the table", async () => {
    const buf = await book({
      S: [
        ["ELMB release — updated 05.11.2026"],
        ["Note: values are seasonally adjusted"],
        [],
        [],
        [null, null, "Date", null, "Austria", null, "Malta"],
        [null, null, "Jan 2025", null, 99.9, null, 101.5],
        [],
        [null, null, "Feb 2025", null, 100.1, null, 101.2],
        [null, null, "Source: public employment services"],
      ],
    });
    const p = await parseBarometer(buf);
    expect(asMap(p.observations)).toEqual(
      new Map([
        ["AT|2025-01", 99.9],
        ["AT|2025-02", 100.1],
        ["MT|2025-01", 101.5],
        ["MT|2025-02", 101.2],
      ]),
    );
    expect(p.notes[0]).toBe('Sheet "S": months run down column C (rows 6–8), countries across row 5.');
    expect(p.sourceUpdated).toBe("2026-11-05");
    expect(p.unknownHeaders).toEqual([]);
  });
});

describe("Belgium and headers", () => {
  it("averages the regions present each month and says how many", async () => {
    const buf = await book({
      S: [
        ["Month", "VDAB", "Le Forem", "Actiris", "BE-DG"],
        ["2025-01", 101, 99, 100, 98],
        ["2025-02", 101.5, null, 99.8, 100.2],
        ["2025-03", 102, null, null, null],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.observations.map((o) => `${o.geo} ${o.period} ${o.value}`)).toEqual([
      "BE 2025-01 99.5",
      "BE 2025-02 100.5",
      "BE 2025-03 102",
    ]);
    expect(p.skippedMissing).toBe(4);
    expect(p.notes).toContain(
      "Belgium (BE) is the plain mean of its regional public employment services present each month: " +
        "VDAB (Flanders), Le Forem (Wallonia), Actiris (Brussels), ADG (German-speaking Community); " +
        "4 regions averaged in 1 month (2025-01), 3 regions averaged in 1 month (2025-02), 1 region averaged in 1 month (2025-03).",
    );
  });

  it("keeps a national Belgium value where there is one and averages the regions elsewhere", async () => {
    const buf = await book({
      S: [
        ["Month", "Belgium", "VDAB", "Le Forem"],
        ["2025-01", 100.7, 101, 99],
        ["2025-02", null, 101, 100],
      ],
    });
    const p = await parseBarometer(buf);
    expect(value(p, "BE", "2025-01")).toBe(100.7);
    expect(value(p, "BE", "2025-02")).toBe(100.5);
    expect(p.notes.some((n) => n.includes("the national value was kept for 1 month(s)"))).toBe(true);
  });

  it("reports an unknown header once even when it repeats, and does not store the European total", async () => {
    const buf = await book({
      S: [
        ["Month", "Atlantis", "DE", "Atlantis", "ELMB", "Average", "Notes"],
        ["2025-01", 100, 100.2, 101, 100.1, 100.1, null],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.unknownHeaders).toEqual(["Atlantis", "ELMB", "Average"]);
    expect(p.warnings.map((w) => w.type)).toEqual(["unknown_header", "unknown_header", "unknown_header"]);
    expect(p.observations.map((o) => o.geo)).toEqual(["DE"]);
    expect(p.processed).toBe(1);
  });

  it("accepts the same value twice for one country (two headers naming it)", async () => {
    const buf = await book({
      S: [
        ["Month", "Deutschland", "Bundesagentur für Arbeit"],
        ["2025-01", 100.2, 100.2],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.observations).toHaveLength(1);
    expect(p.processed).toBe(2);
  });
});

describe("sheets and blocks", () => {
  it("skips a sheet without a barometer and reads the next one", async () => {
    const buf = await book({
      "Read me": [["SYNTHETIC test workbook"], ["No data on this sheet"]],
      Empty: [],
      Values: [
        ["", "Germany", "Austria"],
        ["2025-01", 100, 99],
        ["2025-02", 100.5, 99.5],
      ],
    });
    const p = await parseBarometer(buf);
    expect(p.observations).toHaveLength(4);
    expect(p.notes[0]).toMatch(/^Sheet "Values": months run down column A/);
    expect(p.notes).toContain('Other sheets not read: "Read me".');
  });

  it("reads only the first of two stacked tables", async () => {
    const buf = await book({
      S: [
        ["Total barometer"],
        ["Month", "DE", "AT"],
        ["2025-01", 100, 99],
        ["2025-02", 101, 98],
        [],
        ["Component A: unemployment"],
        ["Month", "DE", "AT"],
        ["2025-01", 90, 91],
        ["2025-02", 92, 93],
      ],
    });
    const p = await parseBarometer(buf);
    expect(asMap(p.observations)).toEqual(
      new Map([
        ["AT|2025-01", 99],
        ["AT|2025-02", 98],
        ["DE|2025-01", 100],
        ["DE|2025-02", 101],
      ]),
    );
    expect(p.notes).toContain("Only the first table was read: another one starts at row 7.");
  });
});
