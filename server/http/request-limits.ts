// Requests refused before any route: a target too long or not a path or badly percent-encoded (Express middleware),
// and what Node's HTTP parser refuses (the server's clientError listener), both in the JSON error shape.
import { randomUUID } from "node:crypto";
import type { Duplex } from "node:stream";
import type { RequestHandler } from "express";
import { CACHE_NEVER, JSON_TYPE, jsonText } from "./cache.ts";
import { errorBody, HttpError, type ErrorBody } from "./errors.ts";

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
 * server/http/request-target.ts could not normalise), or a path whose percent-encoding does not decode (400; the router
 * would otherwise throw while matching it). Null when fine.
 * Cheap for the usual request: only a target with a `%` is decoded.
 */
export function requestTargetProblem(url: string): HttpError | null {
  if (url.length > MAX_URL_BYTES) {
    return new HttpError(414, "uri_too_long", URI_TOO_LONG);
  }
  // What server/http/request-target.ts could not make a path of (`*`, `host:port`): nothing here answers it.
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
function clientErrorResponse(err: ClientError): { status: number; reason: string; body: ErrorBody } {
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
  const json = jsonText(body);
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
