// Site benchmark (printed figures, no assertions), per page type:
//   - JavaScript and CSS the browser downloads for the page, gzipped: every module script, modulepreload
//     and stylesheet the server-rendered HTML references (React Router preloads each route's whole
//     import graph, so this is what a first visit ships); target ≤ 110 KB of JS for a country page;
//   - the HTML document itself, gzipped, and the part of it that is React Router's loader data (the inline
//     `streamController.enqueue(…)` scripts: route data and the page's messages, docs/i18n.md "Loading");
//   - server render time: sequential GETs of the full document on loopback (median and p95, after a warm-up);
//   - what a real browser transfers for the page (Chromium through playwright-core, every response's bytes as sent,
//     brotli where it asks for it): JavaScript and everything, until the page's `load`.
// The real server (API + site) runs in this process on a temporary data dir seeded from the bundled fixtures.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { startBenchSite } from "./site.ts";

const WARMUP = 20;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 200);
/** The country page's JavaScript, gzipped (issue 19; docs/decisions/017-page-weight.md). */
const JS_TARGET_KB = 110;
const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

/** Bytes Chromium received for a page until its load event (bodies as sent, plus headers), JavaScript apart. */
async function browserBytes(
  base: string,
  paths: string[],
): Promise<Map<string, { js: number; total: number; requests: number }>> {
  const out = new Map<string, { js: number; total: number; requests: number }>();
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium",
    args: CHROMIUM_FLAGS,
  });
  try {
    for (const p of paths) {
      // A fresh context each time: an empty cache, as a first visit.
      const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
      const page = await context.newPage();
      const pending: Array<Promise<void>> = [];
      const sum = { js: 0, total: 0, requests: 0 };
      page.on("requestfinished", (req) => {
        pending.push(
          req.sizes().then((sz) => {
            const bytes = sz.responseBodySize + sz.responseHeadersSize;
            sum.total += bytes;
            sum.requests++;
            if (req.resourceType() === "script") sum.js += bytes;
          }),
        );
      });
      await page.goto(base + p, { waitUntil: "load" });
      await Promise.all(pending);
      out.set(p, sum);
      await context.close();
    }
  } finally {
    await browser.close();
  }
  return out;
}

const PAGES: Array<{ type: string; path: string }> = [
  { type: "home", path: "/" },
  { type: "country", path: "/country/de" },
  { type: "country (de)", path: "/de/country/de" },
  { type: "job-market", path: "/job-market/germany" },
  { type: "ranking", path: "/brightest" },
  { type: "top-regions", path: "/top-regions" },
  { type: "waiting-list", path: "/waiting-list/career-consultant" },
  { type: "methodology", path: "/methodology" },
  { type: "legal", path: "/privacy" },
  { type: "404", path: "/no-such-page" },
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

function assetsOf(html: string): { js: string[]; css: string[] } {
  const js = new Set<string>();
  const css = new Set<string>();
  for (const m of html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*href="([^"]+)"[^>]*rel="modulepreload"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g)) js.add(m[1]);
  // React Router's inline module script imports the entry and route modules.
  for (const m of html.matchAll(/import(?:\s+\*\s+as\s+\w+\s+from)?\s*"([^"]+\.js)"/g)) js.add(m[1]);
  for (const m of html.matchAll(/<link[^>]*rel="stylesheet"[^>]*href="([^"]+)"/g)) css.add(m[1]);
  return { js: [...js], css: [...css] };
}

/** The loader data React Router writes into the page (its turbo-stream, in inline scripts), gzipped on its own. */
function loaderDataSize(html: string): number {
  const scripts = [...html.matchAll(/<script[^>]*>([^<]*streamController\.enqueue[^<]*)<\/script>/g)].map((m) => m[1]);
  return gzipSync(scripts.join(""), { level: 9 }).length;
}

function gzippedSize(clientDir: string, url: string, cache: Map<string, number>): number {
  const hit = cache.get(url);
  if (hit !== undefined) return hit;
  const file = path.join(clientDir, new URL(url, "http://x").pathname);
  const size = gzipSync(readFileSync(file), { level: 9 }).length;
  cache.set(url, size);
  return size;
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

export async function run(): Promise<void> {
  const site = await startBenchSite("web");
  const { base, clientDir } = site;
  const cache = new Map<string, number>();
  const rows: string[][] = [];
  const initial = new Set<string>();
  let countryJs = 0;
  let countryJsFiles = 0;
  let countryChunks: string[] = [];
  let transferred = new Map<string, { js: number; total: number; requests: number }>();
  try {
    for (const page of PAGES) {
      const first = await fetch(base + page.path);
      const html = await first.text();
      const { js, css } = assetsOf(html);
      for (const u of js) initial.add(path.basename(u));
      const jsBytes = js.reduce((sum, u) => sum + gzippedSize(clientDir, u, cache), 0);
      const cssBytes = css.reduce((sum, u) => sum + gzippedSize(clientDir, u, cache), 0);
      const htmlBytes = gzipSync(html, { level: 9 }).length;
      if (page.type === "country") {
        countryJs = jsBytes;
        countryJsFiles = js.length;
        countryChunks = js
          .map((u) => ({
            name: path.basename(u).replace(/-[\w-]{8}\.js$/, ""),
            size: gzippedSize(clientDir, u, cache),
          }))
          .sort((a, b) => b.size - a.size)
          .map((c) => `${c.name} ${kb(c.size)}`);
      }

      for (let i = 0; i < WARMUP; i++) await (await fetch(base + page.path)).arrayBuffer();
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await (await fetch(base + page.path)).arrayBuffer();
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      rows.push([
        page.type,
        String(first.status),
        `${js.length} files`,
        kb(jsBytes),
        kb(cssBytes),
        kb(htmlBytes),
        kb(loaderDataSize(html)),
        percentile(times, 50).toFixed(2),
        percentile(times, 95).toFixed(2),
      ]);
    }
    if (process.env.BENCH_WEB_BROWSER !== "0")
      transferred = await browserBytes(
        base,
        PAGES.map((p) => p.path),
      );
  } finally {
    await site.close();
  }
  const header = [
    "page type",
    "status",
    "JS files",
    "JS KB gz",
    "CSS KB gz",
    "HTML KB gz",
    "of it data",
    "render p50 ms",
    "render p95 ms",
  ];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  console.log(
    `Site: assets per page type (gzip -9) and server render time (${RUNS} sequential GETs after ${WARMUP} warm-up, loopback)`,
  );
  console.log(line(header));
  for (const r of rows) console.log(line(r));
  // Chunks none of these pages loads up front: fetched on use (share form, picker dropdown, tooltips and
  // popovers, drawer, toasts) or belonging to other routes.
  const onDemand = readdirSync(path.join(clientDir, "assets"))
    .filter((f) => f.endsWith(".js") && !initial.has(f) && !f.startsWith("manifest-"))
    .map((f) => `${f} ${kb(gzippedSize(clientDir, `/assets/${f}`, cache))}`);
  console.log(`Not loaded up front by these pages (on demand, or other routes), gzipped KB: ${onDemand.join(", ")}`);
  console.log(
    `Country page JS: ${kb(countryJs)} KB gzipped in ${countryJsFiles} files (target ≤ ${JS_TARGET_KB} KB: ${countryJs / 1024 <= JS_TARGET_KB ? "met" : "NOT met"}).`,
  );
  console.log(`Country page JS by file, gzipped KB: ${countryChunks.join(", ")}`);
  if (transferred.size > 0) {
    console.log(`Transferred by Chromium until load (first visit, 390 px wide; bodies as sent + headers), KB:`);
    console.log(`${"page".padEnd(34)}${"JS".padStart(8)}${"all".padStart(8)}${"requests".padStart(10)}`);
    for (const p of PAGES) {
      const t = transferred.get(p.path);
      if (t)
        console.log(
          `${p.path.padEnd(34)}${kb(t.js).padStart(8)}${kb(t.total).padStart(8)}${String(t.requests).padStart(10)}`,
        );
    }
  }
}

// `node bin/run-ts.mjs bench/web.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
