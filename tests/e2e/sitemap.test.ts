// /sitemap.xml against the served site: every URL it lists answers 200 and may be indexed (no noindex, in the
// page or as X-Robots-Tag), every route of the site that can be indexed has its URLs in it, and the pages of
// published data carry the publication's time as <lastmod> (a W3C datetime).
import { COUNTRIES } from "../../lib/countries.ts";
import { jobMarketSlug, countryByJobMarketSlug } from "../../product/job-market-slugs.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../web/app/routes.ts";
import { LOCALES, localeFromPath, localePath, unprefixedRoute } from "../../product/locales.ts";
import { checkWellFormedXml } from "../helpers/xml.ts";
import { PUBLIC_ORIGIN, sharedSite, type SharedHarness } from "./harness.ts";

/** Routes that are not indexable pages: the operator area, redirects to the canonical rankings, the 404 page. */
// Compare pages are linked from every country page, not listed (docs/decisions/020-personal-weights.md).
const NOT_LISTED = new Set(["admin", "brightest-markets", "stormiest-markets", "compare/:codes", "*"]);

let site: SharedHarness;

beforeAll(async () => {
  site = await sharedSite();
});

afterAll(async () => {
  await site?.close();
});

/** `f` over `items`, at most `limit` at a time, results in the items' order. */
async function mapLimit<T, R>(items: readonly T[], limit: number, f: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      out[i] = await f(items[i]!);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return out;
}

/** The shared site names its configured public origin; its pages are fetched from the test server. */
const local = (loc: string) => `${site.base}${new URL(loc).pathname}${new URL(loc).search}`;

interface Url {
  loc: string;
  lastmod?: string;
}

async function sitemap(): Promise<Url[]> {
  const res = await fetch(`${site.base}/sitemap.xml`);
  expect(res.status).toBe(200);
  const xml = await res.text();
  checkWellFormedXml(xml);
  return [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
    loc: /<loc>([^<]+)<\/loc>/.exec(body!)![1]!,
    lastmod: /<lastmod>([^<]+)<\/lastmod>/.exec(body!)?.[1],
  }));
}

describe("sitemap.xml", () => {
  it("lists only pages that answer 200 and may be indexed", async () => {
    const urls = await sitemap();
    expect(new Set(urls.map((u) => u.loc)).size).toBe(urls.length);
    // Fetched four at a time (the server renders while this file reads), then checked in order.
    const answers = await mapLimit(urls, 4, async ({ loc }) => {
      // Uncompressed: the same HTML, without inflating here what the server deflated.
      const res = await fetch(local(loc), { redirect: "manual", headers: { "accept-encoding": "identity" } });
      return { res, html: await res.text() };
    });
    for (const [i, { loc }] of urls.entries()) {
      expect(loc.startsWith(`${PUBLIC_ORIGIN}/`), loc).toBe(true);
      const { res, html } = answers[i]!;
      expect(res.status, loc).toBe(200);
      expect(res.headers.get("x-robots-tag"), loc).toBeNull();
      expect(html, loc).not.toMatch(/<meta name="robots" content="[^"]*noindex/);
      // Each page names itself canonical, but for /job-market/{name}: the second layout of a country's story names
      // /country/{code} (docs/product.md §2), which the sitemap lists too.
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      // In each language, under the country's name there: /de/job-market/deutschland names /de/country/de.
      const slug = /\/job-market\/([a-z-]+)$/.exec(loc)?.[1];
      const locale = localeFromPath(new URL(loc).pathname);
      const country = slug ? countryByJobMarketSlug(locale, slug) : undefined;
      if (slug) expect(country, loc).toBeDefined();
      const expected = country
        ? `${PUBLIC_ORIGIN}${localePath(locale, `/country/${country.code.toLowerCase()}`)}`
        : loc;
      expect(canonical, loc).toBe(expected);
      expect(
        urls.some((u) => u.loc === expected),
        loc,
      ).toBe(true);
      // Its alternates in every language (and x-default) are listed pages too (docs/i18n.md).
      const alternates = [...html.matchAll(/<link rel="alternate" hrefLang="([a-zA-Z-]+)" href="([^"]+)"/g)].map(
        (m) => [m[1]!, m[2]!] as const,
      );
      expect(alternates.map(([l]) => l).sort(), loc).toEqual([...LOCALES, "x-default"].sort());
      for (const [, href] of alternates)
        expect(
          urls.some((u) => u.loc === href),
          `${loc} → ${href}`,
        ).toBe(true);
    }
  });

  it("has every indexable route of the site", async () => {
    const paths = (await sitemap()).map((u) => new URL(u.loc).pathname);
    for (const route of routes) {
      const pattern = route.path ?? "";
      if (NOT_LISTED.has(unprefixedRoute(pattern))) continue;
      const re = new RegExp(`^/${pattern.replace(/:[a-z]+/g, "[^/]+")}$`);
      expect(paths.filter((p) => re.test(p)).length, `/${pattern}`).toBeGreaterThan(0);
    }
    expect(paths).toEqual(
      expect.arrayContaining([
        "/",
        "/country/de",
        "/country/li",
        "/job-market/germany",
        "/methodology",
        "/open-data",
        "/top-regions",
        "/contact",
      ]),
    );
    expect(paths.filter((p) => p.startsWith("/country/"))).toHaveLength(31);
    expect(paths.filter((p) => p.startsWith("/job-market/"))).toHaveLength(31);
    // Each language lists its job-market pages under the country's name in that language.
    expect(paths).toEqual(
      expect.arrayContaining([
        "/de/job-market/deutschland",
        "/de/job-market/oesterreich",
        "/fr/job-market/allemagne",
        "/pl/job-market/niemcy",
      ]),
    );
    expect(paths).not.toContain("/de/job-market/germany");
    for (const l of LOCALES) {
      const listed = paths.filter((p) => p.startsWith(localePath(l, "/job-market/")));
      expect(listed.sort(), l).toEqual(
        COUNTRIES.map((c) => localePath(l, `/job-market/${jobMarketSlug(l, c.code)}`)).sort(),
      );
    }
    // Every page in every language: the same pages under each prefix (docs/i18n.md).
    const english = paths.filter((p) => localeFromPath(p) === "en");
    for (const l of LOCALES) {
      const inLanguage = paths.filter((p) => localeFromPath(p) === l);
      expect(inLanguage, l).toEqual(english.map((p) => localePath(l, p)));
    }
    expect(paths).toHaveLength(english.length * LOCALES.length);
    expect(paths.some((p) => p.startsWith("/admin"))).toBe(false);
  });

  it("dates the pages of published data with the publication's time", async () => {
    const published = ((await (await fetch(`${site.base}/api/health`)).json()) as { published_at: string })
      .published_at;
    const lastmod = new Date(published).toISOString().replace(/\.\d{3}Z$/, "Z");
    const urls = await sitemap();
    for (const path of [
      "/",
      "/brightest",
      "/country/de",
      "/country/li",
      "/job-market/germany",
      "/top-regions",
      "/methodology",
      "/open-data",
    ]) {
      expect(urls.find((u) => u.loc === `${PUBLIC_ORIGIN}${path}`)?.lastmod, path).toBe(lastmod);
    }
    expect(lastmod).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    // Pages whose text no publication changes carry no date that would claim otherwise.
    expect(urls.find((u) => u.loc === `${PUBLIC_ORIGIN}/privacy`)?.lastmod).toBeUndefined();
  });
});
