// The pipeline's one door: the CLI, the server's job child and the tests open it and call the same functions.
//
// Jobs (ingest, recalc, fetch/update, seed) run one at a time per data directory, across processes, under the
// job lock (pipeline/jobs/lock.ts). A job opens the DuckDB store when it starts and closes it when it ends, so
// the file is free between jobs: `jwi` commands work beside a running `jwi serve` (docs/architecture.md).
// Reads that must never wait (status) come from the serving database (SQLite, WAL), never from DuckDB.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { COUNTRIES } from "./countries.ts";
import type { IngestRequest } from "./ingest.ts";
import { failedJobEntry, finishedJobEntry, recordJobEntry, terminalActor, type JobActor } from "./job-audit.ts";
import { acquireJobLock, currentHolder, type LockHolder } from "./jobs/lock.ts";
import type { Logger } from "./logger.ts";
import { operatorPause, pendingPublication, type PausedBy } from "./pause.ts";
import { ageInMonths } from "./model/period.ts";
import type { RecalcOptions, RecalcSummary } from "./recalc.ts";
import type { SeedOutcome } from "./seed.ts";
import { openServingDb, type ServingDb } from "./serving-db.ts";
import { isStale, staleSummary, type StaleSummary } from "./staleness.ts";
import { readStoreStatus } from "./store-status.ts";
import type { ObservationStore, TableStatusRow } from "./store/observations.ts";
import type { DataType, UploadResult } from "./types.ts";

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
  return { seriesRecovery: recover.seriesRecovery, ObservationStore: store.ObservationStore, ingest: ingest.ingest, recalc: recalc.recalc, seedLocked: seed.seedLocked, copyStoreStatus: storeStatus.copyStoreStatus };
}

export interface PipelineOptions {
  /** Folder holding jwi.duckdb and jwi.sqlite (JWI_DATA_DIR). */
  dataDir: string;
  /** An already open serving database (the API shares its handle); opened here otherwise. */
  servingDb?: ServingDb;
  /** How long a job waits for a running one before giving up with BusyError (default 0: not at all). */
  lockWaitMs?: number;
  logger?: Logger;
  /** Draws the share cards of each publication (cli/io.ts passes product/share-cards); none without it. */
  cards?: RecalcOptions["cards"];
  /**
   * Who runs this process's jobs, written with each job to the audit log (pipeline/job-audit.ts). Default: the
   * person at the terminal (OS user and host). null: this process does not audit its jobs because the process
   * that asked for them does (the server's job child: the server records the operator, the schedule, the seed).
   */
  actor?: JobActor | null;
}

/** How one job presents itself and how long it waits for its turn. */
export interface JobOptions {
  /** What runs, as shown to a job that must wait: `jwi ingest une_rt_m.json`, `upload (admin)`. */
  command?: string;
  /** Overrides the pipeline's lockWaitMs for this job. */
  waitMs?: number;
  signal?: AbortSignal;
  /** Told at once when the job must wait for a running one, with its holder (pipeline/jobs/lock.ts). */
  onWait?: (holder: LockHolder | null) => void;
  /** The audit log's name of the job (`ingest`, `recalculate`, `update`, …) and its target; default `job`. */
  audit?: { action: string; target?: string | null };
  /**
   * Who asked for this job (the audit log's actor), overriding the pipeline's. The server's pipeline
   * (jobs/child.ts) records a job only when it is given one: the operator routes record their own entries.
   */
  actor?: JobActor;
}

export interface StatusReport {
  as_of_month: string;
  /** Is a job running now, and whose (never waits). */
  job: { running: boolean; holder: LockHolder | null };
  /** When the store's state below was last copied (by the start or end of a job); null before any job. */
  store_checked_at: string | null;
  data: Array<{
    data_type: DataType;
    table: string;
    /** v2.2: the series within the table (`dim=CODE,…`; `""` for a table with one series). */
    series: string;
    country: string;
    newest_period: string;
    age_months: number;
    /** Past its data type's cut-off as of the report: it no longer counts in the score (staleness.ts). */
    stale: boolean;
    observations: number;
    /** v2.2: the newest release its values came from (null: its files stated none). */
    release: string | null;
    /** v2.2: the series the model reads for this table and country; another series of it is kept but not read. */
    read: boolean;
  }>;
  /** The stale rule in words, each data type's cut-off, the countries with stale data (aggregates apart). */
  stale: StaleSummary;
  tables: TableStatusRow[];
  /** The source tables whose last download failed (`tables[].lastStatus` "failed"). */
  tables_failing: string[];
  /**
   * The server's update schedule (JWI_UPDATE_CRON) and its next run, as the operator API answers it; null in
   * `jwi status`, which cannot know the server's environment. `cron` null: no schedule.
   */
  schedule: { cron: string | null; next_run: string | null } | null;
  /**
   * The newest download run (`jwi update`/`fetch`, the server's schedule) as the audit log has it, so a failed
   * scheduled update shows where the operator looks; null before any.
   */
  last_update: { at: string; action: string; actor: string; door: string | null; result: string; reason: string | null } | null;
  published: {
    model: string | null;
    as_of: string | null;
    published_at: string | null;
    countries: Array<{ code: string; score: number | null; status: string | null; as_of: string | null; age_days: number | null }>;
    /** The share cards served now (/og/{code}.png) and how the current publication made them; null before any. */
    cards: {
      /** Cards stored (one or two per country). */
      stored: number;
      /** Of those, cards an earlier publication made that this one did not replace (its drawing failed, …). */
      older: number;
      /** Drawn by the current publication / taken over unchanged from the previous one; null: made without a renderer. */
      drawn: number | null;
      reused: number | null;
      /** Why the current publication drew no cards; null when it did. */
      error: string | null;
    } | null;
  };
  /**
   * The operator's pause (who, since when, why), or null while publication runs. While paused no score reaches
   * visitors and a recalc is stored as `pending` (pipeline/publish.ts).
   */
  paused: PausedBy | null;
  /** The publication computed while paused, published on resume; null when none waits. */
  pending: { model: string; as_of: string; computed_at: string; countries_scored: number } | null;
}

/**
 * What a job may do while it holds the lock: the updater (pipeline/fetch) ingests several downloads and
 * recalculates inside one job, through the same ingest and recalc as everything else.
 */
export interface LockedPipeline {
  readonly dataDir: string;
  readonly store: ObservationStore;
  readonly servingDb: ServingDb;
  ingest(req: IngestRequest): Promise<UploadResult>;
  recalc(opts?: RecalcOptions): Promise<RecalcSummary>;
}

export interface Pipeline {
  readonly dataDir: string;
  readonly servingDb: ServingDb;
  ingest(req: IngestRequest, job?: JobOptions): Promise<UploadResult>;
  recalc(opts?: RecalcOptions, job?: JobOptions): Promise<RecalcSummary>;
  /** Loads the bundled real files into an empty store and publishes when nothing is published (npm start). */
  seed(opts?: { asOf?: string }, job?: JobOptions): Promise<SeedOutcome>;
  /**
   * Runs any data job under the lock; BusyError (naming the holder) when another job keeps it longer than the
   * wait. `work` receives the operations it may use while it holds the lock.
   */
  exclusive<T>(work: (locked: LockedPipeline) => Promise<T>, job?: JobOptions): Promise<T>;
  /** What the store holds and what is published; from SQLite only, so it never waits for a job. */
  status(now?: Date): StatusReport;
  /** Is a job running in any process on this data directory, and whose. */
  jobState(): { running: boolean; holder: LockHolder | null };
  isBusy(): boolean;
  close(): void;
}

export const DUCKDB_FILE = "jwi.duckdb";
export const SQLITE_FILE = "jwi.sqlite";

/** The status report, read from the serving database alone. */
export function statusReport(dataDir: string, db: ServingDb, now = new Date()): StatusReport {
  const asOfMonth = now.toISOString().slice(0, 7);
  const store = readStoreStatus(db);
  const pub = db
    .prepare(`SELECT id, model, as_of, published_at, cards_drawn, cards_reused, cards_error FROM publications ORDER BY id DESC LIMIT 1`)
    .get() as
    | { id: number; model: string; as_of: string; published_at: string; cards_drawn: number | null; cards_reused: number | null; cards_error: string | null }
    | undefined;
  const cards = db.prepare(`SELECT count(*) AS stored, count(*) FILTER (WHERE publication_id <> ?) AS older FROM share_cards`).get(pub?.id ?? 0) as {
    stored: number;
    older: number;
  };
  const snaps = db.prepare(`SELECT country, score, status, as_of FROM snapshots`).all() as Array<{
    country: string;
    score: number | null;
    status: string | null;
    as_of: string;
  }>;
  const byCountry = new Map(snaps.map((s) => [s.country, s]));
  const update = db
    .prepare(`SELECT at, action, actor, result, detail FROM audit_log WHERE action IN ('update', 'fetch') ORDER BY id DESC LIMIT 1`)
    .get() as { at: string; action: string; actor: string; result: string; detail: string | null } | undefined;
  const updateDetail = update?.detail ? (JSON.parse(update.detail) as { door?: string; reason?: string }) : {};
  const dayMs = 86_400_000;
  const { busy, holder } = currentHolder(dataDir);
  const data = store.series.map((r) => ({
    data_type: r.dataType,
    table: r.table,
    series: r.series,
    country: r.geo,
    newest_period: r.newestPeriod,
    age_months: ageInMonths(r.newestPeriod, asOfMonth),
    stale: isStale(r.dataType, r.newestPeriod, asOfMonth),
    observations: r.observations,
    release: r.release,
    read: r.read,
  }));
  return {
    as_of_month: asOfMonth,
    job: { running: busy, holder },
    store_checked_at: store.copiedAt,
    data,
    // Only the series read count: a kept, unread series never makes a country stale.
    stale: staleSummary(data.filter((r) => r.read)),
    tables: store.tables,
    tables_failing: store.tables.filter((t) => t.lastStatus === "failed").map((t) => t.table),
    schedule: null,
    last_update: update
      ? { at: update.at, action: update.action, actor: update.actor, door: updateDetail.door ?? null, result: update.result, reason: updateDetail.reason ?? null }
      : null,
    published: {
      model: pub?.model ?? null,
      as_of: pub?.as_of ?? null,
      published_at: pub?.published_at ?? null,
      countries: COUNTRIES.map((c) => {
        const s = byCountry.get(c.code);
        return {
          code: c.code,
          score: s?.score ?? null,
          status: s?.status ?? null,
          as_of: s?.as_of ?? null,
          age_days: pub ? Math.floor((now.getTime() - Date.parse(pub.published_at)) / dayMs) : null,
        };
      }),
      cards: pub ? { ...cards, drawn: pub.cards_drawn, reused: pub.cards_reused, error: pub.cards_error } : null,
    },
    paused: operatorPause(db),
    pending: pendingPublication(db),
  };
}

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
  const audit = (who: JobActor | null, entry: (who: JobActor) => Parameters<typeof recordJobEntry>[1]) => {
    if (!who) return;
    try {
      recordJobEntry(db, entry(who));
    } catch (err) {
      logger?.error({ err }, "the audit entry of a data job could not be written");
    }
  };

  const exclusive = async <T>(work: (l: LockedPipeline) => Promise<T>, job: JobOptions = {}): Promise<T> => {
    const action = job.audit?.action ?? "job";
    const target = job.audit?.target ?? null;
    const who = job.actor ?? actor;
    try {
      const result = await exclusiveUnaudited(work, job);
      audit(who, (a) => finishedJobEntry(a, action, target, result));
      return result;
    } catch (err) {
      audit(who, (a) => failedJobEntry(a, action, target, err));
      throw err;
    }
  };

  const exclusiveUnaudited = async <T>(work: (l: LockedPipeline) => Promise<T>, job: JobOptions): Promise<T> => {
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
        // A job killed between its DuckDB commit and its copy left the copy behind: bring it up to date first.
        await copyStoreStatus(store, db);
        const locked: LockedPipeline = {
          dataDir: opts.dataDir,
          store,
          servingDb: db,
          ingest: (req) => ingest(store, req),
          recalc: (o) => recalc(store, db, { cards: opts.cards, logger, ...o }),
        };
        let result: T;
        try {
          result = await work(locked);
        } catch (err) {
          // The job's own error is the one reported; a failing copy after it is only logged.
          await copyStoreStatus(store, db).catch((copyErr: unknown) =>
            logger?.warn({ err: copyErr }, "could not copy the store's status after a failed job"),
          );
          throw err;
        }
        await copyStoreStatus(store, db);
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
      exclusive(async (l) => (await jobModules()).seedLocked(l, o), { command: "seed (bundled data)", audit: { action: "seed" }, ...job }),
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

export type { IngestRequest, JobActor, RecalcOptions, RecalcSummary, SeedOutcome, UploadResult };
