// The server-rendered country page is rendered once per version of its data and reused (server/site/page-cache.ts):
// 50 concurrent requests make one render; each answer carries its own CSP nonce, in its header and in every
// nonce attribute of its body; the ETag stays; a 304 carries no CSP; a new experience or a new publication
// makes the next request render again; the operator area is never cached. Before, every request rendered the
// page, and with 75,000 posts for DE the page fell to 25 req/s with 8 s p99.
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SQLITE_FILE } from "../../pipeline/index.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import { AS_OF, login, postJson, testPasswordHash, validExperience } from "../api/helpers.ts";
import { startSitePages, type SitePages } from "./site.ts";

let site: SitePages;
beforeAll(async () => {
  ensureBuilt();
  site = await startSitePages({ adminPasswordHash: await testPasswordHash() });
});
afterAll(async () => {
  await site?.close();
});

/** The nonce of a page's CSP header, and every nonce attribute in its body. */
function nonces(res: { headers: Headers; body: string }): { header: string; body: string[] } {
  const csp = res.headers.get("content-security-policy") ?? "";
  const header = /script-src 'self' 'nonce-([^']+)'/.exec(csp)?.[1] ?? "";
  expect(csp).toContain(`style-src 'self' 'nonce-${header}'`);
  return { header, body: [...res.body.matchAll(/\snonce="([^"]*)"/g)].map((m) => m[1]!) };
}

async function get(p: string, headers: Record<string, string> = {}) {
  const res = await fetch(site.base + p, { headers });
  return { status: res.status, headers: res.headers, body: await res.text() };
}

describe("the country page's render is reused", () => {
  it("50 concurrent requests: one render; a nonce of its own in each answer; one ETag; 304 without CSP", async () => {
    const before = site.renders();
    const answers = await Promise.all(Array.from({ length: 50 }, () => get("/country/de")));
    expect(site.renders() - before).toBe(1);
    const seen = new Set<string>();
    for (const a of answers) {
      expect(a.status).toBe(200);
      const n = nonces(a);
      expect(n.header).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(n.body.length).toBeGreaterThan(0);
      expect(new Set(n.body)).toEqual(new Set([n.header]));
      seen.add(n.header);
    }
    expect(seen.size).toBe(50);
    const etags = new Set(answers.map((a) => a.headers.get("etag")));
    expect(etags.size).toBe(1);
    const etag = [...etags][0]!;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(answers[0]!.headers.get("cache-control")).toMatch(/^public, max-age=0, s-maxage=\d+/);
    // The bodies differ only by their nonces.
    const strip = (a: { body: string }) => a.body.replace(/nonce="[^"]*"/g, 'nonce=""');
    expect(new Set(answers.map(strip)).size).toBe(1);

    const revalidated = await get("/country/de", { "if-none-match": etag });
    expect(revalidated.status).toBe(304);
    expect(revalidated.body).toBe("");
    expect(revalidated.headers.get("content-security-policy")).toBeNull();
    expect(revalidated.headers.get("etag")).toBe(etag);
    expect(site.renders() - before).toBe(1);
  });

  it("a new experience, then a new publication: the next request renders again, then reuses", async () => {
    await get("/country/de");
    const base = site.renders();
    const etag0 = (await get("/country/de")).headers.get("etag");
    expect(site.renders()).toBe(base);

    expect(
      (
        await postJson(`${site.base}/api/countries/de/experiences`, {
          ...validExperience,
          comment: "Posted while cached.",
        })
      ).status,
    ).toBe(201);
    const afterPost = await get("/country/de");
    expect(site.renders()).toBe(base + 1);
    expect(afterPost.body).toContain("Posted while cached.");
    expect(afterPost.headers.get("etag")).not.toBe(etag0);
    await get("/country/de");
    expect(site.renders()).toBe(base + 1);

    const cookie = await login(site.base);
    const published = await postJson(`${site.base}/api/admin/recalculate`, { as_of: AS_OF }, { cookie });
    expect(published.status).toBe(200);
    await get("/country/de");
    expect(site.renders()).toBe(base + 2);
    await get("/country/de");
    expect(site.renders()).toBe(base + 2);
  });

  it.each([
    ["plain http", {}],
    ["https through the loopback proxy", { "x-forwarded-proto": "https" }],
  ])(
    "a reused page (%s) carries the same headers as the render, with its own nonce and request id",
    async (_label, proto) => {
      // Two addresses of one page the cache keeps apart (a parameter it reads: server/site/page-query.ts).
      const p = `/country/fr?range=${Object.keys(proto).length ? "10y" : "all"}`;
      const before = site.renders();
      const rendered = await get(p, proto);
      const reused = await get(p, proto);
      expect(site.renders() - before).toBe(1);
      const normalise = (h: Headers) => {
        const out: Record<string, string> = {};
        h.forEach((value, name) => {
          if (name === "date" || name === "x-request-id" || name === "keep-alive" || name === "connection") return;
          out[name] = value.replace(/'nonce-[^']+'/g, "'nonce-N'");
        });
        return out;
      };
      expect(normalise(reused.headers)).toEqual(normalise(rendered.headers));
      expect(reused.headers.get("x-request-id")).not.toBe(rendered.headers.get("x-request-id"));
      expect(nonces(reused).header).not.toBe(nonces(rendered).header);
      expect(rendered.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
      const csp = reused.headers.get("content-security-policy")!;
      if (Object.keys(proto).length) expect(csp).toContain("upgrade-insecure-requests");
      else expect(csp).not.toContain("upgrade-insecure-requests");
      const head = await fetch(site.base + p, { method: "HEAD", headers: proto });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-length")).toBe(rendered.headers.get("content-length"));
      expect(site.renders() - before).toBe(1);
    },
  );

  it("the operator area is never cached: private, no-store, rendered each time", async () => {
    const before = site.renders();
    const a = await get("/admin");
    const b = await get("/admin");
    expect(a.headers.get("cache-control")).toBe("private, no-store");
    expect(b.headers.get("cache-control")).toBe("private, no-store");
    expect(a.headers.get("etag")).toBeNull();
    expect(site.renders() - before).toBe(2);
  });

  it("a commit by another process that no page shows (a job's status copy) keeps the cached pages; a post it writes does not", async () => {
    await get("/country/fr");
    const before = site.renders();
    const other = new Database(path.join(site.dataDir, SQLITE_FILE));
    try {
      other.prepare(`DELETE FROM store_series`).run();
      expect((await get("/country/fr")).status).toBe(200);
      expect(site.renders() - before).toBe(0);
      other
        .prepare(
          `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at) VALUES ('FR', 'IT/Engineering', 'Senior', 'Local resident', 1, 4, NULL, ?)`,
        )
        .run(new Date().toISOString());
      expect((await get("/country/fr")).status).toBe(200);
      expect(site.renders() - before).toBe(1);
    } finally {
      other.close();
    }
  });

  it("75,000 posts for DE (written by another connection): rendered once, then served from the cache", async () => {
    const other = new Database(path.join(site.dataDir, SQLITE_FILE));
    try {
      const insert = other.prepare(
        `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
         VALUES ('DE', 'IT/Engineering', 'Senior', 'Local resident', 1, ?, ?, ?)`,
      );
      other.transaction(() => {
        for (let i = 0; i < 75_000; i++)
          insert.run(
            (i % 5) + 1,
            i % 3 === 0 ? `Post ${i}` : null,
            new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString(),
          );
      })();
    } finally {
      other.close();
    }
    const before = site.renders();
    let t = performance.now();
    const first = await get("/country/de");
    const firstMs = performance.now() - t;
    expect(first.status).toBe(200);
    expect(site.renders() - before).toBe(1);
    t = performance.now();
    const second = await get("/country/de");
    const secondMs = performance.now() - t;
    expect(second.status).toBe(200);
    expect(site.renders() - before).toBe(1);
    expect(second.headers.get("etag")).toBe(first.headers.get("etag"));
    console.log(
      `75,000 posts for DE: first request (render) ${firstMs.toFixed(1)} ms, second (cached) ${secondMs.toFixed(1)} ms`,
    );
  });
});

describe("a page whose data cannot be read", () => {
  it("answers 500 with no stack or path", async () => {
    // A separate server: this one loses a table.
    const broken = await startSitePages();
    try {
      broken.db.exec(`DROP TABLE snapshots`);
      const r = await fetch(`${broken.base}/country/fr`);
      const body = await r.text();
      expect(r.status).toBe(500);
      expect(body).toContain(r.headers.get("x-request-id")!);
      expect(body).not.toMatch(/\bat \S+ \(|\bat \/|\/work\/|\.ts:\d|\.js:\d|node_modules|no such table|SqliteError/);
    } finally {
      await broken.close();
    }
  });
});
