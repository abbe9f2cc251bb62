// The Atom feeds and "why it changed" in the API, against a real server on a data dir seeded from the bundled
// data; recalcs and a data change are made in this process (as `jwi recalc` in a terminal would), and the server
// follows the store. Feeds are parsed with fast-xml-parser.
import http from "node:http";
import { XMLParser, XMLValidator } from "fast-xml-parser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_FEED_TAG } from "../../api/feeds.ts";
import { changeSentence, sinceUpdate } from "../../pipeline/feed-events.ts";
import { describeChange } from "../../pipeline/model/explain-text.ts";
import { openPipeline } from "../../pipeline/index.ts";
import { CURRENT_MODEL } from "../../pipeline/model/index.ts";
import { formatScore, shownChangeTenths } from "../../pipeline/model/round.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { AS_OF, getJson, startTestServer, type TestServer } from "./helpers.ts";

const ORIGIN = "https://jobweather.example";
let s: TestServer;

beforeAll(async () => {
  s = await startTestServer({ config: { publicOrigin: ORIGIN, publicationCheckMs: 0 } });
});
afterAll(async () => {
  await s?.stop();
});

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  isArray: (name) => name === "entry" || name === "link",
});

async function feed(path: string, headers: Record<string, string> = {}) {
  const res = await fetch(`${s.url}${path}`, { headers, redirect: "manual" });
  const text = await res.text();
  return { res, text, feed: res.status === 200 ? parser.parse(text).feed : null };
}

/** The published snapshots, read from the serving database. */
function snapshots(): Map<string, Snapshot> {
  const rows = s.db.prepare("SELECT country, payload FROM snapshots").all() as Array<{
    country: string;
    payload: string;
  }>;
  return new Map(rows.map((r) => [r.country, JSON.parse(r.payload) as Snapshot]));
}

/** A recalc as of AS_OF, after ingesting `csv` (unemployment) when given, in this process. */
async function recalc(csv?: string): Promise<number> {
  const pipeline = await openPipeline({ dataDir: s.dataDir });
  try {
    if (csv) {
      const r = await pipeline.ingest({
        fileName: "une_rt_m_change.csv",
        content: Buffer.from(csv),
        dataType: "unemployment",
        origin: "upload",
      });
      expect(r.success).toBe(true);
    }
    return (await pipeline.recalc({ asOf: AS_OF })).publication_id!;
  } finally {
    pipeline.close();
  }
}

describe("GET /api/countries/:code change_text", () => {
  it("answers the model's sentence for both changes, with display-rounded parts that add up to the change shown", async () => {
    let explained = 0;
    for (const code of [...snapshots().keys()]) {
      const { status, body } = await getJson(`${s.url}/api/countries/${code}`);
      expect(status).toBe(200);
      expect(body).toHaveProperty("change_text");
      if (body.score === null) {
        expect(body.change_text).toBeNull();
        continue;
      }
      for (const which of ["previous_month", "year_before"] as const) {
        const e = body.change[which];
        const v = body.change_text[which];
        if (e === null) {
          expect(v).toBeNull();
          continue;
        }
        explained++;
        expect(v.text).toBe(describeChange(e));
        // The change as shown is the difference of the two scores as shown; its parts add up to it.
        expect(v.delta).toBe(shownChangeTenths(e.from_score, e.to_score) / 10);
        expect(Math.round((v.market + v.evidence) * 10)).toBe(Math.round(v.delta * 10));
        expect(Math.abs(e.market + e.evidence - e.delta)).toBeLessThan(1e-9);
        expect(v.mostly_evidence).toBe(v.delta !== 0 && Math.abs(e.evidence) > Math.abs(e.market));
        const sum = v.parts.reduce((t: number, p: { shown: number }) => t + Math.round(p.shown * 10), 0);
        expect(sum).toBe(Math.round(v.delta * 10));
        for (const p of v.parts) {
          expect(v.text).toContain(`${p.words} (${p.shown_text})`);
          expect(p.detail).toMatch(/→|was |\(/);
        }
      }
    }
    expect(explained).toBeGreaterThan(40);
    // Netherlands, as of 2026-11-22: the month and the year both moved. Within the badge's ±0.5 the head gives the
    // number, never "Down" (one word per change, model v2.4 pages and the API's sentence alike).
    const nl = (await getJson(`${s.url}/api/countries/nl`)).body;
    expect(nl.change_text.previous_month.text).toBe(
      "\u22120.1 since October 2026, which the index counts as no change, mostly because unemployment figures aged and count less (on the same inputs the market moved 0.0): " +
        "unemployment figures (July 2026) aged from 3 to 4 months, so they count less and the score moves toward the middle (\u22120.1).",
    );
    expect(nl.change_text.year_before.parts.length).toBeGreaterThan(2);
  });
});

describe("feeds", () => {
  it("serves Atom 1.0 for all countries and for each; unknown feeds are 404; an upper-case code redirects", async () => {
    const all = await feed("/feeds/all.atom");
    expect(all.res.status).toBe(200);
    expect(all.res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
    expect(all.res.headers.get("cache-control")).toMatch(/public, max-age=\d+/);
    expect(XMLValidator.validate(all.text)).toBe(true);
    expect(all.feed.title).toBe("Job Weather Index: all countries");
    expect(all.feed.link).toContainEqual({ "@_rel": "self", "@_href": `${ORIGIN}/feeds/all.atom` });
    // The first publication starts the feeds: one entry per scored country stating its weather.
    const health = (await getJson(`${s.url}/api/health`)).body;
    const scoredNow = [...snapshots().values()].filter((x) => x.score !== null);
    expect(all.feed.entry).toHaveLength(health.countries_scored);
    expect(scoredNow).toHaveLength(health.countries_scored);
    for (const x of scoredNow) {
      const e = all.feed.entry.find(
        (y: { link: Array<{ "@_href": string }> }) =>
          y.link[0]!["@_href"] === `${ORIGIN}/country/${x.country.toLowerCase()}`,
      );
      expect(e, x.country).toBeDefined();
      expect(e.title["#text"]).toMatch(
        new RegExp(`: now ${formatScore(x.score!).replace(".", "\\.")} \\(${x.status}\\)$`),
      );
      // One sentence, with the two dates the pages name.
      expect(e.content["#text"]).toMatch(
        new RegExp(
          `^<p>Job market weather ${formatScore(x.score!).replace(".", "\\.")} out of 10, ${x.status}; data to \\w+ \\d{4}, published \\d+ \\w+ \\d{4}\\.</p>$`,
        ),
      );
      expect(e.updated).toBe(health.published_at);
    }
    expect(all.feed.updated).toBe(health.published_at);

    const head = await fetch(`${s.url}/feeds/all.atom`, { method: "HEAD" });
    expect(head.status).toBe(200);
    expect(head.headers.get("etag")).toBe(all.res.headers.get("etag"));
    expect(await head.text()).toBe("");

    const de = await feed("/feeds/de.atom");
    expect(de.res.status).toBe(200);
    expect(de.feed.link).toContainEqual({ "@_rel": "alternate", "@_href": `${ORIGIN}/country/de` });
    expect(de.feed.entry).toHaveLength(1);
    expect(de.feed.entry[0].title["#text"]).toMatch(/^Germany: now \d\.\d \(\w+\)$/);
    expect((await feed("/feeds/li.atom")).feed.entry).toBeUndefined(); // Liechtenstein has no score
    for (const bad of ["/feeds/xx.atom", "/feeds/de.rss", "/feeds/deu.atom", "/feeds/"]) {
      expect((await fetch(`${s.url}${bad}`)).status, bad).toBe(404);
    }
    const upper = await feed("/feeds/DE.atom");
    expect(upper.res.status).toBe(301);
    expect(upper.res.headers.get("location")).toBe("/feeds/de.atom");
  });

  it("a recalc that changes nothing leaves every feed byte for byte the same, ETag included (304 on revalidation)", async () => {
    const paths = ["/feeds/all.atom", "/feeds/de.atom", "/feeds/nl.atom"];
    const before = await Promise.all(paths.map((p) => feed(p)));
    await recalc();
    for (const [i, p] of paths.entries()) {
      const after = await feed(p);
      expect(after.text, p).toBe(before[i]!.text);
      expect(after.res.headers.get("etag")).toBe(before[i]!.res.headers.get("etag"));
      const again = await feed(p, { "if-none-match": before[i]!.res.headers.get("etag")! });
      expect(again.res.status).toBe(304);
    }
  });

  it("a data change adds exactly one entry per country whose status changed or score moved by 0.5, with why; ids and dates stay", async () => {
    const before = snapshots();
    // Germany's unemployment revised down to 2.1% for September and October 2026.
    const csv = [
      "freq,s_adj,age,unit,sex,geo,time,value",
      "M,SA,TOTAL,PC_ACT,T,DE,2026-09,2.1",
      "M,SA,TOTAL,PC_ACT,T,DE,2026-10,2.1",
    ].join("\n");
    const publicationId = await recalc(csv);
    const after = snapshots();
    const moved = [...after.values()]
      .filter((a) => {
        const b = before.get(a.country)!;
        return (
          a.status !== b.status ||
          (a.score !== null && b.score !== null && Math.abs(shownChangeTenths(b.score, a.score)) >= 5)
        );
      })
      .map((a) => a.country);
    expect(moved).toEqual(["DE"]);

    const publishedAt = (await getJson(`${s.url}/api/health`)).body.published_at as string;
    const all = await feed("/feeds/all.atom");
    const added = all.feed.entry.filter((x: { updated: string }) => x.updated === publishedAt);
    expect(added).toHaveLength(1);
    const [e] = added;
    const previousAt = all.feed.entry.find((x: { updated: string }) => x.updated !== publishedAt).updated as string;
    const why = changeSentence(CURRENT_MODEL.explain(before.get("DE")!, after.get("DE")!)!, sinceUpdate(previousAt));
    expect(why).toMatch(/^Up \d\.\d since the update published \d+ \w+ 2026, from cloudy to \w+: unemployment fell/);
    // One sentence: why, then the two dates the pages name; nothing said twice.
    expect(e.content["#text"]).toMatch(
      new RegExp(
        `^<p>${why.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}; data to \\w+ 2026, published \\d+ \\w+ 2026\\.</p>$`,
      ),
    );
    expect(e.title["#text"]).toMatch(/^Germany: now \w+, \d\.\d \(was \w+, \d\.\d\)$/);
    expect(e.id).toBe(`tag:jobweather.example,2026:feed/de/${publicationId}-${publishedAt.replace(/[-:.]/g, "")}`);
    expect(e.updated).toBe(publishedAt);
    expect(e.link).toEqual([{ "@_href": `${ORIGIN}/country/de` }]);
    expect(all.feed.updated).toBe(publishedAt);

    const de = await feed("/feeds/de.atom");
    expect(de.feed.entry.map((x: { id: string }) => x.id)).toHaveLength(2); // the change, then the first entry
    expect(de.feed.entry[0].id).toBe(e.id);
    expect((await feed("/feeds/at.atom")).feed.entry).toHaveLength(1); // Austria's first entry only

    // Two more recalcs without a data change: the same entries with the same ids and dates, the same bytes.
    await recalc();
    await recalc();
    expect((await feed("/feeds/all.atom")).text).toBe(all.text);
    expect((await feed("/feeds/de.atom")).text).toBe(de.text);
  });
});

describe("feed ids without JWI_PUBLIC_ORIGIN", () => {
  let plain: TestServer;
  beforeAll(async () => {
    plain = await startTestServer({ config: { publicOrigin: null, feedTag: null, publicationCheckMs: 0 } });
  });
  afterAll(async () => {
    await plain?.stop();
  });

  /** The feed's id and its entries' ids, asked with this Host header (fetch sets none of our choosing). */
  const idsVia = (path: string, host: string) =>
    new Promise<{ links: string; ids: string[] }>((resolve, reject) => {
      http
        .get(`${plain.url}${path}`, { headers: { host } }, (res) => {
          let text = "";
          res.setEncoding("utf8");
          res.on("data", (c: string) => (text += c));
          res.on("end", () => {
            const f = parser.parse(text).feed;
            resolve({ links: f.link[0]["@_href"], ids: [f.id, ...(f.entry ?? []).map((x: { id: string }) => x.id)] });
          });
        })
        .on("error", reject);
    });

  it("are the same whichever host was asked, and after recalcs; the links name the host", async () => {
    for (const path of ["/feeds/all.atom", "/feeds/de.atom"]) {
      const a = await idsVia(path, "a.example");
      const b = await idsVia(path, "b.example:8080");
      expect(a.links).toMatch(/^http:\/\/a\.example\//);
      expect(b.links).toMatch(/^http:\/\/b\.example:8080\//);
      expect(a.ids.length, path).toBeGreaterThan(1);
      expect(b.ids).toEqual(a.ids);
      for (const id of a.ids) expect(id).toMatch(new RegExp(`^tag:${DEFAULT_FEED_TAG.replace(/\./g, "\\.")}:feed/`));
    }
    const before = await idsVia("/feeds/all.atom", "a.example");
    const pipeline = await openPipeline({ dataDir: plain.dataDir });
    try {
      await pipeline.recalc({ asOf: AS_OF });
      await pipeline.recalc({ asOf: AS_OF });
    } finally {
      pipeline.close();
    }
    expect(await idsVia("/feeds/all.atom", "b.example")).toEqual({ ...before, links: "http://b.example/" });
  });
});
