// Share cards (/og/{code}.png) and badges (/badge/{code}.svg) against a real server and real published data:
// sizes, headers, ETag/304, 404s, the freshness rule, and a new publication with a changed file.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { openPipeline } from "../../pipeline/index.ts";
import { renderShareCards } from "../../product/share-cards/render.ts";
import { STATUS_STYLE, type Status } from "../../product/weather.ts";
import { pngSize } from "../helpers/png.ts";
import { revisedUnemploymentCube } from "../helpers/revised-unemployment.ts";
import { checkWellFormedXml } from "../helpers/xml.ts";
import { AS_OF, getJson, startTestServer, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";

let s: TestServer;
let base: string;

beforeAll(async () => {
  s = await startTestServer({ cards: true });
  base = s.url;
});
afterAll(async () => {
  await s?.stop();
});

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await fetch(url, { headers, redirect: "manual" });
  return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) };
}

/** An app on the same database (or another) whose clock reads `now` (Express only), for the freshness rule. */
async function withClock<T>(now: Date, work: (url: string) => Promise<T>, db = s.db): Promise<T> {
  const app = createApp({ db, pipeline: s.pipeline, logger: s.logger, config: s.config, now: () => now });
  const server = await listenLocal(app);
  try {
    return await work(origin(server));
  } finally {
    await new Promise((r) => server.close(r));
  }
}

const ETAG = /^"p\d+-[\w-]{16}"$/;

describe("GET /og/{code}.png", () => {
  it("sends the country's 1200 × 630 card with cache headers and a publication ETag, for any case of the code", async () => {
    const de = await get(`${base}/og/de.png`);
    expect(de.status).toBe(200);
    expect(de.headers.get("content-type")).toBe("image/png");
    expect(pngSize(de.body)).toEqual({ width: 1200, height: 630 });
    expect(de.body.length).toBeGreaterThan(10_000);
    expect(Number(de.headers.get("content-length"))).toBe(de.body.length);
    expect(de.headers.get("cache-control")).toMatch(/^public, .*max-age=\d+/);
    expect(de.headers.get("etag")).toMatch(ETAG);
    const publication = (s.db.prepare("SELECT max(id) AS id FROM publications").get() as { id: number }).id;
    expect(de.headers.get("etag")).toMatch(new RegExp(`^"p${publication}-`));
    // Embeddable elsewhere, never sniffed as something else.
    expect(de.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(de.headers.get("x-content-type-options")).toBe("nosniff");
    const upper = await get(`${base}/og/DE.png`);
    expect(upper.headers.get("etag")).toBe(de.headers.get("etag"));
    expect(upper.body.equals(de.body)).toBe(true);
  });

  it("differs between two countries; a country without a score has its own card", async () => {
    const [de, fr, li] = await Promise.all(["de", "fr", "li"].map((c) => get(`${base}/og/${c}.png`)));
    expect(fr.status).toBe(200);
    expect(fr.body.equals(de.body)).toBe(false);
    expect(fr.headers.get("etag")).not.toBe(de.headers.get("etag"));
    expect(li.status).toBe(200);
    expect(pngSize(li.body)).toEqual({ width: 1200, height: 630 });
    expect(li.body.equals(de.body)).toBe(false);
  });

  it("answers 304 to a matching If-None-Match (strong or weak), without a body", async () => {
    const first = await get(`${base}/og/gr.png`);
    const etag = first.headers.get("etag")!;
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const again = await get(`${base}/og/gr.png`, { "if-none-match": header });
      expect(again.status).toBe(304);
      expect(again.body.length).toBe(0);
      expect(again.headers.get("etag")).toBe(etag);
      expect(again.headers.get("cache-control")).toBe(first.headers.get("cache-control"));
    }
    expect((await get(`${base}/og/gr.png`, { "if-none-match": '"p0-nothing"' })).status).toBe(200);
  });

  it("404s an unknown code or a wrong file name", async () => {
    for (const p of ["/og/xx.png", "/og/deu.png", "/og/de.jpg", "/og/d.png", "/og/el.png"]) {
      const r = await getJson(base + p);
      expect(r.status, p).toBe(404);
      expect(r.body, p).toMatchObject({ error: { code: "not_found" } });
    }
  });

  it("shows no number once the published score is past its freshness cut-off (the stale card)", async () => {
    const now = await get(`${base}/og/de.png`);
    await withClock(new Date("2030-01-15T12:00:00Z"), async (url) => {
      const later = await get(`${url}/og/de.png`);
      expect(later.status).toBe(200);
      expect(pngSize(later.body)).toEqual({ width: 1200, height: 630 });
      expect(later.body.equals(now.body)).toBe(false);
      const stale = s.db.prepare("SELECT png, etag FROM share_cards WHERE country = 'DE' AND variant = 'stale'").get() as { png: Buffer; etag: string };
      expect(later.body.equals(stale.png)).toBe(true);
      expect(later.headers.get("etag")).toBe(stale.etag);
      // Liechtenstein never had a score: the same card at any time.
      expect((await get(`${url}/og/li.png`)).body.equals((await get(`${base}/og/li.png`)).body)).toBe(true);
    });
  });
});

describe("GET /badge/{code}.svg", () => {
  it("is a well-formed SVG with the published score and status, accessible, cached like the card", async () => {
    const { body: api } = await getJson(`${base}/api/countries/de`);
    const r = await get(`${base}/badge/de.svg`);
    expect(r.status).toBe(200);
    expect(r.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(r.headers.get("cache-control")).toMatch(/^public, .*max-age=\d+/);
    expect(r.headers.get("etag")).toMatch(ETAG);
    expect(r.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    // Nothing inside an SVG opened on its own may run.
    expect(r.headers.get("content-security-policy")).toContain("default-src 'none'");
    const svg = r.body.toString("utf8");
    const doc = checkWellFormedXml(svg);
    expect(doc.root).toBe("svg");
    const score = (api.score as number).toFixed(1);
    const status = api.status as Status;
    expect(doc.text).toContain(`${score} ${status}`);
    expect(doc.text).toContain("job weather · Germany");
    expect(doc.elements[0]!.attrs).toMatchObject({ role: "img", "aria-label": `Job Weather Index for Germany: ${score} out of 10, ${status}` });
    expect(svg).toContain(`<title>Job Weather Index for Germany: ${score} out of 10, ${status}</title>`);
    expect(svg).toContain(`fill="${STATUS_STYLE[status].fill}"`);

    const again = await get(`${base}/badge/DE.svg`, { "if-none-match": r.headers.get("etag")! });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
  });

  it("says why there is no score, and later that the data are too old", async () => {
    const li = checkWellFormedXml((await get(`${base}/badge/li.svg`)).body.toString("utf8"));
    expect(li.text).toContain("no data to score");
    expect(li.text).not.toMatch(/\d\.\d/);
    await withClock(new Date("2030-01-15T12:00:00Z"), async (url) => {
      const de = checkWellFormedXml((await get(`${url}/badge/de.svg`)).body.toString("utf8"));
      expect(de.text).toContain("not enough recent data");
      expect(de.text).not.toMatch(/\d\.\d/);
    });
  });

  it("404s an unknown code with a badge that says so", async () => {
    const r = await get(`${base}/badge/xx.svg`);
    expect(r.status).toBe(404);
    expect(r.headers.get("content-type")).toBe("image/svg+xml; charset=utf-8");
    expect(checkWellFormedXml(r.body.toString("utf8")).text).toContain("unknown country");
    expect((await get(`${base}/badge/de.png`)).status).toBe(404);
  });
});

describe("before anything is published", () => {
  it("the card falls back to the site's own image and the badge says there is no score yet", async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-share-empty-"));
    const empty = openPipeline({ dataDir: dir });
    try {
      await withClock(
        new Date(),
        async (url) => {
          const card = await get(`${url}/og/de.png`);
          expect(card.status).toBe(302);
          expect(card.headers.get("location")).toBe("/og-image.png");
          const badge = checkWellFormedXml((await get(`${url}/badge/de.svg`)).body.toString("utf8"));
          expect(badge.text).toContain("no score yet");
          expect((await get(`${url}/badge/de.svg`)).headers.get("etag")).toMatch(/^"p0-/);
        },
        empty.servingDb,
      );
    } finally {
      empty.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe("a new publication", () => {
  it("changes the card of a country whose score changed, and every ETag", async () => {
    const before = Object.fromEntries(await Promise.all(["de", "fr"].map(async (c) => [c, await get(`${base}/og/${c}.png`)] as const)));
    const badgeBefore = await get(`${base}/badge/de.svg`);
    const scoreBefore = (await getJson(`${base}/api/countries/de`)).body.score as number;

    // Opened as the CLI opens it: its publications get their cards.
    const pipeline = openPipeline({ dataDir: s.dataDir, cards: async () => renderShareCards });
    try {
      // A new release of une_rt_m in which Germany's unemployment is 2 points higher every month.
      const r = await pipeline.ingest({ fileName: "une_rt_m.json", content: Buffer.from(revisedUnemploymentCube(2)), dataType: "unemployment" });
      expect(r.success).toBe(true);
      await pipeline.recalc({ asOf: AS_OF });
    } finally {
      pipeline.close();
    }

    expect((await getJson(`${base}/api/countries/de`)).body.score).not.toBe(scoreBefore);
    const deAfter = await get(`${base}/og/de.png`);
    expect(pngSize(deAfter.body)).toEqual({ width: 1200, height: 630 });
    expect(deAfter.body.equals(before.de!.body)).toBe(false);
    expect(deAfter.headers.get("etag")).not.toBe(before.de!.headers.get("etag"));
    // The old ETag no longer matches: a cache fetches the new card.
    expect((await get(`${base}/og/de.png`, { "if-none-match": before.de!.headers.get("etag")! })).status).toBe(200);
    // France's inputs did not change: the same picture, under the new publication's ETag.
    const frAfter = await get(`${base}/og/fr.png`);
    expect(frAfter.body.equals(before.fr!.body)).toBe(true);
    expect(frAfter.headers.get("etag")).not.toBe(before.fr!.headers.get("etag"));
    const badgeAfter = await get(`${base}/badge/de.svg`);
    expect(badgeAfter.body.equals(badgeBefore.body)).toBe(false);
  });
});
