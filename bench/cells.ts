// Cell checks of every parser on cells of a million characters (printed figures; issue 33). A property (fast-check)
// feeds each check cells made of repeated units that provoke backtracking (runs of digits, points, signs, letters)
// and a tail that makes the check fail late, and requires every call to take less than BOUND_MS: a check linear in
// its input takes a few milliseconds on a million characters; the quadratic one of before (`numberCell`'s cut-number
// pattern) took 33.6 s on 160,000 digits, holding the job lock. Then a real ingest of a CSV whose value cell is a
// million digits and a letter, through the whole pipeline (DuckDB's read, the SQL checks, the row checks).
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import fc from "fast-check";
import { cleanUserText } from "../lib/clean-text.ts";
import { openPipeline } from "../pipeline/index.ts";
import { BUNDLED_FIXTURES_DIR } from "../lib/paths.ts";
import { parseMonthLabel } from "../pipeline/sources/barometer/months.ts";
import { numberCell } from "../pipeline/sources/csv/csv-file.ts";
import { ecfinMonth } from "../pipeline/sources/ecfin/parse.ts";
import { dataflowTable, lastUpdateStamp } from "../pipeline/sources/eurostat/csv.ts";
import { categoryCode, flagCode, normaliseLabel } from "../pipeline/sources/eurostat/labels.ts";
import { normalisePeriod } from "../pipeline/sources/eurostat/period.ts";
import { normaliseRelease } from "../pipeline/sources/series-key.ts";

const CELL_CHARS = 1_000_000;
const BOUND_MS = 250;
const RUNS = 12;

/** Runs a check that may throw (a refusal is an answer too). */
const quietly = (f: () => unknown) => () => {
  try {
    f();
  } catch {
    /* refused: the time is what is measured */
  }
};

const CHECKS: Array<[string, (cell: string) => unknown]> = [
  ["numberCell (CSV value cells)", (c) => numberCell(c, 1, "value")],
  ["ecfinMonth (DG ECFIN dates)", (c) => ecfinMonth(c, 1)],
  ["normalisePeriod (Eurostat periods)", (c) => normalisePeriod(c)],
  ["flagCode (Eurostat flags)", (c) => flagCode(c)],
  ["categoryCode (label or code cells)", (c) => categoryCode("geo", c)],
  ["normaliseLabel", (c) => normaliseLabel(c)],
  ["dataflowTable (SDMX DATAFLOW)", (c) => dataflowTable(c)],
  ["lastUpdateStamp (LAST UPDATE)", (c) => lastUpdateStamp(c)],
  ["normaliseRelease (release stamps)", (c) => normaliseRelease(c)],
  ["parseMonthLabel (barometer months)", (c) => parseMonthLabel(c)],
  ["cleanUserText (form text)", (c) => cleanUserText(c)],
];

const UNITS = ["1", "12", "1.", ".", "1e", "e", "+", "-1", " ", "a", "aé", "Q1", "2024-", "M0", ":", "A:"];
const TAILS = ["", "x", ".", "e", "!", "1", "-01", "Q", " 2024", ")"];
const cell = fc
  .tuple(fc.constantFrom(...UNITS), fc.constantFrom(...TAILS), fc.constantFrom("", "-", "1"))
  .map(
    ([unit, tail, head]) => `${head}${unit.repeat(Math.ceil(CELL_CHARS / unit.length)).slice(0, CELL_CHARS)}${tail}`,
  );

function measureChecks(): void {
  console.log(
    `cell checks on cells of ${CELL_CHARS.toLocaleString("en")} characters (${RUNS} cells each), bound ${BOUND_MS} ms`,
  );
  console.log(`${"check".padEnd(40)}${"max ms".padStart(9)}${"mean ms".padStart(9)}  within bound`);
  for (const [name, check] of CHECKS) {
    const times: number[] = [];
    let failed = "";
    try {
      fc.assert(
        fc.property(cell, (c) => {
          const started = performance.now();
          quietly(() => check(c))();
          const ms = performance.now() - started;
          times.push(ms);
          if (ms >= BOUND_MS) throw new Error(`${ms.toFixed(0)} ms on ${JSON.stringify(c.slice(0, 12))}…`);
        }),
        { numRuns: RUNS, endOnFailure: true },
      );
    } catch (err) {
      failed = (err as Error).message.split("\n").find((l) => l.includes(" ms on ")) ?? "failed";
    }
    const max = Math.max(...times);
    const mean = times.reduce((a, b) => a + b, 0) / times.length;
    console.log(
      `${name.padEnd(40)}${max.toFixed(1).padStart(9)}${mean.toFixed(1).padStart(9)}  ${failed ? `NO: ${failed.trim()}` : "yes"}`,
    );
  }
}

async function measureIngest(): Promise<void> {
  const file = path.join(BUNDLED_FIXTURES_DIR, "eurostat", "une_rt_m_BG_NL_EXCERPT.csv");
  const lines = readFileSync(file, "utf8").split("\n");
  // The first row with a value gets a million digits and a letter instead.
  const at = lines.findIndex((l, i) => i > 0 && /,\d+(\.\d+)?$/.test(l));
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-cells-"));
  try {
    const pipeline = await openPipeline({ dataDir });
    try {
      for (const [label, value] of [
        ["a million digits and a letter", `${"1".repeat(CELL_CHARS)}x`],
        ["a million digits and a point", `${"1".repeat(CELL_CHARS)}.`],
      ] as const) {
        const content = Buffer.from(lines.map((l, i) => (i === at ? l.replace(/,[^,]*$/, `,${value}`) : l)).join("\n"));
        const started = performance.now();
        const r = await pipeline.ingest({ fileName: "une_rt_m_big_cell.csv", content, dataType: "unemployment" });
        const ms = performance.now() - started;
        console.log(
          `ingest of a CSV with ${label} in a value cell: ${ms.toFixed(0)} ms, ${r.success ? "stored (unexpected)" : `refused: ${r.error?.slice(0, 110)}`}`,
        );
      }
    } finally {
      pipeline.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function run(): Promise<void> {
  measureChecks();
  await measureIngest();
}

// `node bin/run-ts.mjs bench/cells.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
