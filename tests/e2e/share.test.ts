// Share cards and the embeddable badge in the real site: the server-rendered og:image of the country pages, the
// "Embed this badge" snippet (present, copyable by mouse and keyboard, announced), and the badge loading and
// parsing as XML in Chromium, on a desktop and a phone.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { badgeParts, badgeSvg } from "../../api/badge.ts";
import { STATUS_STYLE, type Status } from "../../product/weather.ts";
import { decodePng } from "../helpers/png.ts";
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
  h = await startHarness({ prefix: "jwi-e2e-share-" });
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
  for (const c of [desktop, mobile])
    await c.grantPermissions(["clipboard-read", "clipboard-write"], { origin: h.base });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

/** A meta tag's content in server-rendered HTML (React writes attributes in a fixed order: name/property, content). */
function metaContent(html: string, key: string): string | undefined {
  const m = new RegExp(`<meta (?:property|name)="${key.replace(/[.:]/g, "\\$&")}" content="([^"]*)"`).exec(html);
  return m?.[1]?.replace(/&amp;/g, "&");
}

async function scoreOf(code: string): Promise<{ score: number | null; status: string | null }> {
  return (await fetch(`${h.base}/api/countries/${code}`)).json() as Promise<{
    score: number | null;
    status: string | null;
  }>;
}

describe("the country pages' share image", () => {
  it("is the country's card, as an absolute URL in the first HTML response (og:image and twitter:image)", async () => {
    for (const [path, code] of [
      ["/country/gr", "gr"],
      ["/job-market/greece", "gr"],
      ["/country/li", "li"],
    ] as const) {
      const html = await (await fetch(h.base + path)).text();
      expect(metaContent(html, "og:image"), path).toBe(`${PUBLIC_ORIGIN}/og/${code}.png`);
      expect(metaContent(html, "twitter:image"), path).toBe(`${PUBLIC_ORIGIN}/og/${code}.png`);
      expect(metaContent(html, "og:image:width"), path).toBe("1200");
      expect(metaContent(html, "og:image:height"), path).toBe("630");
      expect(metaContent(html, "og:image:alt"), path).toBeTruthy();
    }
    const gr = await scoreOf("gr");
    const html = await (await fetch(`${h.base}/country/gr`)).text();
    expect(metaContent(html, "og:image:alt")).toContain(`${gr.score!.toFixed(1)} out of 10, ${gr.status} job market`);
    // What the tag points to (on this server's own origin) is that card: drawn at this first request (the server
    // started with none drawn), in the colour of Greece's status; then served from storage under the same ETag.
    const card = await fetch(`${h.base}/og/gr.png`);
    expect(card.status).toBe(200);
    expect(card.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await card.arrayBuffer());
    const image = decodePng(png);
    expect([image.width, image.height]).toEqual([1200, 630]);
    expect(image.colour(600, 8)).toBe(STATUS_STYLE[gr.status as Status].fill);
    const again = await fetch(`${h.base}/og/gr.png`);
    expect(again.headers.get("etag")).toBe(card.headers.get("etag"));
    expect(Buffer.from(await again.arrayBuffer()).equals(png)).toBe(true);
    expect(
      (await fetch(`${h.base}/og/gr.png`, { headers: { "if-none-match": card.headers.get("etag")! } })).status,
    ).toBe(304);
    expect(h.server.app.shareCards.stats.drawn).toEqual({ request: 1, background: 0 });
  });
});

async function openCountry(context: BrowserContext, code: string): Promise<{ page: Page; errors: () => string[] }> {
  const { page, console } = await newPage(context);
  await page.goto(`${h.base}/country/${code}`, { waitUntil: "load" });
  await hydrated(page);
  return { page, errors: () => console.unexpected() };
}

describe("Embed this badge", () => {
  for (const [device, context] of [
    ["desktop", () => desktop],
    ["mobile", () => mobile],
  ] as const) {
    it(`shows the snippet, copies it with the mouse and the keyboard, and the badge loads (${device})`, async () => {
      const { page, errors } = await openCountry(context(), "de");
      const de = await scoreOf("de");
      const section = page.getByRole("region", { name: "Embed this badge" });
      await section.scrollIntoViewIfNeeded();
      expect(await section.isVisible()).toBe(true);

      // The snippet: absolute URLs on the public origin, the alt text with today's score.
      const expected = `<a href="${PUBLIC_ORIGIN}/country/de"><img src="${PUBLIC_ORIGIN}/badge/de.svg" alt="Job Weather Index for Germany: ${de.score!.toFixed(1)} (${de.status})"></a>`;
      const field = section.getByRole("textbox", { name: "HTML to paste" });
      expect(await field.inputValue()).toBe(expected);
      expect(await field.getAttribute("readonly")).not.toBeNull();

      // The preview: the badge itself, loaded from this server (20 px high, wider than high).
      const preview = section.locator("img");
      await expect.poll(() => preview.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
      const size = await preview.evaluate((i: HTMLImageElement) => ({ w: i.naturalWidth, h: i.naturalHeight }));
      expect(size.h).toBe(20);
      expect(size.w).toBeGreaterThan(100);
      expect(await preview.getAttribute("alt")).toBe(
        `Job Weather Index for Germany: ${de.score!.toFixed(1)} (${de.status})`,
      );

      // Copy with the mouse: the clipboard holds the snippet, and a status line says so.
      const button = section.getByRole("button", { name: "Copy snippet" });
      await page.evaluate(() => navigator.clipboard.writeText(""));
      await button.click();
      await expect.poll(() => section.getByRole("status").textContent()).toBe("Copied to the clipboard.");
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

      // And with the keyboard alone: Tab from the field reaches the button, Enter copies.
      await page.reload({ waitUntil: "load" });
      await hydrated(page);
      await page.evaluate(() => navigator.clipboard.writeText(""));
      await page.getByRole("textbox", { name: "HTML to paste" }).focus();
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Copy snippet");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByRole("status").filter({ hasText: "Copied" }).count()).toBe(1);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);

      if (device === "mobile")
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await page.getByRole("region", { name: "Embed this badge" }).scrollIntoViewIfNeeded();
      await screenshot(page, `embed-badge-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(errors()).toEqual([]);
      await page.close();
    });
  }

  it("a country without a score offers the badge too, with an alt text that claims no number", async () => {
    const { page, errors } = await openCountry(desktop, "li");
    const field = page.getByRole("textbox", { name: "HTML to paste" });
    expect(await field.inputValue()).toContain('alt="Job Weather Index for Liechtenstein"');
    const preview = page.getByRole("region", { name: "Embed this badge" }).locator("img");
    await expect.poll(() => preview.evaluate((i: HTMLImageElement) => i.complete && i.naturalWidth > 0)).toBe(true);
    expect(errors()).toEqual([]);
    await page.close();
  });
});

describe("the badge in Chromium", () => {
  it("parses as SVG with the browser's XML parser, also with a hostile name, and loads as an image", async () => {
    const { page } = await openCountry(desktop, "de");
    const served = await (await fetch(`${h.base}/badge/de.svg`)).text();
    const hostile = badgeSvg(badgeParts(`<script>alert("x")</script> & 'Co'`, { score: 3.2, status: "rainy" }));
    const parsed = await page.evaluate(
      (docs) =>
        docs.map((text) => {
          const doc = new DOMParser().parseFromString(text, "image/svg+xml");
          return {
            error: doc.getElementsByTagName("parsererror").length > 0,
            root: doc.documentElement.localName,
            scripts: doc.getElementsByTagName("script").length,
            label: doc.documentElement.getAttribute("aria-label"),
            text: doc.documentElement.textContent,
          };
        }),
      [served, hostile],
    );
    expect(parsed[0]).toMatchObject({ error: false, root: "svg", scripts: 0 });
    expect(parsed[0]!.label).toMatch(/^Job Weather Index for Germany: \d+\.\d out of 10, \w+$/);
    expect(parsed[1]).toMatchObject({ error: false, root: "svg", scripts: 0 });
    expect(parsed[1]!.label).toBe(`Job Weather Index for <script>alert("x")</script> & 'Co': 3.2 out of 10, rainy`);
    expect(parsed[1]!.text).toContain(`job weather · <script>alert("x")</script> & 'Co'`);
    // Loaded as an <img> by a page like another site's would.
    const loaded = await page.evaluate(async (src) => {
      const img = new Image();
      img.src = src;
      await img.decode();
      return { w: img.naturalWidth, h: img.naturalHeight };
    }, `${h.base}/badge/fr.svg`);
    expect(loaded.h).toBe(20);
    expect(loaded.w).toBeGreaterThan(100);
    await page.close();
  });
});
