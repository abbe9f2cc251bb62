// The operator's data status tells the whole truth (docs/interfaces.md, "Operator"): the job running now (the job
// lock's holder), the last download run and why it failed, the next run of the server's schedule, the tables
// failing; an upload that must wait names whom it waits for at once; a recalc lists the countries that moved.
import { spawn, type ChildProcess } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Cron } from "croner";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { formatScore } from "../../pipeline/model/round.ts";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";
import { REPO_ROOT } from "../helpers/cli.ts";
import { jwiProcess } from "../helpers/processes.ts";
import { revisedUnemploymentCube } from "../helpers/revised-unemployment.ts";
import { getJson, login, postJson, startTestServer, type TestServer } from "./helpers.ts";

const CRON = "30 6 * * *";
const WAIT_S = 3;
let s: TestServer;
let cookie: string;
const admin = (p: string) => `${s.url}/api/admin${p}`;

function multipart(name: string, bytes: Buffer | string, fields: Record<string, string>): FormData {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  form.append("file", new Blob([typeof bytes === "string" ? bytes : new Uint8Array(bytes)]), name);
  return form;
}

/** Another process holds the data directory's job lock, as a long `jwi update` in a terminal would. */
async function holdLock(command: string): Promise<ChildProcess> {
  const holder = spawn(
    process.execPath,
    [path.join(REPO_ROOT, "bin/run-ts.mjs"), path.join(REPO_ROOT, "tests/helpers/hold-lock.ts"), s.dataDir, command],
    {
      cwd: REPO_ROOT,
      stdio: ["ignore", "pipe", "inherit"],
    },
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on("data", (d) => String(d).includes("holding") && resolve());
    holder.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
  });
  return holder;
}

beforeAll(async () => {
  s = await startTestServer({ env: { JWI_UPDATE_CRON: CRON, JWI_LOCK_WAIT_S: String(WAIT_S) } });
  cookie = await login(s.url);
}, 120_000);
afterAll(async () => {
  await s?.stop();
});

describe("the data status's health facts", () => {
  it("names the job running now, the next scheduled run, and no failing table or update before any", async () => {
    const idle = await getJson(admin("/status"), { headers: { cookie } });
    expect(idle.body.job).toEqual({ running: false, holder: null });
    expect(idle.body.schedule).toEqual({
      cron: CRON,
      next_run: new Cron(CRON, { paused: true }).nextRun()!.toISOString(),
    });
    expect(idle.body.tables_failing).toEqual([]);
    expect(idle.body.last_update).toBeNull();

    const holder = await holdLock("jwi update (terminal)");
    try {
      const busy = await getJson(admin("/status"), { headers: { cookie } });
      expect(busy.body.job.running).toBe(true);
      expect(busy.body.job.holder).toMatchObject({ command: "jwi update (terminal)", pid: holder.pid });
      expect(Date.parse(busy.body.job.holder.started_at)).toBeLessThanOrEqual(Date.now());
    } finally {
      holder.kill("SIGKILL");
    }
  });

  it("a failed download run: last update failed with why, and the tables that failed", async () => {
    const run = await jwiProcess(s.dataDir, ["fetch", "--type", "unemployment", "--json"], {
      JWI_EUROSTAT_BASE_URL: "http://127.0.0.1:9",
      JWI_FETCH_RETRIES: "0",
      JWI_FETCH_PAUSE_MS: "0",
      JWI_FETCH_TIMEOUT_MS: "2000",
    });
    expect(run.code, run.stderr).not.toBe(0);
    const { body } = await getJson(admin("/status"), { headers: { cookie } });
    expect(body.last_update).toMatchObject({ action: "fetch", door: "terminal" });
    expect(body.last_update.result).not.toBe("ok");
    expect(body.last_update.reason).toBeTruthy();
    expect(body.tables_failing.length).toBeGreaterThan(0);
    for (const t of body.tables_failing)
      expect(body.tables.find((x: { table: string }) => x.table === t).lastStatus).toBe("failed");
  }, 60_000);
});

describe("an upload that must wait", () => {
  it("says whom it waits for at once, before the wait ends, then that the job stayed busy", async () => {
    const holder = await holdLock("jwi update (terminal)");
    try {
      const started = Date.now();
      const res = await fetch(admin("/upload"), {
        method: "POST",
        headers: { cookie, accept: "application/x-ndjson" },
        body: multipart("une_rt_m.json", readFileSync(path.join(BUNDLED_FIXTURES_DIR, "eurostat/une_rt_m.json")), {
          data_type: "unemployment",
        }),
      });
      expect(res.status).toBe(200);
      const reader = res.body!.pipeThrough(new TextDecoderStream()).getReader();
      let text = "";
      let firstAt = 0;
      let lastAt = 0;
      for (;;) {
        const { value, done } = await reader.read();
        if (value) {
          text += value;
          if (!firstAt && text.includes("\n")) firstAt = Date.now() - started;
          lastAt = Date.now() - started;
        }
        if (done) break;
      }
      const lines = text
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l) as Record<string, any>);
      expect(lines[0]).toMatchObject({
        type: "waiting",
        holder: { command: "jwi update (terminal)", pid: holder.pid },
      });
      expect(lines[0]!.message).toMatch(
        /^Waiting for jwi update \(terminal\) \(pid \d+ on .+, started .+\) to finish\.$/,
      );
      // "At once": the waiting line comes when the wait starts, a whole wait before the answer that ends it (measured
      // between the two lines, so a slow start on a loaded machine does not count against it).
      expect(lastAt - firstAt).toBeGreaterThanOrEqual(WAIT_S * 1000 - 500);
      expect(lines.at(-1)).toMatchObject({ type: "error", status: 409, error: { code: "busy" } });
      expect(Date.now() - started).toBeGreaterThanOrEqual(WAIT_S * 1000 - 100);
    } finally {
      holder.kill("SIGKILL");
    }
  }, 30_000);
});

describe("what a recalc moved", () => {
  it("after a revised file: the moved country from → to with why; a recalc with nothing new lists none", async () => {
    const first = await postJson(admin("/recalculate"), { as_of: "2026-11-22" }, { cookie });
    expect(first.status).toBe(200);
    const up = await getJson(admin("/upload"), {
      method: "POST",
      headers: { cookie },
      body: multipart("une_rt_m.json", revisedUnemploymentCube(1.5, "RO"), { data_type: "unemployment" }),
    });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.updated).toBeGreaterThan(0);
    const r = await postJson(admin("/recalculate"), { as_of: "2026-11-22" }, { cookie });
    expect(r.status).toBe(200);
    expect(r.body.moved).toHaveLength(1);
    const ro = r.body.moved[0];
    expect(ro).toMatchObject({ code: "RO" });
    expect(ro.to).toBeLessThan(ro.from);
    expect(ro.reason).toMatch(/unemployment/i);
    // docs/interfaces.md (`moved`): the change's market and evidence parts, unrounded and as shown (issue 35).
    expect(Object.keys(ro).sort()).toEqual([
      "code",
      "evidence",
      "evidence_shown",
      "from",
      "market",
      "market_shown",
      "reason",
      "status_from",
      "status_to",
      "to",
    ]);
    // The parts add up to the change, unrounded and as shown; unemployment's level moved, so the market fell.
    expect(Math.abs(ro.market + ro.evidence - (ro.to - ro.from))).toBeLessThan(1e-9);
    expect(ro.market).toBeLessThan(0);
    expect(Math.round((ro.market_shown + ro.evidence_shown) * 10)).toBe(
      Math.round(Number(formatScore(ro.to)) * 10) - Math.round(Number(formatScore(ro.from)) * 10),
    );
    const again = await postJson(admin("/recalculate"), { as_of: "2026-11-22" }, { cookie });
    expect(again.body).toMatchObject({ unchanged: true, moved: [] });
  }, 60_000);
});
