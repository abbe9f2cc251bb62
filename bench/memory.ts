// The server's memory under junk URLs (printed figures, no assertions; issue 33): the real server with the site in a
// child process (bench/site-server.ts, production mode), its resident set size (VmRSS) read from /proc before and
// after
//   1. 2,000 distinct junk query strings on public pages that read no query (`/open-data/api?r=N`, `/?utm_…`, …):
//      each is answered by a redirect to the page without it (server/site/page-query.ts), so none is a render or an entry;
//   2. 2,000 distinct values of a parameter a page does read (`/country/de?range=N`): each is a render and an entry,
//      and the page cache's byte bound (JWI_PAGE_CACHE_MB, set small here) is what keeps the memory.
// Target: each rise below the cache's bound plus 50 MB. Before the bound was in bytes, 600 such requests took the
// server from 464 MB to 981 MB.
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { openPipeline } from "../pipeline/index.ts";
import { SITE_BUILD_DIR } from "../lib/paths.ts";
import { ingestBundled } from "../pipeline/seed.ts";
import { startChild } from "./pages.ts";

const REQUESTS = 2_000;
const CACHE_MB = 16;
const SLACK_MB = 50;
const JUNK_PAGES = ["/open-data/api", "/", "/methodology", "/brightest", "/de/top-regions", "/country/fr"];

/**
 * Resident set size of the server in MB (Linux /proc), after it collected its garbage (SIGUSR2 under --expose-gc:
 * bench/site-server.ts): without that, the figure swings by 300 MB with the garbage collector's moods.
 */
async function rssMb(pid: number): Promise<number> {
  for (let i = 0; i < 2; i++) {
    process.kill(pid, "SIGUSR2");
    await new Promise((r) => setTimeout(r, 300));
  }
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
  return kb ? Number(kb) / 1024 : Number.NaN;
}

/** GET without following redirects; resolves with the status once the body is read. */
function get(url: string, agent: http.Agent): Promise<number> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { agent, headers: { "accept-encoding": "gzip" } }, (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      })
      .on("error", reject);
  });
}

async function many(urls: string[], agent: http.Agent): Promise<Map<number, number>> {
  const statuses = new Map<number, number>();
  for (let i = 0; i < urls.length; i += 8) {
    const batch = await Promise.all(urls.slice(i, i + 8).map((u) => get(u, agent)));
    for (const s of batch) statuses.set(s, (statuses.get(s) ?? 0) + 1);
  }
  return statuses;
}

export async function run(): Promise<void> {
  if (!existsSync(path.join(SITE_BUILD_DIR, "server", "index.js"))) {
    console.log("the site is not built: run `npm run build` first");
    return;
  }
  if (!existsSync("/proc/self/status")) {
    console.log("no /proc here: the resident set size cannot be read");
    return;
  }
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-memory-"));
  const server = await (async () => {
    const pipeline = await openPipeline({ dataDir });
    await ingestBundled(pipeline);
    await pipeline.recalc();
    pipeline.close();
    return startChild(dataDir, false, { JWI_PAGE_CACHE_MB: String(CACHE_MB) }, ["--expose-gc"]);
  })();
  const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  try {
    // Warm: every page once, so that what is measured is the junk, not the first renders.
    await many(
      JUNK_PAGES.map((p) => server.url + p),
      agent,
    );
    const bound = CACHE_MB + SLACK_MB;
    console.log(`server's RSS (MB), page cache bound JWI_PAGE_CACHE_MB=${CACHE_MB}; target: rise < ${bound} MB`);
    console.log(`${"case".padEnd(58)}${"before".padStart(8)}${"after".padStart(8)}${"rise".padStart(8)}  answers`);
    const cases: Array<[string, (i: number) => string]> = [
      [
        `${REQUESTS} junk query strings on ${JUNK_PAGES.length} pages`,
        (i) => `${JUNK_PAGES[i % JUNK_PAGES.length]}?r=${i}&utm_source=${i.toString(36)}`,
      ],
      [`${REQUESTS} values of a parameter read (/country/de?range=N)`, (i) => `/country/de?range=junk${i}`],
    ];
    for (const [label, url] of cases) {
      const before = await rssMb(server.pid);
      const statuses = await many(
        Array.from({ length: REQUESTS }, (_, i) => server.url + url(i)),
        agent,
      );
      const after = await rssMb(server.pid);
      const rise = after - before;
      const answers = [...statuses].map(([s, n]) => `${n}× ${s}`).join(", ");
      console.log(
        `${label.padEnd(58)}${before.toFixed(0).padStart(8)}${after.toFixed(0).padStart(8)}${rise.toFixed(0).padStart(8)}  ${answers}  ${rise < bound ? "met" : "NOT met"}`,
      );
    }
  } finally {
    agent.destroy();
    await server.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

// `node bin/run-ts.mjs bench/memory.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
