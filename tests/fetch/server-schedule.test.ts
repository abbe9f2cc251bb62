// The built-in schedule inside the real server: with JWI_UPDATE_CRON set, `jwi serve` checks the sources by
// itself, under the same lock as operator uploads; without it, nothing is fetched. Its runs and the first seed
// leave one audit entry each (actor, outcome, what changed); a failed run is an error in the log and the status.
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, type RunningServer } from "../../server/start.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { copySeedTemplate } from "../helpers/seed-templates.ts";
import { standInEnv } from "./helpers.ts";
import { standInDatasets, startStandIn, type StandIn } from "./stand-in.ts";

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error("timed out waiting");
    await new Promise((r) => setTimeout(r, 25));
  }
};

describe("JWI_UPDATE_CRON in the server", () => {
  let standIn: StandIn;
  const tmp = tempDataDir();
  beforeAll(async () => {
    standIn = await startStandIn();
    // A data dir as the first start leaves it (the run's template when there is one; else the server seeds it): the
    // schedule is under test here, the first seed in the audit-log tests below.
    copySeedTemplate("server", tmp.dir);
  });
  afterAll(async () => {
    await standIn.close();
    tmp.cleanup();
  });

  it("is off by default: serving fetches nothing", async () => {
    const server = await startServer({
      env: standInEnv(tmp.dir, standIn, { PORT: "0" }),
      handleSignals: false,
      seedAsOf: "2026-11-22",
    });
    try {
      await new Promise((r) => setTimeout(r, 300));
      expect(standIn.requests).toHaveLength(0);
    } finally {
      await server.close();
    }
  });
  // That it runs the update on its schedule and records the check in source_status is the audit-log test's below (its
  // schedule's successful run), on a server that seeded its data directory itself.
});

describe("the audit log of the server's own jobs", () => {
  let standIn: StandIn;
  const tmp = tempDataDir();
  beforeAll(async () => {
    standIn = await startStandIn();
  });
  afterAll(async () => {
    await standIn.close();
    tmp.cleanup();
  });

  type Row = { actor: string; action: string; result: string; detail: string };
  const entries = (s: RunningServer, action: string) =>
    (
      s.db
        .prepare("SELECT actor, action, result, detail FROM audit_log WHERE action = ? ORDER BY id")
        .all(action) as Row[]
    ).map((r) => ({
      ...r,
      detail: JSON.parse(r.detail) as Record<string, unknown>,
    }));

  it("the first seed, then a failing and a succeeding scheduled update: one entry each, with actor, outcome and change", async () => {
    // Every table the stand-in serves fails its three attempts once (JWI_FETCH_RETRIES 2), then answers.
    for (const table of standInDatasets().keys())
      standIn.fault(table, ...Array(3).fill({ kind: "status", status: 503 }));
    const lines: string[] = [];
    const logger = pino({ level: "info" }, { write: (l: string) => void lines.push(l) });
    let server: RunningServer | undefined;
    try {
      server = await startServer({
        env: standInEnv(tmp.dir, standIn, { PORT: "0", JWI_UPDATE_CRON: "* * * * * *" }),
        handleSignals: false,
        seedAsOf: "2026-11-22",
        logger,
      });
      const s = server;
      const seed = entries(s, "seed");
      expect(seed).toHaveLength(1);
      expect(seed[0]).toMatchObject({ actor: "seed", result: "ok" });
      expect(seed[0]!.detail).toMatchObject({ door: "seed", publication_id: 1 });
      expect(seed[0]!.detail.files_loaded).toBeGreaterThan(0);
      expect(seed[0]!.detail.countries_scored).toBeGreaterThan(0);

      await until(() => entries(s, "update").some((e) => e.result === "ok"), 60_000);
      // First every table fails; successors asked only after it (jvs_q_r21, …) may fail one run later; then ok.
      const all = entries(s, "update");
      const [failed, ok] = [all[0], all.at(-1)];
      expect(all.every((e) => e.actor === "schedule")).toBe(true);
      expect(failed).toMatchObject({ actor: "schedule", result: "error" });
      expect(failed!.detail).toMatchObject({ door: "schedule", outcome: "failed" });
      expect(String(failed!.detail.reason)).toMatch(/^every table failed: .*HTTP 503/);
      expect(ok).toMatchObject({ actor: "schedule", result: "ok" });
      expect(ok!.detail).toMatchObject({ door: "schedule", outcome: "ok" });
      expect(ok!.detail).toHaveProperty("inserted");
      // The schedule asked the sources, and recorded the check in source_status.
      expect(standIn.requestsOf("une_rt_m").length).toBeGreaterThan(0);

      // The failed run is an error in the log (not info) …
      const failedLog = lines
        .map((l) => JSON.parse(l) as { level: number; msg: string })
        .find((l) => l.msg === "scheduled update failed");
      expect(failedLog?.level).toBe(50);
      // … and the data status names the newest run.
      await until(() => !s.pipeline.isBusy());
      expect(s.pipeline.status().last_update).toMatchObject({ actor: "schedule", door: "schedule" });
      expect(
        (
          s.db.prepare("SELECT count(*) AS n FROM source_status WHERE last_checked_at IS NOT NULL").get() as {
            n: number;
          }
        ).n,
      ).toBeGreaterThan(0);
    } finally {
      await server?.close();
    }
  }, 90_000);

  it("a failed run shows in the status report until the next one", async () => {
    const { statusReport } = await import("../../pipeline/index.ts");
    const { openServingDb } = await import("../../pipeline/serving-db.ts");
    const { recordJobEntry, failedJobEntry, SCHEDULE_ACTOR } = await import("../../pipeline/job-audit.ts");
    const db = openServingDb(`${tmp.dir}/jwi.sqlite`);
    try {
      recordJobEntry(
        db,
        failedJobEntry(
          SCHEDULE_ACTOR,
          "update",
          null,
          new Error("The data job was stopped: it took longer than 3600 s."),
        ),
      );
      expect(statusReport(tmp.dir, db).last_update).toMatchObject({
        actor: "schedule",
        result: "error",
        reason: "The data job was stopped: it took longer than 3600 s.",
      });
    } finally {
      db.close();
    }
  });
});
