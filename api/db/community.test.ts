// Why ExperienceStore.insert uses run() (db/community.ts): on a really full disk (a tmpfs filled to the last
// byte), better-sqlite3 hands back the row of an `INSERT … RETURNING` read through `.get()` and says nothing
// when the commit that follows fails, so the write is lost after it was acknowledged; `run()` throws
// SQLITE_FULL. This is the defect a disk-full probe found (201 with an id, nothing stored, the id reused later).
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openServingDb, type ServingDb } from "../../pipeline/serving-db.ts";
import { mountTmpfs, TMPFS_UNAVAILABLE, type Tmpfs } from "../../tests/helpers/tmpfs.ts";
import { applyApiSchema } from "./schema.ts";
import { ExperienceStore } from "./community.ts";
import type { ExperienceInput } from "../schemas.ts";

const input: ExperienceInput = {
  role_family: "IT/Engineering",
  seniority: "Senior",
  residency: "EU non-resident",
  local_language: false,
  mood: 4,
  comment: "Three interviews in two weeks.",
};

const RETURNING_INSERT = `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
  VALUES (@country_code, @role_family, @seniority, @residency, @local_language, @mood, @comment, @created_at) RETURNING *`;

describe.skipIf(TMPFS_UNAVAILABLE !== null)("experiences on a really full disk (tmpfs)", () => {
  let disk: Tmpfs | undefined;
  let db: ServingDb | undefined;
  afterEach(() => {
    db?.close();
    db = undefined;
    disk?.unmount();
    disk = undefined;
  });

  function fullDatabase(): { db: ServingDb; count: () => number } {
    disk = mountTmpfs(4);
    db = openServingDb(path.join(disk.dir, "jwi.sqlite"));
    applyApiSchema(db);
    const store = new ExperienceStore(db);
    for (let i = 0; i < 3; i++) store.insert("DE", input, new Date().toISOString());
    disk.fill();
    const opened = db;
    return { db: opened, count: () => opened.prepare(`SELECT count(*) FROM experiences`).pluck().get() as number };
  }

  it("the old pattern, INSERT … RETURNING through get(), returns a row that was never stored", () => {
    const { db, count } = fullDatabase();
    const stmt = db.prepare(RETURNING_INSERT);
    const answered: number[] = [];
    for (let i = 0; i < 5; i++) {
      const row = stmt.get({
        ...input,
        local_language: 0,
        country_code: "DE",
        created_at: new Date().toISOString(),
      }) as { id: number };
      answered.push(row.id);
    }
    // Five rows "acknowledged" with fresh ids, not one of them stored.
    expect(answered).toHaveLength(5);
    expect(answered.every((id) => id > 3)).toBe(true);
    expect(count()).toBe(3);
    // After freeing space, the next real row takes an id that was already handed out above.
    disk!.free();
    const next = new ExperienceStore(db).insert("DE", input, new Date().toISOString());
    expect(answered).toContain(next.id);
  });

  it("ExperienceStore.insert throws SQLITE_FULL and stores nothing; after freeing space the next id is fresh", () => {
    const { db, count } = fullDatabase();
    const store = new ExperienceStore(db);
    for (let i = 0; i < 5; i++) {
      expect(() => store.insert("DE", input, new Date().toISOString())).toThrow(
        expect.objectContaining({ code: "SQLITE_FULL" }),
      );
    }
    expect(count()).toBe(3);
    disk!.free();
    expect(store.insert("DE", input, new Date().toISOString()).id).toBe(4);
    expect(count()).toBe(4);
  });
});
