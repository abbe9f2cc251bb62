// The pseudo-locale check (docs/i18n.md): with JWI_PSEUDO_LOCALE=1 the server shows every catalogue message
// accented and bracketed (web/app/i18n/pseudo.ts) in place of English. Every visible text of a converted page must
// then be pseudo-localised; a text still written in code shows up as plain English and fails here. Numbers,
// punctuation, country names (Intl.DisplayNames, not catalogues) and the product's name are allowed.
// Routes not converted yet are listed in docs/i18n.md and not checked here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../../pipeline/countries.ts";
import { PRODUCT_NAME } from "../../product/brand.ts";
import { LANGUAGE_NAMES, LOCALES } from "../../product/locales.ts";
import { pseudoMessage } from "../../web/app/i18n/pseudo.ts";
import { startSitePages, type SitePages } from "../reliability/site.ts";
import { ensureBuilt } from "./harness.ts";

/** The pages whose every text comes from the catalogues. */
const CONVERTED = [
  "/",
  "/brightest",
  "/stormiest",
  "/top-regions",
  "/no-such-page",
  // The long-form pages and forms (docs/i18n-pages.md). Not yet: /methodology, /open-data, /open-data/api and
  // /compare/{codes} (status names, rating labels, API definitions and Eurostat titles still in English, docs/i18n.md).
  "/contact",
  "/privacy",
  "/terms",
  "/waiting-list/career-consultant",
  "/waiting-list/cv-upgrade",
  "/your-weather",
  // The country page: with a score and every panel (de), without any figure or score (li), with quarterly figures (cy).
  // Its "Why it changed" block is left out here (textNodes) and checked in its own test.
  "/country/de",
  "/country/li",
  "/country/cy",
];

/** Pages whose description (meta, Open Graph) must be pseudo-localised too. */
const DESCRIBED = new Set(["/country/de", "/country/li", "/country/cy"]);

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

/**
 * The text nodes of a page's body as the server sent it (scripts and styles aside). The rankings' own-weights panel
 * belongs with /your-weather's texts (the your-weather namespace, converted with the long-form pages): left out
 * until then.
 */
function textNodes(html: string): string[] {
  const body = /<body[^>]*>([\s\S]*)<\/body>/.exec(html)?.[1] ?? "";
  return body
    .replace(/<section[^>]*data-testid="ranking-weights-panel"[\s\S]*?<\/section>/g, "")
    // The country page's "Why it changed" block has its own pseudo-locale test (it is converted on its own).
    .replace(/<section[^>]*data-testid="why-changed"[\s\S]*?<\/section>/g, "")
    // The badge's HTML snippet is for other sites and stays English on purpose (docs/i18n.md), as the badge does.
    .replace(/<textarea[^>]*id="embed-badge-snippet"[\s\S]*?<\/textarea>/g, "")
    // The forms' honeypot: a field no person sees or reaches, English on purpose for bots (components/honeypot.tsx).
    .replace(/<label>\s*Website\s*<input/g, "<input")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    .split(/<[^>]*>/)
    .map((t) => decode(t).trim())
    .filter((t) => t !== "" && t !== "<!-- -->");
}

/** Names, not texts: the product, the countries (Intl.DisplayNames), the languages in their own words and codes. */
const ALLOWED = new Set<string>([PRODUCT_NAME, "CSV", ...COUNTRIES.map((c) => c.name), ...Object.values(LANGUAGE_NAMES), ...LOCALES.map((l) => l.toUpperCase())]);
/**
 * Months as Intl writes them ("July 2026", "Nov 2026"): the pseudo-locale is English to Intl, and months and dates are
 * formatted, not written in catalogues.
 */
const MONTHS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].flatMap((m) =>
  (["long", "short"] as const).map((month) => new Intl.DateTimeFormat("en", { month, timeZone: "UTC" }).format(Date.UTC(2026, m, 1))),
);
const MONTH_YEAR = new RegExp(`^(${MONTHS.join("|")}) \\d{4}$`);
/** Pseudo-localised (accents or its brackets), or nothing but figures and punctuation, or a month. */
const localised = (t: string) => /[áéíöüÁÉÍÖÜçñý⟦⟧]/.test(t) || /^[\s\d.,:;%·\-–—()/+−→#×|"'’…~=*▲▼]*$/.test(t) || ALLOWED.has(t) || MONTH_YEAR.test(t);

/**
 * Sections of the country page already converted, while the rest of the page is not yet (docs/i18n.md): each by its
 * test id, on pages where it shows (Germany and Cyprus have lines for both changes in the bundled data).
 */
const CONVERTED_SECTIONS = [
  { path: "/country/de", testid: "why-changed" },
  { path: "/country/cy", testid: "why-changed" },
];

/** The HTML of the `<section data-testid=…>` in a page (sections of this kind hold no other section). */
function section(html: string, testid: string): string {
  return new RegExp(`<section[^>]*data-testid="${testid}"[\\s\\S]*?</section>`).exec(html)?.[0] ?? "";
}

describe("pseudo-locale", () => {
  it("is served: the chrome and the home are pseudo-localised", async () => {
    const html = await (await fetch(`${site.base}/`)).text();
    expect(html).toContain("⟦Skíp tö çöñtéñt");
  });

  for (const path of CONVERTED) {
    it(`${path}: every visible text comes from a catalogue`, async () => {
      const html = await (await fetch(`${site.base}${path}`)).text();
      const nodes = textNodes(html);
      expect(nodes.length, path).toBeGreaterThan(5);
      expect(nodes.filter((t) => !localised(t)), path).toEqual([]);
      // The title and description too.
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""), path).toMatch(/[⟦⟧]|^[^|]*[áéíöü]/);
      if (DESCRIBED.has(path)) {
        for (const tag of [/<meta name="description" content="([^"]*)"/, /<meta property="og:description" content="([^"]*)"/, /<meta property="og:image:alt" content="([^"]*)"/]) {
          expect(decode(tag.exec(html)?.[1] ?? ""), `${path} ${tag}`).toMatch(/^⟦/);
        }
      }
    });
  }

  for (const { path, testid } of CONVERTED_SECTIONS) {
    it(`${path}: every visible text of its ${testid} section comes from a catalogue`, async () => {
      const html = await (await fetch(`${site.base}${path}`)).text();
      const nodes = textNodes(`<body>${section(html, testid)}</body>`);
      expect(nodes.length, path).toBeGreaterThan(5);
      expect(nodes.filter((t) => !localised(t)), path).toEqual([]);
    });
  }

  // The job-market layout (components/job-market/): a country with figures and one without a score. Left out here
  // until their own conversion lands (docs/i18n.md "Not converted yet"): "why it changed" (components/why-changed.tsx,
  // pipeline/model/explain-text.ts) and the "Not available for …" line (lib/availability.ts). Its months and quarters
  // are dates, written by Intl in the page's language (English for the pseudo-locale). The page's title comes from
  // the country page's metadata (lib/country-meta.ts), converted with it.
  for (const path of ["/job-market/germany", "/job-market/liechtenstein"]) {
    it(`${path}: every visible text of the layout comes from a catalogue`, async () => {
      const html = await (await fetch(`${site.base}${path}`)).text();
      const body = html
        .replace(/<section[^>]*data-testid="why-changed"[\s\S]*?<\/section>/g, "")
        .replace(/<p[^>]*data-testid="not-available"[\s\S]*?<\/p>/g, "");
      expect(body, path).not.toBe(html);
      const nodes = textNodes(body);
      expect(nodes.length, path).toBeGreaterThan(15);
      const period = /^(January|February|March|April|May|June|July|August|September|October|November|December|Q[1-4]) \d{4}$/;
      expect(nodes.filter((t) => !localised(t) && !period.test(t)), path).toEqual([]);
      // The layout's own texts are there, pseudo-localised: its heading and its section titles.
      expect(nodes.some((t) => t.startsWith("⟦Jöb Márkét íñ ")), path).toBe(true);
      expect(nodes, path).toContain(pseudoMessage("Get expert help"));
      expect(nodes, path).toContain(pseudoMessage("Your Next Moves"));
      // Labels people hear but do not see: the score panel, the gauge and the breakdown bars.
      const labels = [...body.matchAll(/aria-label="([^"]*)"/g)].map((m) => decode(m[1]!)).filter((l) => !/[áéíöüçñý⟦⟧]/.test(l));
      expect(labels, path).toEqual([]);
    });
  }
});
