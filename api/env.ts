// The server's environment, validated once at start-up with zod (docs/architecture.md): the pipeline's variables
// plus the web server's. Every bad variable is reported at once. Nothing else in api/ reads process.env.
import path from "node:path";
import { z } from "zod";
import { formatEnvIssues, intFrom, pipelineEnvSchema } from "../lib/env.ts";

const boolFrom = (dflt: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no"], { error: "expected true or false" })
    .optional()
    .transform((v) => (v === undefined ? dflt : v === "true" || v === "1" || v === "yes"));

const origin = z
  .url({ error: "must be an absolute http(s) URL such as https://jobweather.example" })
  .refine((v) => /^https?:\/\//.test(v), "must start with http:// or https://")
  .transform((v) => new URL(v).origin);

const apiEnvSchema = pipelineEnvSchema.extend({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  PORT: intFrom("PORT", 0, 65535, 3000),
  /**
   * Public origin of the site: canonical links, Open Graph URLs, sitemap, robots (no trailing slash). Required in
   * production (readApiEnv); unset elsewhere, each request's own origin is used (server/http/request.ts requestOrigin).
   */
  JWI_PUBLIC_ORIGIN: origin.optional(),
  /**
   * The tagging entity of the Atom feeds' ids (RFC 4151 tag URIs: a domain or e-mail address you own and a date,
   * e.g. `jobweather.example,2026`). Ids must never change (RFC 4287), so set it before a move of domain; unset:
   * JWI_PUBLIC_ORIGIN's host with 2026, else a fixed development default (api/feeds.ts feedTagOf).
   */
  JWI_FEED_TAG: z
    .string()
    .trim()
    .regex(
      /^(?:[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?|[^\s@,:]+@[a-z0-9](?:[a-z0-9.-]*[a-z0-9])?),\d{4}(?:-\d{2}(?:-\d{2})?)?$/i,
      "must be a domain or e-mail address and a date, e.g. jobweather.example,2026",
    )
    .optional(),
  /** External feedback form linked from the footer (optional). */
  JWI_FEEDBACK_URL: z.url({ error: "must be an absolute URL" }).optional(),
  JWI_ADMIN_USERNAME: z.string().trim().min(1).max(200).default("admin"),
  /** argon2id hash (`$argon2id$…`), used when `jwi admin set-password` has stored none. */
  JWI_ADMIN_PASSWORD_HASH: z
    .string()
    .trim()
    .regex(/^\$argon2id\$/, "must be an argon2id hash ($argon2id$…); create one with `jwi admin set-password`")
    .optional(),
  /** Session cookie Secure flag: auto (when the request is HTTPS), true or false. */
  JWI_COOKIE_SECURE: z.enum(["auto", "true", "false"]).default("auto"),
  /**
   * Express `trust proxy`: which reverse proxies may tell the client's address and protocol (X-Forwarded-For,
   * X-Forwarded-Proto). Default `loopback`: a TLS-terminating proxy on the same machine (nginx, Caddy) is trusted,
   * so cookies are Secure and rate limits see the real client. `false`, a hop count, or a comma list of
   * addresses/subnets (`10.0.0.0/8, fc00::/7`) for a proxy elsewhere.
   */
  JWI_TRUST_PROXY: z.string().trim().min(1).default("loopback"),
  JWI_SESSION_TTL_HOURS: intFrom("JWI_SESSION_TTL_HOURS", 1, 24 * 30, 12),
  JWI_UPLOAD_MAX_MB: intFrom("JWI_UPLOAD_MAX_MB", 1, 200, 25),
  /** Rate limits per client IP: requests per window; 0 turns a limit off. */
  JWI_RATE_EXPERIENCES_MAX: intFrom("JWI_RATE_EXPERIENCES_MAX", 0, 1_000_000, 5),
  JWI_RATE_EXPERIENCES_WINDOW_S: intFrom("JWI_RATE_EXPERIENCES_WINDOW_S", 1, 86_400, 600),
  JWI_RATE_WAITING_LIST_MAX: intFrom("JWI_RATE_WAITING_LIST_MAX", 0, 1_000_000, 5),
  JWI_RATE_WAITING_LIST_WINDOW_S: intFrom("JWI_RATE_WAITING_LIST_WINDOW_S", 1, 86_400, 3600),
  JWI_RATE_CONTACT_MAX: intFrom("JWI_RATE_CONTACT_MAX", 0, 1_000_000, 5),
  JWI_RATE_CONTACT_WINDOW_S: intFrom("JWI_RATE_CONTACT_WINDOW_S", 1, 86_400, 3600),
  /** Refused posts (4xx/5xx) per window on all public forms together: the limits above count accepted posts only. */
  JWI_RATE_FAILED_POSTS_MAX: intFrom("JWI_RATE_FAILED_POSTS_MAX", 0, 1_000_000, 100),
  JWI_RATE_FAILED_POSTS_WINDOW_S: intFrom("JWI_RATE_FAILED_POSTS_WINDOW_S", 1, 86_400, 600),
  /** Days a contact message or waiting-list request is kept before it is deleted (docs/product.md §6). */
  JWI_LEADS_RETENTION_DAYS: intFrom("JWI_LEADS_RETENTION_DAYS", 1, 3650, 365),
  /** Failed logins per window (successful ones do not count). */
  JWI_RATE_LOGIN_MAX: intFrom("JWI_RATE_LOGIN_MAX", 0, 1_000_000, 10),
  JWI_RATE_LOGIN_WINDOW_S: intFrom("JWI_RATE_LOGIN_WINDOW_S", 1, 86_400, 900),
  /** Memory (heap, MB) a data job may use in its child process; a file that needs more is refused. */
  JWI_JOB_MEMORY_MB: intFrom("JWI_JOB_MEMORY_MB", 128, 65_536, 1536),
  /** Time limit of one upload or recalc job, in seconds. */
  JWI_JOB_TIMEOUT_S: intFrom("JWI_JOB_TIMEOUT_S", 5, 86_400, 600),
  /** Time limit of one scheduled update (many downloads with retries), in seconds. */
  JWI_UPDATE_TIMEOUT_S: intFrom("JWI_UPDATE_TIMEOUT_S", 5, 86_400, 3600),
  /** Open connections the server accepts at once; beyond it new ones are refused until some close. */
  JWI_MAX_CONNECTIONS: intFrom("JWI_MAX_CONNECTIONS", 10, 1_000_000, 1024),
  /**
   * Open connections one client address (an IPv6 /64) may hold at once; beyond it its new ones are closed, so one
   * client cannot take every slot. Not applied to a trusted proxy's address (JWI_TRUST_PROXY). 0 turns it off.
   */
  JWI_MAX_CONNECTIONS_PER_ADDRESS: intFrom("JWI_MAX_CONNECTIONS_PER_ADDRESS", 0, 1_000_000, 64),
  /** Time a client has to send a whole request (headers and body), in seconds; slower ones are cut off with 408. */
  JWI_REQUEST_TIMEOUT_S: intFrom("JWI_REQUEST_TIMEOUT_S", 1, 3600, 60),
  /** Time a client has to send the request headers, in seconds (a browser sends them at once). */
  JWI_HEADERS_TIMEOUT_S: intFrom("JWI_HEADERS_TIMEOUT_S", 1, 600, 10),
  /**
   * Megabytes the server's page cache may hold (rendered public pages and their gzip forms; the least recently used
   * go first): server/site/page-cache.ts, docs/decisions/007-page-cache.md.
   */
  JWI_PAGE_CACHE_MB: intFrom("JWI_PAGE_CACHE_MB", 1, 65_536, 64),
  /** Log one line per HTTP request (pino-http, at info). */
  JWI_HTTP_LOG: boolFrom(true),
  /**
   * Draw the share cards nobody has asked for yet while the server is idle (one at a time, in its card worker), so
   * that crawlers rarely wait for one (docs/decisions/008-share-cards.md). Off: each is drawn at its first request.
   */
  JWI_DRAW_CARDS_AHEAD: boolFrom(true),
});

export type ApiEnv = z.infer<typeof apiEnvSchema>;

/** What a production server may not start without, beside the checks of each variable. */
const productionEnvSchema = apiEnvSchema.superRefine((env, ctx) => {
  if (env.NODE_ENV === "production" && env.JWI_PUBLIC_ORIGIN === undefined) {
    ctx.addIssue({
      code: "custom",
      path: ["JWI_PUBLIC_ORIGIN"],
      message:
        "required when NODE_ENV=production: set it to the site's public address (e.g. https://jobweather.example), which canonical links, " +
        "Open Graph URLs, the sitemap and robots.txt name",
    });
  }
});

/** Reads and validates the environment; throws one Error that lists every bad variable. */
export function readApiEnv(env: NodeJS.ProcessEnv = process.env): ApiEnv {
  const parsed = productionEnvSchema.safeParse(env);
  if (!parsed.success) throw new Error(`Invalid environment:\n${formatEnvIssues(parsed.error)}`);
  return { ...parsed.data, JWI_DATA_DIR: path.resolve(parsed.data.JWI_DATA_DIR) };
}

/** Refused posts per client on the public forms when the config names no other: 100 per 10 minutes. */
export const DEFAULT_FAILED_POSTS_LIMIT: RateLimitConfig = { limit: 100, windowMs: 600_000 };

export interface RateLimitConfig {
  /** Requests per window per client; 0 = no limit. */
  limit: number;
  windowMs: number;
}

/** Everything createApp needs to know; built from the environment, or by hand in tests and benches. */
export interface AppConfig {
  env: "development" | "production" | "test";
  /** The configured public origin; null: each request's own (protocol and host as Express sees them). */
  publicOrigin: string | null;
  /** The Atom ids' tagging entity (JWI_FEED_TAG); null: derived from publicOrigin (api/feeds.ts feedTagOf). */
  feedTag: string | null;
  feedbackUrl: string | null;
  adminUsername: string;
  /** Fallback password hash when none is stored in SQLite. */
  adminPasswordHash: string | null;
  cookieSecure: "auto" | boolean;
  trustProxy: boolean | number | string;
  sessionTtlMs: number;
  uploadMaxBytes: number;
  /** Limit for public JSON bodies (experiences, waiting list, contact, login). */
  jsonLimitBytes: number;
  /**
   * Per client. experiences, waitingList and contact count accepted posts only; failedPosts counts the refused
   * ones (any 4xx/5xx) of all public forms together, so that a flood of garbage is still stopped. Left out, it
   * is DEFAULT_FAILED_POSTS_LIMIT.
   */
  rateLimits: {
    experiences: RateLimitConfig;
    waitingList: RateLimitConfig;
    contact: RateLimitConfig;
    login: RateLimitConfig;
    failedPosts?: RateLimitConfig;
  };
  /** Contact messages and waiting-list requests older than this are deleted (server/start.ts sweeps). */
  leadsRetentionDays: number;
  httpLog: boolean;
  /** Public reads trust the newest publication id for this long (ms) before asking SQLite again. */
  publicationCheckMs: number;
  /** Draw, while idle, the share cards nobody has asked for yet (JWI_DRAW_CARDS_AHEAD; api/share-card-images.ts). */
  drawCardsAhead: boolean;
  /** Bytes the page cache may hold (JWI_PAGE_CACHE_MB; server/site/page-cache.ts). */
  pageCacheBytes: number;
  /** The server's update schedule (JWI_UPDATE_CRON); null or absent: none. The data status shows its next run. */
  updateCron?: string | null;
  /** Connection cap and request timeouts of the HTTP server (ms). */
  http: {
    maxConnections: number;
    maxConnectionsPerAddress: number;
    requestTimeoutMs: number;
    headersTimeoutMs: number;
  };
}

function parseTrustProxy(value: string): boolean | number | string {
  if (value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) return Number(value);
  return value;
}

export function configFromEnv(env: ApiEnv): AppConfig {
  return {
    env: env.NODE_ENV,
    publicOrigin: env.JWI_PUBLIC_ORIGIN ?? null,
    feedTag: env.JWI_FEED_TAG?.toLowerCase() ?? null,
    feedbackUrl: env.JWI_FEEDBACK_URL ?? null,
    adminUsername: env.JWI_ADMIN_USERNAME,
    adminPasswordHash: env.JWI_ADMIN_PASSWORD_HASH ?? null,
    cookieSecure: env.JWI_COOKIE_SECURE === "auto" ? "auto" : env.JWI_COOKIE_SECURE === "true",
    trustProxy: parseTrustProxy(env.JWI_TRUST_PROXY),
    sessionTtlMs: env.JWI_SESSION_TTL_HOURS * 3_600_000,
    uploadMaxBytes: env.JWI_UPLOAD_MAX_MB * 1024 * 1024,
    jsonLimitBytes: 16 * 1024,
    rateLimits: {
      experiences: { limit: env.JWI_RATE_EXPERIENCES_MAX, windowMs: env.JWI_RATE_EXPERIENCES_WINDOW_S * 1000 },
      waitingList: { limit: env.JWI_RATE_WAITING_LIST_MAX, windowMs: env.JWI_RATE_WAITING_LIST_WINDOW_S * 1000 },
      contact: { limit: env.JWI_RATE_CONTACT_MAX, windowMs: env.JWI_RATE_CONTACT_WINDOW_S * 1000 },
      login: { limit: env.JWI_RATE_LOGIN_MAX, windowMs: env.JWI_RATE_LOGIN_WINDOW_S * 1000 },
      failedPosts: { limit: env.JWI_RATE_FAILED_POSTS_MAX, windowMs: env.JWI_RATE_FAILED_POSTS_WINDOW_S * 1000 },
    },
    leadsRetentionDays: env.JWI_LEADS_RETENTION_DAYS,
    httpLog: env.JWI_HTTP_LOG,
    publicationCheckMs: 100,
    drawCardsAhead: env.JWI_DRAW_CARDS_AHEAD,
    pageCacheBytes: env.JWI_PAGE_CACHE_MB * 1024 * 1024,
    updateCron: env.JWI_UPDATE_CRON ?? null,
    http: {
      maxConnections: env.JWI_MAX_CONNECTIONS,
      maxConnectionsPerAddress: env.JWI_MAX_CONNECTIONS_PER_ADDRESS,
      requestTimeoutMs: env.JWI_REQUEST_TIMEOUT_S * 1000,
      headersTimeoutMs: Math.min(env.JWI_HEADERS_TIMEOUT_S, env.JWI_REQUEST_TIMEOUT_S) * 1000,
    },
  };
}
