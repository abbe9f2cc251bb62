// The pipeline store: observations with provenance in DuckDB (JWI_DATA_DIR/jwi.duckdb).
// One ingest is one transaction; values are always bound, never spliced into SQL.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { cleanUserText } from "../clean-text.ts";
import type { DataType, Observation } from "../types.ts";
import { observationKey, type StoredValue } from "./diff.ts";

const SCHEMA = [
  `CREATE SEQUENCE IF NOT EXISTS ingest_id_seq START 1`,
  `CREATE TABLE IF NOT EXISTS ingests (
     id BIGINT PRIMARY KEY DEFAULT nextval('ingest_id_seq'),
     data_type VARCHAR NOT NULL,
     source_table VARCHAR NOT NULL,
     file_name VARCHAR NOT NULL,
     file_sha256 VARCHAR NOT NULL,
     unit VARCHAR NOT NULL,
     source_updated VARCHAR,
     ingested_at VARCHAR NOT NULL,
     processed INTEGER NOT NULL,
     inserted INTEGER NOT NULL,
     updated INTEGER NOT NULL,
     unchanged INTEGER NOT NULL,
     skipped_missing INTEGER NOT NULL,
     warnings INTEGER NOT NULL,
     origin VARCHAR NOT NULL DEFAULT 'file'
   )`,
  `CREATE TABLE IF NOT EXISTS observations (
     data_type VARCHAR NOT NULL,
     source_table VARCHAR NOT NULL,
     geo VARCHAR NOT NULL,
     is_aggregate BOOLEAN NOT NULL,
     period VARCHAR NOT NULL,
     value DOUBLE NOT NULL,
     flag VARCHAR,
     unit VARCHAR NOT NULL,
     ingest_id BIGINT NOT NULL,
     file_sha256 VARCHAR NOT NULL,
     ingested_at VARCHAR NOT NULL,
     PRIMARY KEY (data_type, source_table, geo, period)
   )`,
  // The updater's log: one row per source table (or \`lmb\`), rewritten after every check (pipeline/fetch).
  // etag / last_modified / source_updated / raw_sha256 describe the copy that is stored, never a rejected one.
  `CREATE TABLE IF NOT EXISTS fetch_log (
     source_table VARCHAR PRIMARY KEY,
     data_type VARCHAR NOT NULL,
     url VARCHAR NOT NULL,
     last_checked_at VARCHAR NOT NULL,
     last_changed_at VARCHAR,
     last_status VARCHAR NOT NULL,
     last_reason VARCHAR,
     http_status INTEGER,
     etag VARCHAR,
     last_modified VARCHAR,
     source_updated VARCHAR,
     raw_sha256 VARCHAR,
     closed_hint VARCHAR,
     newest_period VARCHAR,
     consecutive_failures INTEGER NOT NULL DEFAULT 0
   )`,
];

export interface IngestRecord {
  dataType: DataType;
  table: string;
  fileName: string;
  sha256: string;
  unit: string;
  sourceUpdated: string | null;
  ingestedAt: string;
  processed: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skippedMissing: number;
  warnings: number;
  origin: string;
}

export interface StoredObservation {
  dataType: DataType;
  table: string;
  geo: string;
  isAggregate: boolean;
  period: string;
  value: number;
  flag: string | null;
  unit: string;
  ingestId: number;
}

export interface SeriesStatusRow {
  dataType: DataType;
  table: string;
  geo: string;
  newestPeriod: string;
  observations: number;
}

export interface TableStatusRow {
  dataType: DataType;
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

const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));

function fetchLogRow(row: unknown[]): FetchLogEntry {
  const [table, dataType, url, checked, changed, status, reason, httpStatus, etag, lastModified, updated, sha, closed, newest, failures] = row;
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

export class ObservationStore {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
    readonly file: string,
  ) {}

  /** Opens (creating if needed) the DuckDB file; one instance per file per process. */
  static async open(file: string): Promise<ObservationStore> {
    let instance: DuckDBInstance;
    try {
      instance = await DuckDBInstance.fromCache(file);
    } catch (err) {
      const message = err instanceof Error ? err.message : String(err);
      if (/lock/i.test(message)) {
        throw new Error(
          `The pipeline store ${file} is in use by another process (is \`jwi serve\` running?). ` +
            `Stop it or use the operator page to upload. (${message})`,
          { cause: err },
        );
      }
      throw err;
    }
    const conn = await instance.connect();
    for (const statement of SCHEMA) await conn.run(statement);
    return new ObservationStore(instance, conn, file);
  }

  /**
   * Runs `work` inside one transaction: all of it is stored, or none of it. The error that ended it is the one
   * thrown: when the COMMIT itself failed (a full disk), DuckDB has already ended the transaction, and the
   * ROLLBACK's "no transaction is active" must not hide the real cause.
   */
  async transaction<T>(work: () => Promise<T>): Promise<T> {
    await this.conn.run("BEGIN TRANSACTION");
    try {
      const result = await work();
      await this.conn.run("COMMIT");
      return result;
    } catch (err) {
      try {
        await this.conn.run("ROLLBACK");
      } catch {
        /* already rolled back by the failed statement or COMMIT */
      }
      throw err;
    }
  }

  /** Stored values of one source table for one data type, keyed by `geo|period`. */
  async existingValues(dataType: DataType, table: string): Promise<Map<string, StoredValue>> {
    const reader = await this.conn.runAndReadAll(
      `SELECT geo, period, value, flag, unit FROM observations WHERE data_type = $1 AND source_table = $2`,
      [dataType, table],
    );
    const map = new Map<string, StoredValue>();
    for (const [geo, period, value, flag, unit] of reader.getRowsJS()) {
      map.set(observationKey({ geo: String(geo), period: String(period) }), {
        value: Number(value),
        flag: flag === null ? null : String(flag),
        unit: String(unit),
      });
    }
    return map;
  }

  /** Records one ingest and returns its id. Call inside `transaction`. */
  async insertIngest(r: IngestRecord): Promise<number> {
    const reader = await this.conn.runAndReadAll(
      `INSERT INTO ingests (data_type, source_table, file_name, file_sha256, unit, source_updated, ingested_at,
         processed, inserted, updated, unchanged, skipped_missing, warnings, origin)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) RETURNING id`,
      [
        r.dataType, r.table, cleanUserText(r.fileName), r.sha256, r.unit, r.sourceUpdated, r.ingestedAt,
        r.processed, r.inserted, r.updated, r.unchanged, r.skippedMissing, r.warnings, r.origin,
      ],
    );
    return Number(reader.getRowsJS()[0]![0]);
  }

  /**
   * Inserts or replaces observations by (data type, table, geo, period). Call inside `transaction`.
   * Rows go through DuckDB's appender into a temporary staging table, then one INSERT OR REPLACE:
   * an order of magnitude faster than bound multi-row INSERTs, and still inside the caller's transaction.
   */
  async upsert(
    rows: readonly Observation[],
    provenance: { ingestId: number; sha256: string; ingestedAt: string },
    /**
     * True when the caller knows that no row's key is stored yet (its diff found no update): a plain INSERT, which
     * skips INSERT OR REPLACE's look-up of each key. A key that is stored after all fails the transaction.
     */
    opts: { allNew?: boolean } = {},
  ): Promise<void> {
    if (rows.length === 0) return;
    await this.conn.run(`CREATE TEMP TABLE IF NOT EXISTS observations_stage AS SELECT * FROM observations LIMIT 0`);
    await this.conn.run(`DELETE FROM observations_stage`);
    const appender = await this.conn.createAppender("observations_stage", "main", "temp");
    try {
      const ingestId = BigInt(provenance.ingestId);
      for (const o of rows) {
        appender.appendVarchar(o.dataType);
        appender.appendVarchar(o.table);
        appender.appendVarchar(o.geo);
        appender.appendBoolean(o.isAggregate);
        appender.appendVarchar(o.period);
        appender.appendDouble(o.value);
        if (o.flag === null) appender.appendNull();
        else appender.appendVarchar(o.flag);
        appender.appendVarchar(o.unit);
        appender.appendBigInt(ingestId);
        appender.appendVarchar(provenance.sha256);
        appender.appendVarchar(provenance.ingestedAt);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    await this.conn.run(`${opts.allNew ? "INSERT" : "INSERT OR REPLACE"} INTO observations SELECT * FROM observations_stage`);
    await this.conn.run(`DELETE FROM observations_stage`);
  }

  /** Every stored observation (for recalc; callers must not rely on the order). Read by columns: twice as fast. */
  async allObservations(): Promise<StoredObservation[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT data_type, source_table, geo, is_aggregate, period, value, flag, unit, ingest_id::INTEGER FROM observations`,
    );
    const [dataType, table, geo, isAggregate, period, value, flag, unit, ingestId] = reader.getColumnsJS();
    const rows: StoredObservation[] = new Array(reader.currentRowCount);
    for (let i = 0; i < rows.length; i++) {
      rows[i] = {
        dataType: dataType![i] as DataType,
        table: table![i] as string,
        geo: geo![i] as string,
        isAggregate: isAggregate![i] as boolean,
        period: period![i] as string,
        value: value![i] as number,
        flag: (flag![i] as string | null) ?? null,
        unit: unit![i] as string,
        ingestId: ingestId![i] as number,
      };
    }
    return rows;
  }

  /** Per data type, table and geo: newest period and observation count. */
  async seriesStatus(): Promise<SeriesStatusRow[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT data_type, source_table, geo, max(period) AS newest, count(*) AS n
         FROM observations GROUP BY ALL ORDER BY data_type, source_table, geo`,
    );
    return reader.getRowsJS().map(([dataType, table, geo, newest, n]) => ({
      dataType: dataType as DataType,
      table: String(table),
      geo: String(geo),
      newestPeriod: String(newest),
      observations: Number(n),
    }));
  }

  /**
   * Per source table: when it was last loaded, last changed, what it holds, and (for fetched tables) when the
   * updater last checked it and how that went. A table the updater checked but never stored is listed too.
   */
  async tableStatus(): Promise<TableStatusRow[]> {
    const reader = await this.conn.runAndReadAll(
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
    return reader.getRowsJS().map(([dataType, table, last, changed, updated, ingests, newest, n, checked, status, reason]) => ({
      dataType: dataType as DataType,
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

  /** The updater's log, one row per table it has checked. */
  async fetchLog(): Promise<FetchLogEntry[]> {
    const reader = await this.conn.runAndReadAll(`SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log ORDER BY data_type, source_table`);
    return reader.getRowsJS().map(fetchLogRow);
  }

  async fetchLogEntry(table: string): Promise<FetchLogEntry | null> {
    const reader = await this.conn.runAndReadAll(`SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log WHERE source_table = $1`, [table]);
    const row = reader.getRowsJS()[0];
    return row ? fetchLogRow(row) : null;
  }

  /** Writes (replaces) the log row of one table. */
  async recordFetch(e: FetchLogEntry): Promise<void> {
    await this.conn.run(
      `INSERT OR REPLACE INTO fetch_log (${FETCH_LOG_COLUMNS}) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)`,
      [
        e.table, e.dataType, e.url, e.lastCheckedAt, e.lastChangedAt, e.status, e.reason, e.httpStatus,
        e.etag, e.lastModified, e.sourceUpdated, e.rawSha256, e.closedHint, e.newestPeriod, e.consecutiveFailures,
      ],
    );
  }

  /** Newest stored period of the covered countries (not aggregates) in one source table; null when none. */
  async newestCountryPeriod(table: string): Promise<string | null> {
    const reader = await this.conn.runAndReadAll(
      `SELECT max(period) FROM observations WHERE source_table = $1 AND NOT is_aggregate`,
      [table],
    );
    return str(reader.getRowsJS()[0]?.[0]);
  }

  /** Geo codes (product codes and aggregates) with at least one stored value in one source table. */
  async geosOf(table: string): Promise<string[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT DISTINCT geo FROM observations WHERE source_table = $1 ORDER BY geo`,
      [table],
    );
    return reader.getRowsJS().map(([geo]) => String(geo));
  }

  async counts(): Promise<{ observations: number; ingests: number }> {
    const reader = await this.conn.runAndReadAll(
      `SELECT (SELECT count(*) FROM observations), (SELECT count(*) FROM ingests)`,
    );
    const [o, i] = reader.getRowsJS()[0]!;
    return { observations: Number(o), ingests: Number(i) };
  }

  close(): void {
    this.conn.closeSync();
    this.instance.closeSync();
  }
}
