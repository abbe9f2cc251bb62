// Operator jobs do not pause public traffic: while the operator uploads a 17 MB JSON-stat cube (the widened
// une_rt_m of bench/pipeline.ts, 1.3 M values) through the admin API and then recalculates, /api/health and the
// country page are requested every 10 ms; the p99 of each stays under 100 ms. Three processes, as in production:
// `jwi serve` (which runs the jobs in its job child), the operator's client sending the file, and this test
// polling. Before, /api/health waited up to 1.7 s during a 52 MB upload and recalc.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { widenUnemploymentCube } from "../../bench/pipeline.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import { AS_OF, login, seedDataDir, testPasswordHash } from "../api/helpers.ts";
import { startServerProcess, type ServerProcess } from "../helpers/processes.ts";

let dataDir: string;
let server: ServerProcess;
beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-timing-jobs-"));
  // Seeded with its share cards, as production is: the recalc below keys them (the server draws none here).
  await seedDataDir(dataDir, [], { cards: true });
  server = await startServerProcess(dataDir, {
    NODE_ENV: "production",
    JWI_PUBLIC_ORIGIN: "https://jobweather.example",
    JWI_ADMIN_PASSWORD_HASH: await testPasswordHash(),
    JWI_LOCK_WAIT_S: "0",
  });
});
afterAll(async () => {
  await server?.stop();
  rmSync(dataDir, { recursive: true, force: true });
});

/** The operator's client in its own process: uploads `file`, then recalculates; prints both answers as JSON. */
const OPERATOR = `
const [base, cookie, file, asOf] = process.argv.slice(1);
const { readFileSync } = await import("node:fs");
const started = performance.now();
const form = new FormData();
form.append("data_type", "unemployment");
form.append("file", new Blob([readFileSync(file)]), "une_rt_m_wide.json");
const upload = await fetch(base + "/api/admin/upload", { method: "POST", headers: { cookie }, body: form });
const uploadBody = await upload.json();
const uploadMs = Math.round(performance.now() - started);
const recalc = await fetch(base + "/api/admin/recalculate", { method: "POST", headers: { cookie, "content-type": "application/json" }, body: JSON.stringify({ as_of: asOf }) });
await recalc.arrayBuffer();
console.log(JSON.stringify({ upload: { status: upload.status, body: uploadBody, ms: uploadMs }, recalc: { status: recalc.status, ms: Math.round(performance.now() - started) } }));
`;

function operator(base: string, cookie: string, file: string): Promise<any> {
  const child = spawn(process.execPath, ["--input-type=module", "-e", OPERATOR, base, cookie, file, AS_OF], {
    stdio: ["ignore", "pipe", "inherit"],
  });
  let out = "";
  child.stdout!.on("data", (d) => (out += d));
  return new Promise((resolve, reject) =>
    child.on("close", (code) =>
      code === 0 ? resolve(JSON.parse(out)) : reject(new Error(`operator client exited ${code}`)),
    ),
  );
}

/**
 * Requests `p` every 10 ms until `until` settles; the latencies in ms (every answer must be 200). Every 10 ms, not
 * 20: the two jobs take under 3 s since they start faster, and a p99 of fewer than 100 answers is their maximum, so
 * the one render of the country page that follows the publication decided it alone (139 ms once).
 */
async function poll(p: string, until: Promise<unknown>): Promise<number[]> {
  let done = false;
  void until.finally(() => (done = true));
  const latencies: number[] = [];
  while (!done) {
    const started = performance.now();
    const res = await fetch(server.url + p);
    await res.arrayBuffer();
    expect(res.status).toBe(200);
    latencies.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  return latencies;
}

function stats(latencies: number[]) {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * q))]! * 10) / 10;
  return { n: sorted.length, p50: at(0.5), p99: at(0.99), max: Math.round(sorted.at(-1)!) };
}

describe("public traffic during a big upload and a recalc", () => {
  it("health and the country page answer with p99 < 100 ms", async () => {
    const { text, values } = widenUnemploymentCube(0.1);
    const file = path.join(dataDir, "..", `${path.basename(dataDir)}-cube.json`);
    writeFileSync(file, text);
    try {
      const cookie = await login(server.url);
      // Warm up: the page rendered and cached, the routes compiled.
      for (let i = 0; i < 5; i++) {
        await (await fetch(`${server.url}/country/de`)).arrayBuffer();
        await (await fetch(`${server.url}/api/health`)).arrayBuffer();
      }
      const jobs = operator(server.url, cookie, file);
      const [health, page] = await Promise.all([poll("/api/health", jobs), poll("/country/de", jobs)]);
      const { upload, recalc } = await jobs;

      const h = stats(health);
      const p = stats(page);
      console.log(
        `upload of ${(text.length / 1e6).toFixed(1)} MB (${values} values): ${upload.status} after ${upload.ms} ms; recalc ${recalc.status} after ${recalc.ms} ms in all`,
      );
      console.log(`meanwhile /api/health: ${h.n} requests, p50 ${h.p50} ms, p99 ${h.p99} ms, max ${h.max} ms`);
      console.log(`meanwhile /country/de: ${p.n} requests, p50 ${p.p50} ms, p99 ${p.p99} ms, max ${p.max} ms`);
      expect(upload.status, JSON.stringify(upload.body).slice(0, 300)).toBe(200);
      expect(upload.body.success).toBe(true);
      expect(upload.body.inserted + upload.body.updated).toBeGreaterThan(0);
      expect(recalc.status).toBe(200);
      // A p99 of fewer than 100 answers would be their maximum.
      expect(h.n).toBeGreaterThanOrEqual(100);
      expect(p.n).toBeGreaterThanOrEqual(100);
      expect(h.p99).toBeLessThan(100);
      expect(p.p99).toBeLessThan(100);
    } finally {
      rmSync(file, { force: true });
    }
  });
});
