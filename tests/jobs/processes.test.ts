// The operator's terminal beside a running site, with real processes on one data directory: `jwi serve`, `jwi`
// commands, the operator page's uploads and the server's schedule take turns under the one job lock; whoever
// cannot get its turn names the job that holds it; kill -9 never leaves a half-written store.
// A `jwi` process is started where a process is the subject (one the test stops or kills, two terminal jobs taking
// turns, the ingest whose length times the kills); elsewhere the same command runs in this test's own process
// (tests/helpers/cli.ts `jwi`), which is still another process than the server and its job child, so the lock is
// still taken and waited for across processes. `jwi` started as a real process through bin/jwi.mjs (exit codes,
// logs on stderr) is also tests/cli.test.ts's.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { DuckDBInstance } from "@duckdb/node-api";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashPassword } from "../../api/auth.ts";
import { widenUnemploymentCube } from "../../bench/pipeline.ts";
import { currentHolder } from "../../pipeline/jobs/lock.ts";
import { fixture, jwi, tempDataDir } from "../helpers/cli.ts";
import { copySeedTemplate } from "../helpers/seed-templates.ts";
import { jwiProcess, startJwi, startServerProcess, until, type ServerProcess } from "../helpers/processes.ts";
import { startStandIn, type StandIn } from "../fetch/stand-in.ts";

const PASSWORD = "correct horse battery staple";

/** The real une_rt_m file with Germany's last twelve months one point higher: a different score for DE. */
function revisedUnemployment(dir: string): string {
  const ds = JSON.parse(readFileSync(fixture("real", "eurostat", "une_rt_m.json"), "utf8")) as {
    value: Record<string, number>;
    size: number[];
    id: string[];
    dimension: Record<string, { category: { index: Record<string, number> } }>;
  };
  const nTime = ds.size[ds.id.indexOf("time")]!;
  const de = ds.dimension.geo!.category.index.DE!;
  const july = ds.dimension.time!.category.index["2026-07"]!;
  for (let t = july - 11; t <= july; t++) {
    const k = String(de * nTime + t);
    if (ds.value[k] !== undefined) ds.value[k] = Math.round((ds.value[k]! + 1) * 10) / 10;
  }
  const file = path.join(dir, "une_rt_m-revised.json");
  writeFileSync(file, JSON.stringify(ds));
  return file;
}

/**
 * Two versions of a 16 MB une_rt_m cube (1.3 M values): long enough to be caught in the middle. Written once for the
 * file (every test only reads them).
 */
let big: { dir: string; a: string; b: string } | undefined;
function bigFiles(): { a: string; b: string } {
  if (!big) {
    const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-procs-big-"));
    big = { dir, a: path.join(dir, "une_rt_m-wide-a.json"), b: path.join(dir, "une_rt_m-wide-b.json") };
    writeFileSync(big.a, widenUnemploymentCube(0).text);
    writeFileSync(big.b, widenUnemploymentCube(0.5).text);
  }
  return big;
}
afterAll(() => {
  if (big) rmSync(big.dir, { recursive: true, force: true });
});

async function getJson(url: string): Promise<{ status: number; body: any; etag: string | null }> {
  const res = await fetch(url);
  return { status: res.status, body: await res.json(), etag: res.headers.get("etag") };
}

async function login(base: string): Promise<string> {
  const res = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: base },
    body: JSON.stringify({ username: "admin", password: PASSWORD }),
  });
  expect(res.status).toBe(200);
  return (res.headers.get("set-cookie") ?? "").split(";")[0]!;
}

function upload(base: string, cookie: string, file: string): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set("data_type", "unemployment");
  form.set("file", new Blob([readFileSync(file)]), path.basename(file));
  return fetch(`${base}/api/admin/upload`, { method: "POST", headers: { cookie, origin: base }, body: form }).then(
    async (r) => ({
      status: r.status,
      body: await r.json(),
    }),
  );
}

const waitForHolder = (dir: string, what: RegExp, ms = 30_000) =>
  until(
    () => {
      const s = currentHolder(dir);
      return s.busy && s.holder !== null && what.test(s.holder.command);
    },
    ms,
    `a job matching ${what} to hold the lock`,
  );

/**
 * Stops the process holding the job lock (SIGSTOP) until the returned function lets it go on: its job is then sure
 * to still hold the lock while a test asks for it, however fast the machine (the lock is the kernel's, held while
 * the process is stopped).
 */
function holdTheHolder(dir: string): () => void {
  const { holder } = currentHolder(dir);
  if (!holder) throw new Error("no job holds the lock");
  process.kill(holder.pid, "SIGSTOP");
  return () => process.kill(holder.pid, "SIGCONT");
}

describe("jwi commands beside a running jwi serve", () => {
  const tmp = tempDataDir("jwi-procs-");
  let server: ServerProcess;
  let files: { a: string; b: string };

  beforeAll(async () => {
    files = bigFiles();
    // A data dir as the first start leaves it (the run's template when there is one; else the server seeds it).
    copySeedTemplate("server", tmp.dir);
    // The server waits 0 s for a busy lock (its answer is an immediate 409).
    server = await startServerProcess(tmp.dir, {
      JWI_ADMIN_PASSWORD_HASH: await hashPassword(PASSWORD),
      JWI_LOCK_WAIT_S: "0",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    tmp.cleanup();
  });

  it("ingest and recalc in a terminal while the site runs; the site serves the new publication within 2 s", async () => {
    const before = await getJson(`${server.url}/api/countries/de`);
    expect(before.status).toBe(200);
    const pageBefore = await (await fetch(`${server.url}/country/de`)).text();
    expect(pageBefore).toContain(before.body.score.toFixed(1));

    const ingest = await jwi(tmp.dir, "ingest", revisedUnemployment(tmp.dir), "--type", "unemployment");
    expect(ingest.code, ingest.stderr).toBe(0);
    const recalc = await jwi(tmp.dir, "recalc", "--json");
    expect(recalc.code, recalc.stderr).toBe(0);
    const published = JSON.parse(recalc.stdout) as { countries: Array<{ code: string; score: number }> };
    const newScore = published.countries.find((c) => c.code === "DE")!.score;
    expect(newScore).toBeLessThan(before.body.score);

    const took = await until(
      async () => (await getJson(`${server.url}/api/countries/de`)).body.score === newScore,
      2_000,
      "the API",
    );
    const after = await getJson(`${server.url}/api/countries/de`);
    expect(after.etag).not.toBe(before.etag);
    await until(
      async () => (await (await fetch(`${server.url}/country/de`)).text()).includes(`${newScore.toFixed(1)}`),
      2_000,
      "the page",
    );
    console.log(`the site served the terminal's publication ${took} ms after jwi recalc ended`);

    // Status answers from the serving database, without waiting, and says nothing runs now.
    const status = await jwi(tmp.dir, "status", "--json");
    expect(status.code).toBe(0);
    expect(JSON.parse(status.stdout).job).toEqual({ running: false, holder: null });
  });

  it("an upload on the operator page and a terminal job take turns; one that will not wait names the other", async () => {
    const cookie = await login(server.url);
    const uploading = upload(server.url, cookie, files.b);
    await waitForHolder(tmp.dir, /^upload une_rt_m-wide-b\.json \(operator admin, admin page\)$/);
    const goOn = holdTheHolder(tmp.dir);
    const impatient = await jwi(tmp.dir, "recalc", "--wait", "0").finally(goOn);
    expect(impatient.code).toBe(1);
    expect(impatient.stderr).toMatch(
      /Another data job is running: upload une_rt_m-wide-b\.json \(operator admin, admin page\) \(pid \d+ on .+, started .+\)/,
    );
    const patient = await jwi(tmp.dir, "recalc", "--wait", "120", "--json");
    expect(patient.code, patient.stderr).toBe(0);
    const up = await uploading;
    expect(up.status).toBe(200);
    expect(up.body.success).toBe(true);

    // And the other way round: a terminal ingest holds the lock, the operator page gets 409 naming it.
    const terminal = startJwi(tmp.dir, ["ingest", files.a, "--type", "unemployment"]);
    await waitForHolder(tmp.dir, /^jwi ingest une_rt_m-wide-a\.json$/);
    const letGo = holdTheHolder(tmp.dir);
    const refused = await upload(server.url, cookie, fixture("real", "eurostat", "jvs_q_nace2.json")).finally(letGo);
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("busy");
    expect(refused.body.error.message).toMatch(
      /Another data job is running: jwi ingest une_rt_m-wide-a\.json \(pid \d+/,
    );
    expect((await terminal.done).code).toBe(0);

    // Nothing lost: both ingests are in the store's log.
    const status = JSON.parse((await jwi(tmp.dir, "status", "--json")).stdout) as {
      tables: Array<{ table: string; ingests: number }>;
    };
    expect(status.tables.find((t) => t.table === "une_rt_m")!.ingests).toBeGreaterThanOrEqual(4);
  });

  it("two terminal jobs at once: each waits its turn (JWI_LOCK_WAIT_S, 30 s by default), both succeed", async () => {
    const first = startJwi(tmp.dir, ["ingest", files.b, "--type", "unemployment", "--json"]);
    const second = startJwi(tmp.dir, ["ingest", files.a, "--type", "unemployment", "--json"]);
    for (const r of await Promise.all([first.done, second.done])) {
      expect(r.code, r.stderr).toBe(0);
      expect(JSON.parse(r.stdout).success).toBe(true);
    }
  });
});

async function storeState(dir: string): Promise<{ n: number; sum: number }> {
  const instance = await DuckDBInstance.create(path.join(dir, "jwi.duckdb"));
  try {
    const conn = await instance.connect();
    const reader = await conn.runAndReadAll(
      `SELECT count(*)::INTEGER, coalesce(sum(value), 0)::DOUBLE FROM observations WHERE source_table = 'une_rt_m'`,
    );
    const [n, sum] = reader.getRowsJS()[0]!;
    conn.closeSync();
    return { n: Number(n), sum: Number(sum) };
  } finally {
    instance.closeSync();
  }
}

function sqliteIntact(dir: string): string {
  const db = new Database(path.join(dir, "jwi.sqlite"));
  try {
    return db.pragma("integrity_check", { simple: true }) as string;
  } finally {
    db.close();
  }
}

describe("kill -9 of a terminal job in the middle of an ingest, ten times", () => {
  const tmp = tempDataDir("jwi-kill-");
  const refDir = tempDataDir("jwi-kill-ref-");
  afterAll(() => {
    tmp.cleanup();
    refDir.cleanup();
  });

  it("leaves the old data or the new, never a mix; the lock is free again; a normal run then works", async () => {
    const { a, b } = bigFiles();
    // The two states a kill may leave: all of file A, or all of file B.
    expect((await jwi(refDir.dir, "ingest", b, "--type", "unemployment")).code).toBe(0);
    const stateB = await storeState(refDir.dir);
    // A process: its length (start to end, as the killed ones run) is the window the kills are spread over.
    const first = await jwiProcess(tmp.dir, ["ingest", a, "--type", "unemployment"]);
    expect(first.code).toBe(0);
    const stateA = await storeState(tmp.dir);
    expect(stateA.n).toBe(stateB.n);
    expect(stateB.sum).not.toBeCloseTo(stateA.sum, 1);

    // Kill at a random moment over the whole length of an ingest (and a bit past it): before, during and after
    // its one DuckDB transaction.
    // Each trial tries to replace the state the store holds by the other one.
    const seen: string[] = [];
    let holds: "A" | "B" = "A";
    for (let i = 0; i < 10; i++) {
      const target = holds === "A" ? b : a;
      const job = startJwi(tmp.dir, ["ingest", target, "--type", "unemployment"]);
      await new Promise((r) => setTimeout(r, 50 + Math.floor(Math.random() * first.ms * 1.2)));
      job.child.kill("SIGKILL");
      const ended = await job.done;
      const state = await storeState(tmp.dir);
      const is = Math.abs(state.sum - stateA.sum) < 1e-6 ? "A" : Math.abs(state.sum - stateB.sum) < 1e-6 ? "B" : "MIX";
      seen.push(`${ended.signal === "SIGKILL" ? "killed" : `ended ${ended.code}`}→${is}`);
      expect(state.n).toBe(stateA.n);
      expect(is).not.toBe("MIX");
      holds = is as "A" | "B";
      expect(sqliteIntact(tmp.dir)).toBe("ok");
      expect(currentHolder(tmp.dir).busy).toBe(false);
    }
    console.log(`kill -9 trials (outcome → stored state): ${seen.join(", ")}`);

    const normal = await jwi(tmp.dir, "ingest", b, "--type", "unemployment", "--json");
    expect(normal.code, normal.stderr).toBe(0);
    expect(await storeState(tmp.dir)).toEqual(stateB);
    const recalc = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
    expect(recalc.code, recalc.stderr).toBe(0);
    expect(sqliteIntact(tmp.dir)).toBe("ok");
    // Eleven `jwi` processes one after another (the first and the ten killed).
  }, 180_000);
});

describe("the server's schedule and terminal jobs racing", () => {
  const tmp = tempDataDir("jwi-race-");
  let standIn: StandIn;
  let server: ServerProcess;
  beforeAll(async () => {
    standIn = await startStandIn();
    copySeedTemplate("server", tmp.dir); // as the first start leaves it (else the server seeds it)
    server = await startServerProcess(tmp.dir, {
      JWI_UPDATE_CRON: "* * * * * *",
      JWI_EUROSTAT_BASE_URL: standIn.url,
      JWI_FETCH_TIMEOUT_MS: "2000",
      JWI_FETCH_RETRIES: "0",
      JWI_FETCH_PAUSE_MS: "0",
      LOG_LEVEL: "info",
    });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    tmp.cleanup();
  });

  it("never runs two jobs at once: every terminal job succeeds (waiting when it must), ticks that find the lock taken are skipped", async () => {
    // Six terminal jobs back to back race the every-second schedule (its ticks find the lock taken or free by
    // chance). Back-to-back jobs may starve the schedule for as long as they run (a tick only starts when the
    // lock is free), so the terminal then goes quiet until a scheduled update has finished, and two more
    // terminal jobs start while the schedule is ticking again: each waits for a running update when it meets one.
    const job = (i: number) =>
      i % 2 === 0 ? ["ingest", fixture("real", "eurostat", "jvs_q_nace2.json"), "--type", "vacancy"] : ["recalc"];
    const results = [];
    // The terminal jobs run in this test's process: the race is between it and the server's job child.
    for (let i = 0; i < 6; i++) results.push(await jwi(tmp.dir, ...job(i), "--wait", "60"));
    await until(() => /"msg":"scheduled update finished"/.test(server.logs()), 45_000, "a scheduled update finishing");
    for (let i = 0; i < 2; i++) results.push(await jwi(tmp.dir, ...job(i), "--wait", "60"));
    for (const r of results) expect(r.code, r.stderr).toBe(0);
    const logs = server.logs();
    expect(logs).not.toMatch(/"msg":"scheduled update failed"/);
    // Ticks come every second while the terminal jobs hold the lock most of the time: some find it taken.
    expect(logs).toMatch(/"msg":"scheduled update skipped: another data job/);
    expect(sqliteIntact(tmp.dir)).toBe("ok");
    const status = JSON.parse((await jwi(tmp.dir, "status", "--json")).stdout) as {
      tables: Array<{ lastCheckedAt: string | null }>;
    };
    expect(status.tables.some((t) => t.lastCheckedAt !== null)).toBe(true);
    console.log(
      `${results.length} terminal jobs beside ${logs.match(/scheduled update finished/g)?.length ?? 0} scheduled updates and ${logs.match(/scheduled update skipped/g)?.length ?? 0} skipped ticks`,
    );
  }, 180_000);
});
