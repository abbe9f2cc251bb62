// Older serving databases are migrated in place when opened, keeping their rows: source_status is keyed by (table,
// data type) since une_rt_m feeds two types (model v2.2 §10); share cards' pictures are stored by key since the
// server draws them (docs/decisions/008-share-cards.md).
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
    old
      .prepare(
        `INSERT INTO source_status (source_table, data_type, newest_period, observations, publication_id) VALUES (?, ?, ?, ?, ?)`,
      )
      .run("une_rt_m", "unemployment", "2026-07", 547, 1);
    old.close();

    const db = openServingDb(file);
    try {
      const key = db
        .prepare(`SELECT name FROM pragma_table_info('source_status') WHERE pk > 0 ORDER BY pk`)
        .pluck()
        .all();
      expect(key).toEqual(["source_table", "data_type"]);
      expect(
        db.prepare(`SELECT source_table, data_type, newest_period, observations FROM source_status`).all(),
      ).toEqual([{ source_table: "une_rt_m", data_type: "unemployment", newest_period: "2026-07", observations: 547 }]);
      db.prepare(
        `INSERT INTO source_status (source_table, data_type, observations, publication_id) VALUES ('une_rt_m', 'youth_unemployment', 1345, 1)`,
      ).run();
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

describe("share cards drawn at publish time", () => {
  it("a database made while the recalc drew the cards keeps every picture, now under its key, and each row its key", () => {
    dir = mkdtempSync(path.join(os.tmpdir(), "jwi-serving-"));
    const file = path.join(dir, "jwi.sqlite");
    const old = new Database(file);
    old.exec(`CREATE TABLE publications (id INTEGER PRIMARY KEY AUTOINCREMENT, model TEXT NOT NULL, as_of TEXT NOT NULL, published_at TEXT NOT NULL,
      countries_scored INTEGER NOT NULL, countries_total INTEGER NOT NULL, cards_drawn INTEGER, cards_reused INTEGER, cards_error TEXT)`);
    old.exec(`CREATE TABLE share_cards (country TEXT NOT NULL, variant TEXT NOT NULL CHECK (variant IN ('published', 'stale')),
      publication_id INTEGER NOT NULL, png BLOB NOT NULL, etag TEXT NOT NULL, card_key TEXT NOT NULL, PRIMARY KEY (country, variant))`);
    old.exec(`CREATE TABLE pending_share_cards (country TEXT NOT NULL, variant TEXT NOT NULL, png BLOB NOT NULL, hash TEXT NOT NULL,
      card_key TEXT NOT NULL, PRIMARY KEY (country, variant))`);
    old.exec(`INSERT INTO publications VALUES (1, 'v2.2', '2026-11-22', '2026-11-22T00:00:00Z', 30, 31, 2, 60, NULL),
      (2, 'v2.2', '2026-11-23', '2026-11-23T00:00:00Z', 30, 31, 0, 0, 'no fonts')`);
    const insert = old.prepare(`INSERT INTO share_cards VALUES (?, ?, 1, ?, ?, ?)`);
    insert.run("DE", "published", Buffer.from([1]), '"p1-a"', "ka");
    insert.run("DE", "stale", Buffer.from([2]), '"p1-b"', "kb");
    // Two countries with the same picture (a key is stored once).
    insert.run("LI", "published", Buffer.from([3]), '"p1-c"', "kc");
    insert.run("MT", "published", Buffer.from([3]), '"p1-c"', "kc");
    old.prepare(`INSERT INTO pending_share_cards VALUES ('DE', 'published', ?, 'h', 'kd')`).run(Buffer.from([4]));
    old.close();

    const db = openServingDb(file);
    try {
      expect(db.prepare(`SELECT card_key, hex(png) AS png FROM share_card_images ORDER BY card_key`).all()).toEqual([
        { card_key: "ka", png: "01" },
        { card_key: "kb", png: "02" },
        { card_key: "kc", png: "03" },
        { card_key: "kd", png: "04" },
      ]);
      expect(
        db
          .prepare(
            `SELECT country, variant, publication_id, card_key, content FROM share_cards ORDER BY country, variant`,
          )
          .all(),
      ).toEqual([
        { country: "DE", variant: "published", publication_id: 1, card_key: "ka", content: null },
        { country: "DE", variant: "stale", publication_id: 1, card_key: "kb", content: null },
        { country: "LI", variant: "published", publication_id: 1, card_key: "kc", content: null },
        { country: "MT", variant: "published", publication_id: 1, card_key: "kc", content: null },
      ]);
      expect(db.prepare(`SELECT country, card_key, content FROM pending_share_cards`).all()).toEqual([
        { country: "DE", card_key: "kd", content: null },
      ]);
      // A publication that drew (or took over) its cards keyed them; one whose drawing failed keyed none.
      expect(db.prepare(`SELECT id, cards_keyed, cards_error FROM publications ORDER BY id`).all()).toEqual([
        { id: 1, cards_keyed: 62, cards_error: null },
        { id: 2, cards_keyed: null, cards_error: "no fonts" },
      ]);
    } finally {
      db.close();
    }
    // Opening it again changes nothing.
    const again = openServingDb(file);
    expect(again.prepare(`SELECT count(*) FROM share_card_images`).pluck().get()).toBe(4);
    expect(again.prepare(`SELECT count(*) FROM share_cards`).pluck().get()).toBe(4);
    again.close();
  });
});
