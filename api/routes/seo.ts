// /sitemap.xml and /robots.txt (docs/product.md §2), on the public origin. The sitemap lists every public page a
// search engine may index (never the operator area, nor a noindex page such as the 404s), with the publication's
// time as <lastmod> on the pages that show published data.
import { Router, type Request, type Response } from "express";
import { COUNTRIES } from "../../lib/countries.ts";
import { WAITING_LIST_SERVICES } from "../../product/options.ts";
import { LOCALES, localePath } from "../../product/locales.ts";
import { CACHE_PUBLISHED, CACHE_STATIC, cachedBytes, sendCached, type CachedBody } from "../../server/http/cache.ts";
import { requestOrigin } from "../../server/http/request.ts";

interface SitemapEntry {
  path: string;
  priority: string;
  changefreq: "daily" | "weekly" | "monthly" | "yearly";
  /** The page shows published data: its <lastmod> is the publication's time. */
  published: boolean;
}

/** Every listed page in every language: English at its own path, the others under their prefix (docs/i18n.md). */
function sitemapEntries(): SitemapEntry[] {
  return LOCALES.flatMap((l) => englishEntries().map((e) => ({ ...e, path: localePath(l, e.path) })));
}

function englishEntries(): SitemapEntry[] {
  const page = (
    path: string,
    priority: string,
    changefreq: SitemapEntry["changefreq"],
    published: boolean,
  ): SitemapEntry => ({ path, priority, changefreq, published });
  return [
    page("/", "1.0", "daily", true),
    page("/brightest", "0.8", "weekly", true),
    page("/stormiest", "0.8", "weekly", true),
    ...COUNTRIES.map((c) => page(`/country/${c.code.toLowerCase()}`, "0.9", "daily", true)),
    ...COUNTRIES.map((c) => page(`/job-market/${c.slug}`, "0.7", "daily", true)),
    page("/top-regions", "0.7", "weekly", true),
    page("/your-weather", "0.6", "weekly", true),
    page("/sectors", "0.6", "weekly", true),
    // Compare pages (/compare/{a}-{b}…) are not listed: 465 pairs alone, each reachable from the country pages'
    // "Compare with…" links (docs/decisions/020-personal-weights.md).
    page("/methodology", "0.6", "monthly", true),
    page("/open-data", "0.6", "monthly", true),
    page("/open-data/api", "0.5", "monthly", false),
    page("/contact", "0.3", "yearly", false),
    ...WAITING_LIST_SERVICES.map((w) => page(`/waiting-list/${w.id}`, "0.3", "yearly", false)),
    page("/privacy", "0.2", "yearly", false),
    page("/terms", "0.2", "yearly", false),
  ];
}

const xmlEscape = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** A W3C datetime (the sitemap protocol's lastmod) to the second: `2026-11-22T06:00:00Z`. */
const w3cDatetime = (iso: string) => new Date(iso).toISOString().replace(/\.\d{3}Z$/, "Z");

/** The sitemap; `publishedAt` (the current publication's time, null before any) dates the pages of published data. */
function sitemapXml(origin: string, publishedAt: string | null = null): string {
  const lastmod = publishedAt === null ? null : w3cDatetime(publishedAt);
  const urls = sitemapEntries()
    .map(
      (e) =>
        `  <url>\n    <loc>${xmlEscape(origin + e.path)}</loc>\n` +
        (e.published && lastmod !== null ? `    <lastmod>${lastmod}</lastmod>\n` : "") +
        `    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robotsTxt(origin: string): string {
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /api/admin",
    "",
    `Sitemap: ${origin}/sitemap.xml`,
    "",
  ].join("\n");
}

/** Sitemaps and robots kept per request origin at most (only without a configured public origin: development). */
const MAX_KEPT = 50;

/** What the sitemap needs of the publication: its id (to know when to remake it) and time. */
export interface SitemapPublication {
  publicationId(): number;
  publication(): { published_at: string } | null;
}

/**
 * Sitemap and robots on the configured public origin, else (development) the origin of each request (server/http/request.ts
 * requestOrigin), so their links point where the reader came from; `vary` says so to shared caches. Robots
 * changes only with a release or that origin (CACHE_STATIC); the sitemap also with each publication (its
 * lastmod), so it is made again then and kept like other published reads (CACHE_PUBLISHED). ETags: content hash.
 */
export function seoRoutes(configuredOrigin: string | null, vary: string | null, read: SitemapPublication): Router {
  const r = Router();
  const made = new Map<string, { sitemap: CachedBody; robots: CachedBody }>();
  let madeFor = -1;
  const bodiesFor = (origin: string) => {
    const publication = read.publicationId();
    if (publication !== madeFor) {
      made.clear();
      madeFor = publication;
    }
    let hit = made.get(origin);
    if (!hit) {
      if (made.size >= MAX_KEPT) made.clear();
      hit = {
        sitemap: cachedBytes(Buffer.from(sitemapXml(origin, read.publication()?.published_at ?? null)), "sitemap", {
          type: "application/xml; charset=utf-8",
        }),
        robots: cachedBytes(Buffer.from(robotsTxt(origin)), "robots", { type: "text/plain; charset=utf-8" }),
      };
      made.set(origin, hit);
    }
    return hit;
  };
  const bodies = (req: Request, res: Response) => {
    if (vary !== null) res.setHeader("Vary", vary);
    return bodiesFor(configuredOrigin ?? requestOrigin(req));
  };
  r.get("/sitemap.xml", (req, res) => {
    sendCached(req, res, bodies(req, res).sitemap, CACHE_PUBLISHED);
  });
  r.get("/robots.txt", (req, res) => {
    sendCached(req, res, bodies(req, res).robots, CACHE_STATIC);
  });
  return r;
}
