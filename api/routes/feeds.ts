// GET /feeds/all.atom and /feeds/{code}.atom (api/feeds.ts). Each feed is made once per publication and kept;
// its ETag is the hash of its bytes, named after the newest publication it holds, so a recalc that changes no
// entry keeps the ETag (and caches keep their copy) while one that adds an entry rolls it over, and so do a pause
// and a resume (the feed says it is paused).
import { Router } from "express";
import { countryByCode, type Country } from "../../lib/countries.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { FeedStore } from "../db/feeds.ts";
import { FEED_SIZE, atomFeed } from "../feeds.ts";
import { CACHE_NEVER, CACHE_PUBLISHED, cachedBody, sendCached, type CachedBody } from "../../server/http/cache.ts";
import { requestOrigin } from "../../server/http/request.ts";
import type { ReadModel } from "../read-model.ts";

const ATOM_TYPE = "application/atom+xml; charset=utf-8";

/** Feeds made per request origin at most (only without a configured public origin, i.e. in development). */
const MAX_KEPT = 200;

/**
 * Links in the feeds name the configured public origin, or, when none is configured (development), the origin
 * of each request (server/http/request.ts requestOrigin), like the sitemap and the pages.
 */
export function feedRoutes(
  db: ServingDb,
  read: ReadModel,
  configuredOrigin: string | null,
  vary: string | null,
  tag: string,
  now: () => Date = () => new Date(),
): Router {
  const store = new FeedStore(db);
  let madeFor = "";
  const made = new Map<string, CachedBody>();

  const feedOf = (country: Country | null, origin: string): CachedBody => {
    // While paused the feeds say so (and their bytes, so their ETags, change both ways).
    const paused = read.publicationState(now()).paused;
    const version = `${read.publicationId()}${paused ? "-paused" : ""}`;
    if (version !== madeFor) {
      made.clear();
      madeFor = version;
    }
    const key = `${origin}|${country?.code ?? "all"}`;
    let hit = made.get(key);
    if (!hit) {
      if (made.size >= MAX_KEPT) made.clear();
      const entries = store.newest(FEED_SIZE, country?.code);
      const xml = atomFeed({ origin, tag, country, entries, firstPublishedAt: store.firstPublishedAt(), paused });
      hit = cachedBody(xml, `f${entries[0]?.publication_id ?? 0}`);
      made.set(key, hit);
    }
    return hit;
  };

  const r = Router();
  r.get("/feeds/:file", (req, res) => {
    const m = /^([a-z]{2}|all)\.atom$/i.exec(req.params.file);
    const country = m && m[1]!.toLowerCase() !== "all" ? countryByCode(m[1]!) : undefined;
    if (!m || (m[1]!.toLowerCase() !== "all" && !country)) {
      res
        .status(404)
        .setHeader("Cache-Control", CACHE_NEVER)
        .type("text/plain")
        .send("No such feed: use /feeds/all.atom, or /feeds/{code}.atom with the code of a covered country.");
      return;
    }
    if (m[1] !== m[1]!.toLowerCase()) {
      res.redirect(301, `/feeds/${m[1]!.toLowerCase()}.atom`);
      return;
    }
    if (vary !== null) res.setHeader("Vary", vary);
    sendCached(req, res, feedOf(country ?? null, configuredOrigin ?? requestOrigin(req)), CACHE_PUBLISHED, ATOM_TYPE);
  });
  return r;
}
