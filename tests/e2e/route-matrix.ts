// Every public route in every language at 320 and 1280 px (docs/i18n.md, "Tests"): the page says its language, is no
// wider than the screen, clips no text, links to no page of another language, shows no message id and reports no
// missing message once hydrated (each page carries only its own messages: web/app/i18n/page-messages.ts), and has no
// serious or critical axe violation (every rule in English; in the other languages colour contrast aside, which the
// language does not change).
// Shared by i18n-routes-1.test.ts and i18n-routes-2.test.ts, which take three languages each: two files of a few
// minutes rather than one long one.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localePath, type Locale } from "../../product/locales.ts";
import { axeViolations, DESKTOP, hydrated, MOBILE, newPage, ROOT, startHarness, type Harness } from "./harness.ts";

const NAMESPACES = readdirSync(path.join(ROOT, "web/app/i18n/messages/en")).map((f) => f.replace(/\.json$/, ""));
/** Something that reads like a message id ("country.chart.title") in the page's text. */
const MESSAGE_ID = new RegExp(
  `\\b(?:${NAMESPACES.map((n) => n.replace("-", "\\-")).join("|")})\\.[a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9]+)*`,
  "g",
);

/**
 * What is wrong with the messages of a hydrated page: react-intl's complaints (a message the page did not receive or
 * cannot format; root.tsx keeps them in window.__jwiIntlErrors), a message id or "[object …]" in what a visitor reads.
 */
export async function messageProblems(page: Page): Promise<string[]> {
  await hydrated(page);
  const { errors, readable } = await page.evaluate(() => ({
    errors: (window as { __jwiIntlErrors?: string[] }).__jwiIntlErrors ?? [],
    readable: [
      document.title,
      document.body.innerText,
      ...[...document.querySelectorAll("[aria-label], [alt], [title], [placeholder]")].map(
        (e) =>
          e.getAttribute("aria-label") ??
          e.getAttribute("alt") ??
          e.getAttribute("title") ??
          e.getAttribute("placeholder") ??
          "",
      ),
    ].join("\n"),
  }));
  return [
    ...errors,
    ...(readable.match(MESSAGE_ID) ?? []).map((id) => `id shown: ${id}`),
    ...(readable.includes("[object") ? ["[object …] shown"] : []),
  ];
}

/** One page of every route of web/app/routes.ts that a visitor can reach (the operator area is English only). */
export function publicPages(locale: Locale): string[] {
  return [
    "/",
    "/country/de",
    "/country/li",
    "/country/xx",
    "/job-market/germany",
    "/job-market/liechtenstein",
    "/brightest",
    "/stormiest",
    "/top-regions",
    "/your-weather",
    "/compare/de-fr",
    "/waiting-list/career-consultant",
    "/waiting-list/cv-upgrade",
    "/methodology",
    "/open-data",
    "/open-data/api",
    "/contact",
    "/privacy",
    "/terms",
    "/no-such-page",
  ].map((p) => localePath(locale, p));
}

/**
 * Elements whose text is cut off: content wider than the box while the box hides what overflows (the visually-hidden
 * helpers, one pixel wide on purpose, aside).
 */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("body *")) {
      if (el.clientWidth <= 2 || !el.textContent?.trim()) continue;
      const style = getComputedStyle(el);
      const hides = (v: string) => v === "hidden" || v === "clip";
      if (hides(style.overflowX) && el.scrollWidth > el.clientWidth + 1)
        out.push(`${el.tagName.toLowerCase()}: ${el.textContent.trim().slice(0, 60)}`);
    }
    return out;
  });
}

/**
 * The map legend's status names wider than their colour cell (they spill over the neighbouring colour, which no
 * overflow rule clips, so clippedText does not see it): "Regnerisch" or "Tormentoso" in a 66 px cell at 390 px.
 */
export function legendSpill(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    [...document.querySelectorAll<HTMLElement>("li[data-legend]")].flatMap((li) => {
      const name = li.querySelector("span");
      if (!name) return [];
      const range = document.createRange();
      range.selectNodeContents(name);
      const width = range.getBoundingClientRect().width;
      const style = getComputedStyle(li);
      const room = li.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      return width > room + 1 ? [`${name.textContent}: ${Math.round(width)} px in ${Math.round(room)}`] : [];
    }),
  );
}

/** A path of one of the site's pages (the routes of publicPages), as opposed to files, feeds and the API. */
const PAGE_PATH =
  /^\/(?:$|[?#]|country\/|job-market\/|brightest|stormiest|top-regions|your-weather|compare|waiting-list|methodology|open-data(?:\/api)?(?:$|[?#/])|contact|privacy|terms)/;

/**
 * Links and forms of a page in another language than English that lead to one of the site's pages without the
 * page's prefix, that is to the English page ("/country/nl" on /de/your-weather). The language control's links
 * (hreflang) name the other languages on purpose.
 */
export function foreignLinks(page: Page, locale: Locale): Promise<string[]> {
  if (locale === "en") return Promise.resolve([]);
  return page.evaluate(
    ({ source, prefix }) => {
      const re = new RegExp(source);
      const out: string[] = [];
      for (const el of document.querySelectorAll<HTMLAnchorElement | HTMLFormElement>("a[href], form[action]")) {
        if (el.hasAttribute("hreflang")) continue;
        const url = el.getAttribute(el instanceof HTMLFormElement ? "action" : "href") ?? "";
        if (re.test(url))
          out.push(`${el.tagName.toLowerCase()} ${url} ("${(el.textContent ?? "").trim().slice(0, 40)}")`);
        else if (url.startsWith("/") && !url.startsWith(prefix) && re.test(url.replace(/^\/[a-z]{2}(?=\/|$)/, "")))
          out.push(`${el.tagName.toLowerCase()} ${url}: another language`);
      }
      return out;
    },
    { source: PAGE_PATH.source, prefix: `/${locale}` },
  );
}

/** The narrowest phone the pages are made for: WCAG's reflow width (a 1280 px page at 400 %). */
export const PHONE_320 = { ...MOBILE, viewport: { width: 320, height: 640 } };

export function describeRoutesIn(locales: readonly Locale[]): void {
  let h: Harness;

  beforeAll(async () => {
    h = await startHarness({ prefix: "jwi-e2e-i18n-routes-" });
  }, 180_000);

  afterAll(async () => {
    await h?.close();
  });

  for (const locale of locales) {
    describe(`every route in ${locale}`, () => {
      for (const [device, options] of [
        ["mobile", PHONE_320],
        ["desktop", DESKTOP],
      ] as const) {
        const pages = publicPages(locale);
        it(`${device}: lang, no overflow or clipped text, every message present, no serious or critical axe violation`, async () => {
          const context: BrowserContext = await h.browser.newContext({ ...options, reducedMotion: "reduce" });
          try {
            const { page, console } = await newPage(context);
            const width = options.viewport.width;
            for (const url of pages) {
              const res = await page.goto(`${h.base}${url}`, { waitUntil: "load" });
              expect(res?.status(), url).toBe(/\/(no-such-page|country\/xx)$/.test(url) ? 404 : 200);
              await page.waitForSelector("main h1");
              await hydrated(page);
              expect(await page.evaluate(() => document.documentElement.lang), url).toBe(locale);
              expect(await page.evaluate(() => document.documentElement.scrollWidth), url).toBeLessThanOrEqual(width);
              expect(await clippedText(page), url).toEqual([]);
              expect(await legendSpill(page), url).toEqual([]);
              expect(await foreignLinks(page, locale), url).toEqual([]);
              // Messages do not depend on the width: checked once.
              if (device === "mobile") expect(await messageProblems(page), url).toEqual([]);
              if (locale === "en") expect(await axeViolations(page), url).toEqual([]);
              else expect(await axeViolations(page, { skip: ["color-contrast"] }), url).toEqual([]);
            }
            expect(console.unexpected(true)).toEqual([]);
          } finally {
            await context.close();
          }
        }, 300_000);
      }
    });
  }
}
