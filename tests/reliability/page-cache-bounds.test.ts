// The page cache is bounded and invalidated by what changed (issue 33): a query string no page reads is dropped by a
// redirect and never makes a render or an entry; a community post on Germany's page renders Germany's pages again
// and leaves every other cached page in place; the cache's bytes stay within JWI_PAGE_CACHE_MB. Before: 600 junk
// query strings on /open-data/api took the server from 464 MB to 981 MB and evicted every real page, and each post
// emptied the whole cache. The RSS figure of 2,000 junk query strings is printed by `npm run bench -- pages`.
import path from "node:path";
import { pathToFileURL } from "node:url";
import type { ServerBuild } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { pageQueryReader } from "../../server/site/page-query.ts";
import { DEFAULT_BUILD_DIR } from "../../server/main.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import { login, postJson, testPasswordHash, validExperience } from "../api/helpers.ts";
import { startSitePages, type SitePages } from "./site.ts";

let site: SitePages;
beforeAll(async () => {
  ensureBuilt();
  site = await startSitePages({ adminPasswordHash: await testPasswordHash() });
});
afterAll(async () => {
  await site?.close();
});

async function get(p: string) {
  const res = await fetch(site.base + p, { redirect: "manual" });
  return { status: res.status, location: res.headers.get("location"), body: await res.text() };
}

/** Renders made while `work` ran. */
async function rendersDuring(work: () => Promise<unknown>): Promise<number> {
  const before = site.renders();
  await work();
  return site.renders() - before;
}

describe("query strings no page reads", () => {
  it("are dropped by a redirect: no render, no cache entry", async () => {
    for (const p of ["/open-data/api", "/methodology", "/country/de", "/brightest", "/de/top-regions"]) await get(p);
    const entries = site.cacheSize();
    const renders = await rendersDuring(async () => {
      for (let i = 0; i < 200; i++) {
        for (const p of ["/open-data/api", "/methodology", "/country/de", "/brightest", "/de/top-regions"]) {
          const a = await get(`${p}?r=${i}&utm_source=x${i}`);
          expect(a.status).toBe(301);
          expect(a.location).toBe(p);
        }
      }
    });
    expect(renders).toBe(0);
    expect(site.cacheSize()).toBe(entries);
  });

  it("a parameter the page reads is kept; the others go", async () => {
    const a = await get("/country/de?junk=1&range=10y&x");
    expect(a.status).toBe(301);
    expect(a.location).toBe("/country/de?range=10y");
    expect((await get("/country/de?range=10y")).status).toBe(200);
    const c = await get("/contact?topic=delete-my-data&r=2");
    expect(c.location).toBe("/contact?topic=delete-my-data");
  });
});

describe("the query parameters each page reads (server/site/page-query.ts, from the built routes)", () => {
  it("reads each route's handle.query from the server build, with React Router's own parameters", async () => {
    const build = (await import(pathToFileURL(path.join(DEFAULT_BUILD_DIR, "server", "index.js")).href)) as ServerBuild;
    const read = pageQueryReader(build);
    const names = (p: string) => [...read(p)].sort();
    expect(names("/country/de")).toEqual(["range", "sent"]);
    expect(names("/pl/country/de")).toEqual(["range", "sent"]);
    expect(names("/country/de.data")).toEqual(["_routes", "range", "sent"]);
    expect(names("/_root.data")).toEqual(["_routes"]);
    expect(names("/contact")).toEqual(["sent", "topic"]);
    expect(names("/your-weather")).toEqual(["C", "M", "S", "U", "V", "weights"]);
    // The sector picker and the sort links are GET requests (model v2.3 §11).
    expect(names("/sectors")).toEqual(["dir", "sector", "sort"]);
    expect(names("/pl/sectors")).toEqual(["dir", "sector", "sort"]);
    expect(names("/__manifest")).toEqual(["paths", "version"]);
    expect(names("/open-data/api")).toEqual([]);
    expect(names("/no-such-page")).toEqual([]);
  });

  it("React Router's own requests keep theirs: route discovery and data requests are never redirected", async () => {
    const manifest = await get("/__manifest?paths=%2Fcountry%2Ffr&version=1");
    expect(manifest.status).not.toBe(301);
    const data = await get("/country/fr.data?_routes=routes%2Fcountry");
    expect(data.status).toBe(200);
  });
});

describe("a community post invalidates the pages of its country only", () => {
  const others = ["/country/fr", "/", "/brightest", "/de/country/fr", "/compare/fr-it", "/methodology"];
  const germany = ["/country/de", "/job-market/germany", "/de/country/de", "/compare/de-fr"];

  it("Germany's pages are rendered again, every other cached page is reused", async () => {
    for (const p of [...others, ...germany]) await get(p);
    // All of them are cached now: asking again renders nothing.
    expect(await rendersDuring(async () => Promise.all([...others, ...germany].map(get)))).toBe(0);

    const posted = await postJson(`${site.base}/api/countries/de/experiences`, {
      ...validExperience,
      comment: "A post that must not empty the cache.",
    });
    expect(posted.status).toBe(201);

    expect(await rendersDuring(async () => Promise.all(others.map(get)))).toBe(0);
    let page = "";
    expect(
      await rendersDuring(async () => {
        const answers = await Promise.all(germany.map(get));
        page = answers[0]!.body;
      }),
    ).toBe(germany.length);
    expect(page).toContain("A post that must not empty the cache.");
  });

  it("an experience hidden by the operator renders its country's pages again, not the others", async () => {
    for (const p of [...others, ...germany]) await get(p);
    const cookie = await login(site.base);
    const list = await fetch(`${site.base}/api/admin/experiences?country=DE`, { headers: { cookie } });
    const id = ((await list.json()) as { items: Array<{ id: number }> }).items[0]!.id;
    const hidden = await postJson(`${site.base}/api/admin/experiences/${id}/hide`, {}, { cookie });
    expect(hidden.status).toBe(200);
    expect(await rendersDuring(async () => Promise.all(others.map(get)))).toBe(0);
    expect(await rendersDuring(async () => get("/country/de"))).toBe(1);
  });

  it("a post written by another process (straight into SQLite) is seen too", async () => {
    await get("/country/it");
    expect(await rendersDuring(() => get("/country/it"))).toBe(0);
    site.db
      .prepare(
        `INSERT INTO experiences (country_code, role_family, seniority, residency, local_language, mood, comment, created_at)
         VALUES ('IT', 'IT/Engineering', 'Senior', 'Local resident', 0, 4, 'Written elsewhere.', ?)`,
      )
      .run(new Date().toISOString());
    let body = "";
    expect(await rendersDuring(async () => (body = (await get("/country/it")).body))).toBe(1);
    expect(body).toContain("Written elsewhere.");
  });
});

describe("the byte bound", () => {
  let small: SitePages;
  beforeAll(async () => {
    small = await startSitePages({ pageCacheBytes: 1024 * 1024 });
  });
  afterAll(async () => {
    await small?.close();
  });

  it("with JWI_PAGE_CACHE_MB=1 the kept renders never hold more than 1 MB", async () => {
    const pages = ["de", "fr", "it", "es", "pl", "nl", "at", "be", "se", "dk", "fi", "ie", "pt", "cz", "hu"].flatMap(
      (c) => [`/country/${c}`, `/de/country/${c}`],
    );
    for (const p of pages) {
      // gzip too: its form is counted once made.
      const res = await fetch(small.base + p, { headers: { "accept-encoding": "gzip" } });
      expect(res.status).toBe(200);
      await res.arrayBuffer();
      expect(small.cacheBytes()).toBeLessThanOrEqual(1024 * 1024);
    }
    expect(small.cacheSize()).toBeGreaterThan(0);
    expect(small.cacheSize()).toBeLessThan(pages.length);
  });
});
