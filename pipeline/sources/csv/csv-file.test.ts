// Reading a CSV through DuckDB: header checks, DuckDB's reading errors as messages naming the line, row
// numbers in file order, and the temporary copy that is always removed.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  EMPTY_FILE,
  NOT_TEXT,
  SEMICOLONS,
  TABS,
  firstDataRow,
  numberCell,
  readHeader,
  splitHeaderLine,
  splitLine,
  withCsvFile,
  type CsvInput,
} from "./csv-file.ts";

const inputError = (message: string | RegExp) =>
  expect.objectContaining({
    name: "InputError",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

const header = (text: string | Buffer) => {
  const bytes = Buffer.isBuffer(text) ? text : Buffer.from(text);
  return readHeader(bytes, bytes.length);
};

const scratch = mkdtempSync(path.join(os.tmpdir(), "jwi-csv-test-"));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

/** Every row of `input`, with its data row number, through the same read_csv as the parsers. */
const rows = (input: CsvInput, opts = {}) =>
  withCsvFile(input, (f) => f.all(`SELECT row_number() OVER ()::INTEGER, * FROM ${f.source}`), opts);

describe("the header row", () => {
  it("splits on commas outside quotes and trims the names", () => {
    expect(header('DATAFLOW,LAST UPDATE,"geo:Geopolitical entity, reporting", TIME_PERIOD ,OBS_VALUE\r\nx')).toEqual([
      "DATAFLOW",
      "LAST UPDATE",
      "geo:Geopolitical entity, reporting",
      "TIME_PERIOD",
      "OBS_VALUE",
    ]);
    expect(splitHeaderLine('a;"b;c";d').semicolons).toBe(2);
  });

  it.each([
    ["no bytes at all", "", EMPTY_FILE],
    ["a byte-order mark and blank lines", "\uFEFF\r\n\r\n", EMPTY_FILE],
    ["a semicolon-separated export", "freq;geo;time;value\nM;DE;2024-01;3,5\n", SEMICOLONS],
    ["a tab-separated export", "freq\tgeo\ttime\tvalue\n", TABS],
    ["a repeated column", "geo,time,value,GEO\n", 'Column "GEO" appears twice in the header row.'],
  ])("rejects %s", (_, text, message) => {
    expect(() => header(text)).toThrow(inputError(message));
  });

  it("rejects a workbook or UTF-16 text as not a UTF-8 CSV", () => {
    expect(() => header(Buffer.from([0x50, 0x4b, 0x03, 0x04, 0x14, 0x00]))).toThrow(inputError(NOT_TEXT));
    expect(() => header(Buffer.from("\uFEFFgeo,time,value", "utf16le"))).toThrow(inputError(NOT_TEXT));
  });

  it("gives the first data row when the first bytes hold it whole", () => {
    expect(
      firstDataRow(
        Buffer.from('\uFEFFDATAFLOW,geo,TIME_PERIOD\r\nESTAT:UNE_RT_M(1.0),"Euro area – 20, countries",2024-01\r\nx'),
      ),
    ).toEqual(["ESTAT:UNE_RT_M(1.0)", "Euro area – 20, countries", "2024-01"]);
    expect(firstDataRow(Buffer.from("geo,time\nDE,2024-0"))).toBeNull();
    expect(firstDataRow(Buffer.from("geo,time\n"))).toBeNull();
    expect(splitLine('a,"b ""q"", c"\r\nnext', 0)).toMatchObject({
      cells: ["a", 'b "q", c'],
      next: 16,
      complete: true,
    });
  });

  it("says semicolons in the message the operator sees", () => {
    expect(SEMICOLONS).toMatch(/separated by semicolons; save it comma-separated/);
  });
});

describe("reading rows", () => {
  it("tolerates a byte-order mark and CRLF line ends; empty cells are NULL", async () => {
    const text = "\uFEFFgeo,time,value\r\nDE,2024-01,3.5\r\nAT,2024-01,\r\n";
    expect(await rows(Buffer.from(text))).toEqual([
      [1, "DE", "2024-01", "3.5"],
      [2, "AT", "2024-01", null],
    ]);
    expect(await rows(text)).toHaveLength(2);
  });

  it("numbers the data rows in file order, across many chunks (row n holds value n)", async () => {
    const file = path.join(scratch, "numbered.csv");
    const lines = ["geo,time,value"];
    for (let n = 1; n <= 300_000; n++) lines.push(`DE,2024-01,${n}`);
    writeFileSync(file, lines.join("\n") + "\n");
    const mismatches = await withCsvFile({ path: file }, (f) =>
      f.all(
        `SELECT count(*)::INTEGER FROM (SELECT row_number() OVER () AS r, c2 FROM ${f.source}) WHERE r::VARCHAR <> c2`,
      ),
    );
    expect(mismatches).toEqual([[0]]);
  });

  it("reads a file on disk in place, and removes the temporary copy of bytes, also after an error", async () => {
    const tempDir = mkdtempSync(path.join(scratch, "tmp-"));
    const file = path.join(scratch, "on-disk.csv");
    writeFileSync(file, "geo,time,value\nDE,2024-01,1\n");
    expect(await rows({ path: file }, { tempDir })).toHaveLength(1);
    expect(await rows(Buffer.from("geo,time,value\nDE,2024-01,1\n"), { tempDir })).toHaveLength(1);
    await expect(rows(Buffer.from("geo,time,value\nDE,2024-01\n"), { tempDir })).rejects.toThrow(/Line 2/);
    await expect(
      withCsvFile(Buffer.from("geo,time,value\n"), () => Promise.reject(new Error("boom")), { tempDir }),
    ).rejects.toThrow("boom");
    expect(readdirSync(tempDir)).toEqual([]);
  });
});

describe("DuckDB's reading errors name the line", () => {
  it.each([
    [
      "a last row cut off",
      "geo,time,value\nDE,2024-01,3.5\nDE,2024-02,3.6\nDE,2024-0",
      "Line 4 has 2 of the 3 columns of the header row: the file looks cut off (truncated), or that row is incomplete.",
    ],
    [
      "a quoted value that never closes",
      'geo,time,value\nDE,2024-01,3.5\n"Germany,2024-02,3.6\n',
      "Line 3 opens a quoted value that never closes: the file looks cut off (truncated).",
    ],
    [
      "a row with a column too many",
      "geo,time,value\nDE,2024-01,3,5\n",
      "Line 2 has 4 columns, but the header row has 3 (a value with an unquoted comma?).",
    ],
    [
      "Latin-1 text",
      Buffer.from("geo,time,value\nT\xfcrkiye,2024-01,1\n", "latin1"),
      "Line 2 is not UTF-8 text: save the file as CSV UTF-8 and upload it again.",
    ],
  ])("%s", async (_, text, message) => {
    await expect(rows(typeof text === "string" ? Buffer.from(text) : text)).rejects.toThrow(inputError(message));
  });
});

describe("numberCell", () => {
  it("reads numbers, gives null for an empty cell or ':', and names the row and column of anything else", () => {
    expect([
      numberCell("3.5", 1, "v"),
      numberCell(" -0.25 ", 1, "v"),
      numberCell("7", 1, "v"),
      numberCell("1e2", 1, "v"),
    ]).toEqual([3.5, -0.25, 7, 100]);
    expect([numberCell(null, 1, "v"), numberCell("", 1, "v"), numberCell(" : ", 1, "v")]).toEqual([null, null, null]);
    expect(() => numberCell("3,5", 12, "OBS_VALUE")).toThrow(
      inputError('Row 12: the value "3,5" in column OBS_VALUE is not a number.'),
    );
    for (const bad of ["n/a", "3.5 p", "NaN", "Infinity", "0x10", "1_000"])
      expect(() => numberCell(bad, 1, "value")).toThrow(/is not a number/);
  });

  it("refuses a number cut short (a file cut off in the middle of it), naming the row; a fraction alone is whole", () => {
    expect(() => numberCell("88.", 7, "value")).toThrow(
      inputError(
        'Row 7: the value "88." in column value is not a complete number: the file looks cut off (truncated) there, or the value was mistyped. Upload the whole file again.',
      ),
    );
    for (const cut of ["-4.", "+3.", "1e", "1e+", "2.5E-", "-", "+", "."])
      expect(() => numberCell(cut, 1, "value"), cut).toThrow(/not a complete number/);
    expect([
      numberCell(".5", 1, "v"),
      numberCell("-.5", 1, "v"),
      numberCell("88.0", 1, "v"),
      numberCell("1E+2", 1, "v"),
    ]).toEqual([0.5, -0.5, 88, 100]);
  });

  it("property: a cell is judged cut short exactly as the quadratic pattern of before judged it", () => {
    // The old pattern, on short cells only: it took 33 s on a 160,000-digit cell (npm run bench -- cells).
    const before = /^[+-]?[0-9]*\.?[0-9]*(?:[eE][+-]?)?$/;
    fc.assert(
      fc.property(
        fc.string({ unit: fc.constantFrom("1", "0", ".", "e", "E", "+", "-", "x", " "), maxLength: 12 }),
        (cell) => {
          const raw = cell.trim();
          if (raw === "" || raw === ":") return;
          let cut = false;
          try {
            numberCell(cell, 1, "v");
          } catch (err) {
            cut = /not a complete number/.test((err as Error).message);
          }
          const number = /^[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?$/.test(raw);
          expect(cut).toBe(!number && before.test(raw));
        },
      ),
      { numRuns: 5_000 },
    );
  });

  it("names a long cell by its start and length, not in full", () => {
    const cell = `${"1".repeat(200_000)}x`;
    expect(() => numberCell(cell, 3, "value")).toThrow(
      inputError(`Row 3: the value "${"1".repeat(40)}… (199961 more characters)" in column value is not a number.`),
    );
  });
});
