// The server runs every data job (upload, recalc, the schedule's update, the first seed) in a child process:
// `jwi job`, the same command-line program as the operator's, with the same pipeline functions. The server's
// event loop never parses a file, diffs a million values or scores forty years of history, so visitors are
// served while a job runs; the child has a memory limit and a time limit, and a file that exhausts either only
// ends its own process. The child takes the cross-process job lock like any `jwi` command (docs/architecture.md,
// "Jobs"; docs/decisions/003-jobs-in-a-child-process.md). A job's child process itself: child-process.ts.
import { randomUUID } from "node:crypto";
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { InputError } from "../../lib/errors.ts";
import type { FetchSummary, UpdateSummary } from "../fetch/update.ts";
import type { IngestRequest, IngestStep } from "../ingest.ts";
import type { JobOptions, Pipeline, SeedOutcome } from "../job-contract.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RecalcOptions, RecalcSummary } from "../recalc.ts";
import { statusReport, type StatusReport } from "../status-report.ts";
import type { ServingDb } from "../serving-db.ts";
import type { DataType, UploadResult } from "../types.ts";
import { failedJobEntry, finishedJobEntry, recordJobEntry, type JobAuditEntry } from "../job-audit.ts";
import { JobChildren, JobLimitError, type ChildLimits } from "./child-process.ts";
import { currentHolder } from "./lock.ts";
import { commandOf, type JobResult, type JobSpec } from "./spec.ts";

export interface ChildPipelineOptions extends Omit<ChildLimits, "by"> {
  servingDb: ServingDb;
  /** Who starts the jobs, shown in the lock's holder (default "server"). */
  by?: string;
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

/** The audit log's name of a job spec and its target. */
function auditName(spec: JobSpec): [string, string | null] {
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
}

/**
 * Runs a job in the child; when the job names who asked for it (the schedule, the seed), the server writes its
 * audit entry here, even when the child was killed by a limit. A failing entry is logged, never the answer.
 */
async function runAudited(
  children: JobChildren,
  db: ServingDb,
  logger: Logger | undefined,
  spec: JobSpec,
  job: JobOptions,
  onProgress?: (step: IngestStep) => void,
): Promise<JobResult> {
  const [action, target] = auditName(spec);
  const audit = (entry: () => JobAuditEntry) => {
    try {
      recordJobEntry(db, entry());
    } catch (err) {
      logger?.error({ err, kind: spec.kind }, "the audit entry of a data job could not be written");
    }
  };
  try {
    const result = await children.run(spec, job, onProgress);
    if (job.actor) audit(() => finishedJobEntry(job.actor!, action, target, result));
    return result;
  } catch (err) {
    if (job.actor) audit(() => failedJobEntry(job.actor!, action, target, err));
    throw err;
  }
}

/** Saves an upload where the child can read it; removed when the job ends. */
function saveUpload(tmpDir: string, req: IngestRequest): string {
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

export function createChildPipeline(opts: ChildPipelineOptions): ChildPipeline {
  const { dataDir, servingDb: db, logger } = opts;
  const by = opts.by ?? "server";
  const tmpDir = path.join(dataDir, "tmp");
  const children = new JobChildren({ ...opts, by });
  const runChild = (spec: JobSpec, job: JobOptions, onProgress?: (step: IngestStep) => void) =>
    runAudited(children, db, logger, spec, job, onProgress);

  const notInProcess = (): never => {
    throw new Error("exclusive() runs work in this process; the server's pipeline runs jobs in a child process.");
  };

  const pipeline: ChildPipeline = {
    dataDir,
    servingDb: db,
    async ingest(req, job = {}) {
      const file = saveUpload(tmpDir, req);
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
    async stop(graceMs?: number) {
      await children.stop(graceMs);
    },
    close() {
      /* the serving database belongs to the server */
    },
  };

  return pipeline;
}
