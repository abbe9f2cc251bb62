// Community summaries in Chromium against the real server (experiences posted through the real API): no
// average or share below the minimum number of experiences, the five tiles at both sizes, and the mood
// slider's labels exactly under its stops. Its own server with generous write limits, so that it can post
// as many experiences as it needs (the site suite keeps small limits to test the "too many requests" path).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { MOOD_SUMMARY_MIN_EXPERIENCES } from "../../web/app/lib/community.ts";
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  hydrated,
  partScreenshot,
  startHarness,
  type Harness,
  tabOf,
} from "./harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  const generous = { limit: 100_000, windowMs: 600_000 };
  h = await startHarness({
    prefix: "jwi-e2e-community-",
    config: { rateLimits: { experiences: generous, waitingList: generous, contact: generous, login: generous } },
  });
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
}, 180_000);

afterAll(async () => {
  await h?.close();
});

/**
 * The tab of each context, navigated from page to page (a fresh document each time): a new tab is a new renderer
 * process, which costs more than the page's load and hydration (docs/testing.md).
 */
async function open(context: BrowserContext, path: string): Promise<Page> {
  const { page } = await tabOf(context);
  await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return page;
}

async function post(code: string, mood: number): Promise<void> {
  const res = await fetch(`${h.base}/api/countries/${code}/experiences`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({
      role_family: "Design",
      seniority: "Mid",
      residency: "Local resident",
      mood,
      local_language: true,
      comment: "",
    }),
  });
  expect(res.status).toBe(201);
}

describe("mood summaries need enough experiences", () => {
  it("below the minimum: the count, no average and no percentage; from it: tiles, average and share", async () => {
    expect(MOOD_SUMMARY_MIN_EXPERIENCES).toBe(5);
    // Two experiences, both positive: "100% say it is going OK or better" would be a claim from two people.
    await post("HU", 5);
    await post("HU", 4);
    for (const path of ["/country/hu", "/job-market/hungary"]) {
      const page = await open(desktop, path);
      expect(await page.getByTestId("community-too-few").textContent()).toBe(
        "2 experiences so far: too few for an average or a percentage.",
      );
      const text = await page.locator("main").innerText();
      expect(text).not.toMatch(/% of job seekers/);
      expect(await page.getByLabel("Community summary").count()).toBe(0);
      if (path === "/country/hu") expect(text).toContain("2 experiences so far: too few for an average.");
    }

    // Three more (moods 2, 3, 1): five in all, two below "OK" → 60% OK or better, average 3.0.
    for (const mood of [2, 3, 1]) await post("HU", mood);
    const page = await open(desktop, "/country/hu");
    expect(await page.getByTestId("community-too-few").count()).toBe(0);
    const tiles = await page.getByTestId("community-tile").allInnerTexts();
    expect(tiles.map((t) => t.replace(/\s+/g, " "))).toEqual([
      "Experiences 5",
      "Average mood 3.0 / 5",
      "Positive 2",
      "Neutral 1",
      "Frustrated 2",
    ]);
    expect(await page.getByText("60% of job seekers here say it is going OK or better.").isVisible()).toBe(true);
    expect(await page.locator("main").innerText()).toMatch(/Community mood\s+3\.0 \/ 5 from 5 experiences/);
  });

  for (const [device, context, columns] of [
    ["desktop", () => desktop, [5]],
    ["mobile", () => mobile, [2, 3]],
  ] as const) {
    it(`lays the five tiles out without one alone on a row (${device})`, async () => {
      for (let i = 0; i < MOOD_SUMMARY_MIN_EXPERIENCES; i++) await post("PT", 1 + (i % 5));
      const page = await open(context(), "/country/pt");
      const boxes = await page
        .getByTestId("community-tile")
        .evaluateAll((els) =>
          els.map((e) => e.getBoundingClientRect()).map((r) => ({ top: Math.round(r.top), right: r.right })),
        );
      const rows = new Map<number, number>();
      for (const b of boxes) rows.set(b.top, (rows.get(b.top) ?? 0) + 1);
      expect([...rows.values()]).toEqual(columns);
      for (const b of boxes) expect(b.right).toBeLessThanOrEqual(device === "mobile" ? 390 : 1280);
      await page.getByTestId("community-tile").first().scrollIntoViewIfNeeded();
      await partScreenshot(page.getByLabel("Community summary").locator(".."), `community-summary-${device}`);
      expect(await axeViolations(page)).toEqual([]);
    });
  }
});

describe("mood slider", () => {
  for (const [device, context] of [
    ["desktop", () => desktop],
    ["mobile", () => mobile],
  ] as const) {
    it(`puts each label exactly under its stop (${device})`, async () => {
      const page = await open(context(), "/country/at");
      await page.getByText("Share your experience", { exact: true }).click();
      const slider = page.getByLabel(/How is it going\?/);
      await slider.waitFor();
      // In view before measuring: the clicks below go to viewport coordinates, and with taller fonts (Debian's
      // fonts-noto-core) the opened form ends below a phone's first screen.
      await slider.scrollIntoViewIfNeeded();
      const box = (await slider.boundingBox())!;
      const thumb = await slider.evaluate((el) => parseFloat(getComputedStyle(el).getPropertyValue("--thumb")));
      expect(thumb).toBeGreaterThan(10);
      const labels = page.locator("[data-stop]");
      expect(await labels.count()).toBe(5);
      const formBox = (await page.locator("form[aria-labelledby=share-title]").boundingBox())!;
      let previousRight = -Infinity;
      for (let i = 0; i < 5; i++) {
        const label = labels.nth(i);
        const b = (await label.boundingBox())!;
        const centre = b.x + b.width / 2;
        // Stop i of 5 of a range input whose thumb is `thumb` px wide.
        const stop = box.x + thumb / 2 + ((box.width - thumb) * i) / 4;
        expect(Math.abs(centre - stop), `label ${i + 1}`).toBeLessThanOrEqual(2);
        // Readable: labels neither overlap nor leave the form.
        expect(b.x).toBeGreaterThan(previousRight);
        expect(b.x).toBeGreaterThanOrEqual(formBox.x);
        expect(b.x + b.width).toBeLessThanOrEqual(formBox.x + formBox.width);
        previousRight = b.x + b.width;
        // And the stop really is there: a tap on the track straight above the label picks that mood.
        await page.mouse.click(centre, box.y + box.height / 2);
        expect(await slider.inputValue(), `label ${i + 1}`).toBe(String(i + 1));
      }
      await partScreenshot(page.locator("form[aria-labelledby=share-title]"), `experience-slider-${device}`);
    });
  }
});
