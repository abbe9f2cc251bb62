// The workbook parse for untrusted files (uploads, `jwi ingest`, `jwi update` downloads): the barometer and, since
// score model v2.3, the Eurostat data browser's spreadsheet. The archive check (guard.ts) on the calling thread, then
// the parse (sources/xlsx/parse-xlsx.ts) in a child process with a V8 heap limit and a wall-clock limit. A zip bomb costs the caller a few milliseconds and the child at most its limits; the caller's event
// loop keeps running meanwhile, and the child's memory is given back when it ends. Limits: docs/data-sources.md.
//
// A child process, not a worker thread: a worker that reaches its `resourceLimits` can abort the whole process
// ("FATAL ERROR: Reached heap limit", seen here with a dense sheet and a 64 MB limit on Node 20; nodejs/node#47224),
// whereas a child that runs out of heap dies alone.
//
// Where the worker is:
// - unbuilt (vitest, tsx, `node bin/jwi.mjs`): this module is `parse-guarded.ts`, and the worker is
//   `barometer-worker.ts` next to it, started through `bin/ts-worker.mjs` (which registers tsx);
// - bundled (esbuild to one folder, ESM): `barometer-worker.ts` is an entry point of its own
//   (BAROMETER_WORKER_ENTRY), emitted as `barometer-worker.mjs` (or `.js`) in the same folder as the bundled
//   file that holds this module.

import { fork } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { InputError } from "../../../lib/errors.ts";
import type { DataType, ParsedFile } from "../../types.ts";
import type { XlsxJob } from "../xlsx/parse-xlsx.ts";
import type { BarometerWorkerAnswer } from "./barometer-worker.ts";
import { checkXlsxArchive, XLSX_LIMITS, type XlsxLimits } from "./guard.ts";
import { NOT_XLSX_MESSAGE } from "./parse.ts";

/** The worker's source file, from the repository root: a bundle must list it as an entry point. */
export const BAROMETER_WORKER_ENTRY = "pipeline/sources/barometer/barometer-worker.ts";
/**
 * The worker's file name in a bundle, without its extension: it sits in the same folder as the bundled file that
 * holds this module and has the same extension (`.mjs` or `.js`, as esbuild's outExtension gives every entry).
 */
const BAROMETER_WORKER_BUNDLE_NAME = "barometer-worker";

export interface BarometerParseLimits {
  /** The archive check before parsing. */
  archive: XlsxLimits;
  /** The worker's V8 old-generation heap, in MB (`--max-old-space-size`). */
  memoryMb: number;
  /** Wall-clock time for the worker (start-up included), in ms; the worker is killed after it. */
  timeoutMs: number;
}

/**
 * - 512 MB of heap: exceljs takes ~400 bytes per cell, so ~1.2 million cells (the 32 MiB per-part limit); a
 *   barometer of a few hundred cells needs ~20 MB. The cell limit of the inflate check (guard.ts, 500,000) refuses
 *   a denser workbook before exceljs starts, so this is the backstop for what that count does not see.
 * - 20 s: a barometer parses in well under a second (worker start-up included, ~1 s unbuilt on a busy
 *   machine); a million dense cells take ~10 s.
 */
export const BAROMETER_PARSE_LIMITS: BarometerParseLimits = Object.freeze({
  archive: XLSX_LIMITS,
  memoryMb: 512,
  timeoutMs: 20_000,
});

/**
 * A data browser spreadsheet (score model v2.3) holds a sheet per selection: the real one of ei_lmjv_q_r2 has 65
 * sheets (54,507 cells) and loads in about 2 s on an idle machine, several times that on a busy one; so its wall
 * clock is 60 s (the archive limits and the heap limit stay the barometer's).
 */
const WORKBOOK_PARSE_TIMEOUT_MS = 60_000;

/** The worker's young-generation semi-space, in MB: V8's usual size, stated so that the whole heap is bounded. */
const SEMI_SPACE_MB = 16;

function workerLocation(): { file: string; args: string[] } {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith(".ts")) {
    return {
      file: fileURLToPath(new URL("../../../bin/ts-worker.mjs", here)),
      args: [new URL("./barometer-worker.ts", here).href],
    };
  }
  const ext = path.extname(here.pathname) || ".mjs";
  return { file: fileURLToPath(new URL(`./${BAROMETER_WORKER_BUNDLE_NAME}${ext}`, here)), args: [] };
}

/** What a workbook of the job holds, for the limit messages. */
const holds = (job: XlsxJob): string =>
  job.kind === "lmb" ? "a barometer" : "a data browser spreadsheet of one table";

const tooBig = (job: XlsxJob) =>
  `it holds far more than ${holds(job)}. Delete unused sheets, rows and columns (or formatting far from the table) and upload again.`;

export function memoryLimitMessage(memoryMb: number, job: XlsxJob = { kind: "lmb" }): string {
  return `The workbook could not be read within the limits (${memoryMb} MB of memory for reading a workbook): ${tooBig(job)}`;
}

export function timeLimitMessage(timeoutMs: number, job: XlsxJob = { kind: "lmb" }): string {
  const s = timeoutMs >= 1000 ? `${Math.round(timeoutMs / 100) / 10} s` : `${timeoutMs} ms`;
  return `The workbook could not be read within the limits (${s} for reading a workbook): ${tooBig(job)}`;
}

/** NOT_XLSX_MESSAGE for a Eurostat type: it names what to upload instead of the barometer. */
export const NOT_XLSX_EUROSTAT_MESSAGE =
  "This file is not a readable .xlsx workbook. Upload Eurostat's data browser spreadsheet as an Excel workbook (.xlsx), or the table as JSON-stat (.json) or CSV (.csv).";

/** V8's last words when a heap limit is reached. */
const OUT_OF_MEMORY = /heap out of memory|Reached heap limit|Allocation failed|invalid size error/i;

/** Runs the job's parse in a child process under `limits`; settles once, on its answer or its end. */
function parseInWorker(bytes: Buffer, job: XlsxJob, limits: BarometerParseLimits): Promise<ParsedFile> {
  const { file, args } = workerLocation();
  if (!existsSync(file)) {
    throw new Error(
      `The barometer parse worker is missing: ${file}. A bundle must build ${BAROMETER_WORKER_ENTRY} as an entry point of its own, ` +
        `named ${BAROMETER_WORKER_BUNDLE_NAME} with the bundle's extension, beside the file that holds parse-guarded.ts.`,
    );
  }
  const env = { ...process.env };
  delete env.NODE_OPTIONS; // the heap limit below is the worker's, whatever the caller was started with
  return new Promise<ParsedFile>((resolve, reject) => {
    const child = fork(file, [...args, JSON.stringify(job)], {
      execArgv: [`--max-old-space-size=${limits.memoryMb}`, `--max-semi-space-size=${SEMI_SPACE_MB}`],
      env,
      stdio: ["pipe", "ignore", "pipe", "ipc"],
      serialization: "json",
    });
    let settled = false;
    const settle = (fn: () => void) => {
      if (settled) return;
      settled = true;
      fn();
    };
    let stderr = ""; // its tail: V8's out-of-memory report comes last, before the native stack
    child.stderr!.on("data", (chunk: Buffer) => {
      stderr = (stderr + chunk.toString()).slice(-8_000);
    });
    child.stdin!.on("error", () => {}); // EPIPE when the worker ends before reading everything; its end says why
    child.stdin!.end(bytes);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      child.kill("SIGKILL");
    }, limits.timeoutMs);

    child.on("message", (answer: BarometerWorkerAnswer) =>
      settle(() => {
        if (answer.ok) resolve(answer.parsed);
        else if (answer.input) reject(new InputError(answer.message, answer.details));
        else reject(new Error(`The workbook parser failed: ${answer.message}`));
      }),
    );
    child.on("error", (err) => {
      clearTimeout(timer);
      settle(() =>
        reject(new Error(`The workbook parse worker (${file}) could not run: ${err.message}`, { cause: err })),
      );
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      settle(() => {
        if (timedOut) {
          reject(
            new InputError(timeLimitMessage(limits.timeoutMs, job), { limit: "time", timeoutMs: limits.timeoutMs }),
          );
        } else if (OUT_OF_MEMORY.test(stderr)) {
          reject(
            new InputError(memoryLimitMessage(limits.memoryMb, job), { limit: "memory", memoryMb: limits.memoryMb }),
          );
        } else {
          const how = signal ? `signal ${signal}` : `exit code ${code}`;
          reject(
            new Error(
              `The workbook parse worker stopped (${how}) without an answer.${stderr ? `\n${stderr.slice(-2000)}` : ""}`,
            ),
          );
        }
      });
    });
  });
}

/**
 * Reads a barometer workbook from untrusted bytes: the archive check (InputError for a zip bomb or a file that
 * is not an .xlsx), then parseBarometer in a child process under memory and time limits (InputError when one is
 * reached). Resolves to what parseBarometer returns; throws what it throws.
 */
export async function parseBarometerGuarded(bytes: Buffer, limits: GuardedLimits = {}): Promise<ParsedFile> {
  return parseXlsxGuarded(bytes, { kind: "lmb" }, limits);
}

type GuardedLimits = Partial<Omit<BarometerParseLimits, "archive">> & { archive?: Partial<XlsxLimits> };

/**
 * Reads a Eurostat data browser spreadsheet (score model v2.3) for a Eurostat data type from untrusted bytes, with
 * the barometer's guards: the same archive check, process, memory and time limits (parseXlsxGuarded).
 */
export async function parseEurostatWorkbookGuarded(
  bytes: Buffer,
  dataType: DataType,
  limits: GuardedLimits = {},
): Promise<ParsedFile> {
  try {
    return await parseXlsxGuarded(
      bytes,
      { kind: "eurostat", dataType },
      { ...limits, timeoutMs: limits.timeoutMs ?? WORKBOOK_PARSE_TIMEOUT_MS },
    );
  } catch (err) {
    if (err instanceof InputError && err.message === NOT_XLSX_MESSAGE) {
      throw new InputError(NOT_XLSX_EUROSTAT_MESSAGE, err.details);
    }
    throw err;
  }
}

/** The archive check, then the job's parse in a child process under memory and time limits. */
async function parseXlsxGuarded(bytes: Buffer, job: XlsxJob, limits: GuardedLimits = {}): Promise<ParsedFile> {
  const all: BarometerParseLimits = {
    archive: { ...BAROMETER_PARSE_LIMITS.archive, ...limits.archive },
    memoryMb: limits.memoryMb ?? BAROMETER_PARSE_LIMITS.memoryMb,
    timeoutMs: limits.timeoutMs ?? BAROMETER_PARSE_LIMITS.timeoutMs,
  };
  await checkXlsxArchive(bytes, all.archive);
  return parseInWorker(bytes, job, all);
}
