// `jwi update` while the operator has paused publication (docs/product.md, "Paused"): it downloads, stores and
// recalculates as usual, but the new scores are stored as the pending publication, not published, and it says so
// in its text and in --json. Against the local stand-in for Eurostat, on real data directories.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { applyApiSchema } from "../../api/db/schema.ts";
import { SettingsStore } from "../../api/db/operator.ts";
import type { UpdateSummary } from "../../pipeline/fetch/update.ts";
import { openServingDb } from "../../pipeline/serving-db.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { jwiEnv, standInEnv } from "./helpers.ts";
import { startStandIn, type StandIn } from "./stand-in.ts";

/** Pauses publication in a fresh data directory, as the operator area does (its own store, its own table). */
function pause(dataDir: string): { since: string } {
  const db = openServingDb(path.join(dataDir, "jwi.sqlite"));
  try {
    applyApiSchema(db);
    const s = new SettingsStore(db).setPublication(true, "upstream revision expected", "admin");
    return { since: s.updated_at! };
  } finally {
    db.close();
  }
}

function counts(dataDir: string): { publications: number; pending: number } {
  const db = openServingDb(path.join(dataDir, "jwi.sqlite"));
  try {
    const n = (t: string) => db.prepare(`SELECT COUNT(*) FROM ${t}`).pluck().get() as number;
    return { publications: n("publications"), pending: n("pending_publication") };
  } finally {
    db.close();
  }
}

describe("jwi update while publication is paused", () => {
  let server: StandIn;
  const json = tempDataDir("jwi-update-paused-");
  const text = tempDataDir("jwi-update-paused-");

  beforeAll(async () => {
    server = await startStandIn();
  });
  afterAll(async () => {
    await server.close();
    json.cleanup();
    text.cleanup();
  });

  it("stores and recalculates, publishes nothing, and says so in --json and in words", async () => {
    const { since } = pause(json.dir);
    const r = await jwiEnv(standInEnv(json.dir, server), "update", "--json");
    expect(r.code, r.stderr).toBe(0);
    const summary = r.json<UpdateSummary>();
    expect(summary.changed).toBe(true);
    expect(summary.recalc).toMatchObject({
      ok: true,
      publication_id: null,
      paused: { by: "admin", since, reason: "upstream revision expected" },
    });
    const sentence = `Publication is paused (by admin, since ${since}: upstream revision expected): the new scores are stored and will be published on resume.`;
    expect(summary.notes).toContain(sentence);
    expect(counts(json.dir)).toEqual({ publications: 0, pending: 1 });

    const words = pause(text.dir);
    const t = await jwiEnv(standInEnv(text.dir, server), "update");
    expect(t.code, t.stderr).toBe(0);
    expect(t.stdout).toContain(
      `Publication is paused (by admin, since ${words.since}: upstream revision expected): the new scores are stored`,
    );
    expect(t.stdout).not.toContain("Recalculated and published");
  });
});
