// The pseudo-locale check (docs/i18n.md): with JWI_PSEUDO_LOCALE=1 the server shows every catalogue message
// accented and bracketed (web/app/i18n/pseudo.ts) in place of English. Every visible text of a converted page must
// then be pseudo-localised; a text still written in code shows up as plain English and fails here. Numbers,
// punctuation, country names (Intl.DisplayNames, not catalogues) and the product's and licence's names are allowed,
// and so are code (`<code>`, `<pre>`: paths, column names, values, commands) and dates (`<time>`: Intl's words,
// in the pseudo-locale's English). Routes not converted yet are listed in docs/i18n.md and not checked here.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../../pipeline/countries.ts";
import { PRODUCT_NAME } from "../../product/brand.ts";
import { LANGUAGE_NAMES, LOCALES } from "../../product/locales.ts";
import { INDEX_LICENCE } from "../../product/open-data.ts";
import { PSEUDO_CHARS, pseudoMessage } from "../../web/app/i18n/pseudo.ts";
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
  // Status names, rating labels, Eurostat tables (a title of ours, the code as code), the API's own definitions
  // (the `api` catalogue), the history chart (its months are <time>).
  "/methodology",
  "/open-data",
  "/open-data/api",
  "/compare/de-fr",
  "/compare/de-fr-it-pl",
];

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
    // The forms' honeypot: a field no person sees or reaches, English on purpose for bots (components/honeypot.tsx).
    .replace(/<label>\s*Website\s*<input/g, "<input")
    .replace(/<script[\s\S]*?<\/script>/g, "")
    .replace(/<style[\s\S]*?<\/style>/g, "")
    // Code (paths, column names, values, commands) and dates written by Intl are not catalogue texts.
    .replace(/<(code|pre)\b[^>]*>[\s\S]*?<\/\1>/g, "")
    .replace(/<time\b[^>]*>([^<]*\d{4}[^<]*)<\/time>/g, "")
    .split(/<[^>]*>/)
    .map((t) => decode(t).trim())
    .filter((t) => t !== "" && t !== "<!-- -->");
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
/** Pseudo-localised (accents or its brackets), or nothing but figures and punctuation. */
const localised = (t: string) => PSEUDO_CHARS.test(t) || /^[\s\d.,:;%·\-–—()/+−→#×|"'’…~=*]*$/.test(t) || ALLOWED.has(t);

describe("pseudo-locale", () => {
  it("is served: the chrome and the home are pseudo-localised", async () => {
    const html = await (await fetch(`${site.base}/`)).text();
    expect(html).toContain(pseudoMessage("Skip to content").replace(/ ~+⟧$/, ""));
  });

  for (const path of CONVERTED) {
    it(`${path}: every visible text comes from a catalogue`, async () => {
      const html = await (await fetch(`${site.base}${path}`)).text();
      const nodes = textNodes(html);
      expect(nodes.length, path).toBeGreaterThan(5);
      expect(nodes.filter((t) => !localised(t)), path).toEqual([]);
      // The title and description too.
      expect(decode(/<title>([^<]*)<\/title>/.exec(html)?.[1] ?? ""), path).toMatch(/[⟦⟧]|^[^|]*[áéíöü]/);
    });
  }
});
