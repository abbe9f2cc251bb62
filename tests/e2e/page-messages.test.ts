// Each page carries only its own messages (web/app/i18n/page-messages.ts, docs/i18n.md "Loading"), so a page that
// renders a message its route does not receive must fail. Every route in every language is checked for it by
// the route matrix (route-matrix.ts messageProblems); here, in real Chromium against the real server: the parts loaded on first use
// (the country picker's list, the experience form) find their messages too, client-side navigation brings the next
// page's messages (German texts, no ids, no English), and a page's HTML holds no other page's messages.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRODUCT_NAME } from "../../product/brand.ts";
import type { Locale } from "../../product/locales.ts";
import { hydrated, newPage, ROOT, sharedSite, type SharedHarness } from "./harness.ts";
import { messageProblems } from "./route-matrix.ts";

const MESSAGES = path.join(ROOT, "web/app/i18n/messages");
const NAMESPACES = readdirSync(path.join(MESSAGES, "en")).map((f) => f.replace(/\.json$/, ""));
const catalogue = (locale: Locale): Record<string, string> =>
  Object.assign(
    {},
    ...NAMESPACES.map(
      (ns) => JSON.parse(readFileSync(path.join(MESSAGES, locale, `${ns}.json`), "utf8")) as Record<string, string>,
    ),
  );
/** A message as the page shows it, for the few messages used here (their only placeholders filled in). */
const text = (locale: Locale, id: string) =>
  catalogue(locale)[id]!.replace("{product}", PRODUCT_NAME).replace("{size}", "10");

let h: SharedHarness;
let context: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  context = await h.browser.newContext({ viewport: { width: 1280, height: 800 } });
}, 180_000);

afterAll(async () => {
  await context?.close();
  await h?.close();
});

describe("messages loaded later", () => {
  it("the parts loaded on first use find their messages too", async () => {
    const { page } = await newPage(context);
    await page.goto(`${h.base}/de/country/de`);
    await hydrated(page);
    // The experience form (components/experience/experience-form.tsx, lazy).
    await page.getByText(text("de", "forms.community.cta.button"), { exact: true }).click();
    await page.locator("form[aria-labelledby=share-title]").waitFor();
    // The country picker's list (components/country-picker-menu.tsx, lazy).
    await page.getByTestId("country-picker").first().click();
    await page.getByPlaceholder(text("de", "picker.search")).waitFor();
    expect(await messageProblems(page)).toEqual([]);
    await page.close();
  });
});

describe("client-side navigation", () => {
  it("brings the next page's messages: German texts, no ids, no English", async () => {
    const { page, console } = await newPage(context);
    await page.goto(`${h.base}/`);
    await hydrated(page);
    const documents: string[] = [];
    page.on("request", (r) => {
      if (r.resourceType() === "document") documents.push(r.url());
    });
    const navigate = (to: string) =>
      page.evaluate(
        (to) =>
          (
            window as unknown as { __reactRouterDataRouter: { navigate(to: string): Promise<void> } }
          ).__reactRouterDataRouter.navigate(to),
        to,
      );
    const heading = () => page.locator("main h1").first().textContent();

    // Another language and another page at once: the root's and the route's messages both change.
    await navigate("/de/privacy");
    await expect.poll(heading).toBe(text("de", "legal.privacy.title"));
    expect(await page.locator("html").getAttribute("lang")).toBe("de");
    // Then a real click on the footer's link.
    await page.locator(`footer a[href="/de/methodology"]`).first().click();
    await expect.poll(heading).toBe(text("de", "methodology.title"));
    await navigate("/de/country/fr");
    await expect.poll(() => page.locator("main").innerText()).toContain(text("de", "country.follow.title"));
    await navigate("/de/brightest");
    await expect.poll(heading).toBe(text("de", "rankings.brightest.title"));

    expect(documents, "every move stayed client-side").toEqual([]);
    expect(await messageProblems(page)).toEqual([]);
    const body = await page.locator("body").innerText();
    for (const id of ["rankings.brightest.title", "common.footer.privacy", "common.nav.home"])
      expect(body, id).not.toContain(text("en", id));
    expect(console.unexpected()).toEqual([]);
    await page.close();
  });
});

describe("a page's HTML", () => {
  it("holds its own messages and no other page's, in files the page names, not inline", async () => {
    const html = async (p: string) => (await fetch(`${h.base}${p}`)).text();
    const has = (page: string, id: string) =>
      new RegExp(`(?<![\\w.-])${id.replace(/[.-]/g, "\\$&")}(?![\\w.-])`).test(page);
    /** The page's HTML and the text of the messages files its head preloads (web/app/i18n/catalog.server.ts). */
    const read = async (p: string) => {
      const page = await html(p);
      const hrefs = [...page.matchAll(/<link[^>]*data-messages[^>]*>/g)].map((m) => /href="([^"]+)"/.exec(m[0])![1]!);
      const files = await Promise.all(hrefs.map((href) => fetch(`${h.base}${href}`)));
      for (const res of files) {
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      }
      return { page, hrefs, messages: (await Promise.all(files.map((r) => r.text()))).join("\n") };
    };
    const country = await read("/de/country/de");
    expect(country.hrefs.every((href) => /^\/assets\/i18n\/de-[a-z-]+-[0-9a-f]{12}\.json$/.test(href))).toBe(true);
    expect(has(country.messages, "country.chart.title")).toBe(true);
    expect(has(country.messages, "common.skipLink")).toBe(true);
    // Not inline: the page's HTML names its files only.
    expect(has(country.page, "country.chart.title")).toBe(false);
    for (const id of [
      "legal.privacy.title",
      "methodology.title",
      "open-data.title",
      "your-weather.title",
      "home.title",
      "forms.contact.title",
    ]) {
      expect(has(country.messages, id), id).toBe(false);
    }
    const privacy = await read("/de/privacy");
    expect(has(privacy.messages, "legal.privacy.title")).toBe(true);
    expect(has(privacy.messages, "country.chart.title")).toBe(false);
    // The layout's file is the same for both pages: read once per language.
    expect(privacy.hrefs[0]).toBe(country.hrefs[0]);
    // Another language, another file; an unknown name is a 404.
    expect((await read("/fr/country/de")).hrefs).not.toContain(country.hrefs[1]);
    expect((await fetch(`${h.base}/assets/i18n/de-country-000000000000.json`)).status).toBe(404);
  });
});
