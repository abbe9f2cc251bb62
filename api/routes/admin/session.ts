// Operator sign-in (docs/decisions/011-login-backoff.md), the session check and sign-out.
import { Router } from "express";
import { cookieOptions, operatorOf, sameOriginGuard, SESSION_COOKIE } from "../../auth.ts";
import { LoginBackoff } from "../../db/login-backoff.ts";
import { HttpError } from "../../../server/http/errors.ts";
import { requireMediaType } from "../../../server/http/request.ts";
import { humanDuration, limiter } from "../../rate-limit.ts";
import { loginInputSchema } from "../../schemas.ts";
import type { AdminKit } from "./kit.ts";

/** POST /login: the only operator route without a session (mounted before the session check). */
export function loginRoutes({ d, json, record, withAudit }: AdminKit): Router {
  const r = Router();
  const { config } = d;
  const loginLimit = limiter(config.rateLimits.login, "Too many failed login attempts.", {
    db: d.db,
    bucket: "login",
    skipSuccessfulRequests: true,
  });
  const backoff = new LoginBackoff(d.db);

  r.post(
    "/login",
    sameOriginGuard(config),
    requireMediaType("application/json"),
    loginLimit,
    json,
    async (req, res) => {
      const input = loginInputSchema.parse(req.body);
      // Per account as well as per address (docs/decisions/011-login-backoff.md): while a username backs off, an
      // attempt from an address that has not logged in to it before is refused unchecked; the real clock, as sessions.
      const client = req.ip ?? "";
      const wait = backoff.waitMs(input.username, client, Date.now());
      if (wait > 0) {
        const retry = Math.ceil(wait / 1000);
        throw new HttpError(
          429,
          "rate_limited",
          `Too many failed login attempts for this account. Please try again in ${humanDuration(retry)}.`,
          { retry_after_seconds: retry },
        );
      }
      const ok = await d.passwords.check(input.username, input.password);
      if (!ok) {
        withAudit(() => {
          backoff.failed(input.username, Date.now());
          record(input.username, "login", "denied");
        });
        throw new HttpError(401, "invalid_credentials", "Invalid admin credentials");
      }
      const session = withAudit(() => {
        backoff.succeeded(input.username, client, Date.now());
        // Sessions follow the real clock, as their check does (a pinned page clock must not expire them at once).
        const created = d.sessions.create(config.adminUsername, config.sessionTtlMs, new Date());
        record(config.adminUsername, "login", "ok");
        return created;
      });
      res.cookie(SESSION_COOKIE, session.token, cookieOptions(req, config, config.sessionTtlMs));
      res.json({
        ok: true,
        message: "Admin access granted",
        username: config.adminUsername,
        expires_at: session.expiresAt,
      });
    },
  );

  return r;
}

/** GET /session, POST /logout (behind the session check). */
export function sessionRoutes({ d, record, withAudit }: AdminKit): Router {
  const r = Router();
  const { config } = d;

  r.get("/session", (_req, res) => {
    const op = operatorOf(res);
    res.json({ authenticated: true, username: op.username, expires_at: op.expiresAt });
  });

  r.post("/logout", (req, res) => {
    const op = operatorOf(res);
    withAudit(() => {
      d.sessions.delete(op.token);
      record(op.username, "logout", "ok");
    });
    res.clearCookie(SESSION_COOKIE, cookieOptions(req, config));
    res.json({ ok: true });
  });

  return r;
}
