// Per-client rate limits (express-rate-limit, keyed on the client IP as Express sees it: set JWI_TRUST_PROXY
// behind a reverse proxy). Counters live in the serving database (db/rate-limits.ts), so a restart does not
// reset them. A limit of 0 turns a limiter off.
import type { RequestHandler } from "express";
import { ipKeyGenerator, rateLimit, type Options, type RateLimitInfo } from "express-rate-limit";
import type { ServingDb } from "../pipeline/serving-db.ts";
import { SqliteRateLimitStore } from "./db/rate-limits.ts";
import type { RateLimitConfig } from "./env.ts";
import { HttpError } from "../server/http/errors.ts";

export function humanDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function limiter(
  cfg: RateLimitConfig,
  tooMany: string,
  opts: { db: ServingDb; bucket: string; skipSuccessfulRequests?: boolean; skipFailedRequests?: boolean },
): RequestHandler {
  if (cfg.limit === 0) return (_req, _res, next) => next();
  return rateLimit({
    store: new SqliteRateLimitStore(opts.db, opts.bucket),
    windowMs: cfg.windowMs,
    limit: cfg.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skipSuccessfulRequests: opts.skipSuccessfulRequests ?? false,
    skipFailedRequests: opts.skipFailedRequests ?? false,
    handler: (req, _res, next) => {
      const reset = (req as typeof req & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      next(tooManyError(tooMany, reset ? reset.getTime() : Date.now() + cfg.windowMs));
    },
  });
}

function tooManyError(tooMany: string, resetAt: number): HttpError {
  const retry = Math.max(1, Math.ceil((resetAt - Date.now()) / 1000));
  return new HttpError(429, "rate_limited", `${tooMany} Please try again in ${humanDuration(retry)}.`, {
    retry_after_seconds: retry,
  });
}

/**
 * A limit on failed requests only (answered 4xx/5xx): a client that has had `cfg.limit` of them in the window is
 * refused. express-rate-limit's skipSuccessfulRequests would write the counter before every request and write it
 * again to undo a success; this reads it before the request and writes only after a failure, so an accepted post
 * costs no more than before (docs/decisions/010-write-path.md). Concurrent failures may overshoot by a few.
 */
export function failureLimiter(
  cfg: RateLimitConfig,
  tooMany: string,
  opts: { db: ServingDb; bucket: string },
): RequestHandler {
  if (cfg.limit === 0) return (_req, _res, next) => next();
  const store = new SqliteRateLimitStore(opts.db, opts.bucket);
  store.init({ windowMs: cfg.windowMs } as Options);
  return (req, res, next) => {
    // The key express-rate-limit would use: the address as Express sees it, an IPv6 address by its /56.
    const key = ipKeyGenerator(req.ip ?? "");
    const seen = store.get(key);
    if (seen && seen.totalHits >= cfg.limit)
      return next(tooManyError(tooMany, seen.resetTime?.getTime() ?? Date.now() + cfg.windowMs));
    res.once("finish", () => {
      if (res.statusCode < 400) return;
      try {
        store.increment(key);
      } catch {
        // The answer has gone; a counter that cannot be written (full disk) must not bring the server down.
      }
    });
    next();
  };
}
