// Answers sent straight from the node:http request listener, before Express (docs/architecture.md, "Requests"):
// what such a fast path is, the precomputed security headers it sets, and the request log line it writes, the same
// fields pino-http writes. The API's cached reads (api/fast-reads.ts) and the site's cached pages
// (server/site/page-fast-path.ts) are the two fast paths.
import type { IncomingMessage, ServerResponse } from "node:http";
import type { RequestHandler } from "express";
import type { Logger } from "../../lib/logger.ts";

export type HeaderList = ReadonlyArray<readonly [string, string]>;

/** Runs a header-only middleware (helmet) once against a recorder and returns the headers it sets. */
export function recordHeaders(mw: RequestHandler, locals: Record<string, unknown> = {}): HeaderList {
  const headers: Array<[string, string]> = [];
  const res = {
    locals,
    setHeader(name: string, value: unknown) {
      headers.push([name, String(value)]);
      return res;
    },
    removeHeader() {},
    getHeader() {
      return undefined;
    },
  };
  let called = false;
  mw({ headers: {} } as never, res as never, () => {
    called = true;
  });
  if (!called) throw new Error("recordHeaders: the middleware did not complete synchronously");
  return headers;
}

/** Sets a precomputed header list (the API's security headers) on every response it sees. */
export function staticHeaders(headers: HeaderList): RequestHandler {
  return (_req, res, next) => {
    for (const [name, value] of headers) res.setHeader(name, value);
    next();
  };
}

export type FastRead = (req: IncomingMessage, res: ServerResponse) => boolean;

/** What the site's fast path for cached pages needs from the app (server/site/page-fast-path.ts answers the pages). */
export interface PageFastPathDeps {
  /** A page's security headers with this response's CSP nonce, exactly as the Express path sets them. */
  headers(secure: boolean, nonce: string): HeaderList;
  /** The request's protocol as Express's req.protocol tells it (the trust proxy setting applied). */
  protocol(req: IncomingMessage): string;
  /** The request's host as Express's req.host tells it (X-Forwarded-Host only from a trusted proxy). */
  host(req: IncomingMessage): string | undefined;
  /** Request logs (null when they are off). */
  logger: Logger | null;
}

/** One request log line for an answer sent before Express: the same fields pino-http logs; no personal data. */
export function logFastAnswer(
  logger: Logger,
  id: string,
  req: IncomingMessage,
  path: string,
  res: ServerResponse,
  started: number,
): void {
  logger.info(
    {
      reqId: id,
      req: { id, method: req.method, path },
      res: { statusCode: res.statusCode },
      responseTime: Math.round(performance.now() - started),
    },
    "request completed",
  );
}
