// The ei_lmjv_q_r2 answer the stand-in serves (fixtures/derived/, built from the real data browser workbook by
// fixtures/derived/make-ei-lmjv.ts): the committed file is what the generator writes, and read as JSON-stat it gives
// exactly the observations the workbook gives (its series, the NSA series, every sector): one series, two encodings.
import { readFileSync } from "node:fs";
import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { WORKBOOK, eiLmjvText } from "../../fixtures/derived/make-ei-lmjv.ts";
import { parseEurostat } from "../../pipeline/sources/eurostat/parse.ts";
import { parseEurostatWorkbook } from "../../pipeline/sources/eurostat/workbook.ts";
import type { ParsedFile } from "../../pipeline/types.ts";
import { DERIVED_EI_LMJV_FILE } from "./stand-in.ts";

const committed = readFileSync(DERIVED_EI_LMJV_FILE);

/** Every series of a parsed file: series key → sorted `geo period value flag`. */
function seriesOf(p: ParsedFile): Map<string, string[]> {
  const all = [{ dataType: p.dataType, series: p.series!, observations: p.observations }, ...(p.extraSeries ?? [])];
  return new Map(
    all.map((s) => [
      `${s.dataType} ${s.series}`,
      s.observations.map((o) => `${o.geo} ${o.period} ${o.value} ${o.flag ?? ""}`).sort(),
    ]),
  );
}

describe("the derived ei_lmjv_q_r2 answer", () => {
  it("is byte for byte what fixtures/derived/make-ei-lmjv.ts writes", async () => {
    expect(committed.toString("utf8")).toBe(await eiLmjvText());
  });

  it("reads as JSON-stat into the very series, values and flags the workbook gives", async () => {
    const json = parseEurostat(committed, "vacancy");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(readFileSync(WORKBOOK) as unknown as ExcelJS.Buffer);
    const workbook = parseEurostatWorkbook(wb, "vacancy");
    expect([json.table, json.series, json.sourceUpdated]).toEqual([
      "ei_lmjv_q_r2",
      workbook.series,
      "2025-11-19T11:00:00+0100",
    ]);
    expect(seriesOf(json)).toEqual(seriesOf(workbook));
    expect(json.extraSeries?.filter((e) => e.dataType === "sector_vacancy")).toHaveLength(30);
  });
});
