// Per-client rate limits (express-rate-limit, in-memory, keyed on the client IP as Express sees it:
// configure JWI_TRUST_PROXY behind a reverse proxy). A limit of 0 turns a limiter off.
import type { RequestHandler } from "express";
import { rateLimit, type RateLimitInfo } from "express-rate-limit";
import type { RateLimitConfig } from "./env.ts";
import { HttpError } from "./http.ts";

function humanDuration(seconds: number): string {
  if (seconds < 90) return `${seconds} second${seconds === 1 ? "" : "s"}`;
  const minutes = Math.ceil(seconds / 60);
  return `${minutes} minutes`;
}

export function limiter(
  cfg: RateLimitConfig,
  tooMany: string,
  opts: { skipSuccessfulRequests?: boolean } = {},
): RequestHandler {
  if (cfg.limit === 0) return (_req, _res, next) => next();
  return rateLimit({
    windowMs: cfg.windowMs,
    limit: cfg.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    skipSuccessfulRequests: opts.skipSuccessfulRequests ?? false,
    handler: (req, _res, next) => {
      const reset = (req as typeof req & { rateLimit?: RateLimitInfo }).rateLimit?.resetTime;
      const retry = Math.max(1, Math.ceil(((reset ? reset.getTime() : Date.now() + cfg.windowMs) - Date.now()) / 1000));
      next(new HttpError(429, "rate_limited", `${tooMany} Please try again in ${humanDuration(retry)}.`, { retry_after_seconds: retry }));
    },
  });
}
