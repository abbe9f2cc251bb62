import { XMLParser, XMLValidator } from "fast-xml-parser";
import { describe, expect, it } from "vitest";
import { countryByCode } from "../lib/countries.ts";
import type { FeedEntryRow } from "./db/feeds.ts";
import { DEFAULT_FEED_TAG, FEED_SIZE, atomFeed, entryId, entryTitle, escapeHtml, feedTagOf } from "./feeds.ts";

const ORIGIN = "https://jobweather.example";
const TAG = "jobweather.example,2026";

function row(over: Partial<FeedEntryRow> = {}): FeedEntryRow {
  return {
    publication_id: 3,
    country: "DE",
    published_at: "2026-11-22T06:00:00.000Z",
    previous_published_at: "2026-11-21T06:00:00.000Z",
    from_as_of: "2026-10-22",
    to_as_of: "2026-11-22",
    from_score: 6.93,
    to_score: 7.44,
    from_status: "cloudy",
    to_status: "bright",
    text: "Up 0.5 since October 2026: unemployment fell 0.4 points (+0.5).",
    explanation: null,
    ...over,
  };
}

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: "@_",
  isArray: (name) => name === "entry" || name === "link",
});
const parse = (xml: string) => parser.parse(xml).feed;
/** The text of an Atom html construct, as a reader shows it. */
const unhtml = (s: string) =>
  s
    .replace(/<[^>]+>/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&");

describe("atomFeed", () => {
  it("is valid Atom with the feed's id, title, self and alternate links, author and date", () => {
    const xml = atomFeed({
      origin: ORIGIN,
      tag: TAG,
      country: countryByCode("DE")!,
      entries: [row()],
      firstPublishedAt: "2026-11-01T00:00:00.000Z",
    });
    expect(XMLValidator.validate(xml)).toBe(true);
    const f = parse(xml);
    expect(f["@_xmlns"]).toBe("http://www.w3.org/2005/Atom");
    expect(f.id).toBe("tag:jobweather.example,2026:feed/de");
    expect(f.title).toBe("Job Weather Index: Germany");
    expect(f.subtitle).toMatch(
      /^Germany's job market weather when first scored, then whenever it changes status or its score moves by 0\.5 or more/,
    );
    expect(f.updated).toBe("2026-11-22T06:00:00.000Z"); // the newest entry's publication
    expect(f.author).toEqual({ name: "Job Weather Index", uri: `${ORIGIN}/` });
    expect(f.link).toEqual([
      { "@_rel": "alternate", "@_href": `${ORIGIN}/country/de` },
      { "@_rel": "self", "@_href": `${ORIGIN}/feeds/de.atom` },
    ]);
    const [e] = f.entry;
    expect(e.id).toBe("tag:jobweather.example,2026:feed/de/3-20261122T060000000Z");
    expect(e.updated).toBe("2026-11-22T06:00:00.000Z");
    expect(e.published).toBe("2026-11-22T06:00:00.000Z");
    expect(e.link).toEqual([{ "@_href": `${ORIGIN}/country/de` }]);
    expect(e.title["#text"]).toBe("Germany: now bright, 7.4 (was cloudy, 6.9)");
    expect(e.title["@_type"]).toBe("html");
    // The content is the event's one sentence (it names the change, why and the score's dates: issue 35), alone:
    // no second paragraph restating the scores.
    expect(e.content["#text"].match(/<p>/g)).toHaveLength(1);
    expect(unhtml(e.content["#text"]).trim()).toBe("Up 0.5 since October 2026: unemployment fell 0.4 points (+0.5).");
  });

  it("depends on its arguments only: the same entries give the same bytes; no entry dates the feed from the first publication", () => {
    const o = {
      origin: ORIGIN,
      tag: TAG,
      country: null,
      entries: [row(), row({ country: "AT", publication_id: 2 })],
      firstPublishedAt: null,
    };
    expect(atomFeed(o)).toBe(atomFeed({ ...o, entries: [...o.entries] }));
    const empty = parse(
      atomFeed({ origin: ORIGIN, tag: TAG, country: null, entries: [], firstPublishedAt: "2026-11-01T00:00:00.000Z" }),
    );
    expect(empty.updated).toBe("2026-11-01T00:00:00.000Z");
    expect(empty.entry).toBeUndefined();
    expect(empty.title).toBe("Job Weather Index: all countries");
  });

  it("keeps the newest FEED_SIZE entries", () => {
    const many = Array.from({ length: FEED_SIZE + 7 }, (_, i) => row({ publication_id: 100 - i }));
    const f = parse(atomFeed({ origin: ORIGIN, tag: TAG, country: null, entries: many, firstPublishedAt: null }));
    expect(f.entry).toHaveLength(FEED_SIZE);
    expect(f.entry[0].id).toMatch(/\/de\/100-/);
  });

  it("escapes text: markup and ampersands in the words arrive as text, and nothing ends the CDATA early", () => {
    const text = `Up 0.5 <script>alert("x")</script> & ]]> 'quoted' &amp; done`;
    const xml = atomFeed({ origin: ORIGIN, tag: TAG, country: null, entries: [row({ text })], firstPublishedAt: null });
    expect(XMLValidator.validate(xml)).toBe(true);
    expect(xml).not.toContain("<script>");
    const [e] = parse(xml).entry;
    expect(unhtml(e.content["#text"])).toContain(text);
  });

  it("titles: a new status, a move, a score coming or going", () => {
    expect(
      entryTitle("Austria", row({ from_status: "cloudy", to_status: "cloudy", from_score: 6.0, to_score: 6.5 })),
    ).toBe("Austria: up 0.5 to 6.5 (cloudy)");
    expect(
      entryTitle("Austria", row({ from_status: "cloudy", to_status: "cloudy", from_score: 6.5, to_score: 5.8 })),
    ).toBe("Austria: down 0.7 to 5.8 (cloudy)");
    expect(entryTitle("Austria", row({ from_status: null, from_score: null }))).toBe("Austria: now 7.4 (bright)");
    expect(entryTitle("Austria", row({ to_status: null, to_score: null }))).toBe("Austria: no score");
    expect(escapeHtml(`<a href="x">&'`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&#39;");
    expect(entryId(TAG, row({ country: "AT", publication_id: 12 }))).toBe(
      "tag:jobweather.example,2026:feed/at/12-20261122T060000000Z",
    );
  });

  it("an entry whose change is mostly evidence keeps its number and word, says what mostly moved it and links to why", () => {
    const state = (input: number, period: string, age: number, value: number) => ({
      input,
      period,
      age,
      freshness: 1,
      value,
    });
    const explanation = (parts: Array<[key: "U" | "S", kind: "value" | "removed", contribution: number]>) =>
      JSON.stringify({
        from_month: "2026-11",
        to_month: "2026-12",
        from_score: 6.3,
        to_score: 6.3 + parts.reduce((a, p) => a + p[2], 0),
        delta: parts.reduce((a, p) => a + p[2], 0),
        market: parts.filter((p) => p[1] === "value").reduce((a, p) => a + p[2], 0),
        evidence: parts.filter((p) => p[1] !== "value").reduce((a, p) => a + p[2], 0),
        parts: parts.map(([key, kind, contribution]) => ({
          key,
          kind,
          from: key === "U" ? state(4, "2026-10", 1, 80) : state(89.1, "2025-11", 12, 5),
          to: kind === "removed" ? null : state(3.9, "2026-11", 1, 81),
          contribution,
        })),
      });
    const evidence = row({
      from_status: "cloudy",
      to_status: "bright",
      from_score: 6.3,
      to_score: 7.03,
      explanation: explanation([
        ["U", "value", 0.03],
        ["S", "removed", 0.7],
      ]),
    });
    expect(entryTitle("Germany", evidence)).toBe(
      "Germany: now bright, 7.0 (was cloudy, 6.3), mostly older data stopping",
    );
    const market = row({ ...evidence, explanation: explanation([["U", "value", 0.73]]) });
    expect(entryTitle("Germany", market)).toBe("Germany: now bright, 7.0 (was cloudy, 6.3)");
    const feed = parse(
      atomFeed({ origin: ORIGIN, tag: TAG, country: null, entries: [evidence, market], firstPublishedAt: null }),
    );
    expect(feed.entry.map((e: any) => e.link[0]["@_href"])).toEqual([
      `${ORIGIN}/country/de#why-changed`,
      `${ORIGIN}/country/de`,
    ]);
  });

  it("ids: the tagging entity is the configured one, else the public origin's host, else a fixed default; never a request's", () => {
    expect(feedTagOf({ feedTag: "example.org,2025-03", publicOrigin: ORIGIN })).toBe("example.org,2025-03");
    expect(feedTagOf({ feedTag: null, publicOrigin: "https://jobweather.example:8443" })).toBe(
      "jobweather.example,2026",
    );
    expect(feedTagOf({ feedTag: null, publicOrigin: null })).toBe(DEFAULT_FEED_TAG);
    const a = parse(
      atomFeed({ origin: "http://a.example", tag: TAG, country: null, entries: [row()], firstPublishedAt: null }),
    );
    const b = parse(
      atomFeed({ origin: "http://b.example", tag: TAG, country: null, entries: [row()], firstPublishedAt: null }),
    );
    expect([a.id, a.entry[0].id]).toEqual([b.id, b.entry[0].id]);
    expect(a.id).toBe("tag:jobweather.example,2026:feed/all");
  });
});
