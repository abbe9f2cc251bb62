// The route matrix (docs/testing.md): every public route in every language is loaded ONCE in Chromium, and every
// per-page check runs on that one load, at 320 and 1280 px (the width changed on the same page; MATRIX_WIDTHS): the page says
// its language, is no wider than the screen, clips no text, spills no legend name, sticks no box out of its parent
// (German, the longest words), links to no page of another language, shows no message id and reports no missing
// message once hydrated (each page carries only its own messages: web/app/i18n/page-messages.ts), keeps the
// server's title and canonical link after hydration, shows flags as loaded images and never as emoji, logs no
// console error, and has no serious or critical axe violation (in English every rule at 320 and 1280 px; in the other
// languages the rules that depend on the words at 320 px: axeAt below).
// The pages' metadata and other server-rendered content are checked on their HTML (tests/e2e/pages-html.test.ts).
// Split by language over three files (route-matrix-*.test.ts) so that two workers share the work.
import { readdirSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localePath, type Locale } from "../../product/locales.ts";
import {
  axeViolations,
  type ConsoleWatch,
  EMOJI_FLAG,
  hydrated,
  MOBILE,
  newPage,
  readableText,
  ROOT,
  sharedSite,
  type SharedHarness,
} from "./harness.ts";

const NAMESPACES = readdirSync(path.join(ROOT, "web/app/i18n/messages/en")).map((f) => f.replace(/\.json$/, ""));
/**
 * Something that reads like a message id ("country.chart.title") in the page's text; a file name that starts like a
 * namespace ("sectors.csv", a download the open data page names) is not one.
 */
const MESSAGE_ID = new RegExp(
  `\\b(?:${NAMESPACES.map((n) => n.replace("-", "\\-")).join("|")})\\.(?!(?:csv|json|xlsx|png|svg|xml)\\b)[a-z][A-Za-z0-9]*(?:\\.[A-Za-z0-9]+)*`,
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
    // Four countries with a role picked: the sector section's table, its notes and the freshness of each figure.
    "/compare/pl-de-nl-ie?sector=role-it-engineering",
    "/sectors",
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
function legendSpill(page: Page): Promise<string[]> {
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
function foreignLinks(page: Page, locale: Locale): Promise<string[]> {
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

/**
 * Elements in `main` whose box ends right of their parent's content box (the parent's right edge less its padding and
 * border): text that runs into a card's padding or past its edge without widening the page, as
 * "Gemischt/durchschnittlich" did beside the score card's weather icon at 320 px. Positioned elements and what they
 * hold, and the insides of sideways scrollers (tables, the compare table), are left out: they are meant to.
 */
export function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("main *")) {
      // The nearest ancestor that has a box of its own (`display: contents` draws none: its rectangle is all zero).
      let parent = el.parentElement!;
      while (parent.tagName !== "MAIN" && getComputedStyle(parent).display === "contents")
        parent = parent.parentElement!;
      const style = getComputedStyle(el);
      if (el.closest("svg") || el.getClientRects().length === 0) continue;
      // Positioned boxes and what is in them (the forms' honeypot field lives far off the screen on purpose).
      let positioned = false;
      for (let a: HTMLElement | null = el; a && a.tagName !== "MAIN"; a = a.parentElement) {
        const p = a === el ? style.position : getComputedStyle(a).position;
        if (p === "absolute" || p === "fixed") positioned = true;
      }
      if (positioned) continue;
      if (parent.closest("[class*='overflow-x-auto'], [class*='overflow-auto']")) continue;
      const ps = getComputedStyle(parent);
      const inner =
        parent.getBoundingClientRect().right - parseFloat(ps.paddingRight) - parseFloat(ps.borderRightWidth);
      const right = el.getBoundingClientRect().right;
      if (right > inner + 1)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}": ${Math.round(right)} > ${Math.round(inner)}`,
        );
    }
    return out;
  });
}

/** Flag images that did not load or whose source or text alternative is wrong (flags are SVG files from /flags). */
function brokenFlags(page: Page): Promise<string[]> {
  return page.locator("img[data-flag]").evaluateAll((imgs) =>
    (imgs as HTMLImageElement[]).flatMap((i) => {
      const src = i.getAttribute("src");
      const problems: string[] = [];
      if (src !== `/flags/${i.dataset.flag!.toLowerCase()}.svg`) problems.push(`src ${src}`);
      if (i.getAttribute("alt") === null) problems.push("no alt");
      if (!(i.complete && i.naturalWidth > 0)) problems.push("not loaded");
      return problems.length ? [`${i.dataset.flag}: ${problems.join(", ")}`] : [];
    }),
  );
}

/** What the server wrote as the page's title and canonical link, to compare with the hydrated page's. */
function headOf(page: Page): Promise<{ title: string; canonical: string | null }> {
  return page.evaluate(() => ({
    title: document.title,
    canonical: document.querySelector("link[rel=canonical]")?.getAttribute("href") ?? null,
  }));
}

/** The narrowest phone the pages are made for: WCAG's reflow width (a 1280 px page at 400 %). */
export const PHONE_320 = { ...MOBILE, viewport: { width: 320, height: 640 } };
const DESKTOP_1280 = { width: 1280, height: 800 };

/** Pages beyond publicPages() checked in English only: a country with an EEI reading, an unknown job-market name. */
const MORE_IN_ENGLISH = ["/country/gr", "/job-market/narnia"];

/**
 * The widths every page is checked at: WCAG's reflow width and a desktop. 390 px, the common phone, shows the layout of
 * 320 px with more room: no media query of the site's styles and no script decides anything between them (the
 * breakpoints are 600, 640, 768 and 1024 px), so what fits 320 px fits 390 px; tests of interaction use 390 px.
 */
export const MATRIX_WIDTHS = [PHONE_320.viewport, DESKTOP_1280] as const;

/**
 * The axe rules whose result can depend on a page's words rather than its markup and styles: accessible names and
 * titles (an empty or missing translation), the language attributes, landmark names, and the two rules that longer
 * words can break by moving boxes (target size, a region that starts to scroll).
 */
const WORD_RULES = [
  "area-alt",
  "aria-command-name",
  "aria-dialog-name",
  "aria-input-field-name",
  "aria-meter-name",
  "aria-progressbar-name",
  "aria-tab-name",
  "aria-toggle-field-name",
  "aria-tooltip-name",
  "aria-treeitem-name",
  "button-name",
  "document-title",
  "empty-heading",
  "empty-table-header",
  "frame-title",
  "frame-title-unique",
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "image-alt",
  "input-button-name",
  "input-image-alt",
  "label",
  "landmark-unique",
  "link-name",
  "object-alt",
  "role-img-alt",
  "scrollable-region-focusable",
  "select-name",
  "summary-name",
  "svg-img-alt",
  "table-duplicate-name",
  "target-size",
  "valid-lang",
] as const;

/**
 * Where axe runs and with which rules, each (route, language, width, rule) once: in English every rule at 320 and
 * 1280 px; in the other languages the rules that depend on the words (WORD_RULES) at 320 px, where longer words matter
 * most. The markup and styles do not depend on the page's language, and colours not at all. Null: no axe run.
 */
export function axeAt(locale: Locale, width: number): { only?: readonly string[] } | null {
  if (locale === "en") return width === 320 || width === 1280 ? {} : null;
  return width === 320 ? { only: WORD_RULES } : null;
}

/** The status a page of the matrix answers with. */
const statusOf = (url: string) => (/\/(no-such-page|country\/xx|job-market\/narnia)$/.test(url) ? 404 : 200);

export function describeRouteMatrix(locales: readonly Locale[]): void {
  let h: SharedHarness;

  beforeAll(async () => {
    h = await sharedSite();
  });

  afterAll(async () => {
    await h?.close();
  });

  for (const locale of locales) {
    const pages = [...publicPages(locale), ...(locale === "en" ? MORE_IN_ENGLISH : [])];
    describe(`every route in ${locale}, one load each at 320 and 1280 px`, () => {
      let context: BrowserContext;
      let page: Page;
      let console: ConsoleWatch;
      beforeAll(async () => {
        // A phone's emulation (touch, overlay scrollbars) at every width: the site's layout depends on the width
        // only (no pointer or hover media query decides one; docs/testing.md).
        context = await h.browser.newContext({ ...PHONE_320, reducedMotion: "reduce" });
        // One tab goes from route to route, as a visitor's does: a new tab is a new renderer process, which cost
        // more than the rest of a route's checks (docs/testing.md). Each route starts from a fresh document.
        ({ page, console } = await newPage(context));
      });
      afterAll(async () => {
        await context?.close();
      });

      for (const url of pages) {
        it(url, async () => {
          console.clear();
          await page.setViewportSize(PHONE_320.viewport);
          const res = await page.goto(`${h.base}${url}`, { waitUntil: "load" });
          expect(res?.status(), url).toBe(statusOf(url));
          const served = await headOf(page);
          await page.waitForSelector("main h1");
          await hydrated(page);
          expect(await page.evaluate(() => document.documentElement.lang), url).toBe(locale);
          expect(await headOf(page), `${url}: title and canonical after hydration`).toEqual(served);
          // Messages, links and flags do not depend on the width: checked once.
          expect(await messageProblems(page), url).toEqual([]);
          expect(await foreignLinks(page, locale), url).toEqual([]);
          expect(await readableText(page), url).not.toMatch(EMOJI_FLAG);
          expect(await brokenFlags(page), url).toEqual([]);
          for (const viewport of MATRIX_WIDTHS) {
            const at = `${url} at ${viewport.width} px`;
            if (viewport !== PHONE_320.viewport) await page.setViewportSize(viewport);
            expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(
              viewport.width,
            );
            expect(await clippedText(page), at).toEqual([]);
            expect(await legendSpill(page), at).toEqual([]);
            if (viewport === PHONE_320.viewport && locale === "de") expect(await sticksOut(page), at).toEqual([]);
            const axeOptions = axeAt(locale, viewport.width);
            if (axeOptions) expect(await axeViolations(page, axeOptions), at).toEqual([]);
          }
          expect(console.unexpected(statusOf(url) === 404)).toEqual([]);
        });
      }
    });
  }
}
