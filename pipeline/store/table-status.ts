// What the store holds per series and per table (with the updater's last check), for the data status
// (pipeline/store-status.ts) and the source checks published with it.
import type { DuckDBConnection } from "@duckdb/node-api";
import type { StoredDataType } from "../types.ts";
import { str } from "./schema.ts";

export interface SeriesStatusRow {
  dataType: StoredDataType;
  table: string;
  /** The series within the table; a country may hold several series of one table (only one is read). */
  series: string;
  geo: string;
  newestPeriod: string;
  observations: number;
  /** The newest release among the series' values for this geo (null: none of its files had one). */
  release: string | null;
}

export interface TableStatusRow {
  dataType: StoredDataType;
  table: string;
  /** Null for a table the updater checked but never stored anything from. */
  lastIngestedAt: string | null;
  lastChangedAt: string | null;
  sourceUpdated: string | null;
  ingests: number;
  newestPeriod: string | null;
  observations: number;
  /** From the updater's log (null when the table was never fetched): when it was last checked and how that went. */
  lastCheckedAt: string | null;
  lastStatus: string | null;
  lastReason: string | null;
}
/** Per data type, table, series and geo: newest period, observation count and newest release. */
export async function seriesStatus(conn: DuckDBConnection): Promise<SeriesStatusRow[]> {
  const reader = await conn.runAndReadAll(
    `SELECT data_type, source_table, series, geo, max(period) AS newest, count(*) AS n, max(release) AS release
       FROM observations GROUP BY data_type, source_table, series, geo ORDER BY data_type, source_table, geo, series`,
  );
  return reader.getRowsJS().map(([dataType, table, series, geo, newest, n, release]) => ({
    dataType: dataType as StoredDataType,
    table: String(table),
    series: String(series),
    geo: String(geo),
    newestPeriod: String(newest),
    observations: Number(n),
    release: str(release),
  }));
}

/**
 * Per source table: when it was last loaded, last changed, what it holds, and (for fetched tables) when the
 * updater last checked it and how that went. A table the updater checked but never stored is listed too.
 */
export async function tableStatus(conn: DuckDBConnection): Promise<TableStatusRow[]> {
  const reader = await conn.runAndReadAll(
    `WITH i AS (
       SELECT data_type, source_table,
              max(ingested_at) AS last_ingested_at,
              max(CASE WHEN inserted + updated > 0 THEN ingested_at END) AS last_changed_at,
              arg_max(source_updated, ingested_at) AS source_updated,
              count(*) AS ingests
         FROM ingests GROUP BY ALL),
     o AS (SELECT data_type, source_table, max(period) AS newest, count(*) AS n FROM observations GROUP BY ALL),
     t AS (SELECT data_type, source_table FROM i UNION SELECT data_type, source_table FROM fetch_log)
     SELECT t.data_type, t.source_table, i.last_ingested_at, i.last_changed_at, i.source_updated, coalesce(i.ingests, 0),
            o.newest, coalesce(o.n, 0), f.last_checked_at, f.last_status, f.last_reason
       FROM t LEFT JOIN i USING (data_type, source_table) LEFT JOIN o USING (data_type, source_table)
              LEFT JOIN fetch_log f ON f.source_table = t.source_table AND f.data_type = t.data_type
      ORDER BY t.data_type, t.source_table`,
  );
  return reader
    .getRowsJS()
    .map(([dataType, table, last, changed, updated, ingests, newest, n, checked, status, reason]) => ({
      dataType: dataType as StoredDataType,
      table: String(table),
      lastIngestedAt: str(last),
      lastChangedAt: str(changed),
      sourceUpdated: str(updated),
      ingests: Number(ingests),
      newestPeriod: str(newest),
      observations: Number(n),
      lastCheckedAt: str(checked),
      lastStatus: str(status),
      lastReason: str(reason),
    }));
}
