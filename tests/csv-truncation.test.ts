// A CSV cut off in the middle of its last number (`…,88.` with no line end) is refused in every accepted CSV
// layout, naming the row, whatever that row's country or series; nothing is stored. The files are the bundled
// real ones, cut (or with one value cut short) by the test, and go through the real `jwi ingest`.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import type { UploadResult } from "../pipeline/types.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";

const tmp = tempDataDir("jwi-cut-");
afterAll(() => tmp.cleanup());

/** `file`'s text without its last `drop` characters (the line end and the digits after the point). */
function cut(file: string, drop: number, name: string): { path: string; lastLine: string; rows: number } {
  const text = readFileSync(fixture("real", ...file.split("/")), "utf8");
  const kept = text.slice(0, text.length - drop);
  const out = path.join(tmp.dir, name);
  writeFileSync(out, kept);
  const lines = kept.split(/\r?\n/);
  return { path: out, lastLine: lines.at(-1)!, rows: lines.length - 1 };
}

async function storedCount(): Promise<number> {
  const status = (await jwi(tmp.dir, "status", "--json")).json<{ data: Array<{ observations: number }> }>();
  return status.data.reduce((n, r) => n + r.observations, 0);
}

async function expectRefused(file: string, type: string, message: RegExp): Promise<void> {
  const before = await storedCount();
  const r = await jwi(tmp.dir, "ingest", file, "--type", type, "--json");
  expect(r.code, r.stdout + r.stderr).toBe(1);
  const result = r.json<UploadResult>();
  expect(result.success).toBe(false);
  expect(result.error).toMatch(message);
  expect(r.stderr).toMatch(/Nothing was stored\./);
  expect(await storedCount()).toBe(before);
}

describe("a CSV cut off in the middle of a number", () => {
  it("DG ECFIN's long CSV: the last row (Türkiye, a series not stored) ending in `-4.` is refused, naming its row", async () => {
    const f = cut("ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv", 2, "ecfin-cut.csv");
    expect(f.lastLine).toBe("2025-08-31,TR,SERV73,-4.");
    await expectRefused(
      f.path,
      "expectations",
      new RegExp(`^Row ${f.rows}: the value "-4\\." in column value is not a complete number: the file looks cut off`),
    );
  });

  it("DG ECFIN's long CSV: an EEI row of a stored country cut to `88.` is refused (it used to be stored as 88)", async () => {
    const text = readFileSync(fixture("real", "ecfin", "ecfin_bcs_indicators_long_2004-01_2025-08.csv"), "utf8");
    const at = text.indexOf("\n2008-10-31,SE,EEI,");
    expect(at).toBeGreaterThan(0);
    const end = text.indexOf("\n", at + 1);
    const out = path.join(tmp.dir, "ecfin-se.csv");
    writeFileSync(out, `${text.slice(0, end).replace(/,[^,]*$/, ",88.")}`);
    await expectRefused(out, "expectations", /^Row \d+: the value "88\." in column value is not a complete number/);
  });

  it("a CSV with one column per dimension (une_rt_m, jvs_q_r21): the last value cut to `4.` / `0.` is refused", async () => {
    const une = cut("eurostat/une_rt_m_BG_NL_EXCERPT.csv", 2, "une-cut.csv");
    expect(une.lastLine).toBe("M,SA,TOTAL,PC_ACT,T,NL,2026-07,4.");
    await expectRefused(
      une.path,
      "unemployment",
      new RegExp(`^Row ${une.rows}: the value "4\\." in column value is not a complete number`),
    );
    const jvs = cut("eurostat/jvs_q_r21_NL_PL_RO.csv", 2, "jvs-cut.csv");
    expect(jvs.lastLine).toBe("Q,A-T,TOTAL,SA,JVR,RO,2026-Q2,0.");
    await expectRefused(
      jvs.path,
      "vacancy",
      new RegExp(`^Row ${jvs.rows}: the value "0\\." in column value is not a complete number`),
    );
  });

  it("SDMX-CSV: a value cut short in a row of a country that is not stored (the United States) is refused; a cut through the value is too", async () => {
    // The value is not the last column of SDMX-CSV: a cut there leaves the row short of columns.
    const short = cut("eurostat/une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv", 6, "sdmx-short.csv");
    expect(short.lastLine).toMatch(/,United States,2025-04,71$/);
    await expectRefused(
      short.path,
      "unemployment",
      /^Line \d+ has 10 of the 12 columns of the header row: the file looks cut off/,
    );
    // The same last row with its value cut to `71.` but its last columns present, without a line end.
    const dotted = path.join(tmp.dir, "sdmx-dotted.csv");
    writeFileSync(dotted, readFileSync(short.path, "utf8").replace(/71$/, "71.,,"));
    await expectRefused(
      dotted,
      "unemployment",
      new RegExp(`^Row ${short.rows}: the value "71\\." in column OBS_VALUE is not a complete number`),
    );
  });

  it("the whole files are still stored", async () => {
    for (const [file, type] of [
      ["ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv", "expectations"],
      ["eurostat/une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv", "unemployment"],
      ["eurostat/une_rt_m_BG_NL_EXCERPT.csv", "unemployment"],
      ["eurostat/jvs_q_r21_NL_PL_RO.csv", "vacancy"],
    ] as const) {
      const r = await jwi(tmp.dir, "ingest", fixture("real", ...file.split("/")), "--type", type, "--json");
      expect(r.code, file + r.stdout).toBe(0);
    }
  });
});
