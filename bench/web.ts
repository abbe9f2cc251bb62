// Site benchmark (printed figures, no assertions), per page type:
//   - JavaScript and CSS the browser downloads for the page, gzipped: every module script, modulepreload
//     and stylesheet the server-rendered HTML references (React Router preloads each route's whole
//     import graph, so this is what a first visit ships); target ≤ 150 KB of JS for a country page;
//   - the HTML document itself (bytes as written and gzipped) and its inline scripts (bytes as written): React
//     Router's hydration data (the `streamController.enqueue(…)` scripts; the messages are files of their own since
//     issue 50, docs/i18n.md "Loading"), the JSON-LD and the bootstraps (bench/page-weight.ts, shared with the
//     ratchet test tests/e2e/page-weight.test.ts);
//   - server render time: sequential GETs of the full document on loopback (median and p95, after a warm-up);
//   - what a real browser transfers for the page (Chromium through playwright-core, every response's bytes as sent,
//     brotli where it asks for it): JavaScript and everything, until the page's `load`.
// The real server (API + site) runs in this process on a temporary data dir seeded from the bundled fixtures.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "playwright-core";
import { startBenchSite } from "./site.ts";
import { PAGE_TYPES, RATCHET, assetsOf, gzippedSize, pageWeight } from "./page-weight.ts";

const WARMUP = 20;
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 200);
/** The country page's JavaScript, gzipped (issue 50; docs/decisions/017-page-weight.md). */
const JS_TARGET_KB = 150;
/** The country page's inline scripts, bytes as written (issue 50). */
const INLINE_TARGET_KB = 30;

/** What each script file holds (vite.config.ts `codeSplitting`; docs/decisions/017-page-weight.md), by name. */
const CHUNKS: Record<string, string> = {
  framework: "React, React DOM, React Router, react-intl and FormatJS (every page)",
  shared: "our modules used by three or more pages or lazy parts (formats, page parts, picker, icons, model rounding)",
  root: "the layout: header, footer, phone menu button, error pages",
  "entry.client": "reads the page's messages files, then hydrates",
  community: "the community section: the share card, the list and its counts (country pages)",
  "experience-form": "the share form: loaded when the visitor opens the card, not with the page",
  "history-chart": "the history chart and its table",
  country: "the country page's own view: score card, panels, sentiment",
  "market-advice / comparison-insights / sector-context / why-changed / follow-links":
    "static parts: loaded only to render another country after a navigation (components/static-part.tsx)",
};
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
          req
            .sizes()
            .then((sz) => {
              const bytes = sz.responseBodySize + sz.responseHeadersSize;
              sum.total += bytes;
              sum.requests++;
              if (req.resourceType() === "script") sum.js += bytes;
            })
            // A request that ends after `load` (a part's code fetched once it is near) may outlive the context: it is
            // not part of what the page loads until load, and must not end the bench.
            .catch(() => undefined),
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

/** The eight page types of issue 50 (bench/page-weight.ts), then the others. */
const PAGES: Array<{ type: string; path: string }> = [
  ...PAGE_TYPES,
  { type: "job-market", path: "/job-market/germany" },
  { type: "top-regions", path: "/top-regions" },
  { type: "waiting-list", path: "/waiting-list/career-consultant" },
  { type: "legal", path: "/privacy" },
  { type: "404", path: "/no-such-page" },
];

const kb = (bytes: number) => (bytes / 1024).toFixed(1);

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
  let countryInline = 0;
  let countryJsFiles = 0;
  let countryChunks: string[] = [];
  let transferred = new Map<string, { js: number; total: number; requests: number }>();
  try {
    for (const page of PAGES) {
      const first = await fetch(base + page.path);
      const html = await first.text();
      const { js } = assetsOf(html);
      for (const u of js) initial.add(path.basename(u));
      const w = pageWeight(html, clientDir, cache);
      if (page.type === "country") {
        countryJs = w.jsGzipBytes;
        countryInline = w.inline.all;
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
        kb(w.htmlBytes),
        kb(w.htmlGzipBytes),
        kb(w.inline.all),
        kb(w.inline.hydration),
        `${js.length} files`,
        kb(w.jsGzipBytes),
        kb(w.cssGzipBytes),
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
    "HTML KB",
    "HTML KB gz",
    "inline KB",
    "of it data",
    "JS files",
    "JS KB gz",
    "CSS KB gz",
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
  console.log(
    `Country page inline scripts: ${kb(countryInline)} KB as written (target ≤ ${INLINE_TARGET_KB} KB: ${countryInline / 1024 <= INLINE_TARGET_KB ? "met" : "NOT met"}); ratchet (tests/e2e/page-weight.test.ts): inline ≤ ${kb(RATCHET.countryInlineBytes)} KB, JS ≤ ${kb(RATCHET.countryJsGzipBytes)} KB.`,
  );
  console.log(`Country page JS by file, gzipped KB: ${countryChunks.join(", ")}`);
  console.log("What the files hold:");
  for (const [name, what] of Object.entries(CHUNKS)) console.log(`  ${name}: ${what}`);
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
