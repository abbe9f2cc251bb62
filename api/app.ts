// The Express application: JSON API, sitemap/robots, and a hook for the server-rendered site. No listen here
// (server/start.ts does that), so tests and benches can mount it on any port.
import { randomBytes, randomUUID } from "node:crypto";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import express, { type Express, type RequestHandler } from "express";
import helmet from "helmet";
import { pinoHttp } from "pino-http";
import type { Pipeline } from "../pipeline/index.ts";
import type { Logger } from "../lib/logger.ts";
import type { ServingDb } from "../pipeline/serving-db.ts";
import { PasswordChecker, sessionMiddleware } from "./auth.ts";
import { ExperienceStore, WaitingListStore } from "./db/community.ts";
import { ContactStore } from "./db/contact.ts";
import { AuditLog, CredentialStore, SessionStore, SettingsStore } from "./db/operator.ts";
import { applyApiSchema } from "./db/schema.ts";
import type { AppConfig } from "./env.ts";
import { feedTagOf } from "./feeds.ts";
import { createFastRead } from "./fast-reads.ts";
import {
  recordHeaders,
  staticHeaders,
  type FastRead,
  type HeaderList,
  type PageFastPathDeps,
} from "../server/http/fast-path.ts";
import { apiNotFound, errorHandler } from "../server/http/errors.ts";
import { CACHE_NEVER } from "../server/http/cache.ts";
import { claimedHosts, hostProblem, originVary } from "../server/http/request.ts";
import { requestTargetGuard, requestTargetProblem } from "../server/http/request-limits.ts";
import { ReadModel } from "./read-model.ts";
import { normaliseRequest } from "../server/http/request-target.ts";
import { adminRoutes } from "./routes/admin.ts";
import { communityRoutes, communityWrites } from "./routes/community.ts";
import { formPostRoutes } from "./routes/form-posts.ts";
import { feedRoutes } from "./routes/feeds.ts";
import { publicRoutes } from "./routes/public.ts";
import { seoRoutes } from "./routes/seo.ts";
import { shareRoutes } from "./routes/share.ts";
import { ShareCardImages } from "./share-card-images.ts";
import { openApiRoute, v1Routes } from "./routes/v1.ts";

export interface AppDeps {
  /** The serving database (shared with the pipeline). */
  db: ServingDb;
  pipeline: Pipeline;
  logger: Logger;
  config: AppConfig;
  /**
   * The server-rendered site, mounted after the API, sitemap and robots and before the final 404 and error
   * handlers. It reads `res.locals.cspNonce` for its inline scripts. Without it, non-API paths answer 404.
   */
  siteHandler?: RequestHandler & { fastPath?(deps: PageFastPathDeps): FastRead };
  /** Clock (tests). */
  now?: () => Date;
}

/** The stores behind the routes, also handed to the site (it reads the same data in-process). */
export interface ApiServices {
  read: ReadModel;
  experiences: ExperienceStore;
  waitingList: WaitingListStore;
  contact: ContactStore;
  sessions: SessionStore;
  settings: SettingsStore;
  audit: AuditLog;
  credentials: CredentialStore;
}

export function createServices(db: ServingDb, publicationCheckMs = 100): ApiServices {
  applyApiSchema(db);
  const experiences = new ExperienceStore(db);
  const settings = new SettingsStore(db);
  return {
    read: new ReadModel(db, experiences, settings, publicationCheckMs),
    experiences,
    waitingList: new WaitingListStore(db),
    contact: new ContactStore(db),
    sessions: new SessionStore(db),
    settings,
    audit: new AuditLog(db),
    credentials: new CredentialStore(db),
  };
}

/** Per-request CSP nonce, before helmet reads it. */
const cspNonce: RequestHandler = (_req, res, next) => {
  res.locals.cspNonce = randomBytes(16).toString("base64");
  next();
};

/** Every response names its request: logs and 5xx answers carry the same id (docs/architecture.md, "Errors"). */
const requestId: RequestHandler = (_req, res, next) => {
  if (!res.getHeader("X-Request-Id")) res.setHeader("X-Request-Id", randomUUID());
  next();
};

/**
 * Browser features the site never uses, switched off for every page and answer (no camera, microphone,
 * location, payment, USB, sensors, ad-topic tracking).
 */
const PERMISSIONS_POLICY =
  "accelerometer=(), autoplay=(), browsing-topics=(), camera=(), display-capture=(), geolocation=(), gyroscope=(), " +
  "magnetometer=(), microphone=(), midi=(), payment=(), publickey-credentials-get=(), usb=(), xr-spatial-tracking=()";

/**
 * The security headers of every answer that is not a page: JSON, CSV, feeds, images, redirects and every error
 * (nothing on them runs scripts: CSP default-src 'none', no framing, nosniff), computed once by helmet. Express sets
 * them first on every request (pages then replace them with the site's, which add a per-request nonce); the fast
 * paths and the answers Node's parser refuses (server/http/request-limits.ts answerClientError) send the very same list.
 * (Strict-Transport-Security is sent always: browsers only heed it on HTTPS answers.)
 */
export const API_HEADERS: HeaderList = [
  ...recordHeaders(
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: { "default-src": ["'none'"], "frame-ancestors": ["'none'"] },
      },
    }),
  ),
  ["Permissions-Policy", PERMISSIONS_POLICY],
];

const nonceOf = (res: unknown) =>
  `'nonce-${(res as ServerResponse & { locals: { cspNonce: string } }).locals.cspNonce}'`;

/**
 * The site's helmet: scripts and <style> elements only with the per-request nonce; `style` attributes stay
 * allowed (style-src-attr 'unsafe-inline'), because React and the Radix primitives position popovers, tooltips
 * and the drawer with inline style attributes, which a nonce cannot cover and which cannot run script.
 * Plain-http requests get no upgrade-insecure-requests (it would break every asset of a development server).
 */
function siteHelmet(secure: boolean): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: true,
      directives: {
        "script-src": ["'self'", (_req, res) => nonceOf(res)],
        "style-src": ["'self'", (_req, res) => nonceOf(res)],
        "style-src-attr": ["'unsafe-inline'"],
        "img-src": ["'self'", "data:"],
        "connect-src": ["'self'"],
        "form-action": ["'self'"],
        "frame-ancestors": ["'none'"],
        "upgrade-insecure-requests": secure ? [] : null,
      },
    },
  });
}
/**
 * The headers pageHeaders() below sets on a page, recorded once per protocol with a stand-in nonce, so that the
 * fast path for cached pages sends the very same list with its own nonce.
 */
function pageFastPathDeps(app: Express, logger: Logger | null): PageFastPathDeps {
  const slot = `nonce-slot-${randomBytes(9).toString("hex")}`;
  const record = (secure: boolean): HeaderList => [
    ["Permissions-Policy", PERMISSIONS_POLICY],
    ...recordHeaders(siteHelmet(secure), { cspNonce: slot }),
  ];
  const lists = { secure: record(true), insecure: record(false) };
  return {
    headers: (secure, nonce) =>
      (secure ? lists.secure : lists.insecure).map(
        ([name, value]) => [name, value.includes(slot) ? value.replaceAll(slot, nonce) : value] as const,
      ),
    // Express's req.protocol: X-Forwarded-Proto only from a trusted proxy (JWI_TRUST_PROXY).
    protocol: (req) => {
      const own = (req.socket as { encrypted?: boolean }).encrypted ? "https" : "http";
      const trust = app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;
      if (!trust(req.socket.remoteAddress, 0)) return own;
      const header = req.headers["x-forwarded-proto"];
      const value = (Array.isArray(header) ? header[0] : header) || own;
      const comma = value.indexOf(",");
      return comma !== -1 ? value.slice(0, comma).trim() : value.trim();
    },
    // Express's req.host: X-Forwarded-Host only from a trusted proxy, its first value; else Host.
    host: (req) => {
      const { host, forwarded } = claimedHosts(req, trustFn(app));
      return forwarded ?? host;
    },
    logger,
  };
}

const trustFn = (app: Express) => app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean;

/** 400 for a Host (or trusted X-Forwarded-Host) no URL can be made of (server/http/request.ts hostProblem). */
function hostGuard(app: Express): RequestHandler {
  return (req, _res, next) => next(hostProblem(claimedHosts(req, trustFn(app))) ?? undefined);
}

function requestLogger(logger: Logger): RequestHandler {
  return pinoHttp({
    logger,
    quietReqLogger: true,
    genReqId: (_req, res) => {
      const id = res.getHeader("X-Request-Id");
      return typeof id === "string" ? id : randomUUID();
    },
    // No personal data in request logs: no headers (cookies), no client address, no query string.
    serializers: {
      req: (req: { id: string; method: string; url: string }) => ({
        id: req.id,
        method: req.method,
        path: req.url.split("?")[0],
      }),
      res: (res: { statusCode: number }) => ({ statusCode: res.statusCode }),
    },
    customLogLevel: (_req: IncomingMessage, res: ServerResponse, err?: Error) =>
      err || res.statusCode >= 500 ? "error" : res.statusCode >= 400 ? "warn" : "info",
  }) as unknown as RequestHandler;
}

/** The Express app plus the fast paths for cached public reads (see fast-reads.ts) and cached pages. */
export interface JwiApp extends Express {
  fastRead: FastRead;
  /** Cached pages of the site, answered before Express (server/site/page-fast-path.ts); always false without a site. */
  fastPage: FastRead;
  /** The stores and read model, for the server-rendered site (same process, same data). */
  services: ApiServices;
  /** The share cards' pictures, drawn by this server (api/share-card-images.ts); close() stops its worker. */
  shareCards: ShareCardImages;
  /**
   * When the last visitor's request arrived (performance.now(); 0 before any): cards are drawn ahead only when it is
   * long ago. Health probes and the operator's own requests (a status page polling while cards are drawn) do not count.
   */
  lastRequestAt: number;
}

/** Requests that are not a visitor's: health probes and the operator area's. */
const NOT_VISITORS = /^\/(api\/health|api\/admin|admin)(\/|\?|$)/;

/**
 * The node:http request listener: cached public reads first, Express for everything else. A target that is too
 * long, not a path, or whose percent-encoding does not decode skips the fast paths: Express answers it in the JSON
 * error shape.
 */
export function requestListener(app: JwiApp): RequestListener {
  return (req, res) => {
    // One normalisation of the target before any decision (server/http/request-target.ts): every path read below, in the
    // fast paths, in Express and in the site, is the normalised one.
    normaliseRequest(req);
    if (!NOT_VISITORS.test(req.url ?? "")) app.lastRequestAt = performance.now();
    // A target or a host no route can read skips the fast paths: Express answers it (requestTargetGuard, hostGuard).
    if (requestTargetProblem(req.url ?? "/") !== null || hostProblem(claimedHosts(req, trustFn(app))) !== null)
      app(req, res);
    else if (!app.fastRead(req, res) && !app.fastPage(req, res)) app(req, res);
  };
}

export function createApp(deps: AppDeps): JwiApp {
  const { db, pipeline, logger, config } = deps;
  const now = deps.now ?? (() => new Date());
  const services = createServices(db, config.publicationCheckMs);
  const passwords = new PasswordChecker(services.credentials, config, logger);

  const apiHeaderList = API_HEADERS;
  // Pages (the site, sitemap, robots, 404) get the site CSP with a per-request nonce.
  const siteSecure = siteHelmet(true);
  const siteInsecure = siteHelmet(false);
  const pageHeaders: RequestHandler = (req, res, next) => {
    res.setHeader("Permissions-Policy", PERMISSIONS_POLICY);
    (req.secure ? siteSecure : siteInsecure)(req, res, next);
  };

  const app = express() as unknown as JwiApp;
  app.disable("x-powered-by");
  // res.json writes <, > and & as \u escapes: an error message that names what was asked can never read as markup.
  app.set("json escape", true);
  app.set("etag", false); // ETags are ours: publication id + content hash.
  app.set("trust proxy", config.trustProxy);
  app.services = services;
  app.shareCards = new ShareCardImages(db, logger);
  app.lastRequestAt = 0;
  // Without a configured public origin the OpenAPI document names each request's own: Express answers it.
  app.fastRead = createFastRead(
    services.read,
    apiHeaderList,
    config.httpLog ? logger : null,
    now,
    config.publicOrigin ?? undefined,
  );
  app.fastPage = deps.siteHandler?.fastPath?.(pageFastPathDeps(app, config.httpLog ? logger : null)) ?? (() => false);

  app.use(requestId);
  // Every answer, errors and redirects included, carries the security headers; pages replace them with their own.
  app.use(staticHeaders(apiHeaderList));
  app.use(requestTargetGuard); // 414 / 400 for a target no route can read (server/http/request-limits.ts)
  app.use(hostGuard(app)); // 400 for a host no URL can be made of (server/http/request.ts hostProblem)
  // The answer to a write (a post, a request, a login, an operator action) is never stored by any cache,
  // whichever route answers it and however it ends (docs/open-data.md, "Caching").
  app.use("/api", (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") res.setHeader("Cache-Control", CACHE_NEVER);
    next();
  });
  if (config.httpLog) app.use(requestLogger(logger));

  const api = express.Router();
  api.use(sessionMiddleware(services.sessions));
  api.use(publicRoutes(services.read, now));
  api.use("/v1", v1Routes(services.read, now));
  api.use(openApiRoute(config.publicOrigin, originVary(config)));
  // One set of limits and writes for both doors of the public forms: JSON here, a browser's own post below.
  const communityDeps = {
    db,
    experiences: services.experiences,
    waitingList: services.waitingList,
    contact: services.contact,
    config,
    logger,
    now,
  };
  const writes = communityWrites(communityDeps);
  api.use(communityRoutes(communityDeps, writes));
  api.use(
    "/admin",
    adminRoutes({
      db,
      pipeline,
      sessions: services.sessions,
      passwords,
      settings: services.settings,
      audit: services.audit,
      experiences: services.experiences,
      waitingList: services.waitingList,
      contact: services.contact,
      read: services.read,
      config,
      logger,
      now,
    }),
  );
  api.use(apiNotFound(api as unknown as Parameters<typeof apiNotFound>[0]));
  app.use("/api", api);

  // Share cards and badges: images other sites embed, with the API's security headers (no page CSP).
  app.use(shareRoutes({ read: services.read, cards: app.shareCards, logger, headers: apiHeaderList, now }));

  app.use(cspNonce, pageHeaders);
  app.use(seoRoutes(config.publicOrigin, originVary(config), services.read));
  app.use(feedRoutes(db, services.read, config.publicOrigin, originVary(config), feedTagOf(config), now));
  if (deps.siteHandler) {
    // The forms posted without JavaScript: accepted ones are redirected, refused ones rendered by the site.
    app.use(formPostRoutes({ writes, logger, limitBytes: config.jsonLimitBytes, publicOrigin: config.publicOrigin }));
    app.use(deps.siteHandler);
  }
  app.use((_req, res) => {
    res.status(404).type("text/plain").send("Not Found");
  });
  app.use(errorHandler(logger));
  return app;
}
