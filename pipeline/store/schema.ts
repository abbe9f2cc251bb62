// The pipeline store's tables in DuckDB (JWI_DATA_DIR/jwi.duckdb): ingests, observations (per series since v2.2,
// docs/decisions/015-series-and-releases.md) and the updater's log. Every statement is idempotent.

/** The observations table (v2.2). Column order matters: upsert appends rows in this order. */
export const OBSERVATION_COLUMNS = `
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

export const STORE_SCHEMA = [
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

/** A nullable text column's value as read back. */
export const str = (v: unknown): string | null => (v === null || v === undefined ? null : String(v));
