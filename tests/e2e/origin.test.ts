// A server as `npm start` runs it, without JWI_PUBLIC_ORIGIN and JWI_FEEDBACK_URL: canonical, Open Graph and
// JSON-LD links, the sitemap and robots name the origin the visitor asked (here http://127.0.0.1:PORT, or what a
// trusted proxy says), never http://localhost:3000; cached pages never mix two origins; "Provide feedback" leads
// to the contact page everywhere. In production the server refuses to start without JWI_PUBLIC_ORIGIN.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSiteServer } from "../../server/main.ts";
import { jwiProcess, startServerProcess } from "../helpers/processes.ts";
import { DESKTOP, MOBILE, hydrated, newPage, startHarness, type Harness } from "./harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-origin-", config: { publicOrigin: null, feedbackUrl: null } });
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const linksOf = (html: string) => ({
  canonical: /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1],
  ogUrl: /<meta property="og:url" content="([^"]+)"/.exec(html)?.[1],
  ogImage: /<meta property="og:image" content="([^"]+)"/.exec(html)?.[1],
});

describe("without JWI_PUBLIC_ORIGIN", () => {
  it("canonical, Open Graph and JSON-LD links use the test server's own origin", async () => {
    expect(h.base).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const { page } = await newPage(desktop);
    await page.goto(`${h.base}/country/de`, { waitUntil: "load" });
    await hydrated(page);
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toBe(`${h.base}/country/de`);
    expect(await page.locator("meta[property='og:url']").getAttribute("content")).toBe(`${h.base}/country/de`);
    expect(await page.locator("meta[property='og:image']").first().getAttribute("content")).toMatch(
      new RegExp(`^${h.base.replace(/\./g, "\\.")}/`),
    );
    const jsonLd = (await page.locator("script[type='application/ld+json']").allTextContents()).join("\n");
    expect(jsonLd).toContain(`${h.base}/country/de`);
    const html = await page.content();
    expect(html).not.toContain("localhost:3000");
    expect(html).not.toContain("jobweather.example");
    await page.close();
  });

  it("the Atom feeds name the same origin, per request like the pages", async () => {
    const feed = await (await fetch(`${h.base}/feeds/all.atom`)).text();
    expect(feed).toContain(`${h.base}/`);
    expect(feed).not.toContain("localhost");
    const proxied = await (
      await fetch(`${h.base}/feeds/de.atom`, {
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "jobs.proxy.example" },
      })
    ).text();
    expect(proxied).toContain("https://jobs.proxy.example/");
    expect(proxied).not.toContain(h.base);
    expect(await (await fetch(`${h.base}/feeds/de.atom`)).text()).not.toContain("jobs.proxy.example");
  });

  it("the OpenAPI document's server is the same origin", async () => {
    const doc = (await (await fetch(`${h.base}/api/openapi.json`)).json()) as { servers: Array<{ url: string }> };
    expect(doc.servers).toEqual([{ url: h.base, description: "This service" }]);
    const proxied = (await (
      await fetch(`${h.base}/api/openapi.json`, {
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "jobs.proxy.example" },
      })
    ).json()) as {
      servers: Array<{ url: string }>;
    };
    expect(proxied.servers[0]!.url).toBe("https://jobs.proxy.example");
  });

  it("the sitemap and robots name the same origin", async () => {
    const robots = await (await fetch(`${h.base}/robots.txt`)).text();
    expect(robots).toContain(`Sitemap: ${h.base}/sitemap.xml`);
    const xml = await (await fetch(`${h.base}/sitemap.xml`)).text();
    expect(xml).toContain(`<loc>${h.base}/</loc>`);
    expect(xml).toContain(`<loc>${h.base}/country/de</loc>`);
    expect(xml).not.toContain("localhost");
  });

  it("a page cached for one origin is never served with another's links (a trusted proxy's X-Forwarded-Proto/-Host)", async () => {
    const plain1 = linksOf(await (await fetch(`${h.base}/brightest`)).text());
    const proxied = linksOf(
      await (
        await fetch(`${h.base}/brightest`, {
          headers: { "x-forwarded-proto": "https", "x-forwarded-host": "jobs.proxy.example" },
        })
      ).text(),
    );
    const plain2 = linksOf(await (await fetch(`${h.base}/brightest`)).text());
    expect(plain1).toEqual({
      canonical: `${h.base}/brightest`,
      ogUrl: `${h.base}/brightest`,
      ogImage: `${h.base}/og-image.png`,
    });
    expect(proxied).toEqual({
      canonical: "https://jobs.proxy.example/brightest",
      ogUrl: "https://jobs.proxy.example/brightest",
      ogImage: "https://jobs.proxy.example/og-image.png",
    });
    expect(plain2).toEqual(plain1);
    // A host that is not one is never written into a page.
    // (a 400 that names the code, issue 49 case 3)
    const oddAnswer = await fetch(`${h.base}/brightest`, {
      headers: { "x-forwarded-host": 'evil.example"><script>' },
    });
    expect(oddAnswer.status).toBe(400);
    const odd = await oddAnswer.text();
    expect(odd).toContain("invalid_host");
    expect(odd).not.toContain("<script>");
    expect(linksOf(odd).canonical).toBeUndefined();
  });
});

describe("without JWI_FEEDBACK_URL", () => {
  it("'Provide feedback' leads to /contact in the header and the footer, in the same tab", async () => {
    const { page, console } = await newPage(desktop);
    await page.goto(`${h.base}/methodology`, { waitUntil: "load" });
    await hydrated(page);
    for (const where of ["header nav", "footer"]) {
      const link = page.locator(where).getByRole("link", { name: "Provide feedback" });
      expect(await link.getAttribute("href"), where).toBe("/contact");
      expect(await link.getAttribute("target"), where).toBeNull();
    }
    await page.locator("header nav").getByRole("link", { name: "Provide feedback" }).click();
    await page.waitForURL(`${h.base}/contact`);
    await page.getByRole("button", { name: "Send message" }).waitFor();
    // The contact page names no external form when none is configured.
    expect(await page.getByText("Feedback form", { exact: true }).count()).toBe(0);
    expect(console.unexpected()).toEqual([]);
    await page.close();
  });

  it("and in the phone's drawer", async () => {
    const { page } = await newPage(mobile);
    await page.goto(`${h.base}/`, { waitUntil: "load" });
    await hydrated(page);
    await page.getByLabel("Open menu").click();
    const dialog = page.getByRole("dialog");
    await dialog.waitFor();
    const link = dialog.getByRole("link", { name: "Provide feedback" });
    expect(await link.getAttribute("href")).toBe("/contact");
    await link.click();
    await page.waitForURL(`${h.base}/contact`);
    await expect.poll(() => page.getByRole("dialog").count()).toBe(0);
    await page.close();
  });
});

describe("start-up", () => {
  it("production without JWI_PUBLIC_ORIGIN: the server refuses to start and names the variable", async () => {
    const dir = path.join(os.tmpdir(), `jwi-e2e-origin-never-${process.pid}`);
    await expect(
      startSiteServer({ env: { NODE_ENV: "production", JWI_DATA_DIR: dir }, handleSignals: false }),
    ).rejects.toThrow(/JWI_PUBLIC_ORIGIN: required when NODE_ENV=production/);
    // The operator's command: exit code 1 and one clear line, before anything is loaded.
    const run = await jwiProcess(dir, ["serve", "--port", "0"], { NODE_ENV: "production" });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(
      /^error: Invalid environment: JWI_PUBLIC_ORIGIN: required when NODE_ENV=production: set it to the site's public address/,
    );
    expect(run.stdout).not.toContain("running on");
  });

  it("`jwi serve` without any configuration (what `npm start` runs) starts and links its own origin", async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-e2e-origin-serve-"));
    const server = await startServerProcess(dataDir, {}, 120_000, { asConfigured: true });
    try {
      const page = await (await fetch(`${server.url}/`)).text();
      expect(linksOf(page).canonical).toBe(`${server.url}/`);
      const robots = await (await fetch(`${server.url}/robots.txt`)).text();
      expect(robots).toContain(`Sitemap: ${server.url}/sitemap.xml`);
    } finally {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 180_000);
});
