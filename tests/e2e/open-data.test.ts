// The open data pages against the shared site: /open-data with its download, API, OpenAPI and licence links and
// /open-data/api (the reference made from the served OpenAPI document), read from the server's HTML; in Chromium at
// 1280 and 390 px the columns' explanation opens, a schema named in an answer links to its fields, the footer leads
// to /open-data and the CSV downloads. The pages' axe, width and console checks are in the route matrix.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext } from "playwright-core";
import { COUNTRIES } from "../../lib/countries.ts";
import { bodyText, fetchPage, squash, textOf, textsOf } from "../helpers/html.ts";
import { DESKTOP, MOBILE, PUBLIC_ORIGIN, hydrated, newPage, sharedSite, type SharedHarness } from "./harness.ts";

let h: SharedHarness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  desktop = await h.browser.newContext({ ...DESKTOP, acceptDownloads: true });
  mobile = await h.browser.newContext(MOBILE);
});

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string) {
  const { page, console } = await newPage(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return { page, console, status: res?.status() ?? 0 };
}

describe("open data pages, in the server's HTML", () => {
  it("/open-data lists the downloads, the API, its OpenAPI document and reference, and the licence", async () => {
    const { status, document } = await fetchPage(`${h.base}/open-data`);
    expect(status).toBe(200);
    expect(textOf(document, "h1")).toBe("Open data");
    expect(document.title).toBe("Open data: scores as CSV and a JSON API | Job Weather Index");
    expect(document.querySelector("link[rel=canonical]")?.getAttribute("href")).toBe(`${PUBLIC_ORIGIN}/open-data`);
    const links = [...document.querySelectorAll("main a")].map((a) => a.getAttribute("href"));
    expect(links).toContain("/api/v1/scores.csv");
    expect(links).toContain("/api/openapi.json");
    expect(links).toContain("/open-data/api");
    expect(links).toContain("https://creativecommons.org/licenses/by/4.0/");
    expect(links).toContain("https://ec.europa.eu/eurostat/about-us/policies/copyright");
    for (const c of COUNTRIES) expect(links).toContain(`/api/v1/countries/${c.code.toLowerCase()}/history.csv`);
    const text = squash(bodyText(document));
    expect(text).toContain("Source: Eurostat");
    expect(text).toContain("CC BY 4.0");
    expect(text).toContain(`${PUBLIC_ORIGIN}/api/v1`);
    expect(text).toMatch(/scores as of 22 November 2026/);
    expect(text).toContain("stale-while-revalidate");
    // Structured data for dataset search engines, with the licence and the CSV download.
    const ld = JSON.parse(document.querySelector("script[type='application/ld+json']")!.textContent!);
    expect(ld).toMatchObject({ "@type": "Dataset", license: "https://creativecommons.org/licenses/by/4.0/" });
    expect(ld.distribution[0]).toEqual({
      "@type": "DataDownload",
      encodingFormat: "text/csv",
      contentUrl: `${PUBLIC_ORIGIN}/api/v1/scores.csv`,
    });
  });

  it("/open-data/api describes every endpoint and every field, from the served document", async () => {
    const { status, document } = await fetchPage(`${h.base}/open-data/api`);
    expect(status).toBe(200);
    expect(textOf(document, "h1")).toBe("API reference");
    const doc = (await (await fetch(`${h.base}/api/openapi.json`)).json()) as {
      paths: Record<string, unknown>;
      info: { version: string };
    };
    const titles = textsOf(document, "section[id] h3").map((t) => t.replace(/\s+/g, ""));
    for (const path of Object.keys(doc.paths)) expect(titles).toContain(`GET${path}`);
    const text = squash(bodyText(document));
    expect(text).toContain(`version ${doc.info.version}`);
    expect(text).toContain(`curl ${PUBLIC_ORIGIN}/api/v1/countries/DE`);
    expect(text).toContain(`curl -OJ ${PUBLIC_ORIGIN}/api/v1/scores.csv`);
    expect(text).toContain("sub_scores.U.freshness");
    expect(text).toContain("Freshness factor f, 0 to 1");
  });
});

for (const [device, context] of [
  ["desktop", () => desktop],
  ["mobile", () => mobile],
] as const) {
  describe(`open data pages, ${device}`, () => {
    it("/open-data explains its columns when asked (collapsed by default)", async () => {
      const { page, console } = await open(context(), "/open-data");
      expect(await page.getByText("The score as shown, one decimal").isVisible()).toBe(false);
      await page.getByText("Columns of the scores file").click();
      await expect.poll(() => page.getByText("The score as shown, one decimal").isVisible()).toBe(true);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });

    it("/open-data/api links a schema named in an answer to its fields", async () => {
      const { page, console } = await open(context(), "/open-data/api");
      await page.locator("#getCountry").getByRole("link", { name: "Country", exact: true }).click();
      await expect.poll(() => page.evaluate(() => location.hash)).toBe("#schema-Country");
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
      page.getByRole("link", { name: /Today's scores: 31 countries, 30 of them scored/ }).click(),
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
