// The published source_status carries each table's last check: the columns are added in place to a serving
// database made before them, and a check without a recalc updates only those columns.
import Database from "better-sqlite3";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { publishSourceChecks } from "../../pipeline/publish.ts";
import { openServingDb } from "../../pipeline/serving-db.ts";
import type { TableStatusRow } from "../../pipeline/store/observations.ts";
import { tempDataDir } from "../helpers/cli.ts";

describe("source_status check columns", () => {
  const tmp = tempDataDir("jwi-sqlite-");
  afterEach(() => tmp.cleanup());

  it("adds last_checked_at / last_status / last_reason to an older serving database, keeping its rows", () => {
    const file = path.join(tmp.dir, "old.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE source_status (source_table TEXT PRIMARY KEY, data_type TEXT NOT NULL, newest_period TEXT,
      observations INTEGER NOT NULL, last_ingested_at TEXT, last_changed_at TEXT, source_updated TEXT, publication_id INTEGER NOT NULL);
      INSERT INTO source_status VALUES ('une_rt_m', 'unemployment', '2026-07', 2996, '2026-11-01', '2026-11-01', NULL, 1);`);
    old.close();

    const db = openServingDb(file);
    try {
      const columns = db.prepare("SELECT name FROM pragma_table_info('source_status')").pluck().all();
      expect(columns).toEqual(
        expect.arrayContaining(["last_checked_at", "last_status", "last_reason", "last_changed_at", "newest_period"]),
      );
      const row: TableStatusRow = {
        dataType: "unemployment",
        table: "une_rt_m",
        lastIngestedAt: "2026-11-01",
        lastChangedAt: "2026-11-01",
        sourceUpdated: null,
        ingests: 1,
        newestPeriod: "2026-08",
        observations: 3000,
        lastCheckedAt: "2026-11-22T06:30:00.000Z",
        lastStatus: "unchanged",
        lastReason: "not modified since the last check (HTTP 304)",
      };
      expect(
        publishSourceChecks(db, [row, { ...row, table: "une_rt_q", lastCheckedAt: "2026-11-22T06:30:01.000Z" }]),
      ).toBe(1);
      expect(db.prepare("SELECT * FROM source_status").all()).toEqual([
        {
          source_table: "une_rt_m",
          data_type: "unemployment",
          newest_period: "2026-07",
          observations: 2996,
          last_ingested_at: "2026-11-01",
          last_changed_at: "2026-11-01",
          source_updated: null,
          publication_id: 1,
          last_checked_at: "2026-11-22T06:30:00.000Z",
          last_status: "unchanged",
          last_reason: "not modified since the last check (HTTP 304)",
        },
      ]);
    } finally {
      db.close();
    }
    // Opening again is a no-op.
    openServingDb(file).close();
  });
});
