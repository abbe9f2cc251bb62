// HTTP plumbing shared by the routes: the error shape of docs/interfaces.md, typed-error → status mapping (one
// middleware), cached JSON answers with ETag / 304, and small request guards.
import { createHash, randomUUID } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { MulterError } from "multer";
import { ZodError } from "zod";
import { BusyError, InputError, NotFoundError } from "../lib/errors.ts";
import type { Logger } from "../lib/logger.ts";
import { systemProblem } from "../lib/system-errors.ts";
import {
  addVary,
  encodedEtag,
  identityTag,
  isCompressible,
  keptEncoded,
  MIN_COMPRESS_BYTES,
  negotiateEncoding,
} from "./compression.ts";

/** An error with its own status and code (401, 403, 415, 429, …). */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  error: { code: string; message: string; details?: unknown };
}

export function errorBody(code: string, message: string, details?: unknown): ErrorBody {
  return details === undefined ? { error: { code, message } } : { error: { code, message, details } };
}

/** zod issues → `{ field: message }` (first message per field; `body` for the whole body). */
export function fieldErrors(err: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    if (!(key in out))
      out[key] = key === "body" && issue.code === "invalid_type" ? "Expected a JSON object" : issue.message;
  }
  return out;
}

/** A cached response body and its validator. */
export interface CachedBody {
  body: Buffer;
  etag: string;
  /** Content-Type (default JSON). */
  type?: string;
  /** Set for downloads: answered with `Content-Disposition: attachment; filename="…"`. */
  filename?: string;
}

const JSON_TYPE = "application/json; charset=utf-8";

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

export function cachedJson(value: unknown, tag: string): CachedBody {
  return cachedBytes(Buffer.from(JSON.stringify(value)), tag);
}

/** Any ready-to-send body (a feed, …) with an ETag of its tag and the hash of its bytes. */
export function cachedBody(text: string, tag: string): CachedBody {
  return cachedBytes(Buffer.from(text), tag);
}

/**
 * True when an If-None-Match header names this ETag (or `*`); weak and strong forms compare equal, and so do the
 * ETags of the answer's encodings (`"abc-br"`, `"abc-gzip"`: api/compression.ts encodedEtag).
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
 * (api/compression.ts).
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

/** Media type of the request without parameters, lower case ("" when none). */
export function mediaType(req: Request): string {
  return (req.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
}

/** Rejects bodies that are not of the given media types with 415 (checked on the header, even for empty bodies). */
export function requireMediaType(...types: string[]): RequestHandler {
  return (req, _res, next) => {
    if (types.includes(mediaType(req))) return next();
    next(
      new HttpError(
        415,
        "unsupported_media_type",
        `Send the request body as ${types.join(" or ")} (Content-Type header).`,
      ),
    );
  };
}

/** A host as a browser may send it: a name or address, an IPv6 literal in brackets, an optional port. */
const HOST = /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/**
 * The origin this request was made to: protocol and host as Express sees them, so behind a trusted proxy
 * (JWI_TRUST_PROXY) X-Forwarded-Proto and X-Forwarded-Host. Only http or https, and only a plain host (port
 * included) is echoed into links; anything else reads `localhost`. Used where no public origin is configured.
 */
export function requestOrigin(req: Request): string {
  return originFrom(req.protocol, req.host);
}

/** An origin out of a protocol and a host as a request names them (requestOrigin; the page fast path's too). */
export function originFrom(protocol: string, host: string | undefined): string {
  return `${protocol === "https" ? "https" : "http"}://${host !== undefined && HOST.test(host) ? host.toLowerCase() : "localhost"}`;
}

/**
 * The Vary header of an answer whose body names the request's origin (pages, feeds, sitemap, robots, OpenAPI):
 * null when a public origin is configured (the body is the same for every request), else `Host`, plus
 * X-Forwarded-Host and X-Forwarded-Proto when a proxy is trusted to set them (JWI_TRUST_PROXY), so that a shared
 * cache never answers one host's request with a copy made for another.
 */
export function originVary(config: {
  publicOrigin: string | null;
  trustProxy: boolean | number | string;
}): string | null {
  if (config.publicOrigin !== null) return null;
  return config.trustProxy === false || config.trustProxy === 0 ? "Host" : "Host, X-Forwarded-Host, X-Forwarded-Proto";
}

/** Answers 404 in the contract's JSON shape (for /api paths nothing matched). */
export const apiNotFound: RequestHandler = (req, _res, next) => {
  next(new HttpError(404, "not_found", `No API route ${req.method} ${req.path}`));
};

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** The id of a request (set by requestId() and the fast path), named in logs and in 5xx answers. */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader("X-Request-Id");
  return typeof id === "string" ? id : undefined;
}

/**
 * The one error middleware: typed errors → status codes, the contract's error shape. A 5xx never carries a stack
 * or a path, in any mode: it names the request id, and the log line with the same id holds the details.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const requestId = requestIdOf(res);
    const { status, body } = toErrorResponse(err, requestId);
    if (status >= 500)
      logger.error({ err, request_id: requestId, method: req.method, path: req.path }, "request failed");
    else
      logger.debug(
        { code: body.error.code, request_id: requestId, method: req.method, path: req.path },
        "request rejected",
      );
    if (err instanceof HttpError && err.status === 429) {
      const retry = (err.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
      if (retry !== undefined) res.setHeader("Retry-After", String(retry));
    }
    res.setHeader("Cache-Control", CACHE_NEVER);
    res.status(status).json(body);
  };
}

export function toErrorResponse(err: unknown, requestId?: string): { status: number; body: ErrorBody } {
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.code, err.message, err.details) };
  if (err instanceof ZodError) {
    const details = fieldErrors(err);
    return {
      status: 400,
      body: errorBody("invalid_request", `Invalid fields: ${Object.keys(details).join(", ")}`, details),
    };
  }
  if (err instanceof InputError) return { status: 400, body: errorBody("invalid_input", err.message, err.details) };
  if (err instanceof NotFoundError) return { status: 404, body: errorBody("not_found", err.message) };
  if (err instanceof BusyError) {
    return { status: 409, body: errorBody("busy", err.message, err.holder ? { holder: err.holder } : undefined) };
  }
  if (err instanceof MulterError) {
    if (err.code === "LIMIT_FILE_SIZE" || err.code === "LIMIT_FIELD_VALUE" || err.code === "LIMIT_PART_COUNT") {
      return { status: 413, body: errorBody("payload_too_large", "The uploaded file is too large.") };
    }
    return {
      status: 400,
      body: errorBody("invalid_upload", `Upload rejected: ${err.message} (${err.field ?? "form"})`),
    };
  }
  const e = (typeof err === "object" && err !== null ? err : {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (e.type === "entity.too.large" || status === 413) {
    return { status: 413, body: errorBody("payload_too_large", "The request body is too large.") };
  }
  if (e.type === "entity.parse.failed") {
    return { status: 400, body: errorBody("invalid_json", "The request body is not valid JSON.") };
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = (e.type ?? "bad_request").replace(/[^a-z0-9]+/gi, "_").toLowerCase();
    const message = e.expose !== false && err instanceof Error ? err.message : "Bad request.";
    return { status, body: errorBody(code, message) };
  }
  const ref = requestId ? { request_id: requestId } : undefined;
  const problem = systemProblem(err);
  if (problem === "disk-full") {
    return {
      status: 507,
      body: errorBody(
        "storage_full",
        "The server cannot store anything right now (its disk is full). Nothing was saved; please try again later.",
        ref,
      ),
    };
  }
  if (problem !== null) {
    return {
      status: 503,
      body: errorBody(
        "storage_unavailable",
        "The server cannot write its data right now. Nothing was saved; please try again later.",
        ref,
      ),
    };
  }
  return {
    status: 500,
    body: errorBody("internal_error", "Something went wrong on our side. Please try again later.", ref),
  };
}

/**
 * The longest request target (path and query) the server answers; longer ones get 414 `uri_too_long`. 8 KB, like
 * nginx's default request-line buffer: no link of the site or the API comes near it.
 */
export const MAX_URL_BYTES = 8 * 1024;
const URI_TOO_LONG = `The URL is longer than ${MAX_URL_BYTES} bytes, the most this server reads. Shorten the query.`;

/** True when every `%` of the text starts a valid escape and the escapes spell UTF-8. */
function decodes(text: string): boolean {
  try {
    decodeURIComponent(text);
    return true;
  } catch {
    return false;
  }
}

/**
 * What is wrong with a request target before any route looks at it: too long (414), not a path (400: what
 * api/request-target.ts could not normalise), or a path whose percent-encoding does not decode (400; the router
 * would otherwise throw while matching it). Null when fine.
 * Cheap for the usual request: only a target with a `%` is decoded.
 */
export function requestTargetProblem(url: string): HttpError | null {
  if (url.length > MAX_URL_BYTES) {
    return new HttpError(414, "uri_too_long", URI_TOO_LONG);
  }
  // What api/request-target.ts could not make a path of (`*`, `host:port`): nothing here answers it.
  if (!url.startsWith("/")) {
    return new HttpError(400, "invalid_url", "The request target must be a path starting with /.");
  }
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  if (path.includes("%") && !decodes(path)) {
    return new HttpError(
      400,
      "invalid_url",
      "The URL's path has broken percent-encoding: every % must be followed by two hex digits, and together they must spell UTF-8 text.",
    );
  }
  return null;
}

/** Express middleware of requestTargetProblem (first in the app, so the error handler answers in the JSON shape). */
export const requestTargetGuard: RequestHandler = (req, _res, next) => {
  next(requestTargetProblem(req.originalUrl) ?? undefined);
};

/** What Node's HTTP parser may refuse a request for, before any handler sees it (the server's `clientError`). */
interface ClientError extends Error {
  code?: string;
  /** The bytes of the packet the parser stopped in. */
  rawPacket?: Buffer;
}

/**
 * Why the parser refused a request, in the JSON error shape: headers over Node's limit (16 KB, the request line
 * included) are 431 `headers_too_large`, or 414 `uri_too_long` when the packet shows the request line alone is
 * over MAX_URL_BYTES (its first line not ended yet there); a request that took too long 408; anything else 400.
 */
export function clientErrorResponse(err: ClientError): { status: number; reason: string; body: ErrorBody } {
  if (err.code === "HPE_HEADER_OVERFLOW") {
    const packet = err.rawPacket;
    const head = packet ? packet.subarray(0, MAX_URL_BYTES + 32).toString("latin1") : "";
    const lineEnd = head.indexOf("\r\n");
    if (/^[A-Z]+ \S/.test(head) && (lineEnd === -1 || lineEnd > MAX_URL_BYTES)) {
      return { status: 414, reason: "URI Too Long", body: errorBody("uri_too_long", URI_TOO_LONG) };
    }
    return {
      status: 431,
      reason: "Request Header Fields Too Large",
      body: errorBody(
        "headers_too_large",
        "The request's headers (cookies included) are larger than the 16 KB this server reads.",
      ),
    };
  }
  if (err.code === "ERR_HTTP_REQUEST_TIMEOUT") {
    return {
      status: 408,
      reason: "Request Timeout",
      body: errorBody("request_timeout", "The request took too long to arrive."),
    };
  }
  if (err.code === "HPE_CHUNK_EXTENSIONS_OVERFLOW") {
    return {
      status: 413,
      reason: "Payload Too Large",
      body: errorBody("payload_too_large", "The request body's chunk extensions are too large."),
    };
  }
  return { status: 400, reason: "Bad Request", body: errorBody("bad_request", "The request is not valid HTTP/1.1.") };
}

/**
 * The server's `clientError` listener: answers what the parser refused in the JSON error shape (Node's own answer
 * is a bare status line), with a request id and `headers` (the security headers of every answer), never stored,
 * then closes the connection. A connection that was
 * reset, or that already got part of an answer, is only closed.
 */
export function answerClientError(
  err: ClientError,
  socket: Duplex,
  headers: ReadonlyArray<readonly [string, string]> = [],
): void {
  const sent = (socket as Duplex & { _httpMessage?: { headersSent?: boolean } })._httpMessage?.headersSent;
  if (err.code === "ECONNRESET" || !socket.writable || sent) {
    socket.destroy();
    return;
  }
  const { status, reason, body } = clientErrorResponse(err);
  const json = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n` +
      `Content-Type: ${JSON_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(json)}\r\n` +
      `Cache-Control: ${CACHE_NEVER}\r\n` +
      // The same security headers as every other answer (api/app.ts API_HEADERS), nosniff at least.
      (headers.length
        ? headers.map(([name, value]) => `${name}: ${value}\r\n`).join("")
        : `X-Content-Type-Options: nosniff\r\n`) +
      `X-Request-Id: ${randomUUID()}\r\n` +
      `Connection: close\r\n\r\n${json}`,
  );
  // A client that never reads its answer does not hold the connection.
  setTimeout(() => socket.destroy(), 1_000).unref();
}
