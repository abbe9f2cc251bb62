// Per-client rate limits (express-rate-limit, keyed on the client IP as Express sees it: set JWI_TRUST_PROXY
// behind a reverse proxy). Counters live in the serving database (db/rate-limits.ts), so a restart does not
// reset them. A limit of 0 turns a limiter off.
import type { RequestHandler } from "express";
import { rateLimit, type RateLimitInfo } from "express-rate-limit";
import type { ServingDb } from "../pipeline/serving-db.ts";
import { SqliteRateLimitStore } from "./db/rate-limits.ts";
import type { RateLimitConfig } from "./env.ts";
import { HttpError } from "./http.ts";

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
      const retry = Math.max(1, Math.ceil(((reset ? reset.getTime() : Date.now() + cfg.windowMs) - Date.now()) / 1000));
      next(new HttpError(429, "rate_limited", `${tooMany} Please try again in ${humanDuration(retry)}.`, { retry_after_seconds: retry }));
    },
  });
}
