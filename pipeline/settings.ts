// The `settings` table of the serving database, its one owner: its DDL, its reads and its writes. A setting is a key
// with a JSON or text value, when it was written and by whom: the operator's pause switch (pipeline/pause.ts,
// api/db/operator.ts) and the rate limits' secret (api/db/rate-limits.ts). No other module names the table in SQL.
import type { ServingDb } from "./serving-db.ts";

/** The table as existing data files hold it: `IF NOT EXISTS`, so theirs is kept as it is. */
const SETTINGS_TABLE = `
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT
) WITHOUT ROWID;
`;

/**
 * Creates the table when missing, and, given `onWrite` (one SQL statement and its `;`), triggers that run it after
 * every insert, update or delete of a setting, whichever connection or process writes (api/db/schema.ts counts the
 * writes so that cached pages roll over, docs/decisions/007-page-cache.md). The trigger names are those of the
 * existing files: present ones are kept as they are.
 */
export function applySettingsSchema(db: ServingDb, onWrite?: string): void {
  db.exec(SETTINGS_TABLE);
  if (!onWrite) return;
  db.exec(`
CREATE TRIGGER IF NOT EXISTS settings_insert_version AFTER INSERT ON settings BEGIN ${onWrite} END;
CREATE TRIGGER IF NOT EXISTS settings_update_version AFTER UPDATE ON settings BEGIN ${onWrite} END;
CREATE TRIGGER IF NOT EXISTS settings_delete_version AFTER DELETE ON settings BEGIN ${onWrite} END;
`);
}

const GET_SQL = `SELECT value, updated_at, updated_by FROM settings WHERE key = ?`;

/** One setting as stored. */
export interface SettingRow {
  value: string;
  updated_at: string;
  updated_by: string | null;
}

/** The table's statements on one connection, prepared once (the API's stores keep one). */
export class SettingsTable {
  private readonly getStmt;
  private readonly setStmt;
  private readonly addStmt;

  constructor(db: ServingDb) {
    this.getStmt = db.prepare(GET_SQL);
    this.setStmt = db.prepare(
      `INSERT INTO settings (key, value, updated_at, updated_by) VALUES (?, ?, ?, ?)
       ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = excluded.updated_at, updated_by = excluded.updated_by`,
    );
    this.addStmt = db.prepare(
      `INSERT OR IGNORE INTO settings (key, value, updated_at, updated_by) VALUES (?, ?, ?, ?)`,
    );
  }

  get(key: string): SettingRow | undefined {
    return this.getStmt.get(key) as SettingRow | undefined;
  }

  /** Writes the setting, replacing its value, time and author. */
  set(key: string, value: string, updatedAt: string, updatedBy: string | null): void {
    this.setStmt.run(key, value, updatedAt, updatedBy);
  }

  /** Writes the setting only where it is missing: the first writer wins, a later one reads the first's value. */
  addIfMissing(key: string, value: string, updatedAt: string, updatedBy: string | null): void {
    this.addStmt.run(key, value, updatedAt, updatedBy);
  }
}

/** The setting, or undefined: also before the API created the table (a pipeline run on a new data directory). */
export function readSetting(db: ServingDb, key: string): SettingRow | undefined {
  const table = db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'settings'`).get();
  if (!table) return undefined;
  return db.prepare(GET_SQL).get(key) as SettingRow | undefined;
}
