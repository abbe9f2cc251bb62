// One data job in a child process (`jwi job`, docs/decisions/003-jobs-in-a-child-process.md): forked with the
// job's memory and time limits at low CPU priority, its progress and answer over IPC, and an end without an
// answer said in words.
import { fork, type ChildProcess } from "node:child_process";
import os from "node:os";
import type { Logger } from "../../lib/logger.ts";
import { JWI_BIN } from "../../lib/paths.ts";
import type { IngestStep } from "../ingest.ts";
import type { JobOptions } from "../job-contract.ts";
import {
  commandOf,
  deserializeError,
  type ChildMessage,
  type JobResult,
  type JobSpec,
  type RunMessage,
} from "./spec.ts";

/** A job that hit the child's memory or time limit, or whose child ended without answering. */
export class JobLimitError extends Error {
  override readonly name = "JobLimitError";
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

/** What the children run with (createChildPipeline's options in pipeline/jobs/child.ts, `by` settled). */
export interface ChildLimits {
  dataDir: string;
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
  /** Who starts the jobs, shown in the lock's holder. */
  by: string;
}

/** The server's job children: each job in one, and the ones running now. */
export class JobChildren {
  private readonly children = new Set<ChildProcess>();

  constructor(private readonly opts: ChildLimits) {}

  /** How many children run now. */
  get size(): number {
    return this.children.size;
  }

  /** Runs one job in a new child; rejects with JobLimitError when the child ends without an answer. */
  run(spec: JobSpec, job: JobOptions, onProgress?: (step: IngestStep) => void): Promise<JobResult> {
    const { opts, children } = this;
    const { dataDir, logger, by } = opts;
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

  /** Stops the running children (SIGTERM, then SIGKILL after `graceMs`) and waits for them. */
  async stop(graceMs = 5_000): Promise<void> {
    const { children } = this;
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
  }
}
