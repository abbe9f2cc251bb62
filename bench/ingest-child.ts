// Child process of bench/pipeline.ts: times a baseline read and a whole ingest of one file; prints JSON.
//   json: the baseline is a bare JSON.parse of the file; each is run once.
//   csv:  the baseline is DuckDB's own `SELECT count(*) FROM read_csv(file)`; each is run three times (each
//         ingest into a fresh data directory) and the best time is kept, so that a moment of load on a shared
//         machine does not decide the ratio.
// Timed for the ingest: `pipeline.ingest` whole, as `jwi ingest` runs it (the job lock, opening and closing the
// DuckDB store, the file's SHA-256, the parse, validation, the transaction, the status copy). Not timed: opening
// the fresh data directory's serving database (SQLite), which every command does once whatever it loads.
import { DuckDBInstance } from "@duckdb/node-api";
import { readFileSync } from "node:fs";
import path from "node:path";
import { openPipeline } from "../pipeline/index.ts";

const [file, dir, mode = "json"] = process.argv.slice(2) as [string, string, string?];
const RUNS = mode === "csv" ? 3 : 1;

async function best(run: () => Promise<void> | void): Promise<number> {
  let ms = Infinity;
  for (let i = 0; i < RUNS; i++) {
    const t0 = performance.now();
    await run();
    ms = Math.min(ms, performance.now() - t0);
  }
  return ms;
}

let baselineRows: number | null = null;
let baselineMs: number;
if (mode === "csv") {
  const instance = await DuckDBInstance.create(":memory:");
  const conn = await instance.connect();
  baselineMs = await best(async () => {
    const reader = await conn.runAndReadAll(`SELECT count(*)::INTEGER FROM read_csv($path)`, { path: file });
    baselineRows = Number(reader.getRowsJS()[0]![0]);
  });
  conn.closeSync();
  instance.closeSync();
}
const bytes = readFileSync(file);
if (mode !== "csv") baselineMs = await best(() => void JSON.parse(bytes.toString("utf8")));

let stored = 0;
let n = 0;
let ingestMs = Infinity;
for (let i = 0; i < RUNS; i++) {
  const pipeline = await openPipeline({ dataDir: path.join(dir, `data-${n++}`) });
  try {
    const t0 = performance.now();
    // As `jwi ingest` does: the bytes (hashed) and the file's path (the CSV reader reads it in place).
    const result = await pipeline.ingest({
      fileName: path.basename(file),
      content: bytes,
      path: file,
      dataType: "unemployment",
    });
    ingestMs = Math.min(ingestMs, performance.now() - t0);
    if (!result.success) throw new Error(result.error);
    stored = result.rows_upserted;
  } finally {
    pipeline.close();
  }
}

process.stdout.write(
  JSON.stringify({
    baselineMs: baselineMs!,
    baselineRows,
    ingestMs,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    stored,
    runs: RUNS,
  }),
);
