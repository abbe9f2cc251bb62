// "Paused means paused everywhere" (docs/product.md, "Paused"; docs/decisions/006-what-the-api-shows.md): while the
// operator has paused publication, every public page shows the paused notice and no surface presents a score —
// pages, rankings, the API (/api and /api/v1), the CSV files, the feeds, the share card and the badge — and resume
// lifts it all: the same answers, the same ETags as before. Through the real server (site mounted, real SQLite).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FEED_PAUSED_TEXT } from "../../api/feeds.ts";
import { formatScore } from "../../pipeline/model/round.ts";
import { OG_IMAGE_PATH } from "../../product/brand.ts";
import { startSiteServer } from "../../server/main.ts";
import { ensureBuilt } from "../e2e/harness.ts";
import { GENEROUS_LIMITS, getJson, login, postJson, seedDataDir, testPasswordHash } from "./helpers.ts";

const NOW = new Date("2026-11-22T12:00:00.000Z");
const PAGES = [
  "/",
  "/country/ro",
  "/job-market/romania",
  "/brightest",
  "/stormiest",
  "/top-regions",
  "/your-weather",
  "/compare/de-ro",
];
const WORKING = ["/methodology", "/open-data", "/open-data/api", "/privacy", "/terms", "/contact"];
const JSON_READS = [
  "/api/countries",
  "/api/countries/ro",
  "/api/countries/ro/history",
  "/api/rankings/brightest",
  "/api/rankings/stormiest",
  "/api/v1/countries",
  "/api/v1/countries/ro",
  "/api/v1/countries/ro/history",
  "/api/v1/rankings/brightest",
  "/api/v1/rankings/stormiest",
  "/api/v1/regions",
  "/api/v1/scores",
  "/api/v1/scores?weights=U:0,M:1,V:5,C:3,S:4",
];
const FILES = [
  "/api/v1/scores.csv",
  "/api/v1/countries/ro/history.csv",
  "/feeds/all.atom",
  "/feeds/ro.atom",
  "/badge/ro.svg",
];

let server: Awaited<ReturnType<typeof startSiteServer>>;
let base: string;
let dataDir: string;
let cookie: string;
/** Every country's unrounded score as the API answered it before the pause: none may appear while paused. */
let scores: string[];
let roScore: number;
const before = new Map<string, { status: number; etag: string | null; body: string }>();

const get = async (p: string) => {
  const res = await fetch(`${base}${p}`, { redirect: "manual" });
  return {
    status: res.status,
    etag: res.headers.get("etag"),
    location: res.headers.get("location"),
    type: res.headers.get("content-type"),
    body: await res.text(),
  };
};
const setPaused = (paused: boolean, reason?: string) =>
  postJson(`${base}/api/admin/publication`, reason ? { paused, reason } : { paused }, { cookie });

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-paused-"));
  await seedDataDir(dataDir, [], { cards: true });
  server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", JWI_LOCK_WAIT_S: "0" },
    config: {
      httpLog: false,
      rateLimits: GENEROUS_LIMITS,
      adminPasswordHash: await testPasswordHash(),
      drawCardsAhead: false,
    },
    handleSignals: false,
    shutdownTimeoutMs: 2_000,
    now: () => NOW,
  });
  base = `http://127.0.0.1:${server.port}`;
  cookie = await login(base);
  const list = (await getJson(`${base}/api/v1/countries`)).body as Array<{ code: string; score: number | null }>;
  scores = list.filter((c) => c.score !== null).map((c) => String(c.score));
  roScore = list.find((c) => c.code === "RO")!.score!;
  for (const p of [...PAGES, ...JSON_READS, ...FILES]) before.set(p, await get(p));
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

describe("while publication is paused", () => {
  it("running first: Romania has a score, and every page and read below shows scores (so the checks have teeth)", () => {
    expect(roScore).toBeGreaterThan(1);
    expect(scores.length).toBeGreaterThan(20);
    for (const p of [...PAGES, ...JSON_READS.filter((p) => !p.endsWith("/history"))]) {
      expect(before.get(p)!.status, p).toBe(200);
      expect(
        scores.some((s) => before.get(p)!.body.includes(s)),
        p,
      ).toBe(true);
    }
    expect(before.get("/badge/ro.svg")!.body).toContain(formatScore(roScore));
  });

  it("every public page shows the paused notice and no score", async () => {
    expect((await setPaused(true, "checking the Romanian figures")).status).toBe(200);
    for (const p of PAGES) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.body, p).toContain("Job Weather Index is Currently Paused");
      expect(r.body, p).toContain("Temporarily Offline");
      for (const s of scores) expect(r.body.includes(s), `${p} shows ${s}`).toBe(false);
      expect(r.etag, p).not.toBe(before.get(p)!.etag);
    }
    const home = await get("/");
    expect(home.body).toContain('data-testid="paused-card"');
    for (const p of PAGES.slice(1)) expect((await get(p)).body, p).toContain('data-testid="paused-banner"');
    for (const p of ["/country/ro", "/job-market/romania"]) {
      const country = await get(p);
      expect(country.body, p).toContain("Publication is paused");
      // The figures are withheld with the score, not missing: the page does not claim there are none. (Its scripts
      // carry the page's message catalogue, which holds that sentence for pages that need it: only what renders counts.)
      expect(country.body.replace(/<script\b[^>]*>[\s\S]*?<\/script>/g, ""), p).not.toContain("no recent figures");
    }
    expect((await get("/country/ro")).body).toContain('data-state="no-score"');
    for (const p of ["/brightest", "/stormiest", "/top-regions", "/your-weather"])
      expect((await get(p)).body, p).toContain("No ranking while publication is paused.");
  });

  it("methodology, open data, legal pages and the forms keep working (with the banner)", async () => {
    for (const p of WORKING) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      expect(r.body, p).toContain('data-testid="paused-banner"');
    }
    expect(
      (
        await postJson(`${base}/api/contact`, {
          name: "A Reader",
          email: "reader@example.com",
          topic: "question",
          message: "Still there?",
        })
      ).status,
    ).toBe(201);
  });

  it('the API withholds every score with the reason "paused" and new ETags, /api and /api/v1 alike', async () => {
    for (const p of JSON_READS) {
      const r = await get(p);
      expect(r.status, p).toBe(200);
      for (const s of scores) expect(r.body.includes(s), `${p} shows ${s}`).toBe(false);
      expect(r.etag, p).not.toBe(before.get(p)!.etag);
    }
    for (const p of ["/api/countries/ro", "/api/v1/countries/ro"]) {
      const ro = JSON.parse((await get(p)).body);
      expect(ro, p).toMatchObject({
        code: "RO",
        published: true,
        fresh: false,
        score: null,
        status: null,
        label: null,
        withheld_reason: "paused",
        market_panel: null,
      });
    }
    const list = JSON.parse((await get("/api/v1/countries")).body) as Array<{
      score: unknown;
      withheld_reason: unknown;
    }>;
    expect(list.every((c) => c.score === null && c.withheld_reason === "paused")).toBe(true);
    expect(JSON.parse((await get("/api/v1/rankings/brightest")).body).items).toEqual([]);
    expect(JSON.parse((await get("/api/rankings/stormiest")).body).items).toEqual([]);
    expect(JSON.parse((await get("/api/v1/countries/ro/history")).body)).toEqual([]);
    expect((await getJson(`${base}/api/health`)).body).toMatchObject({ paused: true, paused_reason: "operator" });
  });

  it("the CSV leaves every score empty with the reason; the feeds say paused; the card and the badge show no score", async () => {
    const csv = await get("/api/v1/scores.csv");
    // Romania's line has no quoted field: a plain split reads it.
    const [header, ...lines] = csv.body
      .trimEnd()
      .split("\r\n")
      .map((l) => l.split(","));
    const ro = Object.fromEntries(header!.map((h, i) => [h, lines.find((l) => l[0] === "RO")![i]]));
    expect(ro).toMatchObject({
      score: "",
      score_unrounded: "",
      status: "",
      fresh: "false",
      withheld_reason: "paused",
      yoy_delta: "",
    });
    expect(csv.etag).not.toBe(before.get("/api/v1/scores.csv")!.etag);
    for (const p of ["/feeds/all.atom", "/feeds/ro.atom"]) {
      const feed = await get(p);
      expect(feed.body, p).toContain(FEED_PAUSED_TEXT);
      expect(feed.etag, p).not.toBe(before.get(p)!.etag);
    }
    const card = await get("/og/ro.png");
    expect(card.status).toBe(302);
    expect(card.location).toBe(OG_IMAGE_PATH);
    const badge = await get("/badge/ro.svg");
    expect(badge.body).toContain(">paused<");
    expect(badge.body).not.toContain(formatScore(roScore));
    expect(badge.etag).not.toBe(before.get("/badge/ro.svg")!.etag);
  });

  it("resume lifts it all: the same answers and ETags as before the pause", async () => {
    const r = await setPaused(false);
    expect(r.body).toMatchObject({ paused: false, site_paused: false, pending: null });
    for (const p of [...PAGES, ...JSON_READS, ...FILES]) {
      const now = await get(p);
      expect(now.status, p).toBe(200);
      expect(now.etag, p).toBe(before.get(p)!.etag);
      // The page's message catalogue travels in its data, so the notice's template is always in the HTML; what is
      // rendered is not: neither the filled-in title nor the card or banner.
      expect(now.body.includes("Job Weather Index is Currently Paused"), p).toBe(false);
      expect(/data-testid="paused-(card|banner)"/.test(now.body), p).toBe(false);
    }
    expect(JSON.parse((await get("/api/v1/countries/ro")).body)).toMatchObject({
      score: roScore,
      fresh: true,
      withheld_reason: null,
    });
    const card = await get("/og/ro.png");
    expect(card.status).toBe(200);
    expect(card.type).toBe("image/png");
  });
});
