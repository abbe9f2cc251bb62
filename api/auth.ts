// Operator authentication: argon2id password check, session cookie, and the guards of /api/admin/*.
import { createHash, timingSafeEqual } from "node:crypto";
import { hash as argonHash, verify as argonVerify } from "@node-rs/argon2";
import type { CookieOptions, Request, RequestHandler, Response } from "express";
import type { Logger } from "../lib/logger.ts";
import type { CredentialStore, SessionStore } from "./db/operator.ts";
import type { AppConfig } from "./env.ts";
import { readCookie, SESSION_COOKIE } from "./cookies.ts";
import { HttpError } from "../server/http/errors.ts";

export { SESSION_COOKIE };

export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 1024;

/** argon2id hash of a password (the library's default algorithm is argon2id; checked, not assumed). */
export async function hashPassword(password: string): Promise<string> {
  const hashed = await argonHash(password);
  if (!hashed.startsWith("$argon2id$")) throw new Error("argon2 did not produce an argon2id hash");
  return hashed;
}

export interface Operator {
  username: string;
  expiresAt: string;
  token: string;
}

declare module "express-serve-static-core" {
  interface Locals {
    /** Per-request CSP nonce (helmet's script-src 'nonce-…'); the server-rendered site puts it on its scripts. */
    cspNonce: string;
    /** The logged-in operator, set by the session middleware. */
    operator?: Operator;
  }
}

export function cookieOptions(req: Request, config: AppConfig, maxAgeMs?: number): CookieOptions {
  return {
    httpOnly: true,
    sameSite: "strict",
    secure: config.cookieSecure === "auto" ? req.secure : config.cookieSecure,
    path: "/",
    ...(maxAgeMs === undefined ? {} : { maxAge: maxAgeMs }),
  };
}

/** Sets res.locals.operator when the request carries a valid, unexpired session cookie. */
export function sessionMiddleware(sessions: SessionStore): RequestHandler {
  return (req, res, next) => {
    const token = readCookie(req.headers.cookie, SESSION_COOKIE);
    if (token) {
      const s = sessions.find(token);
      if (s) res.locals.operator = { username: s.username, expiresAt: s.expiresAt, token };
    }
    next();
  };
}

export const requireOperator: RequestHandler = (_req, res, next) => {
  if (res.locals.operator) return next();
  next(new HttpError(401, "unauthorized", "Operator session required: log in first."));
};

/** The operator named on this response (throws when none: only call behind requireOperator). */
export function operatorOf(res: Response): Operator {
  const op = res.locals.operator;
  if (!op) throw new HttpError(401, "unauthorized", "Operator session required: log in first.");
  return op;
}

/**
 * CSRF defence in depth for operator writes (besides the SameSite=Strict cookie and the JSON/multipart
 * content-type requirement): a request that says where it comes from must come from this site.
 */
export function sameOriginGuard(config: AppConfig): RequestHandler {
  return (req, _res, next) => {
    const origin = req.headers.origin;
    if (!origin) return next();
    const own = `${req.protocol}://${req.get("host") ?? ""}`;
    if (origin === own || origin === config.publicOrigin) return next();
    next(new HttpError(403, "forbidden_origin", "Operator actions are accepted from this site only."));
  };
}

const sha = (s: string) => createHash("sha256").update(s).digest();

export class PasswordChecker {
  private dummy: Promise<string> | null = null;
  private warnedNoHash = false;

  constructor(
    private readonly credentials: CredentialStore,
    private readonly config: AppConfig,
    private readonly logger: Logger,
  ) {}

  /** Where the hash comes from: the one stored by `jwi admin set-password`, else JWI_ADMIN_PASSWORD_HASH. */
  source(): "stored" | "env" | "none" {
    if (this.credentials.storedHash()) return "stored";
    return this.config.adminPasswordHash ? "env" : "none";
  }

  /** Constant work whatever is wrong (username, password, no hash configured). */
  async check(username: string, password: string): Promise<boolean> {
    const userOk = timingSafeEqual(sha(username), sha(this.config.adminUsername));
    const hashed = this.credentials.storedHash() ?? this.config.adminPasswordHash;
    if (!hashed && !this.warnedNoHash) {
      this.warnedNoHash = true;
      this.logger.warn("no operator password is set: run `jwi admin set-password` or set JWI_ADMIN_PASSWORD_HASH");
    }
    let passOk = false;
    try {
      passOk = await argonVerify(hashed ?? (await this.dummyHash()), password);
    } catch (err) {
      this.logger.error({ err }, "the operator password hash could not be read");
    }
    return userOk && passOk && hashed !== null;
  }

  private dummyHash(): Promise<string> {
    this.dummy ??= hashPassword("not-a-password-" + Math.random().toString(36));
    return this.dummy;
  }
}
