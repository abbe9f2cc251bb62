// The settings table has one owner (pipeline/settings.ts): no other source file names it in SQL, and its DDL is
// the one existing data files hold, so their rows and triggers are kept.
import { readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { applySettingsSchema, readSetting, SettingsTable } from "./settings.ts";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const DIRS = ["api", "bench", "bin", "cli", "lib", "pipeline", "product", "scripts", "server", "tests", "web"];
const OWNER = path.join("pipeline", "settings.ts");
/** This test names the table too: the former DDL stands for the existing data files. */
const SELF = path.join("pipeline", "settings.test.ts");
/** SQL naming the table: a statement's table, a trigger's, or a look-up of it in sqlite_master. */
const NAMES_TABLE =
  /\b(?:FROM|INTO|UPDATE|JOIN|ON|TABLE(?: IF NOT EXISTS)?|TRIGGER)\s+settings\b|name\s*=\s*'settings'/;

function sources(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true, recursive: true })
    .filter((e) => e.isFile() && /\.(?:ts|tsx|mjs|js)$/.test(e.name))
    .map((e) => path.relative(ROOT, path.join(e.parentPath, e.name)))
    .filter((f) => !f.split(path.sep).includes("node_modules"));
}

/** The table and its triggers as api/db/schema.ts created them before pipeline/settings.ts owned them. */
const FORMER_DDL = `
CREATE TABLE content_version (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL);
INSERT INTO content_version (id, version) VALUES (1, 0);
CREATE TABLE IF NOT EXISTS settings (
  key TEXT PRIMARY KEY,
  value TEXT NOT NULL,
  updated_at TEXT NOT NULL,
  updated_by TEXT
) WITHOUT ROWID;
CREATE TRIGGER IF NOT EXISTS settings_insert_version AFTER INSERT ON settings BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS settings_update_version AFTER UPDATE ON settings BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END;
CREATE TRIGGER IF NOT EXISTS settings_delete_version AFTER DELETE ON settings BEGIN UPDATE content_version SET version = version + 1 WHERE id = 1; END;
`;
const COUNT = `UPDATE content_version SET version = version + 1 WHERE id = 1;`;
const schemaOf = (db: Database.Database) =>
  db.prepare(`SELECT type, name, sql FROM sqlite_master WHERE tbl_name = 'settings' ORDER BY name`).all();

describe("the settings table's owner", () => {
  it("is the only source file naming the table in SQL", () => {
    const naming = DIRS.flatMap(sources).filter(
      (f) => f !== OWNER && f !== SELF && NAMES_TABLE.test(readFileSync(path.join(ROOT, f), "utf8")),
    );
    expect(naming).toEqual([]);
    expect(NAMES_TABLE.test(readFileSync(path.join(ROOT, OWNER), "utf8"))).toBe(true);
  });

  it("creates what existing files hold, and keeps their rows and triggers", () => {
    const former = new Database(":memory:");
    former.exec(FORMER_DDL);
    new SettingsTable(former).set("publication_paused", `{"paused":true,"reason":null}`, "2026-01-01", "admin");
    const now = new Database(":memory:");
    now.exec(FORMER_DDL.split("\n").slice(0, 3).join("\n"));
    applySettingsSchema(now, COUNT);
    expect(schemaOf(now)).toEqual(schemaOf(former));

    applySettingsSchema(former, COUNT);
    expect(readSetting(former, "publication_paused")).toEqual({
      value: `{"paused":true,"reason":null}`,
      updated_at: "2026-01-01",
      updated_by: "admin",
    });
    expect(former.prepare(`SELECT version FROM content_version`).pluck().get()).toBe(1);
  });

  it("writes, keeps the first of two additions, and reads nothing before the table exists", () => {
    const db = new Database(":memory:");
    expect(readSetting(db, "k")).toBeUndefined();
    applySettingsSchema(db);
    const t = new SettingsTable(db);
    t.addIfMissing("k", "first", "2026-01-01", "server");
    t.addIfMissing("k", "second", "2026-01-02", "server");
    expect(t.get("k")).toEqual({ value: "first", updated_at: "2026-01-01", updated_by: "server" });
    t.set("k", "third", "2026-01-03", null);
    expect(readSetting(db, "k")).toEqual({ value: "third", updated_at: "2026-01-03", updated_by: null });
  });
});
