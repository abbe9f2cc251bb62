// A copy of what the pipeline store (DuckDB) holds, kept in the serving database (SQLite). Jobs write it at
// their start and their end (pipeline/index.ts); `jwi status`, `GET /api/admin/status` and the operator panel
// read it, so they never open the DuckDB file (which one process holds at a time) nor wait for a running job.
// See docs/architecture.md, "Two stores".
import type { ServingDb } from "./serving-db.ts";
import type { ObservationStore, SeriesStatusRow, TableStatusRow } from "./store/observations.ts";
import type { DataType } from "./types.ts";

/** A series as the data status shows it: with whether it is the one read for its table and country today. */
interface SeriesStatusCopy extends SeriesStatusRow {
  /** True for the series the model reads (pipeline/recalc.ts readSeries, as of the copy); others are kept, unread. */
  read: boolean;
}

export interface StoreStatus {
  series: SeriesStatusCopy[];
  tables: TableStatusRow[];
  observations: number;
  ingests: number;
  /** When the copy was made; null when no job has run on this data directory yet. */
  copiedAt: string | null;
}

/** Reads the store's state and writes it into the serving database, replacing the previous copy (one transaction). */
export async function copyStoreStatus(store: ObservationStore, db: ServingDb, now = new Date()): Promise<void> {
  const [series, tables, counts] = [await store.seriesStatus(), await store.tableStatus(), await store.counts()];
  // Which series is read needs the observations only where a table holds two series of one country; a group with
  // one series reads it (readSeries would choose it).
  const { readKey, readSeries } = await import("./store/read-series.ts"); // the model's cut-offs: loaded by jobs only
  const keys = new Map<string, number>();
  for (const r of series) keys.set(readKey(r), (keys.get(readKey(r)) ?? 0) + 1);
  const read = [...keys.values()].some((n) => n > 1)
    ? readSeries(await store.seriesChoices(), now.toISOString().slice(0, 10))
    : null;
  const insertSeries = db.prepare(
    `INSERT INTO store_series (data_type, source_table, series, geo, newest_period, observations, release, read) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertTable = db.prepare(
    `INSERT INTO store_tables (data_type, source_table, last_ingested_at, last_changed_at, source_updated, ingests, newest_period,
       observations, last_checked_at, last_status, last_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  db.transaction(() => {
    db.prepare(`DELETE FROM store_series`).run();
    db.prepare(`DELETE FROM store_tables`).run();
    for (const r of series) {
      const isRead = read === null || (read.get(readKey(r)) ?? r.series) === r.series;
      insertSeries.run(r.dataType, r.table, r.series, r.geo, r.newestPeriod, r.observations, r.release, isRead ? 1 : 0);
    }
    for (const t of tables) {
      insertTable.run(
        t.dataType,
        t.table,
        t.lastIngestedAt,
        t.lastChangedAt,
        t.sourceUpdated,
        t.ingests,
        t.newestPeriod,
        t.observations,
        t.lastCheckedAt,
        t.lastStatus,
        t.lastReason,
      );
    }
    db.prepare(
      `INSERT INTO store_meta (id, observations, ingests, copied_at) VALUES (1, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET observations = excluded.observations, ingests = excluded.ingests, copied_at = excluded.copied_at`,
    ).run(counts.observations, counts.ingests, now.toISOString());
  }).immediate();
}

interface TableRow {
  data_type: string;
  source_table: string;
  last_ingested_at: string | null;
  last_changed_at: string | null;
  source_updated: string | null;
  ingests: number;
  newest_period: string | null;
  observations: number;
  last_checked_at: string | null;
  last_status: string | null;
  last_reason: string | null;
}

/** The last copy of the store's state (empty lists and `copiedAt: null` before any job ran). */
export function readStoreStatus(db: ServingDb): StoreStatus {
  const series = (
    db
      .prepare(
        `SELECT data_type, source_table, series, geo, newest_period, observations, release, read FROM store_series
          ORDER BY data_type, source_table, geo, read DESC, series`,
      )
      .all() as Array<{
      data_type: string;
      source_table: string;
      series: string;
      geo: string;
      newest_period: string;
      observations: number;
      release: string | null;
      read: number;
    }>
  ).map((r) => ({
    dataType: r.data_type as DataType,
    table: r.source_table,
    series: r.series,
    geo: r.geo,
    newestPeriod: r.newest_period,
    observations: r.observations,
    release: r.release,
    read: r.read === 1,
  }));
  const tables = (db.prepare(`SELECT * FROM store_tables ORDER BY data_type, source_table`).all() as TableRow[]).map(
    (t) => ({
      dataType: t.data_type as DataType,
      table: t.source_table,
      lastIngestedAt: t.last_ingested_at,
      lastChangedAt: t.last_changed_at,
      sourceUpdated: t.source_updated,
      ingests: t.ingests,
      newestPeriod: t.newest_period,
      observations: t.observations,
      lastCheckedAt: t.last_checked_at,
      lastStatus: t.last_status,
      lastReason: t.last_reason,
    }),
  );
  const meta = db.prepare(`SELECT observations, ingests, copied_at FROM store_meta WHERE id = 1`).get() as
    { observations: number; ingests: number; copied_at: string } | undefined;
  return {
    series,
    tables,
    observations: meta?.observations ?? 0,
    ingests: meta?.ingests ?? 0,
    copiedAt: meta?.copied_at ?? null,
  };
}
