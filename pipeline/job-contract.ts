// What the pipeline's door (pipeline/index.ts openPipeline) offers and what a job may do while it holds the lock.
// Its own module, apart from the door, so that the jobs the door loads (seed.ts, fetch/, jobs/) can name these types
// without importing the door that imports them (no import cycle; docs/architecture.md).
import type { IngestRequest } from "./ingest.ts";
import type { JobActor } from "./job-audit.ts";
import type { LockHolder } from "./jobs/lock.ts";
import type { RecalcOptions, RecalcSummary } from "./recalc.ts";
import type { ServingDb } from "./serving-db.ts";
import type { StatusReport } from "./status-report.ts";
import type { ObservationStore } from "./store/observations.ts";
import type { UploadResult } from "./types.ts";

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

/** What seeding did (pipeline/seed.ts seedLocked). */
export interface SeedOutcome {
  /** Files loaded (0 when the store already held data). */
  loaded: number;
  /** The publication made (null when one already existed). */
  published: { as_of: string; countries_scored: number; publication_id: number | null } | null;
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
