// Public reads, caching, sitemap/robots, headers and the site hook, against a real server.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../../pipeline/model/current.ts";
import { createApp } from "../../api/app.ts";
import { COUNTRIES } from "../../lib/countries.ts";
import { AS_OF, getJson, startTestServer, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;

beforeAll(async () => {
  s = await startTestServer();
  base = s.url;
});
afterAll(async () => {
  await s?.stop();
});

describe("GET /api/health", () => {
  it("reports the model, publication and scored countries", async () => {
    const { status, body } = await getJson(`${base}/api/health`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ ok: true, model: CURRENT_MODEL_ID, as_of: AS_OF, paused: false, paused_reason: null });
    expect(typeof body.published_at).toBe("string");
    expect(body.countries_scored).toBeGreaterThan(20);
  });
});

describe("GET /api/countries", () => {
  it("lists the 31 countries with flag, and score null when there is none", async () => {
    const { status, body, headers } = await getJson(`${base}/api/countries`);
    expect(status).toBe(200);
    expect(headers.get("content-type")).toMatch(/application\/json/);
    expect(body).toHaveLength(31);
    expect(body.map((c: { code: string }) => c.code)).toEqual(COUNTRIES.map((c) => c.code));
    const de = body.find((c: { code: string }) => c.code === "DE");
    expect(de).toMatchObject({ name: "Germany", flag: "🇩🇪", slug: "germany" });
    expect(Object.keys(de)).toEqual(
      expect.arrayContaining([
        "code",
        "name",
        "flag",
        "score",
        "status",
        "label",
        "confidence",
        "basis",
        "anchor_month",
        "yoy",
      ]),
    );
    expect(de.score).toBeGreaterThanOrEqual(1);
    const li = body.find((c: { code: string }) => c.code === "LI");
    expect(li.score).toBeNull(); // no Eurostat series for Liechtenstein and no barometer in the bundle
    expect(li.status).toBeNull();
  });
});

describe("GET /api/countries/:code", () => {
  it("answers the full snapshot plus the market panel, for any case of the code", async () => {
    const lower = await getJson(`${base}/api/countries/de`);
    const upper = await getJson(`${base}/api/countries/DE`);
    const mixed = await getJson(`${base}/api/countries/dE`);
    expect(lower.status).toBe(200);
    expect(upper.body).toEqual(lower.body);
    expect(mixed.body).toEqual(lower.body);
    const b = lower.body;
    expect(b).toMatchObject({
      code: "DE",
      country: "DE",
      name: "Germany",
      model: CURRENT_MODEL_ID,
      as_of: AS_OF,
      published: true,
    });
    for (const k of [
      "sub_scores",
      "unemployment",
      "vacancy",
      "competition",
      "lmb",
      "gdp",
      "inflation",
      "averages_3y",
      "eu_average",
      "yoy",
      "cover",
    ]) {
      expect(b).toHaveProperty(k);
    }
    const p = b.market_panel;
    expect(p.unemployment_rate).toBe(b.unemployment.value);
    expect(p.unemployment_period).toBe(b.unemployment.period);
    expect(p.time_to_interview_days).toBe(14);
    expect(p.vacancies_trend).toBe("flat");
    // The general signal is the market part of the score's change over the three months to Germany's data month
    // (model v2.4: unemployment to August 2026 counts from September) of the published history: the whole change
    // splits into that and the evidence part, and only the market part decides.
    const history = (await getJson(`${base}/api/countries/de/history`)).body as Array<{
      month: string;
      score: number | null;
    }>;
    const at = (m: string) => history.find((h) => h.month === m)!.score!;
    expect(p).toMatchObject({ general_signal_from: "2026-06", general_signal_to: "2026-09" });
    const change = at("2026-09") - at("2026-06");
    expect(p.general_signal_change).toBeCloseTo(change, 9);
    expect(p.general_signal_market + p.general_signal_evidence).toBeCloseTo(change, 9);
    const market = p.general_signal_market;
    expect(p.general_signal).toBe(market >= 0.3 ? "improving" : market <= -0.3 ? "weakening" : "stable");
    expect(b.signal).toEqual({
      word: p.general_signal,
      market,
      evidence: p.general_signal_evidence,
      change: p.general_signal_change,
      from_month: "2026-06",
      to_month: "2026-09",
    });
    // Germany's monthly rate has no EU-27 value of the same month: the rule of thumb, said as such.
    expect(p.comparisons.unemployment_vs_eu).toMatchObject({
      basis: "fixed-thresholds",
      reference: null,
      eu_period: null,
    });
    expect(p.comparisons.unemployment_vs_eu.text).toMatch(
      /^(below the 6% rule of thumb|above the 7% rule of thumb|within the 6%–7% rule of thumb)$/,
    );
    // Switzerland's quarterly rate is compared with the EU-27 average of the same quarter.
    const ch = (await getJson(`${base}/api/countries/ch`)).body.market_panel.comparisons.unemployment_vs_eu;
    expect(ch).toMatchObject({ basis: "EU27_2020", eu_period: "2026-Q2" });
    expect(ch.reference).toBeGreaterThan(0);
    expect(ch.text).toMatch(/^(lower than|higher than|close to) the EU-27 average$/);
    const { from_month: _from, ...yoy } = b.yoy;
    expect(p.yoy).toEqual(yoy);
    // The yearly change as the pages show it: the difference of the two shown scores, split into market and evidence.
    expect(b.yoy.delta).toBe(b.change.year_before.delta);
    expect(b.yoy.market + b.yoy.evidence).toBeCloseTo(b.yoy.delta, 9);
  });

  it("computes competition comparisons and callbacks where vacancy data exists", async () => {
    const list = (await getJson(`${base}/api/countries`)).body as Array<{ code: string }>;
    const details = await Promise.all(list.map((c) => getJson(`${base}/api/countries/${c.code}`)));
    const withCompetition = details.map((d) => d.body).filter((b) => b.competition !== null);
    expect(withCompetition.length).toBeGreaterThan(0);
    for (const b of withCompetition) {
      expect(b.market_panel.callbacks_per_100).toBe(Math.round(100 / b.competition));
      expect(b.market_panel.competition).toBe(b.competition);
    }
  });

  it("answers 404 in JSON for unknown or malformed codes", async () => {
    for (const code of ["xx", "uk", "EL", "deu", "1", "d%20e", "%3Cscript%3E"]) {
      const { status, body } = await getJson(`${base}/api/countries/${code}`);
      expect(status, code).toBe(404);
      expect(body.error.code).toBe("not_found");
      expect(typeof body.error.message).toBe("string");
    }
  });
});

describe("GET /api/countries/:code/history", () => {
  it("lists months oldest first", async () => {
    const { status, body } = await getJson(`${base}/api/countries/fr/history`);
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(12);
    const months = body.map((h: { month: string }) => h.month);
    expect([...months].sort()).toEqual(months);
    expect(Object.keys(body[0]).sort()).toEqual(["basis", "evidence", "market", "month", "score", "status"]);
    expect(months.at(-1)).toBe(AS_OF.slice(0, 7));
  });
  it("404 for unknown codes", async () => {
    expect((await getJson(`${base}/api/countries/zz/history`)).status).toBe(404);
  });
});

describe("GET /api/rankings/:type", () => {
  it("brightest: the 10 highest scores, descending", async () => {
    const { status, body } = await getJson(`${base}/api/rankings/brightest`);
    expect(status).toBe(200);
    expect(body.type).toBe("brightest");
    expect(body.items).toHaveLength(10);
    const scores = body.items.map((i: { score: number }) => i.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
    expect(body.items.map((i: { rank: number }) => i.rank)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    const all = (await getJson(`${base}/api/countries`)).body as Array<{ score: number | null }>;
    const best = Math.max(...all.filter((c) => c.score !== null).map((c) => c.score!));
    expect(scores[0]).toBe(best);
  });
  it("stormiest: the 10 lowest, ascending, never a country without a score", async () => {
    const { body } = await getJson(`${base}/api/rankings/stormiest`);
    const scores = body.items.map((i: { score: number }) => i.score);
    expect(scores).toHaveLength(10);
    expect([...scores].sort((a, b) => a - b)).toEqual(scores);
    expect(scores.every((x: unknown) => typeof x === "number")).toBe(true);
    expect(body.items.map((i: { code: string }) => i.code)).not.toContain("LI");
  });
  it("any other type is 404 (no catch-all that turns typos into a stormiest list)", async () => {
    for (const t of ["brightest-markets", "stormy", "BRIGHTEST", "top"]) {
      const { status, body } = await getJson(`${base}/api/rankings/${t}`);
      expect(status, t).toBe(404);
      expect(body.error.code).toBe("not_found");
    }
  });
});

describe("caching", () => {
  it("answers 304 to If-None-Match and a new ETag after a new publication", async () => {
    const first = await fetch(`${base}/api/countries/de`);
    const etag = first.headers.get("etag")!;
    expect(etag).toMatch(/^"p\d+-/);
    expect(first.headers.get("cache-control")).toMatch(/max-age/);
    const again = await fetch(`${base}/api/countries/de`, { headers: { "if-none-match": etag } });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe("");
    const weak = await fetch(`${base}/api/countries/de`, { headers: { "if-none-match": `W/${etag}, "other"` } });
    expect(weak.status).toBe(304);

    const rankingTag = (await fetch(`${base}/api/rankings/brightest`)).headers.get("etag");
    await s.pipeline.recalc({ asOf: "2026-12-01" }); // a publication made outside the API (like `jwi recalc`)
    await new Promise((r) => setTimeout(r, s.config.publicationCheckMs + 20)); // seen within the check interval
    const after = await fetch(`${base}/api/countries/de`, { headers: { "if-none-match": etag } });
    expect(after.status).toBe(200);
    expect(after.headers.get("etag")).not.toBe(etag);
    expect((await after.json()).as_of).toBe("2026-12-01");
    expect((await fetch(`${base}/api/rankings/brightest`)).headers.get("etag")).not.toBe(rankingTag);
    await s.pipeline.recalc({ asOf: AS_OF });
    await new Promise((r) => setTimeout(r, s.config.publicationCheckMs + 20));
  });
});

describe("sitemap and robots", () => {
  it("lists /, the rankings, every covered country in lower case and the other public pages, on the request's own origin when none is configured", async () => {
    expect(s.config.publicOrigin).toBeNull();
    const res = await fetch(`${base}/sitemap.xml`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toMatch(/xml/);
    const xml = await res.text();
    const origin = base; // http://127.0.0.1:PORT
    expect(origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    const published = (await getJson(`${base}/api/health`)).body.published_at as string;
    const lastmod = `<lastmod>${published.replace(/\.\d{3}Z$/, "Z")}</lastmod>`;
    expect(xml).toContain(
      `<loc>${origin}/</loc>\n    ${lastmod}\n    <changefreq>daily</changefreq>\n    <priority>1.0</priority>`,
    );
    expect(xml).toContain(
      `<loc>${origin}/brightest</loc>\n    ${lastmod}\n    <changefreq>weekly</changefreq>\n    <priority>0.8</priority>`,
    );
    expect(xml).toContain(
      `<loc>${origin}/stormiest</loc>\n    ${lastmod}\n    <changefreq>weekly</changefreq>\n    <priority>0.8</priority>`,
    );
    for (const c of COUNTRIES) {
      expect(xml).toContain(
        `<loc>${origin}/country/${c.code.toLowerCase()}</loc>\n    ${lastmod}\n    <changefreq>daily</changefreq>\n    <priority>0.9</priority>`,
      );
      expect(xml).toContain(`<loc>${origin}/job-market/${c.slug}</loc>\n    ${lastmod}\n`);
    }
    for (const path of ["/top-regions", "/your-weather", "/sectors", "/methodology", "/open-data"])
      expect(xml).toContain(`<loc>${origin}${path}</loc>\n    ${lastmod}\n`);
    for (const path of [
      "/open-data/api",
      "/contact",
      "/privacy",
      "/terms",
      "/waiting-list/career-consultant",
      "/waiting-list/cv-upgrade",
    ]) {
      expect(xml).toContain(`<loc>${origin}${path}</loc>\n    <changefreq>`);
    }
    expect(xml).not.toContain("/admin");
    // Compare pages are linked from the country pages, not listed (docs/decisions/020-personal-weights.md).
    expect(xml).not.toContain("/compare/");
    // Every page in each of the six languages (docs/i18n.md): English at its path, the others under /de, /fr, …
    expect(xml.match(/<url>/g)).toHaveLength((3 + 31 + 31 + 5 + 6) * 6);
    expect(xml).toContain(`<loc>${origin}/fr/sectors</loc>\n    ${lastmod}\n`);
    expect(xml).toContain(`<loc>${origin}/de</loc>\n    ${lastmod}\n`);
    expect(xml).toContain(`<loc>${origin}/pl/country/de</loc>\n    ${lastmod}\n`);
  });
  it("robots allows all but the operator area and names the sitemap", async () => {
    const res = await fetch(`${base}/robots.txt`);
    expect(res.headers.get("content-type")).toMatch(/text\/plain/);
    const txt = await res.text();
    expect(txt).toContain("User-agent: *");
    expect(txt).toContain("Allow: /");
    expect(txt).toContain("Disallow: /admin");
    expect(txt).toContain("Disallow: /api/admin");
    expect(txt).toContain(`Sitemap: ${base}/sitemap.xml`);
    expect(txt).not.toContain("localhost:3000");
  });
  it("follows a trusted proxy's X-Forwarded-Proto and -Host; a host that is not one is never echoed", async () => {
    // The test client is on loopback, which JWI_TRUST_PROXY trusts by default.
    const proxied = await fetch(`${base}/robots.txt`, {
      headers: { "x-forwarded-proto": "https", "x-forwarded-host": "jobs.proxy.example" },
    });
    expect(await proxied.text()).toContain("Sitemap: https://jobs.proxy.example/sitemap.xml");
    const xml = await (
      await fetch(`${base}/sitemap.xml`, {
        headers: { "x-forwarded-proto": "https", "x-forwarded-host": "jobs.proxy.example:8443" },
      })
    ).text();
    expect(xml).toContain("<loc>https://jobs.proxy.example:8443/country/de</loc>");
    const evil = await fetch(`${base}/robots.txt`, {
      headers: { "x-forwarded-proto": "javascript", "x-forwarded-host": "a.example/<script>" },
    });
    // a host that does not parse is a 400 that names the header and never links to it (issue 49 case 3)
    expect(evil.status).toBe(400);
    const said = await evil.text();
    expect(said).toContain('"code":"invalid_host"');
    expect(said).not.toContain("<script>");
    expect(said).not.toContain("Sitemap:");
  });
  it("uses the configured public origin, whatever the request says", async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: { ...s.config, publicOrigin: "https://jobweather.example" },
    });
    const server = await listenLocal(app);
    try {
      const other = origin(server);
      const robots = await (
        await fetch(`${other}/robots.txt`, { headers: { "x-forwarded-host": "jobs.proxy.example" } })
      ).text();
      expect(robots).toContain("Sitemap: https://jobweather.example/sitemap.xml");
      const xml = await (await fetch(`${other}/sitemap.xml`)).text();
      expect(xml).toContain("<loc>https://jobweather.example/country/de</loc>");
      expect(xml).not.toContain("127.0.0.1");
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});

describe("unknown paths and headers", () => {
  it("unknown /api paths are JSON 404s; other paths a plain 404 without a site", async () => {
    const api = await getJson(`${base}/api/nothing-here`);
    expect(api.status).toBe(404);
    expect(api.body.error.code).toBe("not_found");
    // a known path with a method it does not take is a 405 that lists the methods it does (issue 49 case 11)
    const del = await fetch(`${base}/api/countries`, { method: "DELETE" });
    expect(del.status).toBe(405);
    expect(del.headers.get("allow")).toMatch(/GET/);
    const page = await fetch(`${base}/country/de`);
    expect(page.status).toBe(404);
    expect(page.headers.get("content-type")).toMatch(/text\/plain/);
    // the waiting list is never readable through a public route
    // (a route that only takes POST: a GET is a 405 that lists POST alone)
    const list = await fetch(`${base}/api/waiting-list`);
    expect(list.status).toBe(405);
    expect(list.headers.get("allow")).toBe("POST");
    expect(await list.text()).not.toMatch(/@/);
  });

  it("sends helmet's headers: a locked-down CSP on JSON, a fresh script nonce per page", async () => {
    const a = await fetch(`${base}/api/countries`);
    expect(a.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
    expect(a.headers.get("x-content-type-options")).toBe("nosniff");
    expect(a.headers.get("x-frame-options")).toBe("SAMEORIGIN");
    expect(a.headers.get("x-powered-by")).toBeNull();
    expect(a.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
    const err = await fetch(`${base}/api/countries/xx`);
    expect(err.headers.get("content-security-policy")).toBe("default-src 'none';frame-ancestors 'none'");
    const p1 = await fetch(`${base}/robots.txt`);
    const p2 = await fetch(`${base}/robots.txt`);
    const csp = p1.headers.get("content-security-policy")!;
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(p2.headers.get("content-security-policy")).not.toBe(csp);
    expect(p1.headers.get("x-powered-by")).toBeNull();
  });

  it("the fast path for cached reads answers exactly what the Express routes answer", async () => {
    const app = createApp({ db: s.db, pipeline: s.pipeline, logger: s.logger, config: s.config });
    const server = await listenLocal(app); // Express only: no fast path
    try {
      const viaExpress = origin(server);
      const paths = [
        "/api/countries",
        "/api/countries/de",
        "/api/countries/De?x=1",
        "/api/countries/li",
        "/api/countries/fr/history",
        "/api/countries/fr/experiences",
        "/api/rankings/brightest",
        "/api/rankings/stormiest",
        "/api/countries/%64e",
        "/api/countries/xx",
        "/api/countries/de/nothing",
        "/api/rankings/other",
      ];
      const pick = (h: Headers) =>
        [
          "etag",
          "cache-control",
          "content-type",
          "content-length",
          "content-security-policy",
          "x-content-type-options",
          "referrer-policy",
          "cross-origin-resource-policy",
        ].map((k) => h.get(k));
      for (const p of paths) {
        const [a, b] = await Promise.all([fetch(base + p), fetch(viaExpress + p)]);
        expect(a.status, p).toBe(b.status);
        expect(await a.text(), p).toBe(await b.text());
        expect(pick(a.headers), p).toEqual(pick(b.headers));
        const etag = a.headers.get("etag");
        if (etag) {
          const [c, d] = await Promise.all([
            fetch(base + p, { headers: { "if-none-match": etag } }),
            fetch(viaExpress + p, { headers: { "if-none-match": etag } }),
          ]);
          expect([c.status, d.status], p).toEqual([304, 304]);
        }
        const [h1, h2] = await Promise.all([
          fetch(base + p, { method: "HEAD" }),
          fetch(viaExpress + p, { method: "HEAD" }),
        ]);
        expect(h1.status, p).toBe(h2.status);
        expect(h1.headers.get("content-length"), p).toBe(h2.headers.get("content-length"));
      }
    } finally {
      await new Promise((r) => server.close(r));
    }
  });

  it("mounts a site handler after the API with the nonce in res.locals", async () => {
    const app = createApp({
      db: s.db,
      pipeline: s.pipeline,
      logger: s.logger,
      config: s.config,
      siteHandler: (req, res) => {
        res.type("html").send(`<script nonce="${res.locals.cspNonce}">/* ${req.path} */</script>`);
      },
    });
    const server = await listenLocal(app);
    try {
      const site = origin(server);
      const res = await fetch(`${site}/country/de`);
      const html = await res.text();
      const nonce = /nonce="([^"]+)"/.exec(html)![1];
      expect(res.headers.get("content-security-policy")).toContain(`'nonce-${nonce}'`);
      expect((await getJson(`${site}/api/countries/de`)).body.code).toBe("DE");
      expect(await (await fetch(`${site}/robots.txt`)).text()).toContain("Sitemap:");
      expect((await getJson(`${site}/api/unknown`)).status).toBe(404);
    } finally {
      await new Promise((r) => server.close(r));
    }
  });
});
