// API benchmark (printed figures, no assertions). autocannon on loopback, 50 connections, 5 s per case:
// GET /api/countries/de, GET /api/rankings/brightest, POST experiences (rate limit lifted), and the same
// GETs against a bare node:http server answering the same precomputed JSON (the ceiling).
// The server runs in a child process (one core), autocannon here (the other core).
import { spawn } from "node:child_process";
import http from "node:http";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import autocannon, { type Result } from "autocannon";
import { openPipeline } from "../pipeline/index.ts";
import { ingestBundled } from "../pipeline/seed.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);

interface Row {
  name: string;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

async function measure(
  name: string,
  opts: { url: string; method?: string; body?: string; headers?: Record<string, string> },
): Promise<Row> {
  const r: Result = await autocannon({ connections: CONNECTIONS, duration: DURATION_S, ...opts });
  return {
    name,
    rps: r.requests.average,
    p50: r.latency.p50,
    p99: r.latency.p99,
    non2xx: r.non2xx,
    errors: r.errors + r.timeouts,
  };
}

/**
 * Open loop with evenly spaced arrivals: request i is due at start + i / rate and its latency is counted from
 * that moment (a late send counts against the server, so no coordinated omission). autocannon's `overallRate`
 * is not used here: it sends each second's quota in a burst at the start of the second, so its p99 measures the
 * burst's queue, not the latency at that rate (mcollina/autocannon#174).
 */
async function paced(name: string, url: string, body: string, rate: number): Promise<Row> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: CONNECTIONS });
  const total = rate * DURATION_S;
  const lat: number[] = [];
  let non2xx = 0;
  let errors = 0;
  const start = performance.now() + 50;
  const one = (due: number) =>
    new Promise<void>((resolve) => {
      const req = http.request(
        url,
        {
          method: "POST",
          agent,
          headers: { "content-type": "application/json", "content-length": Buffer.byteLength(body) },
        },
        (res) => {
          res.resume();
          res.on("end", () => {
            lat.push(performance.now() - due);
            if (res.statusCode! < 200 || res.statusCode! >= 300) non2xx++;
            resolve();
          });
        },
      );
      req.on("error", () => {
        errors++;
        resolve();
      });
      req.end(body);
    });
  const inFlight: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const due = start + (i * 1000) / rate;
    // Never before it is due (a timer may fire up to a millisecond late: that counts against the server).
    while (performance.now() < due) await new Promise((r) => setTimeout(r, Math.max(0, due - performance.now())));
    inFlight.push(one(due));
  }
  await Promise.all(inFlight);
  agent.destroy();
  const elapsed = (performance.now() - start) / 1000;
  lat.sort((a, b) => a - b);
  const q = (p: number) => lat[Math.min(lat.length - 1, Math.floor(p * lat.length))] ?? NaN;
  return { name, rps: lat.length / elapsed, p50: q(0.5), p99: q(0.99), non2xx, errors };
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]!.split(" ");
  const ticks = Number(fields[11]) + Number(fields[12]); // utime, stime (fields 14 and 15 of stat)
  return (ticks * 1000) / 100; // USER_HZ is 100 on Linux
}

const POST_BODY = JSON.stringify({
  role_family: "Product",
  seniority: "Mid",
  residency: "Local resident",
  local_language: true,
  mood: 4,
  comment: "bench",
});

/**
 * The write path: closed loop (50 connections, each sending its next request when its answer arrives) and open
 * loop at fixed rates. In a closed loop the mean latency is connections ÷ throughput (Little's law), whatever the
 * server does per request: a p99 below 20 ms at 50 connections needs well over 6,000 writes a second. The server's
 * own CPU time per write says what one process can sustain; the fixed rates show the latency a visitor sees at a
 * given load. See docs/decisions/010-write-path.md.
 */
async function writePath(api: string, pid: number): Promise<void> {
  const url = `${api}/api/countries/de/experiences`;
  const post = { url, method: "POST", headers: { "content-type": "application/json" }, body: POST_BODY };
  const cpu0 = cpuMs(pid);
  const closed = await measure("POST, closed loop", post);
  const cpuPerWrite = (cpuMs(pid) - cpu0) / (closed.rps * DURATION_S);
  const rows = [closed];
  for (const rate of [250, 500, 1000, 2000])
    rows.push(await paced(`POST, open loop ${rate}/s (evenly spaced)`, url, POST_BODY, rate));
  console.log(
    `\nwrite path: POST experiences, ${CONNECTIONS} connections, ${DURATION_S} s each (load average ${os.loadavg()[0]!.toFixed(1)})`,
  );
  console.log(
    `${"case".padEnd(46)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}  non-2xx errors`,
  );
  for (const r of rows)
    console.log(`${r.name.padEnd(46)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}  ${r.non2xx} ${r.errors}`);
  console.log(
    `server CPU per write ${cpuPerWrite.toFixed(2)} ms (one process: at most ${Math.round(1000 / cpuPerWrite)} writes/s); ` +
      `closed-loop mean latency = ${CONNECTIONS} / ${closed.rps.toFixed(0)} req/s = ${((CONNECTIONS / closed.rps) * 1000).toFixed(1)} ms (Little's law); ` +
      `target p99 < 20 ms`,
  );
}

async function startChild(dataDir: string, httpLog: boolean) {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "bin/run-ts.mjs"), path.join(HERE, "api-server.ts"), dataDir, String(httpLog)],
    {
      // Request logs go to stderr, discarded here: the server still formats and writes every line.
      stdio: ["ignore", "pipe", "ignore"],
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench server exited (${code})`)));
  });
  const urls = JSON.parse(line) as { api: string; ceiling: string };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { ...urls, pid: child.pid!, stop };
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

export async function run(): Promise<void> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-api-"));
  try {
    const pipeline = await openPipeline({ dataDir });
    await ingestBundled(pipeline);
    await pipeline.recalc();
    pipeline.close();

    for (const httpLog of [true, false]) {
      const server = await startChild(dataDir, httpLog);
      try {
        await measure("warm-up", { url: `${server.api}/api/countries/de` });
        const rows: Row[] = [];
        rows.push(await measure("API      GET /api/countries/de", { url: `${server.api}/api/countries/de` }));
        rows.push(await measure("ceiling  GET /api/countries/de", { url: `${server.ceiling}/api/countries/de` }));
        rows.push(
          await measure("API      GET /api/rankings/brightest", { url: `${server.api}/api/rankings/brightest` }),
        );
        rows.push(
          await measure("ceiling  GET /api/rankings/brightest", { url: `${server.ceiling}/api/rankings/brightest` }),
        );
        rows.push(
          await measure("API      POST /api/countries/de/experiences", {
            url: `${server.api}/api/countries/de/experiences`,
            method: "POST",
            headers: { "content-type": "application/json" },
            body: POST_BODY,
          }),
        );
        console.log(
          `\nrequest logging ${httpLog ? "on (pino-http, production default)" : "off (JWI_HTTP_LOG=false)"}; ${CONNECTIONS} connections, ${DURATION_S} s each`,
        );
        console.log(
          `${"case".padEnd(46)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}  non-2xx errors`,
        );
        for (const r of rows)
          console.log(`${r.name.padEnd(46)}${fmt(r.rps)}${fmt(r.p50, 1)}${fmt(r.p99, 1)}  ${r.non2xx} ${r.errors}`);
        const ratio = (a: number, b: number) => `${((rows[a]!.rps / rows[b]!.rps) * 100).toFixed(0)}%`;
        console.log(
          `API / ceiling: countries/de ${ratio(0, 1)}, rankings/brightest ${ratio(2, 3)} (target ≥ 50%, p99 < 20 ms)`,
        );
        if (!httpLog) await writePath(server.api, server.pid);
      } finally {
        await server.stop();
      }
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}
