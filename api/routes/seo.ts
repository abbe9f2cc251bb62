// /sitemap.xml and /robots.txt (spec §2 sitemap: / 1.0 daily, /brightest and /stormiest 0.8 weekly,
// /country/{code} in lower case 0.9 daily for each covered country), on the public origin.
import { Router } from "express";
import { COUNTRIES } from "../../pipeline/countries.ts";
import { requestOrigin } from "../http.ts";

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

/**
 * Sitemap and robots on the configured public origin (built once), or, when none is configured (development),
 * on the origin of each request (api/http.ts requestOrigin), so their links point where the reader came from.
 */
export function seoRoutes(configuredOrigin: string | null): Router {
  const r = Router();
  const fixed = configuredOrigin === null ? null : { sitemap: sitemapXml(configuredOrigin), robots: robotsTxt(configuredOrigin) };
  r.get("/sitemap.xml", (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    if (!fixed) res.setHeader("Vary", "Host, X-Forwarded-Host, X-Forwarded-Proto");
    res.type("application/xml").send(fixed?.sitemap ?? sitemapXml(requestOrigin(req)));
  });
  r.get("/robots.txt", (req, res) => {
    res.setHeader("Cache-Control", "public, max-age=3600");
    if (!fixed) res.setHeader("Vary", "Host, X-Forwarded-Host, X-Forwarded-Proto");
    res.type("text/plain").send(fixed?.robots ?? robotsTxt(requestOrigin(req)));
  });
  return r;
}
