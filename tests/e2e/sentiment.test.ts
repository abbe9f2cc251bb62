// The sentiment sources on the site (model v2.1), in Chromium against the real server and the bundled real data
// (scores as of 2026-11-22): Germany's page names the Employment Expectations Indicator with its value and month
// (DG ECFIN's file ends at August 2025) and says plainly that it is too old to count today while the history
// used it up to August 2026; the methodology page explains both sources, their blend and the rounded status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, MOBILE, hydrated, newPage, screenshot, sharedSite, type SharedHarness } from "./harness.ts";

let h: SharedHarness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string): Promise<{ page: Page; errors: () => string[] }> {
  const { page, console } = await newPage(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  expect(res?.status(), path).toBe(200);
  await hydrated(page);
  return { page, errors: () => console.unexpected() };
}

const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();

describe("the country page's sentiment panel", () => {
  it("Germany: names the EEI with its value and month, what 100 means, and that it is too old to count today", async () => {
    const { page, errors } = await open(desktop, "/country/de");
    const wide = page.getByTestId("panels-wide");
    const panel = wide.locator("section", { has: page.getByRole("heading", { name: "Market sentiment" }) });
    const text = squash(await panel.innerText());
    expect(text).toContain("Employment expectations");
    expect(text).toMatch(/92\.9\s*August 2025/);
    expect(text).toContain("Employment Expectations Indicator (EEI), from the European Commission's business surveys");
    expect(text).toContain("100 = long-term average, standard deviation 10");
    const eei = wide.getByTestId("sentiment-eei");
    expect(await eei.getAttribute("data-counts")).toBe("false");
    expect(squash(await eei.innerText())).toContain(
      "Too old to count today: August 2025 is 15 months old, past the 12-month cut-off, so today's score ignores it. The score history still uses it for the months up to August 2026.",
    );
    // Germany has no barometer: no barometer line, and the score card's basis stays historical-only.
    expect(await wide.getByTestId("sentiment-lmb").count()).toBe(0);
    expect(await page.getByTestId("not-available").textContent()).toContain("expert barometer");
    await screenshot(page, "country-sentiment-eei-desktop");
    expect(errors()).toEqual([]);
    await page.close();
  });

  it("on a phone the same words are in the Market sentiment section", async () => {
    const { page } = await open(mobile, "/country/de");
    const section = page.getByRole("button", { name: "Market sentiment" });
    if ((await section.getAttribute("aria-expanded")) !== "true") await section.click();
    const eei = page.getByTestId("sentiment-eei").locator("visible=true");
    await expect.poll(() => eei.count()).toBe(1);
    expect(squash(await eei.innerText())).toMatch(/^Employment Expectations Indicator \(EEI\).*Too old to count today/);
    await page.close();
  });

  it("the job-market layout lists the EEI in the market snapshot as too old to count", async () => {
    const { page, errors } = await open(desktop, "/job-market/germany");
    const snapshot = squash(await page.locator("section[aria-labelledby=snapshot-title]").innerText());
    expect(snapshot).toMatch(/Employment expectations \(EEI\)\s*92\.9\s*August 2025 · too old to count today/);
    expect(errors()).toEqual([]);
    await page.close();
  });
});

describe("the methodology page", () => {
  it("explains both sentiment sources, the v2.1 blend and the rounded status, and lists every accepted table", async () => {
    const { page, errors } = await open(desktop, "/methodology");
    const main = squash(await page.locator("main").innerText());
    expect(main).toContain("This page explains model v2.2");
    const sources = squash(await page.getByTestId("sentiment-sources").innerText());
    expect(sources).toContain("European Labour Market Barometer");
    expect(sources).toContain("100 = neutral, on a scale of 90 (very poor) to 110 (very good)");
    expect(sources).toContain("Employment Expectations Indicator (EEI)");
    expect(sources).toContain("100 = long-term average, standard deviation 10");
    expect(main).toContain("S is their freshness-weighted mean: S = (fb × S(barometer) + fx × S(EEI)) ÷ (fb + fx)");
    expect(main).toContain("a sentiment value of August 2025 counts in the scores up to August 2026 and not after");
    expect(squash(await page.getByTestId("rounded-status").innerText())).toMatch(
      /^Status and label come from the score as shown, rounded to 1 decimal \(halves away from zero\): a score of 6\.96 is shown 7\.0 and is bright, "Rather favorable"/,
    );
    const accepted = squash(await page.getByTestId("accepted-tables").innerText());
    for (const table of ["teibs030", "ei_bsee_m_r2", "jvs_q_r21", "une_rt_q"])
      expect(accepted).toContain(`Eurostat ${table}`);
    expect(accepted).toContain("Employment Expectations Indicator (DG ECFIN business surveys)");
    expect(accepted).toMatch(
      /Job vacancy statistics by NACE Rev\. 2\.1 activity – quarterly data · Job vacancy rate Eurostat jvs_q_r21 Industry, construction and services \(B-T in NACE Rev\. 2\.1's lettering\) where the answer has them, else the whole economy \(A-T\)/,
    );
    // The loaded data: DG ECFIN's file is named by its title, used for employment expectations.
    const table = squash(await page.getByTestId("sources-table").innerText());
    expect(table).toMatch(
      /Employment Expectations Indicator \(DG ECFIN business surveys\) European Commission, DG ECFIN Employment expectations \(EEI\) August 2025/,
    );
    expect(errors()).toEqual([]);
    await page.close();
  });
});
