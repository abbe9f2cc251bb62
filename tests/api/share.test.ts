// Share cards (/og/{code}.png) and badges (/badge/{code}.svg) against a real server and real published data:
// the card drawn at its first request (once, however many ask) and stored by key, then served from storage;
// sizes, pixels, headers, ETag/304, 404s, the freshness rule, a card that cannot be drawn, a new publication with
// a changed file, and drawing ahead while idle (docs/decisions/008-share-cards.md).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createApp } from "../../api/app.ts";
import { openPipeline } from "../../pipeline/index.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { OG_IMAGE_PATH } from "../../product/brand.ts";
import { keyShareCards } from "../../product/share-cards/key.ts";
import { STATUS_STYLE, type Status } from "../../product/weather.ts";
import { decodePng, pngSize } from "../helpers/png.ts";
import { revisedUnemploymentCube } from "../helpers/revised-unemployment.ts";
import { checkWellFormedXml } from "../helpers/xml.ts";
import { AS_OF, getJson, startTestServer, type TestServer } from "./helpers.ts";
import { listenLocal, origin } from "../helpers/listen.ts";
import { until } from "../helpers/processes.ts";

let s: TestServer;
let base: string;
let logged = "";

beforeAll(async () => {
  // The server's log, to see what it says when a card cannot be drawn.
  const logger = pino(
    { level: "warn" },
    new Writable({ write: (chunk, _enc, done) => void ((logged += chunk), done()) }),
  );
  // Keyed by the seed's recalc, none drawn; drawing ahead off (startTestServer): each is drawn at its first request.
  s = await startTestServer({ cards: true, logger });
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
    await app.shareCards.close();
  }
}

const ETAG = /^"p\d+-[\w-]{16}"$/;

/** The card a country's row names now: its key, its publication, and its stored picture if drawn. */
function stored(country: string, variant = "published") {
  const row = s.db
    .prepare("SELECT card_key, publication_id FROM share_cards WHERE country = ? AND variant = ?")
    .get(country, variant) as {
    card_key: string;
    publication_id: number;
  };
  const png = s.db.prepare("SELECT png FROM share_card_images WHERE card_key = ?").pluck().get(row.card_key) as
    Buffer | undefined;
  return { key: row.card_key, etag: `"p${row.publication_id}-${row.card_key.slice(0, 16)}"`, png };
}

/** The colour of a card's top border: its status colour, or the no-score grey. */
const borderOf = (png: Buffer) => decodePng(png).colour(600, 8);

describe("GET /og/{code}.png", () => {
  it("draws a card at its first request, stores it by key, and serves the stored one after, with the same ETag, for any case of the code", async () => {
    expect(stored("DE").png).toBeUndefined(); // the recalc drew nothing
    const drawn = s.app.shareCards.stats.drawn.request;
    const de = await get(`${base}/og/de.png`);
    expect(de.status).toBe(200);
    expect(de.headers.get("content-type")).toBe("image/png");
    const image = decodePng(de.body);
    expect([image.width, image.height]).toEqual([1200, 630]);
    expect(de.body.length).toBeGreaterThan(10_000);
    expect(Number(de.headers.get("content-length"))).toBe(de.body.length);
    // Germany's card, in the colour of its published status.
    const { body: api } = await getJson(`${base}/api/countries/de`);
    expect(borderOf(de.body)).toBe(STATUS_STYLE[api.status as Status].fill);
    expect(de.headers.get("cache-control")).toMatch(/^public, .*max-age=\d+/);
    expect(de.headers.get("etag")).toMatch(ETAG);
    const publication = (s.db.prepare("SELECT max(id) AS id FROM publications").get() as { id: number }).id;
    expect(de.headers.get("etag")).toMatch(new RegExp(`^"p${publication}-`));
    // Embeddable elsewhere, never sniffed as something else.
    expect(de.headers.get("cross-origin-resource-policy")).toBe("cross-origin");
    expect(de.headers.get("x-content-type-options")).toBe("nosniff");
    expect(s.app.shareCards.stats.drawn.request).toBe(drawn + 1);
    // Stored under its key: the next request reads it back, draws nothing, and names it the same.
    expect(stored("DE").png!.equals(de.body)).toBe(true);
    expect(de.headers.get("etag")).toBe(stored("DE").etag);
    const upper = await get(`${base}/og/DE.png`);
    expect(upper.status).toBe(200);
    expect(upper.headers.get("etag")).toBe(de.headers.get("etag"));
    expect(upper.body.equals(de.body)).toBe(true);
    expect(s.app.shareCards.stats.drawn.request).toBe(drawn + 1);
    expect((await get(`${base}/og/de.png`, { "if-none-match": de.headers.get("etag")! })).status).toBe(304);
  });

  it("draws a card once however many ask for it at once, in one worker that read its fonts once", async () => {
    expect(stored("FR").png).toBeUndefined();
    const drawn = s.app.shareCards.stats.drawn.request;
    const answers = await Promise.all(Array.from({ length: 8 }, () => get(`${base}/og/fr.png`)));
    for (const a of answers) {
      expect(a.status).toBe(200);
      expect(a.body.equals(answers[0]!.body)).toBe(true);
      expect(a.headers.get("etag")).toBe(answers[0]!.headers.get("etag"));
    }
    expect(pngSize(answers[0]!.body)).toEqual({ width: 1200, height: 630 });
    expect(s.app.shareCards.stats).toMatchObject({
      drawn: { request: drawn + 1, background: 0 },
      workerStarts: 1,
      fontReads: 1,
    });
    expect(stored("FR").png!.equals(answers[0]!.body)).toBe(true);
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
    const li = await get(`${base}/og/li.png`);
    await withClock(new Date("2030-01-15T12:00:00Z"), async (url) => {
      const later = await get(`${url}/og/de.png`);
      expect(later.status).toBe(200);
      expect(pngSize(later.body)).toEqual({ width: 1200, height: 630 });
      expect(later.body.equals(now.body)).toBe(false);
      // The stale card, drawn at this first request for it and stored under its own key.
      const stale = stored("DE", "stale");
      expect(later.body.equals(stale.png!)).toBe(true);
      expect(later.headers.get("etag")).toBe(stale.etag);
      // No status colour: the grey of a card without a score, like Liechtenstein's.
      expect(Object.values(STATUS_STYLE).map((st) => st.fill)).not.toContain(borderOf(later.body));
      expect(borderOf(later.body)).toBe(borderOf(li.body));
      // Liechtenstein never had a score: the same card at any time.
      expect((await get(`${url}/og/li.png`)).body.equals(li.body)).toBe(true);
    });
  });

  it("a card that cannot be drawn answers the site's generic image, logs why, and is drawn at a later request", async () => {
    const row = s.db
      .prepare("SELECT card_key, content FROM share_cards WHERE country = 'PT' AND variant = 'published'")
      .get() as { card_key: string; content: string };
    expect(stored("PT").png).toBeUndefined();
    // A card the renderer refuses (a flag that does not exist), as a broken install would make every card.
    s.db
      .prepare(
        "UPDATE share_cards SET content = json_set(content, '$.code', 'ZZ') WHERE country = 'PT' AND variant = 'published'",
      )
      .run();
    logged = "";
    const failed = await get(`${base}/og/pt.png`);
    expect(failed.status).toBe(302);
    expect(failed.headers.get("location")).toBe(OG_IMAGE_PATH);
    expect(failed.headers.get("cache-control")).toBe("public, no-cache");
    expect(failed.headers.get("etag")).toBeNull();
    const line = JSON.parse(logged.trim().split("\n").at(-1)!) as {
      level: number;
      msg: string;
      country: string;
      err: { message: string };
    };
    expect(line).toMatchObject({
      level: 50,
      msg: "share card not drawn: answered the site's generic image",
      country: "PT",
    });
    expect(line.err.message).toMatch(/ZZ\.svg/);
    expect(stored("PT").png).toBeUndefined();
    // The site goes on: other cards, the pages' data, a new publication.
    expect((await get(`${base}/og/de.png`)).status).toBe(200);
    expect((await getJson(`${base}/api/countries/pt`)).status).toBe(200);
    // Once the card can be drawn again, the next request draws it: nothing remembered the failure.
    s.db.prepare("UPDATE share_cards SET content = ? WHERE country = 'PT' AND variant = 'published'").run(row.content);
    const retried = await get(`${base}/og/pt.png`);
    expect(retried.status).toBe(200);
    expect(pngSize(retried.body)).toEqual({ width: 1200, height: 630 });
    expect(stored("PT").png!.equals(retried.body)).toBe(true);
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
    expect(doc.elements[0]!.attrs).toMatchObject({
      role: "img",
      "aria-label": `Job Weather Index for Germany: ${score} out of 10, ${status}`,
    });
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
  it("changes the card of a country whose score changed, only that one, and every ETag", async () => {
    const before = Object.fromEntries(
      await Promise.all(["de", "fr"].map(async (c) => [c, await get(`${base}/og/${c}.png`)] as const)),
    );
    const badgeBefore = await get(`${base}/badge/de.svg`);
    const scoreBefore = (await getJson(`${base}/api/countries/de`)).body.score as number;
    const keysBefore = { de: stored("DE"), fr: stored("FR"), deStale: stored("DE", "stale") };

    // Opened as the CLI opens it: its publications key their cards.
    const pipeline = openPipeline({ dataDir: s.dataDir, cards: async () => keyShareCards });
    try {
      // A new release of une_rt_m in which Germany's unemployment is 2 points higher every month.
      const r = await pipeline.ingest({
        fileName: "une_rt_m.json",
        content: Buffer.from(revisedUnemploymentCube(2)),
        dataType: "unemployment",
      });
      expect(r.success).toBe(true);
      const summary = await pipeline.recalc({ asOf: AS_OF });
      expect(summary.cards).toMatchObject({ error: null, to_draw: expect.any(Number) });
    } finally {
      pipeline.close();
    }

    expect((await getJson(`${base}/api/countries/de`)).body.score).not.toBe(scoreBefore);
    // Germany's published card has a new key, its old picture is gone (no publication names it); the others keep theirs.
    expect(stored("DE").key).not.toBe(keysBefore.de.key);
    expect(
      s.db.prepare("SELECT count(*) FROM share_card_images WHERE card_key = ?").pluck().get(keysBefore.de.key),
    ).toBe(0);
    expect(stored("DE", "stale").key).toBe(keysBefore.deStale.key);
    expect(stored("FR").key).toBe(keysBefore.fr.key);
    const drawn = s.app.shareCards.stats.drawn.request;
    const deAfter = await get(`${base}/og/de.png`);
    expect(pngSize(deAfter.body)).toEqual({ width: 1200, height: 630 });
    expect(deAfter.body.equals(before.de!.body)).toBe(false);
    expect(deAfter.headers.get("etag")).not.toBe(before.de!.headers.get("etag"));
    // The old ETag no longer matches: a cache fetches the new card.
    expect((await get(`${base}/og/de.png`, { "if-none-match": before.de!.headers.get("etag")! })).status).toBe(200);
    // France's inputs did not change: the same stored picture, not drawn again, under the new publication's ETag.
    const frAfter = await get(`${base}/og/fr.png`);
    expect(frAfter.body.equals(before.fr!.body)).toBe(true);
    expect(frAfter.headers.get("etag")).not.toBe(before.fr!.headers.get("etag"));
    expect(s.app.shareCards.stats.drawn.request).toBe(drawn + 1); // Germany's card only
    const badgeAfter = await get(`${base}/badge/de.svg`);
    expect(badgeAfter.body.equals(badgeBefore.body)).toBe(false);
  });

  it("a picture drawn for a key that no publication names any more is answered, never stored", async () => {
    // A card of Germany that no publication names (as a request that began before a publish replaced its key draws it).
    const [old] = keyShareCards([
      { country: "DE", as_of: AS_OF, anchor_month: "2026-10", score: 1.5, status: "stormy", label: null } as Snapshot,
    ]);
    const png = await s.app.shareCards.draw(old!.key, old!.content);
    expect(pngSize(png)).toEqual({ width: 1200, height: 630 });
    expect(s.db.prepare("SELECT count(*) FROM share_card_images WHERE card_key = ?").pluck().get(old!.key)).toBe(0);
    // Only keys the publication names have pictures.
    expect(
      s.db
        .prepare("SELECT count(*) FROM share_card_images WHERE card_key NOT IN (SELECT card_key FROM share_cards)")
        .pluck()
        .get(),
    ).toBe(0);
  });
});

describe("drawing ahead", () => {
  it("draws, one at a time while idle, every card nobody asked for yet, leaves a broken one to requests; requests then only read them", async () => {
    const toDraw = () =>
      s.db
        .prepare(
          "SELECT count(DISTINCT c.card_key) FROM share_cards c LEFT JOIN share_card_images i ON i.card_key = c.card_key WHERE i.card_key IS NULL",
        )
        .pluck()
        .get() as number;
    const missing = toDraw();
    expect(missing).toBeGreaterThan(20);
    // One card the renderer refuses: drawing ahead logs it, goes on with the others, and leaves it to requests.
    expect(stored("SE").png).toBeUndefined();
    const se = s.db
      .prepare("SELECT content FROM share_cards WHERE country = 'SE' AND variant = 'published'")
      .pluck()
      .get() as string;
    s.db
      .prepare(
        "UPDATE share_cards SET content = json_set(content, '$.code', 'ZZ') WHERE country = 'SE' AND variant = 'published'",
      )
      .run();
    logged = "";
    const app = createApp({ db: s.db, pipeline: s.pipeline, logger: s.logger, config: s.config });
    const server = await listenLocal(app);
    const url = origin(server);
    try {
      // Nothing is drawn ahead while the server is not quiet (server/start.ts: a request within the last second).
      let quiet = false;
      app.shareCards.startDrawingAhead({ intervalMs: 50, gapMs: 5, quiet: () => quiet });
      await new Promise((r) => setTimeout(r, 400));
      expect(toDraw()).toBe(missing);
      expect(app.shareCards.stats.drawn.background).toBe(0);
      quiet = true;
      // Pages and the API answer meanwhile.
      expect((await getJson(`${url}/api/countries/gr`)).status).toBe(200);
      await until(() => toDraw() === 1, 120_000, "every card but the broken one drawn ahead");
      expect(app.shareCards.stats).toMatchObject({ workerStarts: 1, fontReads: 1, failed: 1 });
      expect(app.shareCards.stats.lowPriority).toBe(process.platform === "linux");
      expect(app.shareCards.stats.drawn.background).toBe(missing - 1);
      expect(logged).toContain('"msg":"share card not drawn ahead: it is drawn at its first request"');
      // Every other card is now read from storage: nothing more is drawn.
      const codes = (
        s.db.prepare("SELECT DISTINCT lower(country) FROM share_cards WHERE country <> 'SE'").pluck().all() as string[]
      ).slice(0, 10);
      for (const code of codes) expect((await get(`${url}/og/${code}.png`)).status).toBe(200);
      expect(app.shareCards.stats.drawn.request).toBe(0);
      // Mended, the broken card is drawn at its next request; drawing ahead did not retry it meanwhile.
      s.db.prepare("UPDATE share_cards SET content = ? WHERE country = 'SE' AND variant = 'published'").run(se);
      expect((await get(`${url}/og/se.png`)).status).toBe(200);
      expect(app.shareCards.stats).toMatchObject({ failed: 1, drawn: { request: 1, background: missing - 1 } });
      expect(toDraw()).toBe(0);
    } finally {
      await new Promise((r) => server.close(r));
      await app.shareCards.close();
    }
  }, 180_000);
});
