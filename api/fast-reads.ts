// The API's cached public reads (v0, v1 and the OpenAPI document), answered straight from the node:http request
// listener, before Express (a fast path: server/http/fast-path.ts). Express's own per-request work costs several
// times what sending a precomputed body costs (the figures: docs/architecture.md, "Requests"), so the hot public GETs
// (countries, one country, history, rankings, experiences) are resolved here, from the same ReadModel entries, with
// the same security headers, ETag/304 and Cache-Control as the Express routes, which stay in place for everything
// else: unknown codes, errors, HEAD/GET with percent-encoded paths, all writes. When in doubt it declines and
// Express answers, so behaviour lives in one place (tests compare both paths).
import { randomUUID } from "node:crypto";
import { parse as parseQuery } from "node:querystring";
import { countryByCode } from "../lib/countries.ts";
import type { Logger } from "../lib/logger.ts";
import { CACHE_PUBLISHED, CACHE_REVALIDATE, CACHE_STATIC, sendCached, type CachedBody } from "../server/http/cache.ts";
import { RANKING_TYPES, type RankingType } from "../product/options.ts";
import { logFastAnswer, type FastRead, type HeaderList } from "../server/http/fast-path.ts";
import type { ReadModel } from "./read-model.ts";
import { API_V1_BASE } from "../product/open-data.ts";
import { openApiBody, v1Reads } from "./v1/bodies.ts";
import { pathPattern, v1Params } from "./v1/paths.ts";
import { V1_TABLE, v1Lang, type V1Reads } from "./v1/table.ts";

interface PublicRead {
  cached: CachedBody;
  cacheControl: string;
}

/** The part of a path after `/countries/{code}` for a covered code, or null (Express answers the rest). */
function countryPath(rest: string): { code: string; tail: string } | null {
  const code = rest.slice(0, 2);
  if (!/^[A-Za-z]{2}$/.test(code)) return null;
  const country = countryByCode(code);
  return country ? { code: country.code, tail: rest.slice(2) } : null;
}

const isRanking = (type: string): type is RankingType => (RANKING_TYPES as readonly string[]).includes(type);

/**
 * The cached public read for a decoded path, or null when the path is not one of them (including unknown codes:
 * those are Express's 404s). `origin` is the public origin the OpenAPI document names. The query string (without
 * its `?`) matters only to the v1 routes that take `lang`; every other read answers whatever it holds.
 */
function resolvePublicRead(read: ReadModel, path: string, now: Date, origin?: string, query = ""): PublicRead | null {
  const published = (cached: CachedBody): PublicRead => ({ cached, cacheControl: CACHE_PUBLISHED });
  if (path.startsWith(`${API_V1_BASE}/`))
    return resolveV1(v1Reads(read), path.slice(API_V1_BASE.length), query, now, published);
  if (path === "/api/openapi.json")
    return origin === undefined ? null : { cached: openApiBody(origin), cacheControl: CACHE_STATIC };
  if (path === "/api/countries") return published(read.countriesBody(now));
  if (path.startsWith("/api/countries/")) {
    const c = countryPath(path.slice("/api/countries/".length));
    if (!c) return null;
    if (c.tail === "") return published(read.countryBody(c.code, now));
    if (c.tail === "/history") return published(read.historyBody(c.code, now));
    if (c.tail === "/experiences") return { cached: read.experiencesBody(c.code), cacheControl: CACHE_REVALIDATE };
    return null;
  }
  if (path.startsWith("/api/rankings/")) {
    const type = path.slice("/api/rankings/".length);
    return isRanking(type) ? published(read.rankingBody(type, now)) : null;
  }
  return null;
}

/** The v1 table's routes (api/v1/table.ts) with the pattern of their path below /api/v1. */
const V1_PATTERNS = V1_TABLE.map((route) => ({ route, ...pathPattern(route) }));

/**
 * The cached v1 answer for a path below /api/v1, from the same table as the routes (api/routes/v1.ts); null for
 * a path no route has, a parameter that names nothing (Express answers the 404), an answer never cached (health)
 * or one made per query (weights). `lang` is read from the query as Express reads it (node:querystring); a `lang`
 * it refuses throws, and Express answers the 400 (createFastRead declines on any throw).
 */
function resolveV1(
  reads: V1Reads,
  path: string,
  query: string,
  now: Date,
  published: (cached: CachedBody) => PublicRead,
): PublicRead | null {
  for (const { route, re, names } of V1_PATTERNS) {
    const m = re.exec(path);
    if (!m) continue;
    if (route.answer === "health" || route.readsQuery) return null;
    const checked = v1Params(route, Object.fromEntries(names.map((name, i) => [name, m[i + 1]!])));
    if (!checked.ok) return null;
    const lang = route.names && query !== "" ? v1Lang(route, parseQuery(query)) : checked.params.lang;
    return published(route.answer(reads, now, { ...checked.params, lang }, null));
  }
  return null;
}

/** Answers a cached public GET/HEAD and returns true; returns false (touching nothing) for anything else. */
export function createFastRead(
  read: ReadModel,
  headers: HeaderList,
  logger: Logger | null,
  now: () => Date = () => new Date(),
  origin?: string,
): FastRead {
  return (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "";
    if (!url.startsWith("/api/")) return false;
    const q = url.indexOf("?");
    const path = q < 0 ? url : url.slice(0, q);
    if (path.includes("%")) return false;
    let hit: PublicRead | null;
    try {
      hit = resolvePublicRead(read, path, now(), origin, q < 0 ? "" : url.slice(q + 1));
    } catch {
      return false; // Express answers, through the error middleware
    }
    if (!hit) return false;
    const started = logger ? performance.now() : 0;
    for (const [name, value] of headers) res.setHeader(name, value);
    const id = randomUUID();
    res.setHeader("X-Request-Id", id);
    sendCached(req, res, hit.cached, hit.cacheControl);
    if (logger) logFastAnswer(logger, id, req, path, res, started);
    return true;
  };
}
