// What every kind of answer tells caches (docs/open-data.md "Caching", docs/decisions/007-page-cache.md), checked
// against one table on the real server with the site mounted: public pages and reads may be kept by a CDN
// (max-age or s-maxage, stale-while-revalidate) and carry an ETag, which stays the same across requests, answers
// 304 to If-None-Match, and changes when a recalc publishes (publication reads) or stays (content that does not
// depend on the publication); community reads revalidate; operator answers, answers to writes and errors are
// never stored.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../../server/start.ts";
import { startSiteServer } from "../../server/main.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import {
  ADMIN_PASSWORD,
  ADMIN_USER,
  AS_OF,
  GENEROUS_LIMITS,
  seedDataDir,
  testPasswordHash,
  validExperience,
} from "./helpers.ts";

const NOW = new Date(`${AS_OF}T12:00:00.000Z`);

const PAGE = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";
const PUBLISHED = "public, max-age=60, stale-while-revalidate=300";
const STATIC = "public, max-age=3600, stale-while-revalidate=86400";
const IMMUTABLE = "public, max-age=31536000, immutable";
const REVALIDATE = "public, no-cache";
const NEVER = "no-store";
const PRIVATE = "private, no-store";

/**
 * How an answer's ETag behaves: `publication` names the publication (`"p{id}-{month}-…"`) and changes with every
 * recalc; `render` is a hash of the page and changes when what it shows changes; `content` is a hash of content
 * that no publication changes; `community` names the community's version (posts, hiding); `feed` names the
 * newest publication with an entry (`"f{id}-…"`: a recalc that adds no entry keeps it); `none`: no ETag at all.
 */
type Etag = "publication" | "render" | "content" | "community" | "feed" | "none";

interface Row {
  kind: string;
  method?: "GET" | "POST";
  path: string;
  body?: unknown;
  /** Send the operator's session cookie. */
  operator?: boolean;
  status: number;
  cacheControl: string;
  etag: Etag;
}

let assetPath = "";

const TABLE: Row[] = [
  { kind: "public page", path: "/", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public page", path: "/country/de", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public page", path: "/brightest", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public page", path: "/methodology", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public page", path: "/open-data", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public page", path: "/open-data/api", status: 200, cacheControl: PAGE, etag: "render" },
  { kind: "public JSON", path: "/api/countries", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON", path: "/api/countries/de", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON", path: "/api/countries/de/history", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON", path: "/api/rankings/brightest", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON v1", path: "/api/v1/countries", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON v1", path: "/api/v1/countries/fr", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  {
    kind: "public JSON v1",
    path: "/api/v1/countries/fr/history",
    status: 200,
    cacheControl: PUBLISHED,
    etag: "publication",
  },
  {
    kind: "public JSON v1",
    path: "/api/v1/rankings/stormiest",
    status: 200,
    cacheControl: PUBLISHED,
    etag: "publication",
  },
  { kind: "public JSON v1", path: "/api/v1/regions", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "public JSON v1", path: "/api/v1/sources", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "CSV", path: "/api/v1/scores.csv", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "CSV", path: "/api/v1/countries/de/history.csv", status: 200, cacheControl: PUBLISHED, etag: "publication" },
  { kind: "feed", path: "/feeds/all.atom", status: 200, cacheControl: PUBLISHED, etag: "feed" },
  { kind: "feed", path: "/feeds/de.atom", status: 200, cacheControl: PUBLISHED, etag: "feed" },
  { kind: "OpenAPI", path: "/api/openapi.json", status: 200, cacheControl: STATIC, etag: "content" },
  { kind: "sitemap", path: "/sitemap.xml", status: 200, cacheControl: PUBLISHED, etag: "render" },
  { kind: "sitemap/robots", path: "/robots.txt", status: 200, cacheControl: STATIC, etag: "content" },
  { kind: "static file", path: "/flags/de.svg", status: 200, cacheControl: STATIC, etag: "content" },
  { kind: "static file", path: "/og-image.png", status: 200, cacheControl: STATIC, etag: "content" },
  { kind: "static asset", path: "(a hashed /assets file)", status: 200, cacheControl: IMMUTABLE, etag: "content" },
  {
    kind: "community read",
    path: "/api/countries/de/experiences",
    status: 200,
    cacheControl: REVALIDATE,
    etag: "community",
  },
  { kind: "health probe", path: "/api/health", status: 200, cacheControl: NEVER, etag: "none" },
  { kind: "health probe", path: "/api/v1/health", status: 200, cacheControl: NEVER, etag: "none" },
  { kind: "operator API", path: "/api/admin/status", status: 401, cacheControl: NEVER, etag: "none" },
  { kind: "operator API", path: "/api/admin/status", operator: true, status: 200, cacheControl: NEVER, etag: "none" },
  {
    kind: "operator API",
    path: "/api/admin/waiting-list/export",
    operator: true,
    status: 200,
    cacheControl: NEVER,
    etag: "none",
  },
  // The operator page is the operator's only: `private` too (server/site/page-send.ts PRIVATE_CACHE_CONTROL).
  { kind: "operator page", path: "/admin", status: 200, cacheControl: PRIVATE, etag: "none" },
  { kind: "operator page", path: "/admin", operator: true, status: 200, cacheControl: PRIVATE, etag: "none" },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/countries/de/experiences",
    body: validExperience,
    status: 201,
    cacheControl: NEVER,
    etag: "none",
  },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/countries/de/experiences",
    body: { ...validExperience, website: "bot" },
    status: 201,
    cacheControl: NEVER,
    etag: "none",
  },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/countries/de/experiences",
    body: { mood: 9 },
    status: 400,
    cacheControl: NEVER,
    etag: "none",
  },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/waiting-list",
    body: { name: "Ada", email: "ada@example.org", message: "Hello", service: "cv-upgrade" },
    status: 201,
    cacheControl: NEVER,
    etag: "none",
  },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/admin/login",
    body: { username: ADMIN_USER, password: "wrong" },
    status: 401,
    cacheControl: NEVER,
    etag: "none",
  },
  {
    kind: "form POST",
    method: "POST",
    path: "/api/admin/login",
    body: { username: ADMIN_USER, password: ADMIN_PASSWORD },
    status: 200,
    cacheControl: NEVER,
    etag: "none",
  },
  { kind: "form POST", method: "POST", path: "/country/de", body: {}, status: 405, cacheControl: NEVER, etag: "none" },
  { kind: "404", path: "/api/nothing", status: 404, cacheControl: NEVER, etag: "none" },
  { kind: "404", path: "/api/v1/countries/xx", status: 404, cacheControl: NEVER, etag: "none" },
  { kind: "404", path: "/api/v1/countries/xx/history.csv", status: 404, cacheControl: NEVER, etag: "none" },
  { kind: "404", path: "/feeds/xx.atom", status: 404, cacheControl: NEVER, etag: "none" },
  { kind: "404", path: "/no-such-page", status: 404, cacheControl: "no-cache", etag: "none" },
];

let server: RunningServer;
let dataDir: string;
let base: string;
let operatorCookie: string;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-cache-headers-"));
  await seedDataDir(dataDir);
  server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", JWI_LOCK_WAIT_S: "0" },
    // Sessions are made on the pinned clock: one long enough to outlive it.
    config: {
      httpLog: false,
      rateLimits: GENEROUS_LIMITS,
      adminPasswordHash: await testPasswordHash(),
      sessionTtlMs: 10 * 365 * 86_400_000,
      drawCardsAhead: false,
    },
    handleSignals: false,
    now: () => NOW,
    shutdownTimeoutMs: 2_000,
  });
  base = `http://127.0.0.1:${server.port}`;
  const login = await fetch(`${base}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USER, password: ADMIN_PASSWORD }),
  });
  operatorCookie = (login.headers.get("set-cookie") ?? "").split(";")[0]!;
  const html = await (await fetch(`${base}/`)).text();
  assetPath = /\/assets\/[\w.-]+\.(?:js|css)/.exec(html)![0];
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

const urlOf = (r: Row) => (r.kind === "static asset" ? assetPath : r.path);

function request(r: Row, headers: Record<string, string> = {}): Promise<Response> {
  const h: Record<string, string> = { ...headers };
  if (r.operator) h.cookie = operatorCookie;
  if (r.method === "POST") h["content-type"] = "application/json";
  return fetch(base + urlOf(r), {
    method: r.method ?? "GET",
    headers: h,
    body: r.method === "POST" ? JSON.stringify(r.body) : undefined,
    redirect: "manual",
  });
}

const label = (r: Row) => `${r.kind}: ${r.method ?? "GET"} ${r.path}${r.operator ? " (operator)" : ""}`;

/** ETags seen before the recalc, by row. */
const before = new Map<Row, string>();

describe("cache headers per kind of answer", () => {
  it.each(TABLE.map((r) => [label(r), r] as const))("%s", async (_name, r) => {
    const res = await request(r);
    await res.arrayBuffer();
    expect(res.status).toBe(r.status);
    const cc = res.headers.get("cache-control");
    expect(cc).toBe(r.cacheControl);
    const etag = res.headers.get("etag");
    if (r.etag === "none") {
      expect(etag).toBeNull();
      return;
    }
    // Something a shared cache may keep: fresh for a while, or stale while it revalidates, or never stale.
    if (r.cacheControl !== REVALIDATE && r.cacheControl !== IMMUTABLE) {
      expect(cc).toMatch(/\b(max-age|s-maxage)=[1-9]\d*/);
      expect(cc).toMatch(/\bstale-while-revalidate=[1-9]\d*/);
    }
    expect(etag).toBeTruthy();
    if (r.etag === "publication") expect(etag).toMatch(/^"p\d+-\d{4}-\d{2}-[\w-]+"$/);
    if (r.etag === "feed") expect(etag).toMatch(/^"f\d+-[\w-]+"$/);
    // The same ETag for the next request without one, and 304 without a body to the one that sends it.
    const again = await request(r);
    await again.arrayBuffer();
    expect(again.headers.get("etag")).toBe(etag);
    // (A browser's revalidation sends max-age=0; without a Cache-Control of its own, fetch() would add no-cache,
    // which static file serving reads as "do not answer 304".)
    const conditional = await request(r, { "if-none-match": etag!, "cache-control": "max-age=0" });
    expect(conditional.status).toBe(304);
    expect(await conditional.text()).toBe("");
    expect(conditional.headers.get("etag")).toBe(etag);
    before.set(r, etag!);
  });
});

describe("after a recalc", () => {
  it("publication ETags change, content and community ETags stay, a page that shows the new as-of date changes", async () => {
    expect(before.size).toBe(TABLE.filter((r) => r.etag !== "none").length);
    // The table's posts came after its community read: take that ETag again, as it is before the recalc.
    const community = TABLE.find((r) => r.etag === "community")!;
    const communityBefore = (await request(community)).headers.get("etag");
    expect(communityBefore).not.toBe(before.get(community));
    const result = await server.pipeline.recalc({ asOf: "2026-11-30" });
    expect(result).toBeTruthy();
    await new Promise((r) => setTimeout(r, server.config.publicationCheckMs + 50));
    for (const [r, old] of before) {
      const res = await request(r);
      await res.arrayBuffer();
      const now = res.headers.get("etag");
      if (r.etag === "publication") expect(now, label(r)).not.toBe(old);
      if (r.etag === "content") expect(now, label(r)).toBe(old);
      if (r.etag === "publication") {
        // The old ETag no longer matches: a cache revalidating gets the new answer, not a 304.
        const stale = await request(r, { "if-none-match": old });
        expect(stale.status, label(r)).toBe(200);
      }
    }
    expect((await request(community)).headers.get("etag")).toBe(communityBefore);
    const methodology = TABLE.find((r) => r.path === "/methodology")!;
    const res = await request(methodology);
    expect(await res.text()).toContain("30 November 2026");
    expect(res.headers.get("etag")).not.toBe(before.get(methodology));
    // The sitemap dates its pages with the publication: a new one, a new sitemap.
    const sitemap = TABLE.find((r) => r.path === "/sitemap.xml")!;
    const again = await request(sitemap);
    const published = ((await (await fetch(`${base}/api/health`)).json()) as { published_at: string }).published_at;
    expect(await again.text()).toContain(`<lastmod>${published.replace(/\.\d{3}Z$/, "Z")}</lastmod>`);
    expect(again.headers.get("etag")).not.toBe(before.get(sitemap));
  });
});
