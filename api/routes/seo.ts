// /sitemap.xml and /robots.txt (docs/product.md §2 sitemap: / 1.0 daily, /brightest and /stormiest 0.8 weekly,
// /country/{code} in lower case 0.9 daily for each covered country), on the public origin.
import { Router, type Request, type Response } from "express";
import { COUNTRIES } from "../../pipeline/countries.ts";
import { CACHE_STATIC, cachedBytes, requestOrigin, sendCached, type CachedBody } from "../http.ts";

export interface SitemapEntry {
  path: string;
  priority: string;
  changefreq: "daily" | "weekly";
}

export function sitemapEntries(): SitemapEntry[] {
  return [
    { path: "/", priority: "1.0", changefreq: "daily" },
    { path: "/brightest", priority: "0.8", changefreq: "weekly" },
    { path: "/stormiest", priority: "0.8", changefreq: "weekly" },
    ...COUNTRIES.map((c) => ({ path: `/country/${c.code.toLowerCase()}`, priority: "0.9", changefreq: "daily" as const })),
  ];
}

const xmlEscape = (s: string) => s.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

export function sitemapXml(origin: string): string {
  const urls = sitemapEntries()
    .map(
      (e) =>
        `  <url>\n    <loc>${xmlEscape(origin + e.path)}</loc>\n    <changefreq>${e.changefreq}</changefreq>\n    <priority>${e.priority}</priority>\n  </url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

export function robotsTxt(origin: string): string {
  return ["User-agent: *", "Allow: /", "Disallow: /admin", "Disallow: /api/admin", "", `Sitemap: ${origin}/sitemap.xml`, ""].join("\n");
}

/** Sitemaps and robots kept per request origin at most (only without a configured public origin: development). */
const MAX_KEPT = 50;

/**
 * Sitemap and robots on the configured public origin: they change only with a release or that origin, so they are
 * made once and cached like other static files (ETag = content hash). Without a configured origin (development)
 * they name the origin of each request (api/http.ts requestOrigin), so their links point where the reader came from.
 */
export function seoRoutes(configuredOrigin: string | null, vary: string | null): Router {
  const r = Router();
  const made = new Map<string, { sitemap: CachedBody; robots: CachedBody }>();
  const bodiesFor = (origin: string) => {
    let hit = made.get(origin);
    if (!hit) {
      if (made.size >= MAX_KEPT) made.clear();
      hit = {
        sitemap: cachedBytes(Buffer.from(sitemapXml(origin)), "sitemap", { type: "application/xml; charset=utf-8" }),
        robots: cachedBytes(Buffer.from(robotsTxt(origin)), "robots", { type: "text/plain; charset=utf-8" }),
      };
      made.set(origin, hit);
    }
    return hit;
  };
  if (configuredOrigin !== null) bodiesFor(configuredOrigin);
  const bodies = (req: Request, res: Response) => {
    if (vary !== null) res.setHeader("Vary", vary);
    return bodiesFor(configuredOrigin ?? requestOrigin(req));
  };
  r.get("/sitemap.xml", (req, res) => {
    sendCached(req, res, bodies(req, res).sitemap, CACHE_STATIC);
  });
  r.get("/robots.txt", (req, res) => {
    sendCached(req, res, bodies(req, res).robots, CACHE_STATIC);
  });
  return r;
}
