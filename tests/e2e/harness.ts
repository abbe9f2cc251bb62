// Browser-test harness: the real server (API + site, server/start.ts via server/main.ts) on a random port
// with its own temporary data dir seeded from the bundled real fixtures, and one Chromium (playwright-core).
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type axe from "axe-core";
import Database from "better-sqlite3";
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from "playwright-core";
import { inject } from "vitest";
import { SQLITE_FILE } from "../../pipeline/index.ts";
import { DEFAULT_BUILD_DIR, startSiteServer } from "../../server/main.ts";
import type { AppConfig } from "../../api/env.ts";
import type { RunningServer } from "../../server/start.ts";
import { copySeedTemplate } from "../helpers/seed-templates.ts";

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const SCREENSHOT_DIR = path.join(ROOT, "test-results", "screenshots");
/** Where a failing browser test leaves a screenshot of every page it had open (tests/helpers/browser-setup.ts). */
export const FAILURE_DIR = path.join(ROOT, "test-results", "failures");

/** The browsers this test file opened or connected to, so that a failing test can show its open pages. */
export const openBrowsers = new Set<Browser>();

/** The scores are computed as of this date and the pages read the clock at this time: the run is reproducible. */
export const AS_OF = "2026-11-22";
export const NOW = new Date(`${AS_OF}T12:00:00.000Z`);
export const PUBLIC_ORIGIN = "https://jobweather.example";
export const FEEDBACK_URL = "https://forms.example.org/jwi-feedback";
/** Small write limits, so a test can provoke the "too many requests" failure for real. */
const EXPERIENCE_LIMIT = 3;
export const WAITING_LIST_LIMIT = 2;
export const CONTACT_LIMIT = 2;

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || "/usr/bin/chromium";

export const CHROMIUM_FLAGS = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
];

export const DESKTOP = { viewport: { width: 1280, height: 800 } };
export const MOBILE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 1 };

/** Builds the site when no build exists (`npm test` always builds first). */
export function ensureBuilt(): void {
  if (existsSync(path.join(DEFAULT_BUILD_DIR, "server", "index.js"))) return;
  execFileSync(process.execPath, [path.join(ROOT, "node_modules/@react-router/dev/bin.js"), "build"], {
    cwd: ROOT,
    stdio: "inherit",
  });
  // The brotli and gzip copies of the static files, as `npm run build` makes them.
  execFileSync(process.execPath, [path.join(ROOT, "bin/precompress.mjs")], { cwd: ROOT, stdio: "inherit" });
}

export interface SharedHarness {
  /** http://127.0.0.1:PORT (the browser and the test's own fetches share one client address). */
  base: string;
  browser: Browser;
  dataDir: string;
  /** The serving database (read-only for a shared site). */
  db: Database.Database;
  close(): Promise<void>;
}

export interface Harness extends SharedHarness {
  server: RunningServer;
}

export interface HarnessOptions {
  /** Prefix of the temporary data dir. */
  prefix?: string;
  /** Overrides of the server configuration (the admin tests set an operator password and lift limits). */
  config?: Partial<AppConfig>;
  /** The clock of the pages and the API (default NOW). */
  now?: () => Date;
  /**
   * Seed the data dir through the server's first start even when the run has a seeded template to copy
   * (tests/helpers/seed-templates.ts): for tests of the first start itself.
   */
  freshSeed?: boolean;
}

/** The server options every browser-test server shares; `opts` as for startHarness. */
export function siteServerOptions(dataDir: string, opts: HarnessOptions = {}): Parameters<typeof startSiteServer>[0] {
  return {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    config: {
      env: "test",
      httpLog: false,
      // Share cards are drawn at their first request (no background work while a test measures or screenshots).
      drawCardsAhead: false,
      publicOrigin: PUBLIC_ORIGIN,
      feedbackUrl: FEEDBACK_URL,
      rateLimits: {
        experiences: { limit: EXPERIENCE_LIMIT, windowMs: 600_000 },
        waitingList: { limit: WAITING_LIST_LIMIT, windowMs: 600_000 },
        contact: { limit: CONTACT_LIMIT, windowMs: 600_000 },
        login: { limit: 10, windowMs: 600_000 },
      },
      ...opts.config,
    },
    handleSignals: false,
    seedAsOf: AS_OF,
    now: opts.now ?? (() => NOW),
    shutdownTimeoutMs: 2_000,
  };
}

/**
 * Contexts of this browser prefer reduced motion unless a test asks otherwise (`reducedMotion: "no-preference"`).
 * The weather icons drift and fall for as long as a page is open: about a fifth of a core per open page in a
 * software-rendered Chromium, paid while a test waits for a server, a job or a toast. No test is about the motion;
 * axe also judges toasts better without their transitions (axeViolations below).
 */
function quietMotion(browser: Browser): Browser {
  const newContext = browser.newContext.bind(browser);
  browser.newContext = (options = {}) => newContext({ reducedMotion: "reduce", ...options });
  return browser;
}

export async function launchChromium(): Promise<Browser> {
  const browser = quietMotion(await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }));
  openBrowsers.add(browser);
  browser.on("disconnected", () => openBrowsers.delete(browser));
  return browser;
}

/**
 * A server of its own on a copy of the run's seeded data dir, and a Chromium of its own: for test files that write
 * (forms, the operator, pausing) or need another configuration. Files that only read take sharedSite() instead. Not
 * the shared Chromium: it is reached through a Playwright server in vitest's main process, which relays every
 * message of every file on it beside the shared site's renders; moved onto it, eleven such files made a whole run
 * slower (docs/testing-changelog.md).
 */
export async function startHarness(opts: HarnessOptions = {}): Promise<Harness> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), opts.prefix ?? "jwi-e2e-"));
  // The run's copy of what the first start below would seed (the same seed job, made once per run); without one the
  // server seeds this dir itself.
  if (!opts.freshSeed) copySeedTemplate("server", dataDir);
  const server = await startSiteServer(siteServerOptions(dataDir, opts));
  let browser: Browser;
  try {
    browser = await launchChromium();
  } catch (err) {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    server,
    base: `http://127.0.0.1:${server.port}`,
    browser,
    dataDir,
    db: server.db,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** What the browser project's global set-up shares with every test file (tests/helpers/shared-site.ts). */
export interface SharedSiteInfo {
  base: string;
  dataDir: string;
  wsEndpoint: string;
}

/**
 * The run's shared site server and Chromium (tests/helpers/shared-site.ts): the seeded data, the same configuration
 * as startHarness, write limits lifted. For test files that only read: nothing a test does may change what another
 * file sees (no form sent, no pause, no operator). `db` is a read-only connection to its serving database;
 * close() closes this file's connections only.
 */
export async function sharedSite(): Promise<SharedHarness> {
  const info = inject("sharedSite");
  if (!info) throw new Error("sharedSite(): no shared site in this project (tests/helpers/shared-site.ts)");
  const browser = quietMotion(await chromium.connect(info.wsEndpoint));
  openBrowsers.add(browser);
  const db = new Database(path.join(info.dataDir, SQLITE_FILE), { readonly: true, fileMustExist: true });
  return {
    base: info.base,
    browser,
    dataDir: info.dataDir,
    db,
    async close() {
      openBrowsers.delete(browser);
      await browser.close().catch(() => {});
      db.close();
    },
  };
}

/** Console errors and uncaught page errors of a page, to assert "no console errors". */
export class ConsoleWatch {
  readonly errors: string[] = [];
  constructor(page: Page) {
    page.on("console", (m) => {
      if (m.type() === "error") this.errors.push(m.text());
    });
    page.on("pageerror", (e) => this.errors.push(`pageerror: ${e.message}`));
  }
  /** Errors other than the browser's own line for an HTTP error status a test provoked on purpose. */
  unexpected(allowHttpErrors = false): string[] {
    return this.errors.filter(
      (e) => !(allowHttpErrors && /Failed to load resource: the server responded with a status of (404|429)/.test(e)),
    );
  }
  clear(): void {
    this.errors.length = 0;
  }
}

export async function newPage(context: BrowserContext): Promise<{ page: Page; console: ConsoleWatch }> {
  const page = await context.newPage();
  return { page, console: new ConsoleWatch(page) };
}

const tabs = new WeakMap<BrowserContext, Map<string, { page: Page; console: ConsoleWatch }>>();

/**
 * `check` on one document at the phone's 390 px and then at 1280 px, the tab left at 390 px: a phone's context (touch,
 * overlay scrollbars) serves both, the site's layout depending on the width alone (docs/testing.md), so a state is
 * reached once and what the width can change is judged at both.
 */
export async function atEachWidth(
  page: Page,
  check: (width: number, size: "mobile" | "desktop") => Promise<void>,
): Promise<void> {
  try {
    for (const [size, viewport] of [
      ["mobile", MOBILE.viewport],
      ["desktop", DESKTOP.viewport],
    ] as const) {
      await page.setViewportSize(viewport);
      await check(viewport.width, size);
    }
  } finally {
    await page.setViewportSize(MOBILE.viewport);
  }
}

/**
 * The context's tab for `use` (one per use: the operator tests keep a "panel" and a "public" tab), opened the first
 * time and navigated from test to test after that, its console watch emptied for the caller. A new tab is a new
 * renderer process, which costs more than a page's load and hydration (docs/testing.md); each `goto` is a fresh
 * document all the same.
 */
export async function tabOf(context: BrowserContext, use = "main"): Promise<{ page: Page; console: ConsoleWatch }> {
  const ofContext = tabs.get(context) ?? new Map<string, { page: Page; console: ConsoleWatch }>();
  tabs.set(context, ofContext);
  let t = ofContext.get(use);
  if (!t || t.page.isClosed()) {
    t = await newPage(context);
    ofContext.set(use, t);
  }
  t.console.clear();
  return t;
}

/** Waits until React has hydrated the page (root.tsx sets data-hydrated). */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector("html[data-hydrated='true']", { timeout: 15_000 });
}

/** Screenshots are taken only on request: JWI_TEST_SCREENSHOTS=1 (docs/testing.md). */
export const SCREENSHOTS_WANTED = process.env.JWI_TEST_SCREENSHOTS === "1";

/** A screenshot of one part of a page (a tall panel's section), when asked for (SCREENSHOTS_WANTED). */
export async function partScreenshot(part: Locator, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await part.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** What the screen shows (not the whole page), when asked for (SCREENSHOTS_WANTED). */
export async function viewportScreenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`) });
}

/** A full-page screenshot in test-results/screenshots/, when asked for (SCREENSHOTS_WANTED); nothing asserts on it. */
export async function screenshot(page: Page, name: string): Promise<void> {
  if (!SCREENSHOTS_WANTED) return;
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: path.join(SCREENSHOT_DIR, `${name}.png`), fullPage: true });
}

let minifiedAxe: string | undefined;
/**
 * axe-core's own minified build (the same rules as `axe.source`, which is the unminified file): 0.65 MB instead of
 * 1.5 MB through DevTools and the renderer's parser, per document (docs/testing.md).
 */
function axeSource(): string {
  minifiedAxe ??= readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
  return minifiedAxe;
}

/**
 * axe-core's serious and critical violations on the page, judged once every toast has settled.
 *
 * Why the wait: sonner slides and fades a toast in and out over 400 ms. Caught mid-transition, its text is
 * drawn at partial opacity over the page, a state nobody reads, and axe reports either a contrast it mixed
 * with the page behind or nothing at all ("partially obscured"), depending on the frame. The admin check once
 * failed that way on a fresh clone (it also exposed a real defect, fixed in app.css: sonner's rich-colour
 * titles were 4.3:1). So: no running transition inside the toaster when axe starts. Contexts that run axe
 * after a toast should also prefer reduced motion (sonner then shows and removes toasts without transitions),
 * so that a toast's 4 s timer running out during the check cannot start a new one.
 */
export async function axeViolations(
  page: Page,
  opts: { skip?: string[]; only?: readonly string[]; within?: string } = {},
): Promise<string[]> {
  await page.waitForFunction(
    () =>
      document.getAnimations().every((a) => {
        const target = (a.effect as KeyframeEffect | null)?.target;
        return a.playState !== "running" || !(target instanceof Element && target.closest("[data-sonner-toaster]"));
      }),
    undefined,
    { timeout: 5_000 },
  );
  // Through DevTools, so the page's CSP does not block it; once per document (its parse would otherwise be paid three
  // times per page when the matrix checks three widths).
  const injected = () => typeof (window as unknown as { axe?: { run?: unknown } }).axe?.run === "function";
  if (!(await page.evaluate(injected))) await page.evaluate(axeSource());
  // Only violations are collected: every rule still runs on every node, but axe does not gather the passing and
  // incomplete nodes nobody reads here (about 2.5 times faster on a country page).
  // `skip` turns rules off where another test covers them (color-contrast is two thirds of axe's time on a page);
  // `only` runs just the rules named (the route matrix's rules that depend on a page's words: WORD_RULES there).
  // `within` judges only the nodes inside the elements it selects (a part that appeared on a page judged whole).
  const rules = Object.fromEntries((opts.skip ?? []).map((id) => [id, { enabled: false }]));
  const only = opts.only ? [...opts.only] : null;
  const within = opts.within ?? null;
  const result = (await page.evaluate(
    ({ rules, only, within }) =>
      (window as unknown as { axe: typeof axe }).axe.run(within ? { include: [within] } : document, {
        resultTypes: ["violations"],
        ...(only ? { runOnly: { type: "rule", values: only } } : { rules }),
      }),
    { rules, only, within },
  )) as axe.AxeResults;
  return result.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help} → ${v.nodes
          .map((n) => n.target.join(" "))
          .slice(0, 5)
          .join(", ")}`,
    );
}

/** Text a visitor can read or hear: visible text, the title, and every alt and aria-label. */
export async function readableText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const attrs = [...document.querySelectorAll("[alt], [aria-label], title")].map(
      (e) => e.getAttribute("alt") ?? e.getAttribute("aria-label") ?? e.textContent ?? "",
    );
    return [document.title, document.body.innerText, ...attrs].join("\n");
  });
}

/** Regional-indicator symbols (U+1F1E6–U+1F1FF): the halves of an emoji flag. */
export const EMOJI_FLAG = /[\u{1F1E6}-\u{1F1FF}]/u;
