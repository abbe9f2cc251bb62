// The server runs every data job (upload, recalc, the schedule's update, the first seed) in a child process:
// `jwi job`, the same command-line program as the operator's, with the same pipeline functions. The server's
// event loop never parses a file, diffs a million values or scores forty years of history, so visitors are
// served while a job runs; the child has a memory limit and a time limit, and a file that exhausts either only
// ends its own process. The child takes the cross-process job lock like any `jwi` command (docs/architecture.md,
// "Jobs"; docs/decisions/003-jobs-in-a-child-process.md).
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../lib/errors.ts";
import type { FetchSummary, UpdateSummary } from "../fetch/update.ts";
import type { IngestRequest, IngestStep } from "../ingest.ts";
import type { JobOptions, Pipeline, SeedOutcome } from "../job-contract.ts";
import type { Logger } from "../../lib/logger.ts";
import { JWI_BIN } from "../../lib/paths.ts";
import type { RecalcOptions, RecalcSummary } from "../recalc.ts";
import { statusReport, type StatusReport } from "../status-report.ts";
import type { ServingDb } from "../serving-db.ts";
import type { DataType, UploadResult } from "../types.ts";
import { failedJobEntry, finishedJobEntry, recordJobEntry, type JobAuditEntry } from "../job-audit.ts";
import { currentHolder } from "./lock.ts";
import {
  commandOf,
  deserializeError,
  type ChildMessage,
  type JobResult,
  type JobSpec,
  type RunMessage,
} from "./spec.ts";

export interface ChildPipelineOptions {
  dataDir: string;
  servingDb: ServingDb;
  /** The environment the child runs with (the server's validated one); JWI_DATA_DIR is set from dataDir. */
  env: NodeJS.ProcessEnv;
  logger?: Logger;
  /** How long a job waits for a running one (another process's) before BusyError. */
  lockWaitMs: number;
  /** Heap limit of the child (MB): a file that needs more fails alone. */
  memoryMb: number;
  /** Wall-clock limit of one job (ms); update jobs (many downloads) get `updateTimeoutMs`. */
  timeoutMs: number;
  updateTimeoutMs: number;
  /** Who starts the jobs, shown in the lock's holder (default "server"). */
  by?: string;
}

/** A job that hit the child's memory or time limit, or whose child ended without answering. */
export class JobLimitError extends Error {
  override readonly name = "JobLimitError";
}

/** The pipeline as the server uses it: every job in a child process. */
export interface ChildPipeline extends Pipeline {
  /** `jwi fetch` (recalc false) or `jwi update` (recalc true), in the child. */
  update(req: { types?: DataType[]; recalc: boolean }, job?: JobOptions): Promise<FetchSummary | UpdateSummary>;
  /** True while this server's own child runs a job. */
  running(): boolean;
  /** Stops a running child (SIGTERM, then SIGKILL after `graceMs`) and waits for it. */
  stop(graceMs?: number): Promise<void>;
}

/**
 * The job child runs below normal CPU priority (nice 10; the threads it starts, DuckDB's among them, inherit it): on
 * a small machine an ingest or a recalc would otherwise take both cores from the pages and the API it serves beside
 * (tests/timing/operator-jobs.test.ts). The job only takes longer while visitors are being served.
 */
function lowerPriority(pid: number | undefined): void {
  if (pid === undefined) return;
  try {
    os.setPriority(pid, os.constants.priority.PRIORITY_BELOW_NORMAL);
  } catch {
    // Not allowed here (some containers): the job runs at normal priority.
  }
}

export function createChildPipeline(opts: ChildPipelineOptions): ChildPipeline {
  const { dataDir, servingDb: db, logger } = opts;
  const by = opts.by ?? "server";
  const tmpDir = path.join(dataDir, "tmp");
  const children = new Set<ChildProcess>();

  /** The audit log's name of a job spec and its target. */
  const auditName = (spec: JobSpec): [string, string | null] => {
    switch (spec.kind) {
      case "ingest":
        return [spec.origin === "upload" ? "upload" : "ingest", spec.dataType];
      case "recalc":
        return ["recalculate", spec.asOf ?? null];
      case "seed":
        return ["seed", null];
      case "update":
        return [spec.recalc ? "update" : "fetch", spec.types?.join(" ") || null];
    }
  };

  /**
   * Runs a job in the child; when the job names who asked for it (the schedule, the seed), the server writes its
   * audit entry here, even when the child was killed by a limit. A failing entry is logged, never the answer.
   */
  async function runChild(spec: JobSpec, job: JobOptions, onProgress?: (step: IngestStep) => void): Promise<JobResult> {
    const [action, target] = auditName(spec);
    const audit = (entry: () => JobAuditEntry) => {
      try {
        recordJobEntry(db, entry());
      } catch (err) {
        logger?.error({ err, kind: spec.kind }, "the audit entry of a data job could not be written");
      }
    };
    try {
      const result = await runChildUnaudited(spec, job, onProgress);
      if (job.actor) audit(() => finishedJobEntry(job.actor!, action, target, result));
      return result;
    } catch (err) {
      if (job.actor) audit(() => failedJobEntry(job.actor!, action, target, err));
      throw err;
    }
  }

  function runChildUnaudited(
    spec: JobSpec,
    job: JobOptions,
    onProgress?: (step: IngestStep) => void,
  ): Promise<JobResult> {
    const timeoutMs = spec.kind === "update" ? opts.updateTimeoutMs : opts.timeoutMs;
    return new Promise<JobResult>((resolve, reject) => {
      const child = fork(JWI_BIN, ["job"], {
        env: { ...opts.env, JWI_DATA_DIR: dataDir },
        execArgv: [`--max-old-space-size=${opts.memoryMb}`],
        stdio: ["ignore", "ignore", "inherit", "ipc"],
        serialization: "advanced",
      });
      lowerPriority(child.pid);
      children.add(child);
      let settled = false;
      let stderrHint: string | null = null;
      const finish = (err: Error | null, value?: JobResult) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        if (err) reject(err);
        else resolve(value as JobResult);
      };
      const timer = setTimeout(() => {
        stderrHint = `it took longer than ${Math.round(timeoutMs / 1000)} s`;
        child.kill("SIGKILL");
      }, timeoutMs);
      const onAbort = () => child.kill("SIGTERM");
      job.signal?.addEventListener("abort", onAbort, { once: true });
      child.on("message", (m: ChildMessage) => {
        if (m.type === "progress") onProgress?.(m.step);
        else if (m.type === "waiting") job.onWait?.(m.holder);
        else if (m.type === "result") finish(null, m.value);
        else if (m.type === "error") finish(deserializeError(m.error));
      });
      child.on("error", (err) => finish(err));
      child.on("exit", (code, signal) => {
        children.delete(child);
        job.signal?.removeEventListener("abort", onAbort);
        if (settled) return;
        // No answer: the child died. V8 aborts (SIGABRT / code 134) when the heap limit is reached.
        const why =
          stderrHint ??
          (signal === "SIGABRT" || code === 134
            ? `it needed more than the ${opts.memoryMb} MB of memory a job may use`
            : signal
              ? `it was stopped (${signal})`
              : `it ended with exit code ${code}`);
        logger?.error({ kind: spec.kind, code, signal }, `data job failed: ${why}`);
        finish(new JobLimitError(`The data job was stopped: ${why}. Nothing it had not finished was stored.`));
      });
      const run: RunMessage = {
        type: "run",
        spec,
        command: job.command ?? commandOf(spec, by),
        waitMs: job.waitMs ?? opts.lockWaitMs,
      };
      child.send(run);
    });
  }

  /** Saves an upload where the child can read it; removed when the job ends. */
  function saveUpload(req: IngestRequest): string {
    mkdirSync(tmpDir, { recursive: true });
    const file = path.join(
      tmpDir,
      `upload-${randomUUID()}${path
        .extname(req.fileName)
        .toLowerCase()
        .replace(/[^.a-z0-9]/g, "")}`,
    );
    const c = req.content;
    writeFileSync(
      file,
      Buffer.isBuffer(c) ? c : typeof c === "string" ? Buffer.from(c, "utf8") : Buffer.from(JSON.stringify(c) ?? ""),
    );
    return file;
  }

  const notInProcess = (): never => {
    throw new Error("exclusive() runs work in this process; the server's pipeline runs jobs in a child process.");
  };

  const pipeline: ChildPipeline = {
    dataDir,
    servingDb: db,
    async ingest(req, job = {}) {
      const file = saveUpload(req);
      try {
        const spec: JobSpec = {
          kind: "ingest",
          path: file,
          fileName: req.fileName,
          dataType: req.dataType,
          strict: req.strict,
          tolerancePp: req.tolerancePp,
          dryRun: req.dryRun,
          origin: req.origin ?? "upload",
        };
        return (await runChild(
          spec,
          { ...job, command: job.command ?? commandOf(spec, by) },
          req.onProgress,
        )) as UploadResult;
      } catch (err) {
        // A file that exhausts the job's limits is a file that cannot be taken: rejected, nothing stored.
        if (err instanceof JobLimitError) throw new InputError(err.message);
        throw err;
      } finally {
        rmSync(file, { force: true });
      }
    },
    async recalc(o: RecalcOptions = {}, job = {}) {
      const spec: JobSpec = { kind: "recalc", asOf: o.asOf, dryRun: o.dryRun };
      return (await runChild(spec, { ...job, command: job.command ?? commandOf(spec, by) })) as RecalcSummary;
    },
    async seed(o = {}, job = {}) {
      const spec: JobSpec = { kind: "seed", asOf: o.asOf };
      return (await runChild(spec, { ...job, command: job.command ?? commandOf(spec, by) })) as SeedOutcome;
    },
    async update(req, job = {}) {
      const spec: JobSpec = { kind: "update", types: req.types, recalc: req.recalc };
      return (await runChild(spec, { ...job, command: job.command ?? commandOf(spec, by) })) as
        FetchSummary | UpdateSummary;
    },
    exclusive: notInProcess,
    status: (now?: Date): StatusReport => statusReport(dataDir, db, now),
    jobState() {
      const { busy, holder } = currentHolder(dataDir);
      return { running: busy, holder };
    },
    isBusy: () => children.size > 0 || currentHolder(dataDir).busy,
    running: () => children.size > 0,
    async stop(graceMs = 5_000) {
      await Promise.all(
        [...children].map(
          (child) =>
            new Promise<void>((resolve) => {
              if (child.exitCode !== null || child.signalCode !== null) return resolve();
              const kill = setTimeout(() => child.kill("SIGKILL"), graceMs);
              child.once("exit", () => {
                clearTimeout(kill);
                resolve();
              });
              child.kill("SIGTERM");
            }),
        ),
      );
    },
    close() {
      /* the serving database belongs to the server */
    },
  };

  return pipeline;
}
