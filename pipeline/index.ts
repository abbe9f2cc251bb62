// The pipeline's one door: both the CLI and the API open it and call the same functions.
// Only one data job (ingest, recalc, update) runs at a time per process; a second one gets BusyError.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { COUNTRIES } from "./countries.ts";
import { BusyError } from "./errors.ts";
import { ingest, type IngestRequest } from "./ingest.ts";
import { ageInMonths } from "./model/v2.ts";
import { recalc, type RecalcOptions, type RecalcSummary } from "./recalc.ts";
import { openServingDb, type ServingDb } from "./serving-db.ts";
import { ObservationStore, type TableStatusRow } from "./store/observations.ts";
import type { DataType, UploadResult } from "./types.ts";

export interface PipelineOptions {
  /** Folder holding jwi.duckdb and jwi.sqlite (JWI_DATA_DIR). */
  dataDir: string;
  /** An already open serving database (the API shares its handle); opened here otherwise. */
  servingDb?: ServingDb;
}

export interface StatusReport {
  as_of_month: string;
  data: Array<{
    data_type: DataType;
    table: string;
    country: string;
    newest_period: string;
    age_months: number;
    observations: number;
  }>;
  tables: TableStatusRow[];
  published: {
    model: string | null;
    as_of: string | null;
    published_at: string | null;
    countries: Array<{ code: string; score: number | null; status: string | null; as_of: string | null; age_days: number | null }>;
  };
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
  ingest(req: IngestRequest): Promise<UploadResult>;
  recalc(opts?: RecalcOptions): Promise<RecalcSummary>;
  status(now?: Date): Promise<StatusReport>;
  /**
   * Runs any data job under the one-at-a-time lock (used by `ingest`, `recalc` and the updater); a second job
   * meanwhile gets BusyError. `work` receives the unlocked operations it may use while it holds the lock.
   */
  exclusive<T>(work: (locked: LockedPipeline) => Promise<T>): Promise<T>;
  isBusy(): boolean;
  close(): void;
}

export const DUCKDB_FILE = "jwi.duckdb";
export const SQLITE_FILE = "jwi.sqlite";

export async function openPipeline(opts: PipelineOptions): Promise<Pipeline> {
  mkdirSync(opts.dataDir, { recursive: true });
  const store = await ObservationStore.open(path.join(opts.dataDir, DUCKDB_FILE));
  const ownsDb = !opts.servingDb;
  const db = opts.servingDb ?? openServingDb(path.join(opts.dataDir, SQLITE_FILE));
  let busy = false;

  const locked: LockedPipeline = {
    dataDir: opts.dataDir,
    store,
    servingDb: db,
    ingest: (req) => ingest(store, req),
    recalc: (o) => recalc(store, db, o),
  };

  const exclusive = async <T>(work: (l: LockedPipeline) => Promise<T>): Promise<T> => {
    if (busy) throw new BusyError();
    busy = true;
    try {
      return await work(locked);
    } finally {
      busy = false;
    }
  };

  return {
    dataDir: opts.dataDir,
    servingDb: db,
    ingest: (req) => exclusive((l) => l.ingest(req)),
    recalc: (o) => exclusive((l) => l.recalc(o)),
    exclusive,
    isBusy: () => busy,
    async status(now = new Date()) {
      const asOfMonth = now.toISOString().slice(0, 7);
      const series = await store.seriesStatus();
      const tables = await store.tableStatus();
      const pub = db
        .prepare(`SELECT model, as_of, published_at FROM publications ORDER BY id DESC LIMIT 1`)
        .get() as { model: string; as_of: string; published_at: string } | undefined;
      const snaps = db.prepare(`SELECT country, score, status, as_of FROM snapshots`).all() as Array<{
        country: string;
        score: number | null;
        status: string | null;
        as_of: string;
      }>;
      const byCountry = new Map(snaps.map((s) => [s.country, s]));
      const dayMs = 86_400_000;
      return {
        as_of_month: asOfMonth,
        data: series.map((r) => ({
          data_type: r.dataType,
          table: r.table,
          country: r.geo,
          newest_period: r.newestPeriod,
          age_months: ageInMonths(r.newestPeriod, asOfMonth),
          observations: r.observations,
        })),
        tables,
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
        },
      };
    },
    close() {
      store.close();
      if (ownsDb) db.close();
    },
  };
}

export type { IngestRequest, RecalcOptions, RecalcSummary, UploadResult };
