// Youth unemployment on both country layouts (model v2.2 §10, docs/decisions/016-youth-unemployment.md), in Chromium at
// 1280 px and 390 px against the real server and the bundled data: beside the unemployment rate, with its month, said
// to be context only; absent where the bundle has no figure (Switzerland); the pages stay accessible and fit a phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  hydrated,
  newPage,
  screenshot,
  sharedSite,
  type SharedHarness,
} from "./harness.ts";

let h: SharedHarness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  desktop = await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" });
  mobile = await h.browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string) {
  const { page, console } = await newPage(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return { page, console, status: res?.status() ?? 0 };
}

/** Spain's under-25 rate and its month as the API publishes them (in the bundle: 23.5% in January 2026). */
async function spain(): Promise<{ rate: string; month: string }> {
  const res = await fetch(`${h.base}/api/countries/es`);
  expect(res.status).toBe(200);
  const { market_panel: p } = (await res.json()) as {
    market_panel: { youth_unemployment_rate: number | null; youth_unemployment_period: string | null };
  };
  expect(p.youth_unemployment_rate).not.toBeNull();
  return {
    rate: `${p.youth_unemployment_rate!.toFixed(1)}%`,
    month: new Date(`${p.youth_unemployment_period}-01T00:00:00Z`).toLocaleString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    }),
  };
}

for (const [device, context, width] of [
  ["desktop", () => desktop, 1280],
  ["mobile", () => mobile, 390],
] as const) {
  describe(`youth unemployment, ${device}`, () => {
    it("/country/es shows Spain's under-25 rate of January 2026 right after the unemployment rate and its yearly change, as context", async () => {
      const { page, console, status } = await open(context(), "/country/es");
      expect(status).toBe(200);
      // The panels are drawn twice (cards on wide screens, sections on small ones): read the visible one.
      const dl = page.locator("dl:visible").filter({ hasText: "Unemployment under 25" }).first();
      await dl.waitFor();
      const youth = dl.locator("> div").filter({ hasText: "Unemployment under 25" });
      const text = (await youth.first().innerText()).replace(/\s+/g, " ");
      const es = await spain();
      expect(text).toContain(es.rate);
      expect(text).toContain(es.month);
      expect(text).toContain("Context only, not in the score.");
      // Beside the overall rate: it follows the unemployment rate and the rate's own yearly change (the momentum
      // input, shown with the rate since issue 35), before any other figure.
      const labels = await dl.locator("> div > dt").allTextContents();
      const at = labels.findIndex((l) => l.includes("Unemployment under 25"));
      const rate = labels.findIndex((l) => l.startsWith("Unemployment rate"));
      expect(rate).toBeGreaterThanOrEqual(0);
      expect(at).toBeGreaterThan(rate);
      expect(labels.slice(rate + 1, at).every((l) => l.startsWith("Unemployment over a year"))).toBe(true);
      expect(at - rate).toBeLessThanOrEqual(2);
      // Its explanation is reachable as a named control (keyboard and screen readers).
      await expect.poll(() => youth.first().getByRole("button").count()).toBeGreaterThan(0);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      await youth.first().scrollIntoViewIfNeeded();
      await screenshot(page, `youth-country-es-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });

    it("/job-market/spain lists the same figure in its snapshot; /country/ch shows none (no figure in the bundle)", async () => {
      const jm = await open(context(), "/job-market/spain");
      expect(jm.status).toBe(200);
      const row = jm.page.locator("li:visible").filter({ hasText: "Unemployment under 25" });
      await row.first().waitFor();
      const text = (await row.first().innerText()).replace(/\s+/g, " ");
      const es = await spain();
      expect(text).toContain(es.rate);
      expect(text).toContain(es.month);
      expect(text).toContain("context only");
      expect(await jm.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
      expect(await axeViolations(jm.page)).toEqual([]);
      await jm.page.close();

      const ch = await open(context(), "/country/ch");
      expect(ch.status).toBe(200);
      await ch.page.getByRole("heading", { level: 1 }).waitFor();
      expect(await ch.page.getByText("Unemployment under 25").count()).toBe(0);
      await ch.page.close();
    });
  });
}
