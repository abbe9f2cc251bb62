// The picture tells what the words tell (model v2.4, docs/product.md "Score history shows the evidence"), in real
// Chromium on the real server over the bundled real data as of 2026-12-01, the day Germany's November 2025 employment
// expectations (89.1) stop counting: its chart marks that month with a labelled marker (found in the SVG by its
// accessible name, inside the chart and the screen at 390 and 1280 px), draws the climb made of ageing data dashed,
// and a month's tooltip (keyboard) says its basis and its market and evidence parts; its year badge keeps "Up 2.9"
// without the improving colour and says "mostly older data stopping", linked to why it changed; axe finds nothing.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { Browser, BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPipeline } from "../../pipeline/index.ts";
import type { RunningServer } from "../../server/start.ts";
import { startSiteServer } from "../../server/main.ts";
import { copySeedTemplate } from "../helpers/seed-templates.ts";
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  ensureBuilt,
  hydrated,
  launchChromium,
  partScreenshot,
  siteServerOptions,
  tabOf,
} from "./harness.ts";

const AS_OF = "2026-12-01";
const NOW = new Date(`${AS_OF}T12:00:00.000Z`);
const STOPS = "December 2026 · employment expectations stop counting: the November 2025 figure is too old";

let server: RunningServer;
let browser: Browser;
let base = "";
let dataDir = "";
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-history-evidence-"));
  copySeedTemplate("server", dataDir);
  const pipeline = await openPipeline({ dataDir });
  try {
    await pipeline.recalc({ asOf: AS_OF });
  } finally {
    pipeline.close();
  }
  server = await startSiteServer({ ...siteServerOptions(dataDir, { now: () => NOW }), seedAsOf: AS_OF });
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
  desktop = await browser.newContext(DESKTOP);
  mobile = await browser.newContext(MOBILE);
}, 240_000);

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("Germany's chart as of 2026-12-01", () => {
  for (const [name, context, width] of [
    ["390 px", () => mobile, 390],
    ["1280 px", () => desktop, 1280],
  ] as const) {
    it(`${name}: a labelled marker where employment expectations stop counting, inside the chart; the climb dashed`, async () => {
      const { page, console } = await tabOf(context(), `history-${width}`);
      console.clear();
      await page.goto(`${base}/country/de`, { waitUntil: "load" });
      await hydrated(page);
      const svg = page.locator("svg[aria-labelledby^='history-title']:visible");
      await expect.poll(() => svg.count()).toBe(1);
      const marker = svg.locator("g[data-marker][data-events~='expectations:stops']");
      expect(await marker.count()).toBe(1);
      expect(await marker.getAttribute("role")).toBe("img");
      expect(await marker.getAttribute("aria-label")).toBe(STOPS);
      expect(await marker.locator("title").textContent()).toBe(STOPS);
      expect(await marker.getAttribute("data-month")).toBe("2026-12");
      // Found by its accessible name, as a screen reader names it.
      expect(await page.getByRole("img", { name: STOPS }).count()).toBeGreaterThanOrEqual(1);
      // Inside the chart and the screen; the page does not overflow.
      const box = (await svg.boundingBox())!;
      const dot = (await marker.locator("circle").boundingBox())!;
      expect(dot.x).toBeGreaterThanOrEqual(box.x);
      expect(dot.x + dot.width).toBeLessThanOrEqual(box.x + box.width + 0.5);
      expect(dot.x + dot.width).toBeLessThanOrEqual(width);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      // The same label in the list under the chart, and the legend says what the dashes mean.
      const legend = page.getByTestId("history-legend").locator("visible=true");
      expect(await legend.getByTestId("history-markers").textContent()).toContain(STOPS);
      expect(await legend.textContent()).toContain("Mostly data starting, stopping or ageing");
      // The climb of 2026 (the old figure ageing out) is drawn dashed: the evidence path is long, December on it.
      const dashed = await svg.locator("path[data-line=evidence]").getAttribute("d");
      expect((dashed ?? "").split("M").length - 1).toBeGreaterThan(6);
      await partScreenshot(page.locator("section[aria-labelledby=history-heading]"), `history-evidence-de-${width}`);
      expect(console.unexpected()).toEqual([]);
    });
  }

  it("a month's tooltip, from the keyboard: its score, basis and change split into market and evidence", async () => {
    const { page } = await tabOf(desktop, "history-keys");
    await page.goto(`${base}/country/de`, { waitUntil: "load" });
    await hydrated(page);
    const chart = page.getByRole("group", { name: /Germany: score history chart/ }).locator("visible=true");
    await chart.focus();
    await page.keyboard.press("End");
    const tip = page.getByTestId("history-tooltip").locator("visible=true");
    await expect.poll(() => tip.textContent()).toContain("December 2026: 7.0, Bright");
    const december = (await tip.textContent())!;
    expect(december).toContain("Based on official statistics alone");
    expect(december).toMatch(/\+0\.7 since November 2026: market 0\.0 · evidence \+0\.7/);
    expect(december).toContain("Mostly older data stopping, not the market");
    expect(december).toContain("Employment expectations stop counting: the November 2025 figure is too old");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => tip.textContent()).toContain("November 2026:");
    expect(await tip.textContent()).toContain("Based on official statistics and surveys");
    // A screen reader hears the same words (a live region).
    expect(await chart.locator("[aria-live=polite]").textContent()).toContain("November 2026:");
    await page.keyboard.press("Escape");
    expect(await tip.count()).toBe(0);
  });

  it("the year badge keeps 'Up' and its number without the improving colour, and says why, linked", async () => {
    const { page } = await tabOf(desktop, "history-badge");
    await page.goto(`${base}/country/de`, { waitUntil: "load" });
    const badge = page.getByTestId("yoy-badge").locator("visible=true");
    expect((await badge.textContent())!.replace(/\s+/g, " ").trim()).toBe("Up (+2.9 since December 2025)");
    expect(await badge.getAttribute("data-mostly-evidence")).toBe("true");
    expect(await badge.getAttribute("class")).not.toMatch(/bg-(green|red)-/);
    expect(await badge.locator("svg").count()).toBe(0);
    const link = page.getByTestId("yoy-badge-mostly").locator("visible=true");
    expect(await link.textContent()).toBe("mostly older data stopping");
    await link.click();
    await expect.poll(() => page.evaluate(() => location.hash)).toBe("#why-changed");
    // The sentence it links to states the market part rounded.
    expect(await page.locator("[data-testid=why-year] [data-testid=why-sentence]").textContent()).toContain(
      "on the same inputs the market moved 0.0",
    );
  });

  it("axe finds no serious or critical violation on the country page at 390 and 1280 px", async () => {
    for (const context of [mobile, desktop]) {
      const { page } = await tabOf(context, "history-axe");
      await page.goto(`${base}/country/de`, { waitUntil: "load" });
      await hydrated(page);
      expect(await axeViolations(page)).toEqual([]);
    }
  });
});
