// Country page under load (printed figures, no assertions): autocannon, 50 connections, 5 s, against the real
// server with the site (production mode, request logging on as in production), GET /country/de: requests per
// second and p99 latency. Target ≥ 1,000 req/s with p99 < 100 ms on the 2-core machine. Run twice: with the
// bundled data, then with 75,000 community posts for DE (the load that made the page fall to 25 req/s when
// every request rendered it). The server runs in a child process (one core), autocannon here (the other).
// Then the bytes on the wire of `/`, `/country/de` and the entry script: as they are, gzip and brotli (a browser's
// `Accept-Encoding: gzip, deflate, br, zstd` gets brotli), and the bundled-data load once more with that header.
// BENCH_CPU_PROF=1 writes a CPU profile of the server (node --cpu-prof) into the working directory.
import { spawn } from "node:child_process";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath } from "node:url";
import Database from "better-sqlite3";
import autocannon from "autocannon";
import { openPipeline, SQLITE_FILE } from "../pipeline/index.ts";
import { SITE_BUILD_DIR } from "../lib/paths.ts";
import { ingestBundled } from "../pipeline/seed.ts";
import { applyApiSchema } from "../api/db/schema.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const CONNECTIONS = 50;
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const TARGET_RPS = 1000;
const TARGET_P99_MS = 100;
const COMMUNITY = 75_000;

/**
 * The real server with the site in a child process (bench/site-server.ts); `env` is added to its environment and
 * `nodeFlags` to its node command line.
 */
export async function startChild(
  dataDir: string,
  httpLog: boolean,
  env: NodeJS.ProcessEnv = {},
  nodeFlags: string[] = [],
) {
  const prof = [...(process.env.BENCH_CPU_PROF === "1" ? ["--cpu-prof"] : []), ...nodeFlags];
  const child = spawn(
    process.execPath,
    [...prof, path.join(ROOT, "bin/run-ts.mjs"), path.join(HERE, "site-server.ts"), dataDir, String(httpLog)],
    {
      // Request logs go to stderr, discarded here: the server still formats and writes every line.
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, ...env },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    const rl = createInterface({ input: child.stdout! });
    rl.once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench site server exited (${code})`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const stop = () =>
    new Promise<void>((resolve) => {
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop, pid: child.pid! };
}

function addCommunity(dataDir: string, n: number): void {
  const db = new Database(path.join(dataDir, SQLITE_FILE));
  try {
    applyApiSchema(db);
    const insert = db.prepare(
      `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
       VALUES ('DE', 'IT/Engineering', 'Senior', 'Local resident', 1, ?, ?, ?)`,
    );
    db.transaction(() => {
      for (let i = 0; i < n; i++)
        insert.run(
          (i % 5) + 1,
          i % 3 === 0 ? `bench post ${i}` : null,
          new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
        );
    })();
  } finally {
    db.close();
  }
}

const fmt = (n: number, d = 0) => n.toFixed(d).padStart(9);

/** What a browser sends (Chromium 1xx). */
const BROWSER_ACCEPT_ENCODING = "gzip, deflate, br, zstd";

/** Bytes of an answer's body as sent (no decompression) and its Content-Encoding. */
function wireBytes(url: string, acceptEncoding: string | null): Promise<{ bytes: number; encoding: string }> {
  return new Promise((resolve, reject) => {
    const headers = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
    http
      .get(url, { headers }, (res) => {
        let bytes = 0;
        res.on("data", (c: Buffer) => (bytes += c.length));
        res.on("end", () => resolve({ bytes, encoding: String(res.headers["content-encoding"] ?? "identity") }));
      })
      .on("error", reject);
  });
}

async function printWireBytes(base: string): Promise<void> {
  const html = await new Promise<string>((resolve, reject) => {
    http
      .get(`${base}/`, (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (c: string) => (text += c));
        res.on("end", () => resolve(text));
      })
      .on("error", reject);
  });
  const entry = /\/assets\/entry\.client-[\w-]+\.js/.exec(html)?.[0];
  console.log(
    `bytes on the wire${"".padEnd(23)}${"identity".padStart(10)}${"gzip".padStart(10)}${"br".padStart(10)}  browser gets`,
  );
  for (const p of ["/", "/country/de", ...(entry ? [entry] : [])]) {
    const [plain, gzip, br, browser] = await Promise.all(
      [null, "gzip", "br", BROWSER_ACCEPT_ENCODING].map((ae) => wireBytes(base + p, ae)),
    );
    const label = p.startsWith("/assets/") ? "entry script" : p;
    console.log(
      `${label.padEnd(40)}${String(plain!.bytes).padStart(10)}${String(gzip!.bytes).padStart(10)}${String(br!.bytes).padStart(10)}  ${browser!.encoding}`,
    );
  }
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(SITE_BUILD_DIR, "server", "index.js"))) {
    console.log("the site is not built: run `npm run build` first");
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-pages-"));
  try {
    const pipeline = await openPipeline({ dataDir });
    await ingestBundled(pipeline);
    await pipeline.recalc();
    pipeline.close();

    console.log(
      `GET /country/de, ${CONNECTIONS} connections, ${DURATION_S} s, server in production mode with request logging`,
    );
    console.log(
      `${"case".padEnd(40)}${"req/s".padStart(9)}${"p50 ms".padStart(9)}${"p99 ms".padStart(9)}  non-2xx errors  target`,
    );
    const cases = [
      ["bundled data", 0, null],
      [`bundled data, Accept-Encoding of a browser`, 0, BROWSER_ACCEPT_ENCODING],
      [`+ ${COMMUNITY.toLocaleString("en")} posts for DE`, COMMUNITY, null],
    ] as const;
    for (const [label, posts, acceptEncoding] of cases) {
      if (posts) addCommunity(dataDir, posts);
      const server = await startChild(dataDir, true);
      try {
        const url = `${server.url}/country/de`;
        const headers: Record<string, string> = acceptEncoding === null ? {} : { "accept-encoding": acceptEncoding };
        if (!posts && acceptEncoding === null) await printWireBytes(server.url);
        await autocannon({ url, connections: CONNECTIONS, duration: 1, headers }); // warm-up
        const r = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S, headers });
        const met = r.requests.average >= TARGET_RPS && r.latency.p99 < TARGET_P99_MS;
        console.log(
          `${label.padEnd(40)}${fmt(r.requests.average)}${fmt(r.latency.p50, 1)}${fmt(r.latency.p99, 1)}  ${String(r.non2xx).padStart(7)} ${String(r.errors + r.timeouts).padStart(6)}  ${met ? "met" : "NOT met"}`,
        );
      } finally {
        await server.stop();
      }
    }
    console.log(`target: ≥ ${TARGET_RPS} req/s and p99 < ${TARGET_P99_MS} ms`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bin/run-ts.mjs bench/pages.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
