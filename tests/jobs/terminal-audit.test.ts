// Jobs run from the terminal are audited like the operator page's: real `jwi` processes, each leaving one entry
// naming the OS user and host, the terminal door, the outcome (with the reason when it failed) and what changed.
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fixture, tempDataDir } from "../helpers/cli.ts";
import { jwiProcess } from "../helpers/processes.ts";
import { standInEnv } from "../fetch/helpers.ts";
import { startStandIn, type StandIn } from "../fetch/stand-in.ts";

describe("the audit log of terminal jobs", () => {
  const tmp = tempDataDir();
  let standIn: StandIn;
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    tmp.cleanup();
  });

  const me = `${os.userInfo().username}@${os.hostname()}`;
  const entries = () => {
    const db = new Database(path.join(tmp.dir, "jwi.sqlite"), { readonly: true });
    try {
      return (
        db.prepare("SELECT actor, action, target, result, detail FROM audit_log ORDER BY id").all() as Array<
          Record<string, string>
        >
      ).map((r) => ({
        ...r,
        detail: JSON.parse(r.detail!) as Record<string, unknown>,
      }));
    } finally {
      db.close();
    }
  };

  const latestPublication = () => {
    const db = new Database(path.join(tmp.dir, "jwi.sqlite"), { readonly: true });
    try {
      return db.prepare("SELECT max(id) FROM publications").pluck().get() as number;
    } finally {
      db.close();
    }
  };

  it("jwi ingest, recalc and update: one entry each, actor user@host, door terminal, outcome and change", async () => {
    const ingest = await jwiProcess(tmp.dir, [
      "ingest",
      fixture("real", "eurostat", "une_rt_m.json"),
      "--type",
      "unemployment",
      "--json",
    ]);
    expect(ingest.code).toBe(0);
    const inserted = (JSON.parse(ingest.stdout) as { inserted: number }).inserted;
    expect(inserted).toBeGreaterThan(0);
    let log = entries();
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({ actor: me, action: "ingest", target: "unemployment", result: "ok" });
    expect(log[0]!.detail).toMatchObject({ door: "terminal", table: "une_rt_m", inserted, updated: 0 });

    const recalc = await jwiProcess(tmp.dir, ["recalc", "--as-of", "2026-11-22", "--json"]);
    expect(recalc.code).toBe(0);
    const scored = (JSON.parse(recalc.stdout) as { countries: Array<{ score: number | null }> }).countries.filter(
      (c) => c.score !== null,
    ).length;
    const summary = { publication_id: latestPublication(), countries_scored: scored };
    expect(summary.publication_id).toBe(1);
    log = entries();
    expect(log).toHaveLength(2);
    expect(log[1]).toMatchObject({ actor: me, action: "recalculate", target: "2026-11-22", result: "ok" });
    expect(log[1]!.detail).toMatchObject({
      door: "terminal",
      publication_id: summary.publication_id,
      countries_scored: summary.countries_scored,
    });

    const update = await jwiProcess(tmp.dir, ["update", "--json"], standInEnv(tmp.dir, standIn));
    expect(update.code).toBe(0);
    log = entries();
    expect(log).toHaveLength(3);
    expect(log[2]).toMatchObject({ actor: me, action: "update", result: "ok" });
    expect(log[2]!.detail).toMatchObject({ door: "terminal", outcome: "ok" });
    expect(log[2]!.detail.inserted).toBeGreaterThan(0);
    expect(log[2]!.detail.publication_id).toBeGreaterThan(summary.publication_id);
  }, 120_000);

  it("a refused file: one entry, rejected, with the reason", async () => {
    const before = entries().length;
    const r = await jwiProcess(tmp.dir, ["ingest", fixture("real", "eurostat", "jvs_q_nace2.json"), "--type", "lmb"]);
    expect(r.code).toBe(1);
    const log = entries();
    expect(log).toHaveLength(before + 1);
    expect(log.at(-1)).toMatchObject({ actor: me, action: "ingest", target: "lmb", result: "rejected" });
    expect(log.at(-1)!.detail).toMatchObject({ door: "terminal" });
    expect(String(log.at(-1)!.detail.reason).length).toBeGreaterThan(0);
  }, 60_000);
});
