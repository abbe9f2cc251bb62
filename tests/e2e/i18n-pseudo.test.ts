// The pseudo-locale check (docs/i18n.md): with JWI_PSEUDO_LOCALE=1 the server shows every catalogue message
// accented and bracketed (web/app/i18n/pseudo.ts) in place of English. Every visible text of every public page must
// then be pseudo-localised, and so must its title, description, Open Graph texts, image alt and aria-labels; a text
// still written in code shows up as plain English and fails here. Allowed as they are: numbers and punctuation, names
// (the product, the countries — Intl.DisplayNames —, the languages in their own words), code (`<code>`, `<pre>`:
// paths, column names, commands) and dates, which Intl writes (to Intl the pseudo-locale is English). Its texts are
// about 40 % longer than English: in Chromium at 390 and 1280 px no page may then be wider than the screen or clip text.
import { parse, TYPE } from "@formatjs/icu-messageformat-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../../lib/countries.ts";
import { PRODUCT_NAME } from "../../product/brand.ts";
import { LANGUAGE_NAMES, LOCALES } from "../../product/locales.ts";
import { INDEX_LICENCE } from "../../product/open-data.ts";
import { PSEUDO_CHARS, pseudoMessage } from "../../web/app/i18n/pseudo.ts";
import { startSitePages, type SitePages } from "../reliability/site.ts";
import { DESKTOP, ensureBuilt, launchChromium, MOBILE } from "./harness.ts";
import { clippedText } from "./route-matrix.ts";

/** One page of every public route (web/app/routes.ts), with the country page's three shapes of data. */
const PAGES = [
  "/",
  "/brightest",
  "/stormiest",
  "/top-regions",
  "/no-such-page",
  "/contact",
  "/privacy",
  "/terms",
  "/waiting-list/career-consultant",
  "/waiting-list/cv-upgrade",
  "/your-weather",
  // The country page with a score and every panel (de), without any figure or score (li), with quarterly figures (cy).
  "/country/de",
  "/country/li",
  "/country/cy",
  "/job-market/germany",
  "/job-market/liechtenstein",
  "/methodology",
  "/open-data",
  "/open-data/api",
  "/compare/de-fr",
  "/compare/de-fr-it-pl",
];

/** Pages whose description, Open Graph description and share image alt come from the page's data. */
const DESCRIBED = new Set([
  "/country/de",
  "/country/li",
  "/country/cy",
  "/job-market/germany",
  "/job-market/liechtenstein",
]);

let site: SitePages;

beforeAll(async () => {
  ensureBuilt();
  // Read by web/app/i18n/catalog.server.ts when the server build is loaded (this file runs in its own process).
  process.env.JWI_PSEUDO_LOCALE = "1";
  site = await startSitePages();
}, 180_000);

afterAll(async () => {
  await site?.close();
  delete process.env.JWI_PSEUDO_LOCALE;
});

const decode = (s: string) =>
  s
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&nbsp;/g, " ");

/** The text nodes of a page's body as the server sent it (scripts, styles, code and Intl's dates aside). */
function textNodes(html: string): string[] {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return (
    body
      // The forms' honeypot: a field no person sees or reaches, English on purpose for bots (components/honeypot.tsx).
      .replace(/<label>\s*Website\s*<input/g, "<input")
      // The badge's HTML snippet to paste on other sites: English on purpose (docs/i18n.md, "What stays English").
      .replace(/<textarea[^>]*id="embed-badge-snippet"[\s\S]*?<\/textarea>/g, "")
      .replace(/<script[\s\S]*?<\/script>/g, "")
      .replace(/<style[\s\S]*?<\/style>/g, "")
      // Code (paths, column names, values, commands) and dates written by Intl are not catalogue texts.
      .replace(/<(code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, "")
      .replace(/<time\b[^>]*>([^<]*\d{4}[^<]*)<\/time>/g, "")
      .split(/<[^>]*>/)
      .map((t) => decode(t).trim())
      .filter((t) => t !== "" && t !== "<!-- -->")
  );
}

/** Names, not texts: the product, the countries (Intl.DisplayNames), the languages in their own words and codes. */
const ALLOWED = new Set<string>([
  PRODUCT_NAME,
  "CSV",
  INDEX_LICENCE.short,
  ...COUNTRIES.map((c) => c.name),
  ...Object.values(LANGUAGE_NAMES),
  ...LOCALES.map((l) => l.toUpperCase()),
]);
/** Months as Intl writes them ("July 2026", "Nov 2026") outside a <time> element, e.g. in the chart's SVG. */
const MONTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((m) =>
  (["long", "short"] as const).map((month) =>
    new Intl.DateTimeFormat("en", { month, timeZone: "UTC" }).format(Date.UTC(2026, m, 1)),
  ),
);
const MONTH_YEAR = new RegExp(`^(${MONTHS.join("|")}) \\d{4}$`);
/** Pseudo-localised (accents or its brackets), nothing but figures, punctuation and arrows, a name or a month. */
/** Eurostat's flag letters beside a figure and in the legend ("p", "bu"): codes, named from the catalogue beside them. */
const FLAG_LETTERS = /^[pedburscfnz]{1,3}$/;
const localised = (t: string) =>
  PSEUDO_CHARS.test(t) ||
  /^[\s\d.,:;%·\-–—()/+−→#×|"'’…~=*▲▼]*$/.test(t) ||
  ALLOWED.has(t) ||
  MONTH_YEAR.test(t) ||
  FLAG_LETTERS.test(t);

const attribute = (html: string, re: RegExp) => decode(re.exec(html)?.[1] ?? "");

describe("pseudo-locale", () => {
  it("is served: the chrome and the home are pseudo-localised", async () => {
    const html = await (await fetch(`${site.base}/`)).text();
    const skip = pseudoMessage(parse("Skip to content"))
      .map((e) => (e.type === TYPE.literal ? e.value : ""))
      .join("");
    expect(skip).toMatch(/^⟦Šķíṕ ţö çöñţéñţ [~ ]+⟧$/);
    expect(html).toContain(skip.replace(/ [~ ]+⟧$/, ""));
  });

  for (const path of PAGES) {
    it(`${path}: every visible text, label and description comes from a catalogue`, async () => {
      const res = await fetch(`${site.base}${path}`);
      expect(res.status, path).toBe(path === "/no-such-page" ? 404 : 200);
      const html = await res.text();
      const nodes = textNodes(html);
      expect(nodes.length, path).toBeGreaterThan(5);
      expect(
        nodes.filter((t) => !localised(t)),
        path,
      ).toEqual([]);
      // What people hear but do not see.
      const labels = [...html.matchAll(/\saria-label="([^"]*)"/g)]
        .map((m) => decode(m[1]!))
        .filter((l) => !localised(l));
      expect(labels, path).toEqual([]);
      // The title (the product's name after the bar is a name), and the descriptions of data pages.
      expect(attribute(html, /<title>([^<]*)<\/title>/), path).toMatch(PSEUDO_CHARS);
      if (DESCRIBED.has(path)) {
        for (const tag of [
          /<meta name="description" content="([^"]*)"/,
          /<meta property="og:description" content="([^"]*)"/,
          /<meta property="og:image:alt" content="([^"]*)"/,
        ]) {
          expect(attribute(html, tag), `${path} ${tag}`).toMatch(/^⟦/);
        }
        const ld = /<script type="application\/ld\+json"[^>]*>([\s\S]*?)<\/script>/.exec(html)?.[1];
        expect(ld, path).toBeDefined();
        expect((JSON.parse(ld!) as { description: string }).description, path).toMatch(/^⟦/);
      }
    });
  }
});

describe("pseudo-locale texts, 40 % longer, fit", () => {
  it("no page is wider than the screen or clips text at 390 and 1280 px (one load, the width changed)", async () => {
    // A Chromium of its own: this file runs in a process of its own (vitest.config.ts), outside the browser project
    // and its shared site.
    const browser = await launchChromium();
    const context = await browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
    try {
      // One tab goes from page to page (a new tab is a new renderer process, which cost more than a page's checks:
      // docs/testing.md); each page starts from a fresh document at 390 px.
      const page = await context.newPage();
      for (const path of PAGES) {
        await page.setViewportSize(MOBILE.viewport);
        await page.goto(`${site.base}${path}`, { waitUntil: "load" });
        await page.waitForSelector("main h1");
        for (const viewport of [MOBILE.viewport, DESKTOP.viewport]) {
          const at = `${path} at ${viewport.width} px`;
          if (viewport !== MOBILE.viewport) await page.setViewportSize(viewport);
          expect(await page.evaluate(() => document.documentElement.scrollWidth), at).toBeLessThanOrEqual(
            viewport.width,
          );
          expect(await clippedText(page), at).toEqual([]);
        }
      }
    } finally {
      await context.close();
      await browser.close();
    }
  }, 180_000);
});
