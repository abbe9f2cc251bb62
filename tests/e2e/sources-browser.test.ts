// Flags and "Check it at the source" in Chromium (docs/data-sources.md §8): with every source opened, the pages that
// carry them still fit 320 and 1280 px (MATRIX_WIDTHS: nothing wider than the page, no text cut off, in German nothing
// sticking out of its box at 320 px), stay free of axe violations where the route matrix runs axe (axeAt: English every
// rule at 320 and 1280 px, the others the rules that depend on the words at 320 px) and keep their console clean; a source opens from the keyboard. What the pages say is asserted on their
// HTML (sources-html.test.ts); the route matrix checks the same pages with their sources closed.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { localeFromPath } from "../../product/locales.ts";
import { axeViolations, hydrated, newPage, sharedSite, type ConsoleWatch, type SharedHarness } from "./harness.ts";
import { MATRIX_WIDTHS, PHONE_320, axeAt, clippedText, sticksOut } from "./route-matrix.ts";

let h: SharedHarness;
let context: BrowserContext;
let page: Page;
let console: ConsoleWatch;

beforeAll(async () => {
  h = await sharedSite();
  context = await h.browser.newContext({ ...PHONE_320, reducedMotion: "reduce" });
  ({ page, console } = await newPage(context));
}, 120_000);
afterAll(async () => {
  await context?.close();
  await h?.close();
});

/**
 * Pages with flags and sources: Spain (flags d and p, eight sectors) in English, Spanish and German, and the other
 * layouts with marks. The methodology's links are in the route matrix, every language (it has no source to open).
 */
const PAGES = [
  "/country/es",
  "/es/country/es",
  "/de/country/es",
  "/job-market/ireland",
  "/sectors?sector=J",
  "/compare/es-ie",
  // A mark in a table that scrolls sideways, German words: its hidden name once widened the page to 381 px.
  "/de/compare/de-fr",
];

describe("sources opened, at 320 and 1280 px", () => {
  for (const path of PAGES) {
    it(path, async () => {
      console.clear();
      await page.setViewportSize(PHONE_320.viewport);
      const res = await page.goto(`${h.base}${path}`, { waitUntil: "load" });
      expect(res?.status(), path).toBe(200);
      await hydrated(page);
      const opened = await page.evaluate(() => {
        const all = [...document.querySelectorAll<HTMLDetailsElement>("details.src-check")];
        for (const d of all) d.open = true;
        return all.length;
      });
      if (path.includes("/country/")) expect(opened, path).toBeGreaterThan(10);
      const locale = localeFromPath(path.split("?")[0]!);
      for (const viewport of MATRIX_WIDTHS) {
        const width = viewport.width;
        const at = `${path} at ${width} px`;
        await page.setViewportSize(viewport);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(width);
        expect(await clippedText(page), at).toEqual([]);
        if (width === 320 && path.startsWith("/de/")) expect(await sticksOut(page), at).toEqual([]);
        const axeOptions = axeAt(locale, width);
        if (axeOptions) expect(await axeViolations(page, axeOptions), at).toEqual([]);
      }
      expect(console.unexpected(), path).toEqual([]);
    });
  }

  it("opens a source from the keyboard and names its figure to screen readers", async () => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto(`${h.base}/country/es`, { waitUntil: "load" });
    await hydrated(page);
    const summary = page.locator('[data-testid="panels"] details.src-check > summary').first();
    await summary.focus();
    await page.keyboard.press("Enter");
    const details = page.locator('[data-testid="panels"] details.src-check').first();
    expect(await details.evaluate((d) => (d as HTMLDetailsElement).open)).toBe(true);
    // Seen: "Check it at the source"; heard: which figure's (every summary of the page says the same words).
    expect(await summary.textContent()).toBe("Check it at the source: Unemployment rate");
    expect(await summary.locator(".sr-only").textContent()).toBe(": Unemployment rate");
    await expect.poll(() => details.locator('[data-input="unemployment"] a').first().isVisible()).toBe(true);
  });
});
