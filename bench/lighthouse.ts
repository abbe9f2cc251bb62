// Lighthouse benchmark (printed figures, no assertions; docs/decisions/017-page-weight.md): Lighthouse 12.2.3 against
// the built site. Lighthouse is found outside the project's dependencies when it is not installed in them:
// LIGHTHOUSE_DIR (a directory holding node_modules/lighthouse, e.g. after `npm i --prefix /tmp/lh lighthouse@12.2.3`),
// else a `lighthouse` on PATH (`npm i -g lighthouse@12.2.3`), else the project's node_modules; without one the bench
// says so in one line and skips. Against the built site as `npm start` serves it (production mode, bundled data, its own
// child process on a random loopback port), in Chromium (/usr/bin/chromium or CHROMIUM_PATH), headless. Four pages,
// each rendered once before (the page cache warm), mobile (Lighthouse's default: a mid-range phone on slow 4G,
// simulated) and desktop. Per run: the four category scores, LCP, TBT, CLS, the bytes transferred and Lighthouse's
// "unused JavaScript", each with its target.
// The performance figures depend on the machine: Lighthouse's simulation scales with how busy the CPU is, so the
// load average is printed with them (on a shared 2-core machine, a busy minute costs points).
import { spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { createInterface } from "node:readline";
import { fileURLToPath, pathToFileURL } from "node:url";
import { openPipeline } from "../pipeline/index.ts";
import { SITE_BUILD_DIR } from "../lib/paths.ts";
import { ingestBundled } from "../pipeline/seed.ts";
import { PAGE_TYPES } from "./page-weight.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, "..");
const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const CHROME_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];
/** The eight page types of issue 50 (bench/page-weight.ts), unless BENCH_LIGHTHOUSE_PAGES names others. */
const PAGES = process.env.BENCH_LIGHTHOUSE_PAGES?.split(",") ?? PAGE_TYPES.map((p) => p.path);
/** Three runs a page, the median reported (issue 50). */
const RUNS = Math.max(1, Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 3) || 1);
const FORMS = (process.env.BENCH_LIGHTHOUSE_FORMS ?? "mobile").split(",") as Array<"mobile" | "desktop">;

/** The directory of the lighthouse package to use (see the head of this file), or null. */
function lighthouseDir(): string | null {
  const candidates: string[] = [];
  if (process.env.LIGHTHOUSE_DIR) {
    candidates.push(path.join(process.env.LIGHTHOUSE_DIR, "node_modules", "lighthouse"), process.env.LIGHTHOUSE_DIR);
  }
  for (const dir of (process.env.PATH ?? "").split(path.delimiter)) {
    const bin = path.join(dir, "lighthouse");
    // npm's global bin links to <prefix>/lib/node_modules/lighthouse/cli/index.js.
    if (existsSync(bin)) candidates.push(path.resolve(path.dirname(realpathSync(bin)), ".."));
  }
  candidates.push(path.join(ROOT, "node_modules", "lighthouse"));
  return (
    candidates.find((dir) => {
      try {
        return JSON.parse(readFileSync(path.join(dir, "package.json"), "utf8")).name === "lighthouse";
      } catch {
        return false;
      }
    }) ?? null
  );
}

/** The targets of issue 19: performance ≥ 95 and LCP ≤ 2.5 s on a phone; the other three categories 100. */
/** Issue 50's targets on Lighthouse's mobile profile (docs/decisions/017-page-weight.md): LCP 2.0 s, TBT 150 ms. */
const TARGET = {
  performance: 95,
  accessibility: 100,
  "best-practices": 100,
  seo: 100,
  lcpMs: 2000,
  tbtMs: 150,
  cls: 0.1,
  unusedJsKiB: 60,
};

async function startSite(dataDir: string) {
  const child = spawn(
    process.execPath,
    [path.join(ROOT, "bin/run-ts.mjs"), path.join(HERE, "site-server.ts"), dataDir, "false"],
    {
      stdio: ["ignore", "pipe", "ignore"],
      env: { ...process.env, LOG_LEVEL: "warn" },
    },
  );
  const line = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once("line", resolve);
    child.once("exit", (code) => reject(new Error(`bench site server exited (${code})`)));
  });
  const { url } = JSON.parse(line) as { url: string };
  const stop = () =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill("SIGTERM");
    });
  return { url, stop };
}

interface Lhr {
  categories: Record<string, { score: number | null }>;
  audits: Record<string, { numericValue?: number; score: number | null; details?: { overallSavingsBytes?: number } }>;
  runtimeError?: { message: string };
}

const mark = (ok: boolean) => (ok ? " " : "✗");

export async function run(): Promise<void> {
  if (!existsSync(path.join(SITE_BUILD_DIR, "server", "index.js"))) {
    console.log("the site is not built: run `npm run build` first");
    return;
  }
  if (!existsSync(CHROMIUM)) {
    console.log(`no Chromium at ${CHROMIUM}: set CHROMIUM_PATH`);
    return;
  }
  const lhDir = lighthouseDir();
  if (!lhDir) {
    console.log(
      "Lighthouse skipped: no lighthouse package found (set LIGHTHOUSE_DIR to a directory where `npm i lighthouse@12.2.3` ran, or put its `lighthouse` on PATH)",
    );
    return;
  }
  const version = JSON.parse(readFileSync(path.join(lhDir, "package.json"), "utf8")).version as string;
  const lhRequire = createRequire(path.join(lhDir, "package.json"));
  const { default: lighthouse } = (await import(pathToFileURL(lhRequire.resolve("lighthouse")).href)) as {
    default: typeof import("lighthouse").default;
  };
  const { default: desktopConfig } = (await import(
    pathToFileURL(path.join(lhDir, "core/config/desktop-config.js")).href
  )) as { default: typeof import("lighthouse/core/config/desktop-config.js").default };
  const chromeLauncher = (await import(
    pathToFileURL(lhRequire.resolve("chrome-launcher")).href
  )) as typeof import("chrome-launcher");

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-lighthouse-"));
  const userDataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-lighthouse-chrome-"));
  let site: Awaited<ReturnType<typeof startSite>> | null = null;
  let chrome: Awaited<ReturnType<typeof chromeLauncher.launch>> | null = null;
  try {
    const pipeline = await openPipeline({ dataDir });
    await ingestBundled(pipeline);
    await pipeline.recalc();
    pipeline.close();
    site = await startSite(dataDir);
    // Each page rendered once first, as a running site serves it to every visitor but the first after a publication
    // (from its page cache): Lighthouse takes the document's observed response time into its simulation, and a
    // first render on a busy shared machine can take seconds.
    for (const page of PAGES) await (await fetch(site.url + page)).arrayBuffer();
    chrome = await chromeLauncher.launch({
      chromePath: CHROMIUM,
      chromeFlags: CHROME_FLAGS,
      userDataDir,
      logLevel: "silent",
    });

    console.log(
      `Lighthouse ${version} (${lhDir}), Chromium ${CHROMIUM}, headless; load average ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")} (${os.cpus().length} cores)`,
    );
    console.log(
      `targets: performance ≥ ${TARGET.performance} and LCP ≤ ${TARGET.lcpMs / 1000} s on mobile; accessibility, best practices, SEO ${TARGET.seo}; ` +
        `TBT ≤ ${TARGET.tbtMs} ms, CLS ≤ ${TARGET.cls}, unused JS < ${TARGET.unusedJsKiB} KiB; ✗ marks a figure off its target`,
    );
    const header = ["page", "form", "perf", "a11y", "best", "seo", "LCP s", "TBT ms", "CLS", "KiB", "unused JS KiB"];
    const widths = [16, 8, 6, 6, 6, 6, 8, 8, 7, 7, 14];
    const line = (cells: string[]) =>
      cells.map((c, i) => (i < 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join(" ");
    console.log(line(header));
    let misses = 0;
    for (const form of FORMS) {
      for (const page of PAGES) {
        const audit = async () =>
          (
            await lighthouse(
              site!.url + page,
              {
                port: chrome!.port,
                output: "json",
                logLevel: "error",
                onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
              },
              form === "desktop" ? desktopConfig : undefined,
            )
          )?.lhr as unknown as Lhr | undefined;
        // A trace Chromium failed to record (NO_NAVSTART and the like, on a busy machine) is run once more.
        // BENCH_LIGHTHOUSE_RUNS=n audits each page n times and reports the run of median performance (Lighthouse's
        // own advice for a noisy machine), with the range of the n scores.
        const results: Lhr[] = [];
        for (let r = 0; r < RUNS; r++) {
          let one = await audit();
          if (!one || one.runtimeError) one = await audit();
          if (one && !one.runtimeError) results.push(one);
        }
        const perfOf = (l: Lhr) => l.categories.performance?.score ?? 0;
        results.sort((a, b) => perfOf(a) - perfOf(b));
        let lhr: Lhr | undefined = results[Math.floor((results.length - 1) / 2)];
        if (results.length > 1) {
          const range = `${Math.round(perfOf(results[0]!) * 100)}–${Math.round(perfOf(results.at(-1)!) * 100)}`;
          console.log(
            `  ${page} ${form}: ${results.length} runs, performance ${range} (${results.map((l) => Math.round(perfOf(l) * 100)).join(", ")}); the median run:`,
          );
        }
        if (!lhr) lhr = (await audit()) ?? undefined;
        if (!lhr || lhr.runtimeError) {
          console.log(line([page, form, `failed: ${lhr?.runtimeError?.message ?? "no result"}`]));
          misses++;
          continue;
        }
        // BENCH_LIGHTHOUSE_SAVE=dir keeps each whole report (open it in Lighthouse's viewer, or read its audits).
        if (process.env.BENCH_LIGHTHOUSE_SAVE) {
          mkdirSync(process.env.BENCH_LIGHTHOUSE_SAVE, { recursive: true });
          const name = `${form}${page === "/" ? "-home" : page.replaceAll("/", "-")}.json`;
          writeFileSync(path.join(process.env.BENCH_LIGHTHOUSE_SAVE, name), JSON.stringify(lhr));
        }
        const score = (c: keyof typeof TARGET) => {
          const s = Math.round((lhr.categories[c]?.score ?? 0) * 100);
          const target = c === "performance" && form === "desktop" ? TARGET.performance : TARGET[c];
          const ok = s >= target;
          if (!ok) misses++;
          return `${s}${mark(ok)}`;
        };
        if (process.env.BENCH_LIGHTHOUSE_DETAIL === "1") {
          // Where the main thread went: the longest tasks and the scripts' own time (for chasing TBT).
          for (const id of ["long-tasks", "bootup-time", "mainthread-work-breakdown"]) {
            const items = (
              (lhr.audits[id] as { details?: { items?: unknown[] } } | undefined)?.details?.items ?? []
            ).slice(0, 6);
            console.log(`  ${id}: ${JSON.stringify(items)}`);
          }
        }
        const num = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
        const lcp = num("largest-contentful-paint");
        const tbt = num("total-blocking-time");
        const cls = num("cumulative-layout-shift");
        const bytes = num("total-byte-weight");
        const unused = (lhr.audits["unused-javascript"]?.details?.overallSavingsBytes ?? 0) / 1024;
        const lcpOk = form === "desktop" || lcp <= TARGET.lcpMs;
        const checks = [lcpOk, tbt <= TARGET.tbtMs, cls <= TARGET.cls, unused < TARGET.unusedJsKiB];
        misses += checks.filter((ok) => !ok).length;
        console.log(
          line([
            page,
            form,
            score("performance"),
            score("accessibility"),
            score("best-practices"),
            score("seo"),
            `${(lcp / 1000).toFixed(2)}${mark(checks[0]!)}`,
            `${tbt.toFixed(0)}${mark(checks[1]!)}`,
            `${cls.toFixed(3)}${mark(checks[2]!)}`,
            `${(bytes / 1024).toFixed(0)} `,
            `${unused.toFixed(1)}${mark(checks[3]!)}`,
          ]),
        );
      }
    }
    console.log(
      `${misses === 0 ? "every figure met its target" : `${misses} figure(s) off target`}; load average now ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(" ")}`,
    );
  } finally {
    chrome?.kill();
    await site?.stop();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(userDataDir, { recursive: true, force: true });
  }
}

// `node bin/run-ts.mjs bench/lighthouse.ts` runs it alone.
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await run();
