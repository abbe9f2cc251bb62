// Cached answers: a body with its ETag (the tag of what it shows and a hash of its bytes), the Cache-Control of each
// kind of read (docs/decisions/007-page-cache.md), and the one function that sends them with 304 and compression.
import { createHash } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import {
  addVary,
  encodedEtag,
  identityTag,
  isCompressible,
  keptEncoded,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compression.ts";

/** A cached response body and its validator. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** Content-Type (default JSON). */
  type?: string;
  /** Set for downloads: answered with `Content-Disposition: attachment; filename="…"`. */
  filename?: string;
}

/** The media type of every JSON answer. */
export const JSON_TYPE = "application/json; charset=utf-8";

/** A body with an ETag naming `tag` (the publication and month, the community version…) and the content's hash. */
export function cachedBytes(body: Buffer, tag: string, opts: { type?: string; filename?: string } = {}): CachedBody {
  const hash = createHash("sha1").update(body).digest("base64url").slice(0, 16);
  return { body, etag: `"${tag}-${hash}"`, ...opts };
}

/**
 * The ETag tag of a body with its country names in `lang` (the API's `lang`, api/v1/table.ts): `tag` for English,
 * with the language after it otherwise, so that no cache takes one language's answer for another's.
 */
export function tagIn(tag: string, lang: string): string {
  return lang === "en" ? tag : `${tag}-${lang}`;
}

const JSON_ESCAPES: Readonly<Record<string, string>> = { "<": "\\u003c", ">": "\\u003e", "&": "\\u0026" };

/**
 * The JSON text of every answer the server writes itself (cached bodies, health, the parser's errors, job progress):
 * `<`, `>` and `&` as `\u` escapes, as Express's `json escape` writes res.json's (api/app.ts), so that no JSON answer
 * ever holds markup a browser could read as HTML (docs/open-data.md). The same value once parsed.
 */
export function jsonText(value: unknown): string {
  return (JSON.stringify(value) ?? "null").replace(/[<>&]/g, (c) => JSON_ESCAPES[c]!);
}

export function cachedJson(value: unknown, tag: string): CachedBody {
  return cachedBytes(Buffer.from(jsonText(value)), tag);
}

/** Any ready-to-send body (a feed, …) with an ETag of its tag and the hash of its bytes. */
export function cachedBody(text: string, tag: string): CachedBody {
  return cachedBytes(Buffer.from(text), tag);
}

/**
 * True when an If-None-Match header names this ETag (or `*`); weak and strong forms compare equal, and so do the
 * ETags of the answer's encodings (`"abc-br"`, `"abc-gzip"`: server/http/compression.ts encodedEtag).
 */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === "*") return true;
  const bare = identityTag(etag);
  return header.split(",").some((t) => identityTag(t) === bare);
}

/**
 * Reads of the publication (JSON, CSV): kept a minute by browsers and shared caches, then served stale for up to
 * five minutes while one request revalidates; the ETag names the publication (docs/decisions/007-page-cache.md).
 */
export const CACHE_PUBLISHED = "public, max-age=60, stale-while-revalidate=300";
/** Community reads: any cache may keep them but must ask (ETag) before every use. */
export const CACHE_REVALIDATE = "public, no-cache";
/**
 * What changes only with a new release or configuration (the OpenAPI document, robots, unhashed static
 * files): an hour fresh, a day stale-while-revalidate; the ETag is a hash of the content.
 */
export const CACHE_STATIC = "public, max-age=3600, stale-while-revalidate=86400";
/** Operator answers and the answers to writes: never stored anywhere. */
export const CACHE_NEVER = "no-store";

/**
 * Answers a cached body: 304 when the client already holds it. Its Content-Type is the body's own (`type`), else
 * `contentType` (JSON unless told); a body with a `filename` is sent as a download. Text bodies of 1 KB and more go
 * brotli- or gzip-compressed when the client accepts it, each encoding made once per body and with its own ETag
 * (server/http/compression.ts).
 */
export function sendCached(
  req: IncomingMessage,
  res: ServerResponse,
  cached: CachedBody,
  cacheControl: string,
  contentType = JSON_TYPE,
): void {
  const type = cached.type ?? contentType;
  const compressible = isCompressible(type);
  const encoding =
    compressible && cached.body.length >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers["accept-encoding"]) : null;
  if (compressible) addVary(res, "Accept-Encoding");
  res.setHeader("ETag", encodedEtag(cached.etag, encoding));
  res.setHeader("Cache-Control", cacheControl);
  if (etagMatches(req.headers["if-none-match"], cached.etag)) {
    res.statusCode = 304;
    res.end();
    return;
  }
  res.setHeader("Content-Type", type);
  if (cached.filename) res.setHeader("Content-Disposition", `attachment; filename="${cached.filename}"`);
  const body = encoding ? keptEncoded(cached.body, encoding) : cached.body;
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}
