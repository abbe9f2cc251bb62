// The pipeline's one door: the CLI, the server's job child and the tests open it and call the same functions.
//
// Jobs (ingest, recalc, fetch/update, seed) run one at a time per data directory, across processes, under the
// job lock (pipeline/jobs/lock.ts). A job opens the DuckDB store when it starts and closes it when it ends, so
// the file is free between jobs: `jwi` commands work beside a running `jwi serve` (docs/architecture.md).
// Reads that must never wait (status) come from the serving database (SQLite, WAL), never from DuckDB.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { InputError } from "../lib/errors.ts";
import type { IngestRequest } from "./ingest.ts";
import {
  closeIntent,
  failedJobEntry,
  finishedJobEntry,
  openIntent,
  recordJobEntry,
  settleKilledJobs,
  terminalActor,
  type JobActor,
} from "./job-audit.ts";
import type { JobOptions, LockedPipeline, Pipeline } from "./job-contract.ts";
import { acquireJobLock, currentHolder } from "./jobs/lock.ts";
import type { Logger } from "../lib/logger.ts";
import type { RecalcOptions, RecalcSummary } from "./recalc.ts";
import { emptyServingDb, openServingDb, openServingDbReadOnly, type ServingDb } from "./serving-db.ts";
import { statusReport, type StatusReport } from "./status-report.ts";
import type { UploadResult } from "./types.ts";

/**
 * The modules a job needs (DuckDB, the parsers, the model), loaded when the first job starts: a process that only
 * reads (`jwi status`, the server between jobs) never loads them.
 */
async function jobModules() {
  const [store, ingest, recalc, seed, storeStatus, recover] = await Promise.all([
    import("./store/observations.ts"),
    import("./ingest.ts"),
    import("./recalc.ts"),
    import("./seed.ts"),
    import("./store-status.ts"),
    import("./store/recover-series.ts"),
  ]);
  return {
    seriesRecovery: recover.seriesRecovery,
    ObservationStore: store.ObservationStore,
    ingest: ingest.ingest,
    recalc: recalc.recalc,
    seedLocked: seed.seedLocked,
    copyStoreStatus: storeStatus.copyStoreStatus,
  };
}

export interface PipelineOptions {
  /** Folder holding jwi.duckdb and jwi.sqlite (JWI_DATA_DIR). */
  dataDir: string;
  /** An already open serving database (the API shares its handle); opened here otherwise. */
  servingDb?: ServingDb;
  /** How long a job waits for a running one before giving up with BusyError (default 0: not at all). */
  lockWaitMs?: number;
  logger?: Logger;
  /** Keys the share cards of each publication (cli/io.ts passes product/share-cards/key.ts); none without it. */
  cards?: RecalcOptions["cards"];
  /**
   * Who runs this process's jobs, written with each job to the audit log (pipeline/job-audit.ts). Default: the
   * person at the terminal (OS user and host). null: this process does not audit its jobs because the process
   * that asked for them does (the server's job child: the server records the operator, the schedule, the seed).
   */
  actor?: JobActor | null;
}

/** How an audited job notes itself under the lock and replaces the note with its final entry. */
interface AuditHooks {
  open(ingestBefore: number): number;
  close(intent: number, outcome: { ok: true; value: unknown } | { ok: false; error: unknown }): void;
}

/** A job's error whose audit entry is already written (under the lock): rethrown as its cause, not recorded twice. */
class AuditedError extends Error {
  constructor(override readonly cause: unknown) {
    super("audited");
  }
}

export const DUCKDB_FILE = "jwi.duckdb";
export const SQLITE_FILE = "jwi.sqlite";

/** The default name of a job in the lock's holder file. */
function jobName(kind: string, detail?: string): string {
  return detail ? `${kind} ${detail}` : kind;
}

/** Opens the pipeline of a data directory. Cheap: only the serving database is opened here. */
export function openPipeline(opts: PipelineOptions): Pipeline {
  mkdirSync(opts.dataDir, { recursive: true });
  const ownsDb = !opts.servingDb;
  const db = opts.servingDb ?? openServingDb(path.join(opts.dataDir, SQLITE_FILE));
  const duckFile = path.join(opts.dataDir, DUCKDB_FILE);
  const logger = opts.logger;
  const actor = opts.actor === undefined ? terminalActor() : opts.actor;

  /** Every job, whatever its end, leaves one audit entry; a failing entry is logged, never the job's answer. */
  const audit = (write: () => void) => {
    try {
      write();
    } catch (err) {
      logger?.error({ err }, "the audit entry of a data job could not be written");
    }
  };

  const exclusive = async <T>(work: (l: LockedPipeline) => Promise<T>, job: JobOptions = {}): Promise<T> => {
    const action = job.audit?.action ?? "job";
    const target = job.audit?.target ?? null;
    const who = job.actor ?? actor;
    // Under the lock the job notes itself (an intent) and its final entry replaces the intent before the lock is
    // released, so a job killed after its commit is completed by the next one (docs/decisions/024-audit-of-killed-jobs.md).
    // A job that never got the lock (busy) or failed before it noted itself is recorded here, at once.
    const audited: AuditHooks | null = who
      ? {
          open: (ingestBefore) => openIntent(db, who, action, target, ingestBefore),
          close: (intent, outcome) =>
            audit(() =>
              closeIntent(
                db,
                intent,
                outcome.ok
                  ? finishedJobEntry(who, action, target, outcome.value)
                  : failedJobEntry(who, action, target, outcome.error),
              ),
            ),
        }
      : null;
    try {
      return await exclusiveUnaudited(work, job, audited);
    } catch (err) {
      if (who && !(err instanceof AuditedError))
        audit(() => recordJobEntry(db, failedJobEntry(who, action, target, err)));
      throw err instanceof AuditedError ? err.cause : err;
    }
  };

  const exclusiveUnaudited = async <T>(
    work: (l: LockedPipeline) => Promise<T>,
    job: JobOptions,
    audited: AuditHooks | null,
  ): Promise<T> => {
    const lock = await acquireJobLock(opts.dataDir, job.command ?? "job", {
      waitMs: job.waitMs ?? opts.lockWaitMs ?? 0,
      signal: job.signal,
      onWait: job.onWait,
    });
    try {
      if (lock.previous) {
        logger?.warn(
          { previous: lock.previous },
          "the previous job ended without releasing the lock (killed?); its unfinished transactions were rolled back",
        );
      }
      const { ObservationStore, ingest, recalc, copyStoreStatus, seriesRecovery } = await jobModules();
      const store = await ObservationStore.open(duckFile, { recoverSeries: seriesRecovery(opts.dataDir) });
      try {
        // A job killed between its DuckDB commit and its copy left the copy behind: bring it up to date first, and
        // complete the audit entry of a job killed before it wrote one.
        await copyStoreStatus(store, db);
        await settleKilledJobs(db, (id) => store.ingestsAfter(id)).catch((err: unknown) =>
          logger?.error({ err }, "could not complete the audit entry of a data job that was killed"),
        );
        const intent = audited ? audited.open(await store.lastIngestId()) : null;
        const locked: LockedPipeline = {
          dataDir: opts.dataDir,
          store,
          servingDb: db,
          ingest: (req) => ingest(store, req),
          recalc: (o) => recalc(store, db, { cards: opts.cards, logger, ...o }),
        };
        // The error to throw once the job's entry is written in place of its intent (none without one).
        const failed = (err: unknown): unknown => {
          if (intent === null) return err;
          audited!.close(intent, { ok: false, error: err });
          return new AuditedError(err);
        };
        let result: T;
        try {
          result = await work(locked);
        } catch (err) {
          // The job's own error is the one reported; a failing copy after it is only logged.
          await copyStoreStatus(store, db).catch((copyErr: unknown) =>
            logger?.warn({ err: copyErr }, "could not copy the store's status after a failed job"),
          );
          throw failed(err);
        }
        try {
          await copyStoreStatus(store, db);
        } catch (err) {
          throw failed(err);
        }
        if (intent !== null) audited!.close(intent, { ok: true, value: result });
        return result;
      } finally {
        store.close();
      }
    } finally {
      lock.release();
    }
  };

  return {
    dataDir: opts.dataDir,
    servingDb: db,
    ingest: (req, job) =>
      exclusive((l) => l.ingest(req), {
        command: jobName("ingest", req.fileName),
        audit: { action: req.origin === "upload" ? "upload" : "ingest", target: req.dataType },
        ...job,
      }),
    recalc: (o, job) =>
      exclusive((l) => l.recalc(o), {
        command: jobName("recalc", o?.asOf ? `--as-of ${o.asOf}` : undefined),
        audit: { action: "recalculate", target: o?.asOf ?? null },
        ...job,
      }),
    seed: (o, job) =>
      exclusive(async (l) => (await jobModules()).seedLocked(l, o), {
        command: "seed (bundled data)",
        audit: { action: "seed" },
        ...job,
      }),
    exclusive,
    status: (now) => statusReport(opts.dataDir, db, now),
    jobState: () => {
      const { busy, holder } = currentHolder(opts.dataDir);
      return { running: busy, holder };
    },
    isBusy: () => currentHolder(opts.dataDir).busy,
    close() {
      if (ownsDb) db.close();
    },
  };
}

/**
 * The status report of a data directory (`jwi status`) with the stores opened read-only: it writes nothing, not even
 * the serving database's schema, so it answers on a full or read-only disk, when it is most needed. A directory
 * without a serving database reads as empty ("nothing yet"). A database made by an older jwi whose tables lack
 * what the report reads is an InputError saying what to run.
 */
export function readStatus(dataDir: string, now?: Date): StatusReport {
  const file = path.join(dataDir, SQLITE_FILE);
  const db = openServingDbReadOnly(file) ?? emptyServingDb();
  try {
    return statusReport(dataDir, db, now);
  } catch (err) {
    if (err instanceof Error && /no such (table|column)/.test(err.message))
      throw new InputError(
        `The serving database ${file} was made by an older jwi (${err.message}): run any data job (\`jwi recalc\`) or start the server once to bring it up to date, then ask again.`,
      );
    throw err;
  } finally {
    db.close();
  }
}

// The door also names the types its callers use (pipeline/job-contract.ts, pipeline/status-report.ts hold them).
export { statusReport };
export type { IngestRequest, LockedPipeline, Pipeline, RecalcSummary, StatusReport, UploadResult };
