// /sitemap.xml and /robots.txt (spec §2 sitemap: / 1.0 daily, /brightest and /stormiest 0.8 weekly,
// /country/{code} in lower case 0.9 daily for each covered country), on the configured public origin.
import { Router } from "express";
import { COUNTRIES } from "../../pipeline/countries.ts";
import { CACHE_STATIC, cachedBytes, sendCached } from "../http.ts";

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

/** Both change only with a release or the configured origin: cached like other static files, ETag = content hash. */
export function seoRoutes(origin: string): Router {
  const r = Router();
  const sitemap = cachedBytes(Buffer.from(sitemapXml(origin)), "sitemap", { type: "application/xml; charset=utf-8" });
  const robots = cachedBytes(Buffer.from(robotsTxt(origin)), "robots", { type: "text/plain; charset=utf-8" });
  r.get("/sitemap.xml", (req, res) => {
    sendCached(req, res, sitemap, CACHE_STATIC);
  });
  r.get("/robots.txt", (req, res) => {
    sendCached(req, res, robots, CACHE_STATIC);
  });
  return r;
}
