// The guarded barometer parse: same answers as parseBarometer for real files, bombs refused with a reason,
// the worker process's memory and time limits reached cleanly, and the calling thread responsive throughout.
// (The default limits against a workbook dense enough to reach them: tests/timing/upload-bomb.test.ts.)
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import {
  denseWorkbook,
  honestWorkbook,
  lyingBomb,
  manyEntriesBomb,
  ratioBomb,
} from "../../../tests/helpers/xlsx-bombs.ts";
import { InputError } from "../../../lib/errors.ts";
import {
  BAROMETER_PARSE_LIMITS,
  BAROMETER_WORKER_ENTRY,
  memoryLimitMessage,
  parseBarometerGuarded,
  timeLimitMessage,
} from "./parse-guarded.ts";
import { NOT_XLSX_MESSAGE, parseBarometer } from "./parse.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const FIXTURES = path.resolve(HERE, "../../../fixtures/synthetic/barometer");
const fixture = (name: string) => readFile(path.join(FIXTURES, name));
const MB = 1024 * 1024;
const rssMb = () => Math.round(process.memoryUsage().rss / MB);

interface Pauses {
  /** Longest interval between two ticks of a 10 ms timer, in ms. */
  max: number;
  /** Its 99th percentile. */
  p99: number;
}

/**
 * How the calling process fared while `work` ran: the gaps of a 10 ms interval timer (late by the time the event
 * loop was blocked, or the machine busy), and the CPU time this process used (the worker is another process).
 */
async function timed<T>(
  work: () => Promise<T>,
): Promise<{ result: PromiseSettledResult<T>; pauses: Pauses; cpuMs: number; ms: number }> {
  const gaps: number[] = [];
  let last = performance.now();
  const tick = setInterval(() => {
    const now = performance.now();
    gaps.push(now - last);
    last = now;
  }, 10);
  const cpu = process.cpuUsage();
  const started = performance.now();
  const [result] = await Promise.allSettled([work()]);
  const ms = performance.now() - started;
  const used = process.cpuUsage(cpu);
  clearInterval(tick);
  gaps.push(performance.now() - last);
  gaps.sort((a, b) => a - b);
  const pauses = { max: Math.round(gaps.at(-1)!), p99: Math.round(gaps[Math.floor(gaps.length * 0.99)]!) };
  return { result, pauses, cpuMs: Math.round((used.user + used.system) / 1000), ms: Math.round(ms) };
}

/**
 * The caller stayed responsive while the worker did the work. This process's own CPU time is what a parse on
 * the calling thread would show (seconds for these files) and does not depend on how busy the machine is; the
 * timer's gaps do (on this shared 2-core machine a 10 ms timer is late by 100–200 ms now and then while the
 * worker and other jobs keep both cores busy), so they are bounded loosely.
 */
function expectResponsive(pauses: Pauses, cpuMs: number): void {
  expect(cpuMs).toBeLessThan(300);
  expect(pauses.max).toBeLessThan(1_000);
}

function inputErrorOf(result: PromiseSettledResult<unknown>): InputError {
  expect(result.status).toBe("rejected");
  const err = (result as PromiseRejectedResult).reason;
  expect(err).toBeInstanceOf(InputError);
  return err as InputError;
}

describe("real workbooks read exactly as parseBarometer reads them", () => {
  it.each(["lmb-months-down.xlsx", "lmb-months-across.xlsx", "lmb-out-of-range.xlsx"])("%s", async (name) => {
    const buf = await fixture(name);
    const guarded = await parseBarometerGuarded(buf);
    expect(guarded).toEqual(await parseBarometer(buf));
    expect(guarded.observations.length).toBeGreaterThan(0);
  });

  it("a workbook written by the bomb helper's own ZIP writer (so the bombs are real workbooks)", async () => {
    const p = await parseBarometerGuarded(honestWorkbook());
    expect(p.observations.map((o) => `${o.geo} ${o.period} ${o.value}`)).toContain("DE 2025-03 100.3");
    expect(p.observations).toHaveLength(12);
  });

  it("the parser's own errors cross the worker as InputError with their message", async () => {
    const err = inputErrorOf(
      (await Promise.allSettled([parseBarometerGuarded(await fixture("lmb-not-xlsx.xlsx"))]))[0]!,
    );
    expect(err.message).toBe(NOT_XLSX_MESSAGE);
    await expect(parseBarometerGuarded(Buffer.from("country,2025-01\nDE,100.1\n"))).rejects.toThrow(NOT_XLSX_MESSAGE);
  });

  it("an error found by exceljs inside the worker keeps its message", async () => {
    const ExcelJS = (await import("exceljs")).default;
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet("Data").addRows([
      ["Country", "Value"],
      ["Germany", 100.2],
    ]);
    const buf = Buffer.from(await wb.xlsx.writeBuffer());
    await expect(parseBarometerGuarded(buf)).rejects.toThrow(/^No month axis found in sheet "Data"/);
  });

  it("names its worker's source file for the bundle", async () => {
    await expect(readFile(path.resolve(HERE, "../../..", BAROMETER_WORKER_ENTRY), "utf8")).resolves.toContain(
      "process.send",
    );
  });
});

describe("hostile workbooks are refused, and the caller keeps running", () => {
  it("a ratio bomb (300 MB from 2 MB) before any worker starts", async () => {
    const bomb = await ratioBomb(300);
    const { result, ms } = await timed(() => parseBarometerGuarded(bomb));
    expect(inputErrorOf(result).message).toMatch(/would unpack to 300 MB; the limit per part is 32 MB/);
    expect(ms).toBeLessThan(500);
  });

  it("too many parts", async () => {
    await expect(parseBarometerGuarded(manyEntriesBomb(2_000))).rejects.toThrow(
      /holds 2,005 files in its archive; the limit is 1,000/,
    );
  });

  it("a bomb whose headers lie (40 KB declared, 500 MB inside): stopped in the worker as soon as it passes 40 KB", async () => {
    const bomb = await lyingBomb(500);
    const before = rssMb();
    const { result, pauses, cpuMs, ms } = await timed(() => parseBarometerGuarded(bomb));
    const after = rssMb();
    console.log(
      `lying bomb (${(bomb.length / MB).toFixed(1)} MB file, 500 MB inside): refused in ${ms} ms; this process: ${cpuMs} ms of CPU, ` +
        `event loop longest pause ${pauses.max} ms, p99 ${pauses.p99} ms; RSS ${before} → ${after} MB`,
    );
    expect(inputErrorOf(result).message).toMatch(
      /^Part "xl\/worksheets\/sheet1\.xml" of this workbook unpacks to more than \d+ KB, not the 40 KB its archive declares/,
    );
    expect(ms).toBeLessThan(10_000);
    expectResponsive(pauses, cpuMs);
    expect(after - before).toBeLessThan(100);
  });

  it("reaching the memory limit ends the worker, never this process (a worker thread here aborted the whole process)", async () => {
    // 400,000 cells: within the cell limit of the inflate check (guard.ts), far beyond what 64 MB holds
    const dense = await denseWorkbook(40_000);
    const { result, pauses, cpuMs, ms } = await timed(() => parseBarometerGuarded(dense, { memoryMb: 64 }));
    console.log(
      `dense workbook, 64 MB limit: refused in ${ms} ms; this process: ${cpuMs} ms of CPU, event loop longest pause ${pauses.max} ms, p99 ${pauses.p99} ms`,
    );
    const err = inputErrorOf(result);
    expect(err.message).toBe(memoryLimitMessage(64));
    expect(err.message).toMatch(
      /^The workbook could not be read within the limits \(64 MB of memory for reading a workbook\): it holds far more than a barometer\./,
    );
    expectResponsive(pauses, cpuMs);
    // the process is intact: the next parse works
    expect((await parseBarometerGuarded(honestWorkbook())).observations).toHaveLength(12);
  });

  it("the wall-clock limit kills a long parse", async () => {
    const dense = await denseWorkbook(40_000);
    const { result, ms } = await timed(() => parseBarometerGuarded(dense, { timeoutMs: 400 }));
    console.log(`dense workbook, 400 ms limit: refused after ${ms} ms`);
    expect(inputErrorOf(result).message).toBe(timeLimitMessage(400));
    expect(timeLimitMessage(400)).toBe(
      "The workbook could not be read within the limits (400 ms for reading a workbook): it holds far more than a barometer. Delete unused sheets, rows and columns (or formatting far from the table) and upload again.",
    );
    expect(ms).toBeGreaterThanOrEqual(399);
    expect(ms).toBeLessThan(2_000);
  });

  it("states its default limits", () => {
    expect(BAROMETER_PARSE_LIMITS).toMatchObject({
      memoryMb: 512,
      timeoutMs: 20_000,
      archive: { maxEntries: 1_000, maxEntryBytes: 32 * MB, maxTotalBytes: 64 * MB, maxRatio: 100 },
    });
    expect(timeLimitMessage(20_000)).toContain("(20 s for reading a workbook)");
  });
});
