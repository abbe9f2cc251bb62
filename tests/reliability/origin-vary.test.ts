// Shared caches never mix origins (docs/architecture.md, "Page cache"; docs/open-data.md, "Caching"). Without
// JWI_PUBLIC_ORIGIN, pages, feeds, sitemap, robots and the OpenAPI document name the host each request was made
// to, so every one of them says `Vary: Host` (and the forwarded headers when a proxy is trusted), also when a
// page comes out of the page cache's fast path and on a 304. With a public origin they are the same for every
// host and do not vary by it. All of them are text, so each also says Accept-Encoding (compression: a shared
// cache keeps one copy per encoding).
import http from "node:http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ensureBuilt } from "../e2e/harness.ts";
import { startSitePages, type SitePages } from "./site.ts";

/** A GET with a Host header of our choosing (fetch does not send one). */
function get(
  base: string,
  path: string,
  headers: Record<string, string>,
): Promise<{ status: number; vary: string | undefined; etag: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${base}${path}`, { headers }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (c: string) => (body += c));
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, vary: res.headers.vary, etag: res.headers.etag, body }),
      );
    });
    req.on("error", reject);
  });
}

/** Every answer whose body names the origin, and the 404 page. */
/** What an answer of `path` varies on, besides the origin headers: "/" also on the visitor's language (docs/i18n.md). */
const own = (path: string, origin: string): string =>
  [origin, path === "/" ? "Accept-Language, Cookie" : "", "Accept-Encoding"].filter(Boolean).join(", ");

const PATHS = [
  "/",
  "/country/de",
  "/brightest",
  "/open-data",
  "/open-data/api",
  "/no-such-page",
  "/feeds/all.atom",
  "/feeds/de.atom",
  "/sitemap.xml",
  "/robots.txt",
  "/api/openapi.json",
];

let perHost: SitePages;
let noProxy: SitePages;
let configured: SitePages;

beforeAll(async () => {
  ensureBuilt();
  [perHost, noProxy, configured] = await Promise.all([
    startSitePages({ publicOrigin: null }),
    startSitePages({ publicOrigin: null, trustProxy: false }),
    startSitePages({ publicOrigin: "https://jobweather.example" }),
  ]);
}, 180_000);

afterAll(async () => {
  await Promise.all([perHost?.close(), noProxy?.close(), configured?.close()]);
});

describe("without JWI_PUBLIC_ORIGIN", () => {
  it("every answer that names the request's host varies on Host and the trusted proxy's headers, cached or not", async () => {
    for (const path of PATHS) {
      // Twice per host: the second page comes from the page cache (the fast path before Express).
      for (const round of [1, 2]) {
        const a = await get(perHost.base, path, { host: "a.example" });
        const b = await get(perHost.base, path, { host: "b.example" });
        expect([a.status, b.status], `${path} #${round}`).toEqual(path === "/no-such-page" ? [404, 404] : [200, 200]);
        expect(a.body, path).toContain("a.example");
        expect(a.body, path).not.toContain("b.example");
        expect(b.body, path).toContain("b.example");
        expect(a.vary, `${path} #${round}`).toBe(own(path, "Host, X-Forwarded-Host, X-Forwarded-Proto"));
        expect(b.vary, `${path} #${round}`).toBe(own(path, "Host, X-Forwarded-Host, X-Forwarded-Proto"));
        if (a.etag) {
          expect(a.etag, path).not.toBe(b.etag);
          const again = await get(perHost.base, path, { host: "a.example", "if-none-match": a.etag });
          expect([again.status, again.vary], path).toEqual([
            304,
            own(path, "Host, X-Forwarded-Host, X-Forwarded-Proto"),
          ]);
        }
      }
    }
  });

  it("without a trusted proxy, Host alone", async () => {
    for (const path of PATHS) {
      for (const round of [1, 2])
        expect((await get(noProxy.base, path, { host: "a.example" })).vary, `${path} #${round}`).toBe(
          own(path, "Host"),
        );
    }
  });
});

describe("with JWI_PUBLIC_ORIGIN", () => {
  it("answers are the same for every host and do not vary by it", async () => {
    for (const path of PATHS) {
      for (const round of [1, 2]) {
        const a = await get(configured.base, path, { host: "a.example" });
        const b = await get(configured.base, path, { host: "b.example" });
        expect(a.vary, `${path} #${round}`).toBe(own(path, ""));
        expect(a.body, path).toContain("https://jobweather.example");
        expect(a.body, path).not.toContain("a.example");
        expect(a.etag, path).toBe(b.etag);
      }
    }
  });
});

// Issue 49, case 3: `Host: 127.0.0.1:70000` (or the same in a trusted proxy's X-Forwarded-Host) answered 500 on
// pages, feeds and the operator area, and logged an error each time, also with a public origin set: the render URL
// and the links were built with `new URL`, which throws on a port over 65535. The host is now checked once, before
// the fast paths and any route: 400 `invalid_host`, in the JSON error shape.
describe("a host no URL can be made of", () => {
  const BAD_PATHS = ["/", "/country/de", "/feeds/de.atom", "/admin", "/api/openapi.json", "/sitemap.xml"];
  const BAD_HOSTS = ["127.0.0.1:70000", "a.example:99999", "[1:2]"];

  it.each([
    ["without a public origin", () => perHost],
    ["with a public origin", () => configured],
  ])("is a 400 from the Host header, %s, every time (the page cache's fast path included)", async (_, server) => {
    for (const path of BAD_PATHS)
      for (const host of BAD_HOSTS)
        for (const round of [1, 2]) {
          const r = await get(server().base, path, { host });
          expect(r.status, `${path} ${host} #${round}`).toBe(400);
          expect(JSON.parse(r.body)).toMatchObject({
            error: { code: "invalid_host", message: expect.stringContaining("Host header") },
          });
        }
    // A good host still reads the same pages.
    expect((await get(server().base, "/country/de", { host: "a.example:8080" })).status).toBe(200);
  });

  it("is a 400 from a trusted proxy's X-Forwarded-Host; an untrusted peer's is ignored, as always", async () => {
    for (const path of BAD_PATHS) {
      const trusted = await get(perHost.base, path, { host: "a.example", "x-forwarded-host": "127.0.0.1:70000" });
      expect(trusted.status, path).toBe(400);
      expect(JSON.parse(trusted.body).error.message).toContain('X-Forwarded-Host header "127.0.0.1:70000"');
      const ignored = await get(noProxy.base, path, { host: "a.example", "x-forwarded-host": "127.0.0.1:70000" });
      expect(ignored.status, path).toBe(200);
    }
  });
});
