// The open data pages in Chromium, desktop 1280×800 and mobile 390×844, against the real server and real data:
// /open-data (reached from the footer) with its download, API, OpenAPI and licence links, the CSV download in
// the browser, and /open-data/api (the reference made from the served OpenAPI document); axe-core clean, nothing
// wider than the phone, no console errors.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { COUNTRIES } from "../../pipeline/countries.ts";
import {
  DESKTOP,
  MOBILE,
  PUBLIC_ORIGIN,
  axeViolations,
  hydrated,
  newPage,
  screenshot,
  startHarness,
  type Harness,
} from "./harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-open-data-" });
  desktop = await h.browser.newContext({ ...DESKTOP, acceptDownloads: true });
  mobile = await h.browser.newContext(MOBILE);
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

const hrefs = (page: Page, selector: string) =>
  page.locator(selector).evaluateAll((as) => as.map((a) => a.getAttribute("href")));

for (const [device, context] of [
  ["desktop", () => desktop],
  ["mobile", () => mobile],
] as const) {
  describe(`open data pages, ${device}`, () => {
    it("/open-data lists the downloads, the API, its OpenAPI document and reference, and the licence", async () => {
      const { page, console, status } = await open(context(), "/open-data");
      expect(status).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("Open data");
      expect(await page.title()).toBe("Open data: scores as CSV and a JSON API | Job Weather Index");
      expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(`${PUBLIC_ORIGIN}/open-data`);
      const links = await hrefs(page, "main a");
      expect(links).toContain("/api/v1/scores.csv");
      expect(links).toContain("/api/openapi.json");
      expect(links).toContain("/open-data/api");
      expect(links).toContain("https://creativecommons.org/licenses/by/4.0/");
      expect(links).toContain("https://ec.europa.eu/eurostat/about-us/policies/copyright");
      for (const c of COUNTRIES) expect(links).toContain(`/api/v1/countries/${c.code.toLowerCase()}/history.csv`);
      const text = await page.locator("main").innerText();
      expect(text).toContain("Source: Eurostat");
      expect(text).toContain("CC BY 4.0");
      expect(text).toContain(`${PUBLIC_ORIGIN}/api/v1`);
      expect(text).toMatch(/scores as of 22 November 2026/);
      expect(text).toContain("stale-while-revalidate");
      // Structured data for dataset search engines, with the licence and the CSV download.
      const ld = JSON.parse((await page.locator("script[type='application/ld+json']").textContent())!);
      expect(ld).toMatchObject({ "@type": "Dataset", license: "https://creativecommons.org/licenses/by/4.0/" });
      expect(ld.distribution[0]).toEqual({
        "@type": "DataDownload",
        encodingFormat: "text/csv",
        contentUrl: `${PUBLIC_ORIGIN}/api/v1/scores.csv`,
      });
      // The columns are explained (collapsed by default, opened here).
      await page.getByText("Columns of the scores file").click();
      await expect.poll(() => page.getByText("The score as shown, one decimal").isVisible()).toBe(true);
      if (device === "mobile")
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `open-data-${device}`);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });

    it("/open-data/api describes every endpoint and every field, from the served document", async () => {
      const { page, console, status } = await open(context(), "/open-data/api");
      expect(status).toBe(200);
      expect(await page.locator("h1").textContent()).toBe("API reference");
      const doc = (await (await fetch(`${h.base}/api/openapi.json`)).json()) as {
        paths: Record<string, unknown>;
        info: { version: string };
      };
      const titles = await page.locator("section[id] h3").allTextContents();
      for (const path of Object.keys(doc.paths)) expect(titles).toContain(`GET${path}`);
      const text = await page.locator("main").innerText();
      expect(text).toContain(`version ${doc.info.version}`);
      expect(text).toContain(`curl ${PUBLIC_ORIGIN}/api/v1/countries/DE`);
      expect(text).toContain(`curl -OJ ${PUBLIC_ORIGIN}/api/v1/scores.csv`);
      expect(text).toContain("sub_scores.U.freshness");
      expect(text).toContain("Freshness factor f, 0 to 1");
      // A schema named in an answer links to its fields.
      await page.locator("#getCountry").getByRole("link", { name: "Country", exact: true }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#schema-Country");
      if (device === "mobile")
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      expect(await axeViolations(page)).toEqual([]);
      await screenshot(page, `open-data-api-${device}`);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });
  });
}

describe("reaching and using the open data", () => {
  it("the footer links to /open-data from every page", async () => {
    const { page } = await open(desktop, "/brightest");
    await page.locator("footer").getByRole("link", { name: "Open data", exact: true }).click();
    await page.waitForURL(`${h.base}/open-data`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Open data");
    await page.close();
  });

  it("the scores link downloads a CSV file named after the publication", async () => {
    const { page } = await open(desktop, "/open-data");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: /Today's scores of all 31 countries/ }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("job-weather-index-scores-2026-11-22.csv");
    const stream = await download.createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of stream) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString("utf8");
    expect(text.split("\r\n")[0]).toMatch(/^code,name,region,score,/);
    expect(text.split("\r\n")).toHaveLength(1 + 31 + 1);
    await page.close();
  });
});
