// The serving database's source_status is keyed by (table, data type) since une_rt_m feeds two types (model v2.2
// §10); a database made before is migrated in place when opened, keeping its rows.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, describe, expect, it } from "vitest";
import { openServingDb } from "./serving-db.ts";

let dir: string | null = null;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = null;
});

describe("source_status key", () => {
  it("widens an older database's key to (source_table, data_type), keeping its rows", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-serving-"));
    const file = path.join(dir, "jwi.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE source_status (source_table TEXT PRIMARY KEY, data_type TEXT NOT NULL, newest_period TEXT,
      observations INTEGER NOT NULL, last_ingested_at TEXT, last_changed_at TEXT, source_updated TEXT, publication_id INTEGER NOT NULL)`);
    old.prepare(`INSERT INTO source_status (source_table, data_type, newest_period, observations, publication_id) VALUES (?, ?, ?, ?, ?)`).run("une_rt_m", "unemployment", "2026-07", 547, 1);
    old.close();

    const db = openServingDb(file);
    try {
      const key = db.prepare(`SELECT name FROM pragma_table_info('source_status') WHERE pk > 0 ORDER BY pk`).pluck().all();
      expect(key).toEqual(["source_table", "data_type"]);
      expect(db.prepare(`SELECT source_table, data_type, newest_period, observations FROM source_status`).all()).toEqual([
        { source_table: "une_rt_m", data_type: "unemployment", newest_period: "2026-07", observations: 547 },
      ]);
      db.prepare(`INSERT INTO source_status (source_table, data_type, observations, publication_id) VALUES ('une_rt_m', 'youth_unemployment', 1345, 1)`).run();
      expect(db.prepare(`SELECT count(*) FROM source_status WHERE source_table = 'une_rt_m'`).pluck().get()).toBe(2);
    } finally {
      db.close();
    }
    // Opening it again changes nothing.
    const again = openServingDb(file);
    expect(again.prepare(`SELECT count(*) FROM source_status`).pluck().get()).toBe(2);
    again.close();
  });
});
