// The pipeline store: observations with provenance in DuckDB (JWI_DATA_DIR/jwi.duckdb).
// One ingest is one transaction; values are always bound, never spliced into SQL.
// Its tables: schema.ts; the v2.2 migration: migrate-series.ts; the updater's log: fetch-log.ts; what it holds per
// series and table: table-status.ts.
import { DuckDBInstance, type DuckDBConnection } from "@duckdb/node-api";
import { cleanUserText } from "../../lib/clean-text.ts";
import type { Observation, StoredDataType } from "../types.ts";
import { observationKey, type StoredValue } from "./diff.ts";
import { readFetchLog, readFetchLogEntry, writeFetchLog, type FetchLogEntry } from "./fetch-log.ts";
import { migrateToSeries, type RecoverSeries } from "./migrate-series.ts";
import { STORE_SCHEMA, str } from "./schema.ts";
import { seriesStatus, tableStatus, type SeriesStatusRow, type TableStatusRow } from "./table-status.ts";

export type { FetchLogEntry } from "./fetch-log.ts";
export type { LegacyIngest, RecoveredIngest, RecoverSeries } from "./migrate-series.ts";
export type { SeriesStatusRow, TableStatusRow } from "./table-status.ts";

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

/** An ingest as its record in the store says it (pipeline/job-audit.ts completes a killed job's entry from it). */
export interface CommittedIngest {
  id: number;
  data_type: string;
  table: string;
  file_name: string;
  inserted: number;
  updated: number;
  unchanged: number;
}

/** The file an ingest loaded (pipeline/provenance.ts publishes it beside the figures it gave). */
export interface IngestFile {
  ingest_id: number;
  name: string;
  sha256: string;
  /** When it was loaded (ISO 8601). */
  ingested_at: string;
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
    for (const statement of STORE_SCHEMA) await conn.run(statement);
    const store = new ObservationStore(instance, conn, file);
    await migrateToSeries(conn, (work) => store.transaction(work), opts.recoverSeries);
    return store;
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

  /**
   * The file each of `ids` loaded (name, SHA-256, when), in the order of `ids`; an id without an ingest is left out.
   * Read whole and filtered here: one row per file load, a few hundred, never observations.
   */
  async ingestFiles(ids: readonly number[]): Promise<IngestFile[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT id::INTEGER, file_name, file_sha256, ingested_at FROM ingests`,
    );
    const byId = new Map<number, IngestFile>();
    for (const [id, name, sha256, at] of reader.getRowsJS()) {
      byId.set(Number(id), {
        ingest_id: Number(id),
        name: String(name),
        sha256: String(sha256),
        ingested_at: String(at),
      });
    }
    return ids.flatMap((id) => byId.get(id) ?? []);
  }

  /** Per data type, table, series and geo: newest period, observation count and newest release. */
  seriesStatus(): Promise<SeriesStatusRow[]> {
    return seriesStatus(this.conn);
  }

  /**
   * Per source table: when it was last loaded, last changed, what it holds, and (for fetched tables) when the
   * updater last checked it and how that went. A table the updater checked but never stored is listed too.
   */
  tableStatus(): Promise<TableStatusRow[]> {
    return tableStatus(this.conn);
  }

  /** The updater's log, one row per table it has checked. */
  fetchLog(): Promise<FetchLogEntry[]> {
    return readFetchLog(this.conn);
  }

  fetchLogEntry(table: string): Promise<FetchLogEntry | null> {
    return readFetchLogEntry(this.conn, table);
  }

  /** Writes (replaces) the log row of one table. */
  recordFetch(e: FetchLogEntry): Promise<void> {
    return writeFetchLog(this.conn, e);
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

  /** The newest ingest's id (0 when none): a job notes it when it starts (pipeline/job-audit.ts, intents). */
  async lastIngestId(): Promise<number> {
    const reader = await this.conn.runAndReadAll(`SELECT coalesce(max(id), 0) FROM ingests`);
    return Number(reader.getRowsJS()[0]![0]);
  }

  /** The ingests recorded after `afterId`, oldest first: what a job that was killed had committed. */
  async ingestsAfter(afterId: number): Promise<CommittedIngest[]> {
    const reader = await this.conn.runAndReadAll(
      `SELECT id, data_type, source_table, file_name, inserted, updated, unchanged FROM ingests WHERE id > $1 ORDER BY id`,
      [afterId],
    );
    return reader.getRowsJS().map(([id, dataType, table, fileName, inserted, updated, unchanged]) => ({
      id: Number(id),
      data_type: String(dataType),
      table: String(table),
      file_name: String(fileName),
      inserted: Number(inserted),
      updated: Number(updated),
      unchanged: Number(unchanged),
    }));
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
