// The serving database (SQLite, JWI_DATA_DIR/jwi.sqlite): what the API and the site read.
// The pipeline owns the published tables below; the API adds its own (community, operator) beside them.
import { existsSync, readFileSync, statSync } from "node:fs";
import Database from "better-sqlite3";

export type ServingDb = Database.Database;

const SERVING_SCHEMA = `
CREATE TABLE IF NOT EXISTS publications (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  model TEXT NOT NULL,
  as_of TEXT NOT NULL,
  published_at TEXT NOT NULL,
  countries_scored INTEGER NOT NULL,
  countries_total INTEGER NOT NULL,
  -- Its share cards (pipeline/publish.ts): how many it keyed, or why keying them failed (it published all the same).
  -- NULL keyed and error: published without a card keyer (tests, benches).
  cards_keyed INTEGER,
  cards_error TEXT
);
CREATE TABLE IF NOT EXISTS snapshots (
  country TEXT PRIMARY KEY,
  publication_id INTEGER NOT NULL REFERENCES publications(id),
  model TEXT NOT NULL,
  as_of TEXT NOT NULL,
  anchor_month TEXT,
  score REAL,
  status TEXT,
  label TEXT,
  confidence TEXT,
  basis TEXT,
  cover REAL,
  yoy_delta REAL,
  yoy_label TEXT,
  payload TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS score_history (
  country TEXT NOT NULL,
  month TEXT NOT NULL,
  score REAL,
  status TEXT,
  -- Model v2.1 on (docs/model.md §6): the month's basis, the market and evidence parts of its change from the month
  -- before, and the inputs that started or stopped counting in it (JSON, NULL when none). NULL in rows published
  -- before they were kept.
  basis TEXT,
  market REAL,
  evidence REAL,
  events TEXT,
  PRIMARY KEY (country, month)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS source_status (
  source_table TEXT NOT NULL,
  data_type TEXT NOT NULL,
  newest_period TEXT,
  observations INTEGER NOT NULL,
  last_ingested_at TEXT,
  last_changed_at TEXT,
  source_updated TEXT,
  publication_id INTEGER NOT NULL,
  last_checked_at TEXT,
  last_status TEXT,
  last_reason TEXT,
  -- One table may feed two data types (une_rt_m: unemployment and youth_unemployment, model v2.2 §10).
  PRIMARY KEY (source_table, data_type)
);
-- Where the current publication's figures came from (pipeline/provenance.ts), beside the snapshots that name them (by
-- table, series, geo and period), replaced with them by every publish (pipeline/publish.ts): the release and ingest of
-- each value a snapshot's sources name, and the file of each of those ingests.
CREATE TABLE IF NOT EXISTS source_values (
  ref_key TEXT PRIMARY KEY,
  release TEXT,
  ingest_id INTEGER NOT NULL,
  publication_id INTEGER NOT NULL
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS source_files (
  ingest_id INTEGER PRIMARY KEY,
  file_name TEXT NOT NULL,
  file_sha256 TEXT NOT NULL,
  ingested_at TEXT NOT NULL,
  publication_id INTEGER NOT NULL
);
-- The feeds' history (pipeline/feed-events.ts): one row per country whose status changed or whose score moved by
-- 0.5 or more at a publication, against the previous publication. Written in the publish transaction (the
-- previous snapshots are replaced there) and never rewritten, so entries keep their ids and dates.
CREATE TABLE IF NOT EXISTS feed_entries (
  publication_id INTEGER NOT NULL REFERENCES publications(id),
  country TEXT NOT NULL,
  published_at TEXT NOT NULL,
  previous_publication_id INTEGER NOT NULL,
  previous_published_at TEXT NOT NULL,
  from_as_of TEXT NOT NULL,
  to_as_of TEXT NOT NULL,
  from_score REAL,
  to_score REAL,
  from_status TEXT,
  to_status TEXT,
  text TEXT NOT NULL,
  explanation TEXT,
  PRIMARY KEY (publication_id, country)
) WITHOUT ROWID;
CREATE INDEX IF NOT EXISTS feed_entries_by_country ON feed_entries (country, publication_id);
-- The share cards a publication names (product/share-cards/key.ts): one row per country and variant with what the
-- card says and its key, written by the same publish transaction as the snapshots, so a reader gets the card of the
-- scores it reads. No picture here: the server draws a key's PNG when it is first asked for (api/share-card-images.ts)
-- and keeps it in share_card_images. A publication replaces the cards of the countries it brings cards for and
-- keeps the others (if keying failed: all), so the site never loses them.
CREATE TABLE IF NOT EXISTS share_cards (
  country TEXT NOT NULL,
  variant TEXT NOT NULL CHECK (variant IN ('published', 'stale')),
  publication_id INTEGER NOT NULL,
  -- What decides the picture (product/share-cards/key.ts cardKey): equal keys are the same picture.
  card_key TEXT NOT NULL,
  -- What the card says (product/share-cards/card.ts CardContent, JSON): what the server draws. NULL only on a row
  -- carried over from a version that drew the cards at publish time, whose PNG is stored.
  content TEXT,
  PRIMARY KEY (country, variant)
);
-- The PNG of each card key, drawn once by the server (api/share-card-images.ts) and reused by every publication
-- that names the key. Bounded: the server stores a PNG only while a publication (current or pending) names its
-- key, and every publish deletes the PNGs of keys no publication names any more (pipeline/publish.ts).
CREATE TABLE IF NOT EXISTS share_card_images (
  card_key TEXT PRIMARY KEY,
  png BLOB NOT NULL,
  drawn_at TEXT NOT NULL
);
-- The publication computed while the operator paused publication (pipeline/pause.ts): one row, the newest;
-- resume publishes it (pipeline/publish.ts publishPending). Its share cards beside it.
CREATE TABLE IF NOT EXISTS pending_publication (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  model TEXT NOT NULL,
  as_of TEXT NOT NULL,
  computed_at TEXT NOT NULL,
  countries_scored INTEGER NOT NULL,
  payload TEXT NOT NULL
);
CREATE TABLE IF NOT EXISTS pending_share_cards (
  country TEXT NOT NULL,
  variant TEXT NOT NULL,
  card_key TEXT NOT NULL,
  content TEXT,
  PRIMARY KEY (country, variant)
);
-- What the pipeline store (DuckDB) holds, copied here at the start and the end of every job
-- (pipeline/store-status.ts), so that jwi status and the operator panel never open DuckDB nor wait for a job.
CREATE TABLE IF NOT EXISTS store_series (
  data_type TEXT NOT NULL,
  source_table TEXT NOT NULL,
  series TEXT NOT NULL DEFAULT '',
  geo TEXT NOT NULL,
  newest_period TEXT NOT NULL,
  observations INTEGER NOT NULL,
  release TEXT,
  read INTEGER NOT NULL DEFAULT 1,
  PRIMARY KEY (data_type, source_table, series, geo)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS store_tables (
  data_type TEXT NOT NULL,
  source_table TEXT NOT NULL,
  last_ingested_at TEXT,
  last_changed_at TEXT,
  source_updated TEXT,
  ingests INTEGER NOT NULL,
  newest_period TEXT,
  observations INTEGER NOT NULL,
  last_checked_at TEXT,
  last_status TEXT,
  last_reason TEXT,
  PRIMARY KEY (data_type, source_table)
) WITHOUT ROWID;
-- Who did what, when, with which result: the operator's actions (api/db/operator.ts) and every data job from every
-- door, the terminal included (pipeline/job-audit.ts). Never a password; no visitor data beyond ids.
CREATE TABLE IF NOT EXISTS audit_log (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  at TEXT NOT NULL,
  actor TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  result TEXT NOT NULL,
  detail TEXT
);
-- A data job's audit entry before it is finished (pipeline/job-audit.ts, docs/decisions/024-audit-of-killed-jobs.md):
-- written when the job starts under the lock, removed with its final entry. One left behind is a job that was killed:
-- the next job completes its entry from what it had committed (the store's ingests after ingest_before, or the audit
-- row its publication wrote in the publication's own transaction: audit_id).
CREATE TABLE IF NOT EXISTS job_intents (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  started_at TEXT NOT NULL,
  pid INTEGER NOT NULL,
  actor TEXT NOT NULL,
  door TEXT NOT NULL,
  action TEXT NOT NULL,
  target TEXT,
  ingest_before INTEGER NOT NULL,
  audit_id INTEGER
);
CREATE TABLE IF NOT EXISTS store_meta (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  observations INTEGER NOT NULL,
  ingests INTEGER NOT NULL,
  copied_at TEXT NOT NULL
);
`;

/** Columns added after the first release: added in place to a serving database created before them. */
const ADDED_COLUMNS: ReadonlyArray<readonly [table: string, column: string, type: string]> = [
  ["source_status", "last_checked_at", "TEXT"],
  ["source_status", "last_status", "TEXT"],
  ["source_status", "last_reason", "TEXT"],
  ["publications", "cards_keyed", "INTEGER"],
  ["publications", "cards_error", "TEXT"],
  ["score_history", "basis", "TEXT"],
  ["score_history", "market", "REAL"],
  ["score_history", "evidence", "REAL"],
  ["score_history", "events", "TEXT"],
];

/**
 * store_series is a copy that every job rewrites (pipeline/store-status.ts); one made before v2.2 lacks the series
 * in its key, so it is dropped and made again (empty until the next job copies the store into it).
 */
function rebuildStoreSeries(db: Database.Database): void {
  const columns = db.prepare(`SELECT name FROM pragma_table_info('store_series')`).pluck().all() as string[];
  if (columns.length === 0 || columns.includes("series")) return;
  db.exec(`DROP TABLE store_series`);
  db.exec(SERVING_SCHEMA);
}

function addMissingColumns(db: Database.Database): void {
  for (const [table, column, type] of ADDED_COLUMNS) {
    const columns = db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
    if (!columns.includes(column)) db.exec(`ALTER TABLE "${table}" ADD COLUMN "${column}" ${type}`);
  }
}

/** Opens the serving database with WAL (readers never wait for a publish) and creates the published tables. */
/**
 * The serving database opened read-only, for a report that must write nothing (`jwi status`: it is the diagnostic
 * of a full disk too). Null when the file does not exist: nothing was ever stored there. Its schema is not brought
 * up to date (that is a write): a database made by an older jwi is read as it is, and the caller says so when a
 * query finds a table or a column missing.
 */
export function openServingDbReadOnly(file: string): ServingDb | null {
  if (!existsSync(file)) return null;
  const wal = `${file}-wal`;
  if (existsSync(wal) && statSync(wal).size > 0) {
    // A writer (the server) has changes in the WAL: read through its shared-memory index, as any reader does.
    const db = new Database(file, { readonly: true, fileMustExist: true });
    db.pragma("busy_timeout = 5000");
    return db;
  }
  // No WAL content (no writer since the last checkpoint): the file alone is the whole database. A WAL database's
  // reader would still make its -wal and -shm files beside it, which a full or read-only disk refuses, and which
  // are writes. So its bytes are read into memory and opened there (no index, no lock, nothing written), marked as a
  // rollback-journal database (header bytes 18 and 19), all SQLite needs to read a WAL database's file alone.
  const bytes = readFileSync(file);
  if (bytes.length >= 20) bytes[18] = bytes[19] = 1;
  return new Database(bytes, { readonly: true });
}

/** An empty serving database in memory (the schema alone): what a report reads where no file exists yet. */
export function emptyServingDb(): ServingDb {
  const db = new Database(":memory:");
  db.exec(SERVING_SCHEMA);
  return db;
}

export function openServingDb(file: string): ServingDb {
  const db = new Database(file);
  db.pragma("journal_mode = WAL");
  db.pragma("busy_timeout = 5000");
  db.pragma("foreign_keys = ON");
  db.exec(SERVING_SCHEMA);
  rebuildStoreSeries(db);
  addMissingColumns(db);
  widenSourceStatusKey(db);
  moveCardImages(db);
  return db;
}

/**
 * A serving database made before one source table could feed two data types keys source_status by source_table
 * alone: its rows are copied into a table keyed by (source_table, data_type), in one transaction.
 */
function widenSourceStatusKey(db: Database.Database): void {
  const keyed = db
    .prepare(`SELECT pk FROM pragma_table_info('source_status') WHERE name = 'data_type'`)
    .pluck()
    .get() as number | undefined;
  if (keyed !== 0) return;
  db.transaction(() => {
    const columns = (db.prepare(`SELECT name FROM pragma_table_info('source_status')`).pluck().all() as string[])
      .map((c) => `"${c}"`)
      .join(", ");
    db.exec(`ALTER TABLE source_status RENAME TO source_status_old`);
    db.exec(SERVING_SCHEMA);
    db.exec(`INSERT INTO source_status (${columns}) SELECT ${columns} FROM source_status_old`);
    db.exec(`DROP TABLE source_status_old`);
  })();
}

/**
 * A serving database made while the recalc drew the share cards keeps each card's PNG in share_cards (and
 * pending_share_cards): the PNGs move to share_card_images under their keys, the rows keep their keys (no content:
 * their pictures are stored), and each publication's count of cards becomes its count of keyed cards. One
 * transaction; the site serves the same pictures before and after.
 */
function moveCardImages(db: Database.Database): void {
  const columns = (table: string) => db.prepare(`SELECT name FROM pragma_table_info(?)`).pluck().all(table) as string[];
  const drawn = () => ["share_cards", "pending_share_cards"].filter((t) => columns(t).includes("png"));
  if (drawn().length === 0) return;
  db.transaction(() => {
    // Asked again under the write lock: another process opening the same database may have moved them meanwhile.
    const old = drawn();
    if (old.length === 0) return;
    const at = new Date().toISOString();
    for (const table of old) {
      db.prepare(
        `INSERT OR IGNORE INTO share_card_images (card_key, png, drawn_at) SELECT card_key, png, ? FROM "${table}"`,
      ).run(at);
      db.exec(`ALTER TABLE "${table}" RENAME TO "${table}_drawn"`);
    }
    db.exec(SERVING_SCHEMA);
    if (old.includes("share_cards")) {
      db.exec(
        `INSERT INTO share_cards (country, variant, publication_id, card_key) SELECT country, variant, publication_id, card_key FROM share_cards_drawn`,
      );
    }
    if (old.includes("pending_share_cards")) {
      db.exec(
        `INSERT INTO pending_share_cards (country, variant, card_key) SELECT country, variant, card_key FROM pending_share_cards_drawn`,
      );
    }
    for (const table of old) db.exec(`DROP TABLE "${table}_drawn"`);
    if (columns("publications").includes("cards_drawn")) {
      db.exec(
        `UPDATE publications SET cards_keyed = cards_drawn + cards_reused WHERE cards_keyed IS NULL AND cards_error IS NULL AND cards_drawn IS NOT NULL`,
      );
    }
  }).immediate();
}

const contentWrites = new WeakMap<ServingDb, number>();

/**
 * Records that this connection changed something public pages show (a community post, a hidden experience, the
 * pause switch). Stores call it after each such write; cached pages key on it (api/site-version.ts).
 */
export function noteContentWrite(db: ServingDb): void {
  contentWrites.set(db, (contentWrites.get(db) ?? 0) + 1);
}

/** This connection's content writes so far (noteContentWrite): cheap enough to compare on every read. */
export function localContentWrites(db: ServingDb): number {
  return contentWrites.get(db) ?? 0;
}
