// The Atom 1.0 feeds (docs/architecture.md, "Feeds"): /feeds/all.atom and /feeds/{code}.atom, an entry when a
// publication changed a country's status or moved its score by 0.5 or more, with why in words. Made with the
// `feed` package from the recorded events (feed_entries, written by pipeline/publish.ts), so entries keep their
// ids and dates from one recalc to the next: a recalc that changes nothing leaves the feed byte for byte the same.
import { Feed } from "feed";
import { countryByCode, type Country } from "../lib/countries.ts";
import { isMostlyEvidence, marketAndEvidence } from "../pipeline/model/explain.ts";
import { changeLines, mostlyPhrase } from "../pipeline/model/explain-text.ts";
import { formatDecimal, formatScore, shownChangeTenths } from "../pipeline/model/round.ts";
import type { Explanation } from "../pipeline/model/types.ts";
import { PRODUCT_NAME } from "../product/brand.ts";
import { feedPath, feedTitle } from "../product/feeds.ts";
import type { FeedEntryRow } from "./db/feeds.ts";

/** Entries per feed: the newest ones. */
export const FEED_SIZE = 50;

/** The year in every tag URI: the year the tags were first minted under the public origin's host (RFC 4151). */
const TAG_YEAR = 2026;

/** The tagging entity when neither JWI_FEED_TAG nor JWI_PUBLIC_ORIGIN is set (development: ids stay put anyway). */
export const DEFAULT_FEED_TAG = `jobweatherindex.invalid,${TAG_YEAR}`;

/**
 * The tagging entity ("authority,date", RFC 4151) of every id in the feeds: JWI_FEED_TAG, else the configured
 * public origin's host and TAG_YEAR, else DEFAULT_FEED_TAG. Never the request's host: an Atom id must be the same
 * for every reader and never change (RFC 4287 §4.2.6).
 */
export function feedTagOf(config: { feedTag: string | null; publicOrigin: string | null }): string {
  if (config.feedTag !== null) return config.feedTag;
  if (config.publicOrigin !== null) return `${new URL(config.publicOrigin).hostname},${TAG_YEAR}`;
  return DEFAULT_FEED_TAG;
}

/** The text of an HTML element: `&`, `<`, `>`, `"` and `'` escaped (Atom's type="html" content is HTML). */
export function escapeHtml(s: string): string {
  return s
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#39;");
}

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/**
 * A stable, unique id for an entry (RFC 4151 tag URI): the tagging entity (feedTagOf), the country and the
 * publication (its id and time, so that a serving database made anew never gives an old id to a new entry).
 */
export function entryId(tag: string, e: Pick<FeedEntryRow, "country" | "publication_id" | "published_at">): string {
  return `tag:${tag}:feed/${e.country.toLowerCase()}/${e.publication_id}-${e.published_at.replace(/[-:.]/g, "")}`;
}

/**
 * What mostly moved an entry's change when it is mostly evidence (its evidence part larger in size than its market
 * part: explain.ts `isMostlyEvidence`, the one rule) and shows: "mostly older data stopping"; null otherwise.
 */
function entryMostly(e: Pick<FeedEntryRow, "explanation">): string | null {
  if (e.explanation === null) return null;
  const explanation = JSON.parse(e.explanation) as Explanation;
  const reason = changeLines(explanation).mostly;
  return reason !== null && isMostlyEvidence(marketAndEvidence(explanation)) ? mostlyPhrase(reason) : null;
}

/**
 * The entry's title: the new status or score, and the old one; a change that is mostly evidence keeps its number and
 * word and says so ("Germany: up 0.7 to 7.0 (bright), mostly older data stopping").
 */
export function entryTitle(name: string, e: FeedEntryRow): string {
  if (e.to_score === null || e.to_status === null) return `${name}: no score`;
  const now = `${formatScore(e.to_score)} (${e.to_status})`;
  if (e.from_score === null || e.from_status === null) return `${name}: now ${now}`;
  const mostly = entryMostly(e);
  const tail = mostly ? `, ${mostly}` : "";
  if (e.from_status !== e.to_status)
    return `${name}: now ${e.to_status}, ${formatScore(e.to_score)} (was ${e.from_status}, ${formatScore(e.from_score)})${tail}`;
  const t = shownChangeTenths(e.from_score, e.to_score);
  return `${name}: ${t > 0 ? "up" : "down"} ${formatDecimal(Math.abs(t) / 10, 1)} to ${now}${tail}`;
}

/**
 * The entry's content (HTML): the event's one sentence (pipeline/feed-events.ts): the change and why, ending with the
 * score's two dates in the pages' words ("data to July 2026, published 28 November 2026").
 */
function entryContent(e: FeedEntryRow): string {
  return `<p>${escapeHtml(e.text)}</p>`;
}

export interface FeedOptions {
  /** The public origin (no trailing slash): the links. */
  origin: string;
  /** The tagging entity of the ids (feedTagOf): the same whichever origin the links name. */
  tag: string;
  /** One country's feed, or null for all countries. */
  country: Country | null;
  /** The entries, newest first (at most FEED_SIZE are used). */
  entries: readonly FeedEntryRow[];
  /** When the first publication was made: the date of a feed without entries (null: none yet). */
  firstPublishedAt: string | null;
  /**
   * While publication is paused (by the operator or by itself) the feed says so: its past entries stay (each a
   * dated event), no new one is added until resume (docs/decisions/006-what-the-api-shows.md).
   */
  paused?: boolean;
}

/** The feed's subtitle while publication is paused. */
export const FEED_PAUSED_TEXT =
  "Publication is paused: no score is current. The entries below are past changes, each as of its date; new entries follow when publication resumes.";

/** One Atom 1.0 document. Depends on its arguments only (no clock): the same entries give the same bytes. */
export function atomFeed(o: FeedOptions): string {
  const origin = o.origin.replace(/\/+$/, "");
  const entries = o.entries.slice(0, FEED_SIZE);
  const self = `${origin}${feedPath(o.country?.code ?? null)}`;
  const page = (c: Country) => `${origin}/country/${c.code.toLowerCase()}`;
  const updated = entries[0]?.published_at ?? o.firstPublishedAt ?? "1970-01-01T00:00:00.000Z";
  const what = o.country ? `${o.country.name}'s job market weather` : "the job market weather of a covered country";
  const feed = new Feed({
    id: `tag:${o.tag}:feed/${o.country ? o.country.code.toLowerCase() : "all"}`,
    title: feedTitle(o.country?.name ?? null),
    description: o.paused
      ? FEED_PAUSED_TEXT
      : `${capitalise(what)} when first scored, then whenever it changes status or its score moves by 0.5 or more, and why.`,
    link: o.country ? page(o.country) : `${origin}/`,
    feed: self,
    updated: new Date(updated),
    author: { name: PRODUCT_NAME, link: `${origin}/` },
    generator: false,
  });
  for (const e of entries) {
    const c = countryByCode(e.country);
    if (!c) continue;
    feed.addItem({
      id: entryId(o.tag, e),
      title: escapeHtml(capitalise(entryTitle(c.name, e))),
      // A change that is mostly evidence links to what moved it.
      link: entryMostly(e) ? `${page(c)}#why-changed` : page(c),
      date: new Date(e.published_at),
      published: new Date(e.published_at),
      content: entryContent(e),
    });
  }
  return feed.atom1();
}
