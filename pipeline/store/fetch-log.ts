// The updater's log in the store (`fetch_log`, pipeline/fetch): one row per source table, rewritten after every
// check; its reads and its one write.
import type { DuckDBConnection } from "@duckdb/node-api";
import type { DataType } from "../types.ts";
import { str } from "./schema.ts";

/** One row of the updater's log (`fetch_log`). */
export interface FetchLogEntry {
  table: string;
  dataType: DataType;
  url: string;
  lastCheckedAt: string;
  /** When a download last brought new content that was stored. */
  lastChangedAt: string | null;
  /** fetched | unchanged | empty | failed | skipped */
  status: string;
  reason: string | null;
  httpStatus: number | null;
  etag: string | null;
  lastModified: string | null;
  sourceUpdated: string | null;
  rawSha256: string | null;
  /** Why the table's own title or description says it is closed. */
  closedHint: string | null;
  /** The dataset's newest period as the source last said (its own annotation, else the newest stored). */
  newestPeriod: string | null;
  consecutiveFailures: number;
}

const FETCH_LOG_COLUMNS = `source_table, data_type, url, last_checked_at, last_changed_at, last_status, last_reason, http_status,
  etag, last_modified, source_updated, raw_sha256, closed_hint, newest_period, consecutive_failures`;

function fetchLogRow(row: unknown[]): FetchLogEntry {
  const [
    table,
    dataType,
    url,
    checked,
    changed,
    status,
    reason,
    httpStatus,
    etag,
    lastModified,
    updated,
    sha,
    closed,
    newest,
    failures,
  ] = row;
  return {
    table: String(table),
    dataType: dataType as DataType,
    url: String(url),
    lastCheckedAt: String(checked),
    lastChangedAt: str(changed),
    status: String(status),
    reason: str(reason),
    httpStatus: httpStatus === null ? null : Number(httpStatus),
    etag: str(etag),
    lastModified: str(lastModified),
    sourceUpdated: str(updated),
    rawSha256: str(sha),
    closedHint: str(closed),
    newestPeriod: str(newest),
    consecutiveFailures: Number(failures),
  };
}

/** The updater's log, one row per table it has checked. */
export async function readFetchLog(conn: DuckDBConnection): Promise<FetchLogEntry[]> {
  const reader = await conn.runAndReadAll(
    `SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log ORDER BY data_type, source_table`,
  );
  return reader.getRowsJS().map(fetchLogRow);
}

/** The log row of one table, or null when it was never checked. */
export async function readFetchLogEntry(conn: DuckDBConnection, table: string): Promise<FetchLogEntry | null> {
  const reader = await conn.runAndReadAll(`SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log WHERE source_table = $1`, [
    table,
  ]);
  const row = reader.getRowsJS()[0];
  return row ? fetchLogRow(row) : null;
}

/** Writes (replaces) the log row of one table. */
export async function writeFetchLog(conn: DuckDBConnection, e: FetchLogEntry): Promise<void> {
  await conn.run(
    `INSERT OR REPLACE INTO fetch_log (${FETCH_LOG_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
    [
      e.table,
      e.dataType,
      e.url,
      e.lastCheckedAt,
      e.lastChangedAt,
      e.status,
      e.reason,
      e.httpStatus,
      e.etag,
      e.lastModified,
      e.sourceUpdated,
      e.rawSha256,
      e.closedHint,
      e.newestPeriod,
      e.consecutiveFailures,
    ],
  );
}
