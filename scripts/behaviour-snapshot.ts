// What the built server answers, recorded to compare a refactoring's before and after (docs/decisions/018-one-owner-per-rule.md):
//   node bin/run-ts.mjs scripts/behaviour-snapshot.ts record DIR     (after `npm run build`)
//   node bin/run-ts.mjs scripts/behaviour-snapshot.ts compare DIR_BEFORE DIR_AFTER
// `record` starts the real server (server/main.ts) on a temporary data dir seeded from the bundled real files
// with a pinned as-of and clock, and stores status, headers and body of every public page, the OpenAPI document,
// the API's reads, the images and the SEO files, each asked twice (the second answer comes from the caches and the
// fast paths). `compare` sets aside only what differs from run to run or build to build: the seed's wall-clock
// times (and the ETags made from them), CSP nonces, request ids, the build's hashed asset names and chunk lists.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startSiteServer } from "../server/main.ts";

const URLS = [
  "/",
  "/country/de",
  "/country/fr",
  "/country/li",
  "/country/ch",
  "/country/xx",
  "/job-market/germany",
  "/job-market/spain",
  "/brightest",
  "/stormiest",
  "/brightest-markets",
  "/top-regions",
  "/waiting-list/cv-review",
  "/methodology",
  "/open-data",
  "/open-data/api",
  "/contact",
  "/de/contact",
  "/de/methodology",
  "/privacy",
  "/terms",
  "/admin",
  "/nope",
  "/api/openapi.json",
  "/api/countries",
  "/api/countries/DE",
  "/api/countries/DE/history",
  "/api/rankings/brightest",
  "/api/rankings/x",
  "/api/health",
  "/api/countries/DE/experiences",
  "/api/v1/countries",
  "/api/v1/countries/DE",
  "/api/v1/countries/de",
  "/api/v1/countries/ZZ",
  "/api/v1/countries/DE/history",
  "/api/v1/countries/DE/history.csv",
  "/api/v1/rankings/stormiest",
  "/api/v1/rankings/nope",
  "/api/v1/regions",
  "/api/v1/sources",
  "/api/v1/scores.csv",
  "/api/v1/health",
  "/api/admin/status",
  "/sitemap.xml",
  "/robots.txt",
  "/og/de.png",
  "/og/li.png",
  "/og/zz.png",
  "/badge/de.svg",
  "/badge/LI.svg",
  "/badge/zz.svg",
  "/api/feeds/scores.xml",
  "/feeds/scores.xml",
  "/api/feeds/changes.xml",
  "/feeds/all.atom",
  "/feeds/de.atom",
];
const VOLATILE_HEADERS = new Set([
  "date",
  "x-request-id",
  "content-length",
  "keep-alive",
  "connection",
  "content-security-policy",
]);

async function record(out: string): Promise<void> {
  mkdirSync(out, { recursive: true });
  const now = new Date("2026-11-22T12:00:00.000Z");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-snapshot-"));
  const server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    config: {
      env: "test",
      httpLog: false,
      publicOrigin: "https://jobweather.example",
      feedbackUrl: "https://forms.example.org/jwi-feedback",
    },
    handleSignals: false,
    seedAsOf: "2026-11-22",
    now: () => now,
    shutdownTimeoutMs: 2000,
  });
  try {
    for (const url of URLS) {
      for (const pass of [1, 2]) {
        const res = await fetch(`http://127.0.0.1:${server.port}${url}`, {
          headers: { "accept-encoding": "identity" },
          redirect: "manual",
        });
        const body = Buffer.from(await res.arrayBuffer()).toString("latin1");
        const headers = [...res.headers.entries()]
          .filter(([k]) => !VOLATILE_HEADERS.has(k))
          .map(([k, v]) => `${k}: ${v}`)
          .join("\n");
        const csp = res.headers.get("content-security-policy") ?? "";
        writeFileSync(
          path.join(out, `${url.replace(/[^a-z0-9]+/gi, "_")}.${pass}`),
          `${res.status}\n${headers}\ncsp: ${csp}\n\n${body}`,
          "latin1",
        );
      }
    }
  } finally {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** One answer without what differs from run to run (seed times, nonces) or build to build (asset names). */
export function normalise(text: string): string {
  return text
    .replace(/\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d+)?Z/g, (t) => (t.startsWith("2026-11-22T12:00:00") ? t : "TIME"))
    .replace(/\d{8}T\d{9}Z/g, (t) => (t.startsWith("20261122T120000") ? t : "STAMP"))
    .replace(/^etag: .*$/gim, "etag: E")
    .replace(/^last-modified: .*$/gim, "last-modified: L")
    .replace(/nonce-[A-Za-z0-9+/=]+/g, "nonce-N")
    .replace(/nonce="[^"]*"/g, 'nonce="N"')
    .replace(/<link rel="modulepreload"[^>]*\/>/g, "")
    .replace(/\s*"\/assets\/[^"]*",?/g, "")
    .replace(/\/assets\/([A-Za-z0-9_.-]+?)-[A-Za-z0-9_-]{8}\.(js|css)/g, "/assets/$1-H.$2")
    .replace(/"version": *"[0-9a-f]{8}"/g, "");
}

function compare(before: string, after: string): number {
  let differing = 0;
  const files = readdirSync(before)
    .filter((f) => /\.[12]$/.test(f))
    .sort();
  for (const f of files) {
    const b = normalise(readFileSync(path.join(before, f), "latin1"));
    const a = existsSync(path.join(after, f)) ? normalise(readFileSync(path.join(after, f), "latin1")) : null;
    if (a !== b) {
      differing++;
      console.log(`differs: ${f}`);
    }
  }
  console.log(`${files.length} answers compared, ${differing} differ`);
  return differing;
}

const [mode, a, b] = process.argv.slice(2);
if (mode === "record" && a) await record(a);
else if (mode === "compare" && a && b) process.exitCode = compare(a, b) === 0 ? 0 : 1;
else {
  console.error("usage: behaviour-snapshot.ts record DIR | compare DIR_BEFORE DIR_AFTER");
  process.exitCode = 2;
}
