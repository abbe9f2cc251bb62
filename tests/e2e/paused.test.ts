// The paused banner in a real browser (docs/product.md, "Paused"): while the operator has paused publication, a
// country page says so above its content, in the home card's words, and shows no score — at 390 px and 1280 px,
// without serious accessibility violations; after resume the score is back and the banner gone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { formatScore } from "../../pipeline/model/round.ts";
import { login, postJson, testPasswordHash } from "../api/helpers.ts";
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  hydrated,
  newPage,
  readableText,
  screenshot,
  startHarness,
  type Harness,
} from "./harness.ts";

let h: Harness;
let cookie: string;
let roScore: number;

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-paused-", config: { adminPasswordHash: await testPasswordHash() } });
  cookie = await login(h.base);
  roScore = ((await (await fetch(`${h.base}/api/countries/ro`)).json()) as { score: number }).score;
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const sizes: Array<[string, typeof DESKTOP | typeof MOBILE]> = [
  ["390", MOBILE],
  ["1280", DESKTOP],
];

describe("a country page while publication is paused", () => {
  it("shows the paused banner and no score, at 390 px and 1280 px, with no serious axe violations", async () => {
    expect(roScore).toBeGreaterThan(1);
    expect(
      (await postJson(`${h.base}/api/admin/publication`, { paused: true, reason: "data check" }, { cookie })).status,
    ).toBe(200);
    for (const [width, options] of sizes) {
      const context: BrowserContext = await h.browser.newContext(options);
      try {
        const { page, console } = await newPage(context);
        await page.goto(`${h.base}/country/ro`);
        await hydrated(page);
        const banner = page.getByTestId("paused-banner");
        expect(await banner.isVisible(), width).toBe(true);
        expect(await banner.innerText(), width).toContain("Job Weather Index is Currently Paused");
        expect(await banner.innerText(), width).toContain("Temporarily Offline");
        const card = page.locator('section[aria-labelledby="score-card-title"]');
        expect(await card.getAttribute("data-state"), width).toBe("no-score");
        expect(await card.innerText(), width).toContain("Publication is paused");
        expect(await card.innerText(), width).not.toContain(formatScore(roScore));
        expect(await page.getByTestId("not-available").count(), width).toBe(0);
        // The same words as after resume (below), where they name the score.
        expect(await readableText(page), width).not.toContain(`Romania: ${formatScore(roScore)}`);
        // The banner fits the narrow screen: nothing scrolls sideways.
        expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), width).toBe(true);
        expect(await axeViolations(page), width).toEqual([]);
        await screenshot(page, `paused-country-ro-${width}`);
        // A client-side navigation keeps the banner (the root's data is loaded again).
        await page.locator('footer a[href="/methodology"]').first().click();
        await page.waitForURL(`${h.base}/methodology`);
        expect(await page.getByTestId("paused-banner").isVisible(), width).toBe(true);
        expect(console.errors, width).toEqual([]);
      } finally {
        await context.close();
      }
    }
  });

  it("after resume: the score is back and the banner gone", async () => {
    expect((await postJson(`${h.base}/api/admin/publication`, { paused: false }, { cookie })).status).toBe(200);
    const context = await h.browser.newContext(DESKTOP);
    try {
      const { page } = await newPage(context);
      await page.goto(`${h.base}/country/ro`);
      await hydrated(page);
      expect(await page.getByTestId("paused-banner").count()).toBe(0);
      const card = page.locator('section[aria-labelledby="score-card-title"]');
      expect(await card.getAttribute("data-state")).toBe("score");
      expect(await card.innerText()).toContain(formatScore(roScore));
      expect(await readableText(page)).toContain(`Romania: ${formatScore(roScore)}`);
    } finally {
      await context.close();
    }
  });
});
