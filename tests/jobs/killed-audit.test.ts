// A job killed just after it commits still leaves its audit entry (issue 49, case 4; docs/decisions/024). Real `jwi`
// processes that kill themselves (SIGKILL, as `kill -9`) right after the commit, through the test-only hook
// lib/test-hooks.ts. Before: an ingest that had stored its values and a recalc that had published left no entry.
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { fixture, tempDataDir } from "../helpers/cli.ts";
import { jwiProcess } from "../helpers/processes.ts";

interface Entry {
  id: number;
  at: string;
  action: string;
  target: string | null;
  result: string;
  detail: Record<string, unknown>;
}

describe("the audit entry of a job killed just after its commit", () => {
  const tmp = tempDataDir("jwi-killed-");
  afterAll(() => tmp.cleanup());

  const read = <T>(sql: string): T[] => {
    const db = new Database(path.join(tmp.dir, "jwi.sqlite"), { readonly: true });
    try {
      return db.prepare(sql).all() as T[];
    } finally {
      db.close();
    }
  };
  const entries = (): Entry[] =>
    read<Entry & { detail: string }>("SELECT id, at, action, target, result, detail FROM audit_log ORDER BY id").map(
      (r) => ({ ...r, detail: JSON.parse(r.detail) as Record<string, unknown> }),
    );

  it("an ingest killed after its DuckDB commit: its entry is completed, ok with what it stored, by the next job", async () => {
    const killed = await jwiProcess(
      tmp.dir,
      ["ingest", fixture("real", "eurostat", "une_rt_m.json"), "--type", "unemployment"],
      { JWI_TEST_KILL_AFTER: "ingest" },
    );
    expect(killed.signal).toBe("SIGKILL");
    // Its values are stored (the commit was done) and its intent is there: no entry can be lost.
    expect(read<{ n: number }>("SELECT count(*) AS n FROM job_intents")[0]!.n).toBe(1);
    expect(entries()).toEqual([]);

    const next = await jwiProcess(tmp.dir, ["recalc", "--as-of", "2026-11-22", "--json"]);
    expect(next.code, next.stderr).toBe(0);
    const log = entries();
    expect(log.map((e) => [e.action, e.result])).toEqual([
      ["ingest", "ok"],
      ["recalculate", "ok"],
    ]);
    expect(log[0]).toMatchObject({ target: "unemployment" });
    expect(log[0]!.detail).toMatchObject({
      door: "terminal",
      data_type: "unemployment",
      table: "une_rt_m",
      updated: 0,
      interrupted: expect.stringMatching(/killed or crashed/),
    });
    expect(log[0]!.detail.inserted).toBeGreaterThan(2000);
    expect(read("SELECT * FROM job_intents")).toEqual([]);
  });

  it("a recalc killed after its publication commits: its entry is there at once, written in the same transaction", async () => {
    const killed = await jwiProcess(tmp.dir, ["recalc", "--as-of", "2026-11-29"], { JWI_TEST_KILL_AFTER: "publish" });
    expect(killed.signal).toBe("SIGKILL");
    const published = read<{ id: number }>("SELECT max(id) AS id FROM publications")[0]!.id;
    expect(published).toBe(2);
    let log = entries();
    expect(log).toHaveLength(3);
    expect(log[2]).toMatchObject({ action: "recalculate", target: "2026-11-29", result: "ok" });
    expect(log[2]!.detail).toMatchObject({ door: "terminal", publication_id: 2, as_of: "2026-11-29" });

    // The next job says it was interrupted, in the same entry (not a second one).
    const next = await jwiProcess(tmp.dir, ["recalc", "--as-of", "2026-11-29", "--json"]);
    expect(next.code, next.stderr).toBe(0);
    log = entries();
    expect(log.map((e) => e.action)).toEqual(["ingest", "recalculate", "recalculate", "recalculate"]);
    expect(log[2]!.detail).toMatchObject({ publication_id: 2, interrupted: expect.stringMatching(/killed/) });
    expect(log[3]!.detail).not.toHaveProperty("interrupted");
    expect(read("SELECT * FROM job_intents")).toEqual([]);
  });
});
