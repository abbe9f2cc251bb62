// The pipeline store: observations with provenance in DuckDB (JWI_DATA_DIR/jwi.duckdb).
// One ingest is one transaction; values are always bound, never spliced into SQL.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { cleanUserText } from "../../lib/clean-text.ts";
import type { DataType, Observation, StoredDataType } from "../types.ts";
import { anyTableConfig } from "../sources/all-tables.ts";
import { legacySeriesKey, normaliseRelease } from "../sources/series-key.ts";
import { observationKey, type StoredValue } from "./diff.ts";

/** The observations table (v2.2). Column order matters: upsert appends rows in this order. */
const OBSERVATION_COLUMNS = `
     data_type VARCHAR NOT NULL,
     source_table VARCHAR NOT NULL,
     series VARCHAR NOT NULL,
     geo VARCHAR NOT NULL,
     is_aggregate BOOLEAN NOT NULL,
     period VARCHAR NOT NULL,
     value DOUBLE NOT NULL,
     flag VARCHAR,
     unit VARCHAR NOT NULL,
     release VARCHAR,
     ingest_id BIGINT NOT NULL,
     file_sha256 VARCHAR NOT NULL,
     ingested_at VARCHAR NOT NULL,
     PRIMARY KEY (data_type, source_table, series, geo, period)`;

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
  // v2.2: one row per (data type, table, series, geo, period); `release` is the file's own stamp, normalised
  // (pipeline/sources/series-key.ts). A store made before series were recorded is migrated by migrateToSeries.
  `CREATE TABLE IF NOT EXISTS observations (${OBSERVATION_COLUMNS})`,
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

/** An ingest whose rows a store made before v2.2 holds: what migration may re-read to recover its series. */
export interface LegacyIngest {
  id: number;
  dataType: DataType;
  table: string;
  fileName: string;
  sha256: string;
}

/** What reading an old ingest's file again gave: its series and its values (`geo|period` → value). */
export interface RecoveredIngest {
  series: string;
  values: ReadonlyMap<string, number>;
}

/**
 * Recovers the series of old ingests by reading their files again where they still exist (the raw archive, the
 * bundled files): ingest id → what the file gives today. The migration trusts it only when every stored value of
 * that ingest is the file's value (today's pins could pick another series of the same file); ingests it cannot
 * recover get the table's pinned series.
 */
export type RecoverSeries = (ingests: readonly LegacyIngest[]) => Promise<ReadonlyMap<number, RecoveredIngest>>;

export interface IngestRecord {
  dataType: StoredDataType;
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
  dataType: StoredDataType;
  table: string;
  /** The series within the table (docs/model.md §1 "Series"); `""` for a table with one series. */
  series: string;
  geo: string;
  isAggregate: boolean;
  period: string;
  value: number;
  flag: string | null;
  unit: string;
  /** The release of the file the value came from (normalised), null when that file had none. */
  release: string | null;
  ingestId: number;
}

/** The part of an observation that choosing the series read looks at (pipeline/store/read-series.ts). */
export type SeriesPoint = Pick<StoredObservation, "dataType" | "table" | "series" | "geo" | "period">;

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

export class ObservationStore {
  private constructor(
    private readonly instance: DuckDBInstance,
    private readonly conn: DuckDBConnection,
    readonly file: string,
  ) {}

  /** Opens (creating if needed) the DuckDB file; one instance per file per process. */
  static async open(file: string, opts: { recoverSeries?: RecoverSeries } = {}): Promise<ObservationStore> {
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
    const store = new ObservationStore(instance, conn, file);
    await store.migrateToSeries(opts.recoverSeries);
    return store;
  }

  /**
   * A store made before v2.2 keys observations by (data type, table, geo, period), without the series or the
   * release. Rebuilt in place, in one transaction, keeping every row: its series is the one its ingest's file
   * pins when `recover` can read that file again, else the table's pinned one (first choice on every pin, the
   * unit as the row says it); its release is its ingest's `source_updated` (docs/decisions/015-series-and-releases.md).
   * A store that has the columns is left alone.
   */
  private async migrateToSeries(recover?: RecoverSeries): Promise<void> {
    const columns = (
      await this.conn.runAndReadAll(
        `SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = 'observations'`,
      )
    )
      .getRowsJS()
      .map(([c]) => String(c));
    if (columns.includes("series")) return;
    const recovered = recover
      ? await recover(
          (
            await this.conn.runAndReadAll(
              `SELECT i.id, i.data_type, i.source_table, i.file_name, i.file_sha256 FROM ingests i
                WHERE i.id IN (SELECT DISTINCT ingest_id FROM observations) ORDER BY i.id`,
            )
          )
            .getRowsJS()
            .map(([id, dataType, table, fileName, sha256]) => ({
              id: Number(id),
              dataType: dataType as DataType,
              table: String(table),
              fileName: String(fileName),
              sha256: String(sha256),
            })),
        )
      : new Map<number, RecoveredIngest>();
    const trusted = new Map<number, string>();
    for (const [id, r] of recovered) {
      const rows = (
        await this.conn.runAndReadAll(`SELECT geo, period, value FROM observations WHERE ingest_id = $1`, [BigInt(id)])
      ).getRowsJS();
      const same = rows.every(([geo, period, value]) => {
        const v = r.values.get(`${String(geo)}|${String(period)}`);
        return v !== undefined && Math.abs(v - Number(value)) <= 1e-9;
      });
      if (same) trusted.set(id, r.series);
    }
    await this.transaction(async () => {
      await this.conn.run(`CREATE TEMP TABLE legacy_ingest_series (ingest_id BIGINT, series VARCHAR)`);
      for (const [id, series] of trusted)
        await this.conn.run(`INSERT INTO legacy_ingest_series VALUES ($1, $2)`, [BigInt(id), series]);
      await this.conn.run(`CREATE TEMP TABLE legacy_series (source_table VARCHAR, unit VARCHAR, series VARCHAR)`);
      await this.conn.run(`CREATE TEMP TABLE legacy_release (ingest_id BIGINT, release VARCHAR)`);
      const pairs = (await this.conn.runAndReadAll(`SELECT DISTINCT source_table, unit FROM observations`)).getRowsJS();
      for (const [table, unit] of pairs) {
        const series = legacySeriesKey(anyTableConfig(String(table)), String(unit));
        await this.conn.run(`INSERT INTO legacy_series VALUES ($1, $2, $3)`, [String(table), String(unit), series]);
      }
      const ingests = (await this.conn.runAndReadAll(`SELECT id, source_updated FROM ingests`)).getRowsJS();
      for (const [id, updated] of ingests) {
        await this.conn.run(`INSERT INTO legacy_release VALUES ($1, $2)`, [
          BigInt(id as bigint),
          normaliseRelease(str(updated)),
        ]);
      }
      await this.conn.run(`CREATE TABLE observations_v22 (${OBSERVATION_COLUMNS})`);
      await this.conn.run(
        `INSERT INTO observations_v22
           SELECT o.data_type, o.source_table, coalesce(g.series, s.series), o.geo, o.is_aggregate, o.period, o.value, o.flag, o.unit,
                  r.release, o.ingest_id, o.file_sha256, o.ingested_at
             FROM observations o
             JOIN legacy_series s ON s.source_table = o.source_table AND s.unit = o.unit
             LEFT JOIN legacy_release r ON r.ingest_id = o.ingest_id
             LEFT JOIN legacy_ingest_series g ON g.ingest_id = o.ingest_id`,
      );
      const [before, after] = (
        await this.conn.runAndReadAll(
          `SELECT (SELECT count(*) FROM observations), (SELECT count(*) FROM observations_v22)`,
        )
      )
        .getRowsJS()[0]!
        .map(Number);
      if (before !== after)
        throw new Error(`Store migration to series kept ${after} of ${before} observations; nothing was changed.`);
      await this.conn.run(`DROP TABLE observations`);
      await this.conn.run(`ALTER TABLE observations_v22 RENAME TO observations`);
      await this.conn.run(`DROP TABLE legacy_series`);
      await this.conn.run(`DROP TABLE legacy_release`);
      await this.conn.run(`DROP TABLE legacy_ingest_series`);
    });
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

  /** Stored values of one series of one source table for one data type, keyed by `geo|period`. */
  async existingValues(dataType: StoredDataType, table: string, series: string): Promise<Map<string, StoredValue>> {
    const reader = await this.conn.runAndReadAll(
      `SELECT geo, period, value, flag, unit, release FROM observations WHERE data_type = $1 AND source_table = $2 AND series = $3`,
      [dataType, table, series],
    );
    const map = new Map<string, StoredValue>();
    for (const [geo, period, value, flag, unit, release] of reader.getRowsJS()) {
      map.set(observationKey({ geo: String(geo), period: String(period) }), {
        value: Number(value),
        flag: flag === null ? null : String(flag),
        unit: String(unit),
        release: str(release),
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
        r.dataType,
        r.table,
        cleanUserText(r.fileName),
        r.sha256,
        r.unit,
        r.sourceUpdated,
        r.ingestedAt,
        r.processed,
        r.inserted,
        r.updated,
        r.unchanged,
        r.skippedMissing,
        r.warnings,
        r.origin,
      ],
    );
    return Number(reader.getRowsJS()[0]![0]);
  }

  /**
   * Inserts or replaces observations by (data type, table, series, geo, period), all of one series and one
   * release (the file's). Call inside `transaction`; the caller (diffObservations) has already left out the
   * values a later release holds.
   * Rows go through DuckDB's appender into a temporary staging table, then one INSERT OR REPLACE:
   * an order of magnitude faster than bound multi-row INSERTs, and still inside the caller's transaction.
   */
  async upsert(
    rows: readonly Observation[],
    provenance: { ingestId: number; sha256: string; ingestedAt: string; series: string; release: string | null },
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
        appender.appendVarchar(provenance.series);
        appender.appendVarchar(o.geo);
        appender.appendBoolean(o.isAggregate);
        appender.appendVarchar(o.period);
        appender.appendDouble(o.value);
        if (o.flag === null) appender.appendNull();
        else appender.appendVarchar(o.flag);
        appender.appendVarchar(o.unit);
        if (provenance.release === null) appender.appendNull();
        else appender.appendVarchar(provenance.release);
        appender.appendBigInt(ingestId);
        appender.appendVarchar(provenance.sha256);
        appender.appendVarchar(provenance.ingestedAt);
        appender.endRow();
      }
      appender.flushSync();
    } finally {
      appender.closeSync();
    }
    await this.conn.run(
      `${opts.allNew ? "INSERT" : "INSERT OR REPLACE"} INTO observations SELECT * FROM observations_stage`,
    );
    await this.conn.run(`DELETE FROM observations_stage`);
  }

  /**
   * Every stored observation (for recalc; callers must not rely on the order). Read as one row per series of a geo
   * and ingest, with its periods, values and flags as lists: the strings that repeat on every observation are
   * decoded once per group instead of once per row (about a fifth of the CPU of a row-by-row read).
   */
  async allObservations(): Promise<StoredObservation[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT data_type, source_table, series, geo, is_aggregate, unit, release, ingest_id::INTEGER,
              list(period ORDER BY period), list(value ORDER BY period), list(flag ORDER BY period)
         FROM observations GROUP BY ALL ORDER BY ALL`,
    );
    const [dataType, table, series, geo, isAggregate, unit, release, ingestId, periods, values, flags] =
      reader.getColumnsJS();
    const rows: StoredObservation[] = [];
    for (let g = 0; g < reader.currentRowCount; g++) {
      const group = {
        dataType: dataType![g] as StoredDataType,
        table: table![g] as string,
        series: series![g] as string,
        geo: geo![g] as string,
        isAggregate: isAggregate![g] as boolean,
        unit: unit![g] as string,
        release: (release![g] as string | null) ?? null,
        ingestId: ingestId![g] as number,
      };
      const p = periods![g] as string[];
      const v = values![g] as number[];
      const f = flags![g] as Array<string | null>;
      for (let i = 0; i < p.length; i++) {
        rows.push({
          dataType: group.dataType,
          table: group.table,
          series: group.series,
          geo: group.geo,
          isAggregate: group.isAggregate,
          period: p[i]!,
          value: v[i]!,
          flag: f[i] ?? null,
          unit: group.unit,
          release: group.release,
          ingestId: group.ingestId,
        });
      }
    }
    return rows;
  }

  /**
   * What choosing the series read needs (pipeline/store/read-series.ts), for the (data type, table, geo) groups that
   * hold more than one series; a group with one series reads it. The data status calls this at the start and end of
   * every job, so it reads only those groups and only the columns the choice looks at, not every observation.
   */
  async seriesChoices(): Promise<SeriesPoint[]> {
    // One row per series of a geo, its periods joined by the unit separator (which no period holds): the repeated
    // strings are decoded once per series instead of once per observation.
    const reader = await this.conn.runAndReadAll(
      `WITH several AS (
         SELECT data_type, source_table, geo FROM observations GROUP BY ALL HAVING count(DISTINCT series) > 1)
       SELECT data_type, source_table, series, geo, string_agg(period, chr(31))
         FROM observations JOIN several USING (data_type, source_table, geo) GROUP BY ALL`,
    );
    const [dataType, table, series, geo, periods] = reader.getColumnsJS();
    const rows: SeriesPoint[] = [];
    for (let g = 0; g < reader.currentRowCount; g++) {
      for (const period of (periods![g] as string).split("\x1f")) {
        rows.push({
          dataType: dataType![g] as StoredDataType,
          table: table![g] as string,
          series: series![g] as string,
          geo: geo![g] as string,
          period,
        });
      }
    }
    return rows;
  }

  /** Per data type, table, series and geo: newest period, observation count and newest release. */
  async seriesStatus(): Promise<SeriesStatusRow[]> {
    const reader = await this.conn.runAndReadAll(
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

  /** The updater's log, one row per table it has checked. */
  async fetchLog(): Promise<FetchLogEntry[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log ORDER BY data_type, source_table`,
    );
    return reader.getRowsJS().map(fetchLogRow);
  }

  async fetchLogEntry(table: string): Promise<FetchLogEntry | null> {
    const reader = await this.conn.runAndReadAll(`SELECT ${FETCH_LOG_COLUMNS} FROM fetch_log WHERE source_table = $1`, [
      table,
    ]);
    const row = reader.getRowsJS()[0];
    return row ? fetchLogRow(row) : null;
  }

  /** Writes (replaces) the log row of one table. */
  async recordFetch(e: FetchLogEntry): Promise<void> {
    await this.conn.run(
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
