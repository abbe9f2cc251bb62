// How a public page's answer is sent: its cache policy (browsers revalidate, shared caches keep it a minute), its
// encoding (gzip preferred for a cached page: docs/decisions/012-compression.md) and this response's CSP nonce.
// Both ways a page is answered use it: Express (server/site/site-handler.ts) and the fast path before Express.
import type { IncomingMessage, ServerResponse } from "node:http";
import { etagMatches } from "../http/cache.ts";
import {
  addVary,
  compressAsync,
  encodedEtag,
  ENCODINGS,
  isCompressible,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
  type Encoding,
} from "../http/compression.ts";
import { bytesWithNonce, gzipWithNonceOf, type CachedPage } from "./page-cache.ts";

/**
 * How long a public page's render is reused here and by shared caches (a CDN: s-maxage, then
 * stale-while-revalidate). Browsers revalidate every visit (max-age=0), which costs a 304 while nothing
 * changed, so a visitor never sees an older page than the CDN's.
 */
export const PAGE_MAX_AGE_S = 60;
const PAGE_STALE_S = 300;
const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_MAX_AGE_S}, stale-while-revalidate=${PAGE_STALE_S}`;

/**
 * Pages that must never be kept or shared: the operator area, in any case (`/ADMIN` is redirected to it). Read on
 * the normalised path (server/http/request-target.ts), so `/%61dmin` and `/x/../admin` are this page too. A render that
 * reads the operator's session is private whatever its path (server/site/site-handler.ts).
 */
export const PRIVATE_PAGES = /^\/admin(?:[/.?]|$)/i;
/** How a private page's answer is sent: only to this visitor, and kept by no cache at all. */
export const PRIVATE_CACHE_CONTROL = "private, no-store";

/**
 * The encodings of a cached page, in order of preference at equal q-values. gzip costs a join of the entry's
 * deflate segments (made once per render); brotli, whose streams cannot be joined around a nonce, would be a
 * compression per response (~2 ms of CPU for a 77 KB page: 1,900 req/s fell to double digits in the pages bench),
 * so a cached page goes brotli only to a client that weighs it above gzip or does not take gzip
 * (docs/decisions/012-compression.md).
 */
const SHARED_PAGE_ENCODINGS: readonly Encoding[] = ["gzip", "br"];

/** Sends a cached page with this response's nonce (304 when the client holds it): both paths use it. */
export function sendShared(
  req: IncomingMessage,
  res: ServerResponse,
  page: CachedPage,
  nonce: string,
  vary: string | null | undefined,
): void {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() === "content-security-policy" || name.toLowerCase() === "content-length") continue;
    res.appendHeader(name, value);
  }
  res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
  if (vary) res.setHeader("Vary", vary);
  // gzip first at equal q-values: it is made once per render, brotli would be made per response.
  const encoding = pageEncoding(
    req,
    res,
    page.bytes.reduce((n, b) => n + b.length, 0),
    SHARED_PAGE_ENCODINGS,
  );
  res.setHeader("ETag", encodedEtag(page.etag, encoding));
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    // No CSP on a 304: the copy the client keeps holds the nonce of the response it came with, and its own
    // CSP header must stay the one that names that nonce.
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding === "gzip") send(req, res, gzipWithNonceOf(page, nonce), encoding);
  else if (encoding === "br") sendCompressed(req, res, bytesWithNonce(page, nonce), encoding);
  else send(req, res, bytesWithNonce(page, nonce), null);
}

/** The encoding of a page's answer (pages are HTML: always `Vary: Accept-Encoding`); null: as it is. */
export function pageEncoding(
  req: IncomingMessage,
  res: ServerResponse,
  length: number,
  offered: readonly Encoding[] = ENCODINGS,
): Encoding | null {
  addVary(res, "Accept-Encoding");
  return isCompressible(res.getHeader("Content-Type")) && length >= MIN_COMPRESS_BYTES
    ? negotiateEncoding(req.headers["accept-encoding"], offered)
    : null;
}

export function send(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: Encoding | null): void {
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Compresses this response's bytes off the event loop, then sends them (as they are if compression fails). */
export function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: Encoding): void {
  compressAsync(body, encoding).then(
    (out) => send(req, res, out, encoding),
    () => send(req, res, body, null),
  );
}
