// DG ECFIN's long survey file: the real EEI, and each bad input with its message.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { ParsedFile } from "../../types.ts";
import { HEADER_ONLY } from "../csv/csv-file.ts";
import { parseCsv } from "../csv/parse-csv.ts";
import { ECFIN_EEI_TABLE, NOT_EXPECTATIONS, ecfinMonth, inferredRelease, isEcfinLong } from "./parse.ts";

const REAL = fileURLToPath(
  new URL("../../../fixtures/real/ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv", import.meta.url),
);

const inputError = (message: string | RegExp) =>
  expect.objectContaining({
    name: "InputError",
    message: typeof message === "string" ? message : expect.stringMatching(message),
  });

const valueOf = (parsed: ParsedFile, geo: string, period: string) =>
  parsed.observations.find((o) => o.geo === geo && o.period === period)?.value;

describe("the real DG ECFIN file (2004-01 … 2025-08)", async () => {
  const bytes = readFileSync(REAL);
  const parsed = await parseCsv(bytes, "expectations");

  it("stores series EEI as table ecfin_eei, unit INDEX, for 26 countries and the EA and EU aggregates", () => {
    expect(parsed).toMatchObject({
      dataType: "expectations",
      table: ECFIN_EEI_TABLE,
      unit: "INDEX",
      refKind: "row",
      skippedMissing: 0,
    });
    const countries = [...new Set(parsed.observations.filter((o) => !o.isAggregate).map((o) => o.geo))].sort();
    expect(countries).toHaveLength(26);
    expect(countries).toContain("GR");
    expect(countries).not.toEqual(expect.arrayContaining(["LU"]));
    expect([...new Set(parsed.observations.filter((o) => o.isAggregate).map((o) => o.geo))].sort()).toEqual([
      "EA",
      "EU",
    ]);
    expect(parsed.observations.every((o) => o.dataType === "expectations" && o.flag === null)).toBe(true);
  });

  it("is read as the release of its newest month, 2025-08, and says so (it states none, model v2.3)", () => {
    expect(parsed.sourceUpdated).toBe("2025-08-31");
    expect(parsed.notes.join(" ")).toMatch(/release of its newest month \(2025-08/);
  });

  it("gives SOURCES.md's spot checks for 2025-08 (the month's last day → the month)", () => {
    expect([
      valueOf(parsed, "DE", "2025-08"),
      valueOf(parsed, "ES", "2025-08"),
      valueOf(parsed, "EA", "2025-08"),
    ]).toEqual([92.9, 105.8, 97.8]);
    expect(
      parsed.observations
        .filter((o) => o.geo === "AT")
        .map((o) => o.period)
        .sort(),
    ).toHaveLength(260);
    expect(parsed.observations.filter((o) => o.geo === "IT")).toHaveLength(259);
  });

  it("lists the UK and the candidate countries as not covered, and says which other series it ignored", () => {
    expect(parsed.unknownHeaders).toEqual(["AL", "ME", "MK", "RS", "TR", "UK"]);
    expect(parsed.warnings.map((w) => w.type)).toEqual(Array(6).fill("unknown_geo"));
    expect(parsed.notes).toContain(
      "Other series in the file were ignored (only EEI is stored): BUIL, CONS, ESI, INDU, RETA, SERV, SERV73.",
    );
    expect(parsed.notes[1]).toBe("Series: series=EEI.");
    expect(parsed.notes.join(" ")).toMatch(/long-term mean 100/);
  });

  it("names each value's data row (ref)", () => {
    const rows = bytes.toString("utf8").split("\n").slice(1);
    const de = parsed.observations.find((o) => o.geo === "DE" && o.period === "2025-08")!;
    expect(rows[de.ref! - 1]).toBe("2025-08-31,DE,EEI,92.9");
  });
});

describe("DG ECFIN's layout", () => {
  it("is told apart from Eurostat's CSVs by its columns", () => {
    expect(isEcfinLong(["date", "country", "series", "value"])).toBe(true);
    expect(isEcfinLong(["Date", "Country", "value"])).toBe(true);
    expect(isEcfinLong(["freq", "geo", "time", "value"])).toBe(false);
  });

  it("reads a date as its month", () => {
    expect([ecfinMonth("2025-08-31", 1), ecfinMonth("2024-02-29", 1), ecfinMonth("2025-08", 1)]).toEqual([
      "2025-08",
      "2024-02",
      "2025-08",
    ]);
    for (const bad of ["2025-13-31", "2025-02-30", "31/08/2025", ""])
      expect(() => ecfinMonth(bad, 7)).toThrow(/^Row 7: date/);
  });
});

describe("bad input: rejected with a message naming the row or the column", () => {
  const reject = (text: string, message: string | RegExp, type: "expectations" | "unemployment" = "expectations") =>
    expect(parseCsv(text, type)).rejects.toThrow(inputError(message));

  it.each([
    [
      "a bad date",
      "date,country,series,value\n2025-07-31,DE,EEI,92.1\n2025-13-31,DE,EEI,92.9\n",
      'Row 2: date "2025-13-31" is not a date (YYYY-MM-DD, the month\'s last day).',
    ],
    [
      "a decimal comma (one column too many)",
      "date,country,series,value\n2025-08-31,DE,EEI,92,9\n",
      "Line 2 has 5 columns, but the header row has 4 (a value with an unquoted comma?).",
    ],
    [
      "a text value",
      "date,country,series,value\n2025-08-31,ES,ESI,x\n2025-08-31,DE,EEI,n.a.\n",
      'Row 2: the value "n.a." in column value is not a number.',
    ],
    [
      "two values for one country and month",
      "date,country,series,value\n2025-08-31,DE,EEI,92.9\n2025-08-31,EL,EEI,114.4\n2025-08-30,DE,EEI,93.0\n",
      "Rows 1 and 3 both give DE 2025-08, with different values (92.9 and 93); keep one of them.",
    ],
    [
      "no EEI series",
      "date,country,series,value\n2025-08-31,DE,ESI,90.1\n2025-08-31,DE,INDU,-5\n",
      "This DG ECFIN file has no Employment Expectations Indicator: its series column holds ESI, INDU, but not EEI. Upload DG ECFIN's survey file that includes series EEI.",
    ],
    [
      "only countries that are not covered",
      "date,country,series,value\n2025-08-31,UK,EEI,99\n2025-08-31,TR,EEI,94.7\n",
      "Empty selection: ecfin_eei with series=EEI has no value for any covered country or aggregate in this file.",
    ],
    [
      "a missing column",
      "date,country,value\n2025-08-31,DE,92.9\n",
      'This DG ECFIN file has no "series" column (it needs date, country, series and value).',
    ],
    ["a header without rows", "date,country,series,value\n", HEADER_ONLY],
    [
      "a truncated last row",
      "date,country,series,value\n2025-08-31,DE,EEI,92.9\n2025-08-31,ES",
      "Line 3 has 2 of the 4 columns of the header row: the file looks cut off (truncated), or that row is incomplete.",
    ],
  ])("%s", async (_, text, message) => {
    await reject(text, message);
  });

  it("is not accepted for another data type", async () => {
    await reject("date,country,series,value\n2025-08-31,DE,EEI,92.9\n", NOT_EXPECTATIONS, "unemployment");
  });

  it("keeps the same value given twice once, and skips empty values", async () => {
    const parsed = await parseCsv(
      "date,country,series,value\n2025-08-31,DE,EEI,92.9\n2025-08-31,DE,EEI,92.9\n2025-07-31,DE,EEI,\n",
      "expectations",
    );
    expect(parsed.observations.map((o) => [o.period, o.value, o.ref])).toEqual([["2025-08", 92.9, 1]]);
    expect([parsed.processed, parsed.skippedMissing]).toEqual([3, 1]);
  });
});

describe("the release of a DG ECFIN file (model v2.3)", () => {
  it("is the last day of its newest month, whatever the order of the months", () => {
    expect(inferredRelease(["2025-11", "1985-01", "2025-10"])).toBe("2025-11-30");
    expect(inferredRelease(["2024-02"])).toBe("2024-02-29");
    expect(inferredRelease(["2025-02"])).toBe("2025-02-28");
    expect(inferredRelease(["2100-02"])).toBe("2100-02-28");
    expect(inferredRelease(["2025-12", "2025-01"])).toBe("2025-12-31");
    expect(inferredRelease([])).toBeNull();
  });
});
