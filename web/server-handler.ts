// Mounts the server-rendered site (the React Router build in build/web) inside the API's Express app:
// static assets first, then every page. The API's createApp() mounts it after /api, /sitemap.xml and
// /robots.txt (AppDeps.siteHandler); the API's helmet middleware has already put the CSP nonce in
// res.locals.cspNonce. Public pages are rendered once per version of their data and reused (web/page-cache.ts),
// each response getting its own nonce.
//
// Two ways to use it:
//   const server = await startSiteServer({ ...StartServerOptions });          // jwi serve / npm start, e2e tests
//   app = createApp({ …, siteHandler: await createSiteHandler({ data: () => ({ read, operatorSession }), site }) });
import { randomBytes, randomUUID } from "node:crypto";
import { existsSync, readdirSync } from "node:fs";
import type { IncomingMessage, ServerResponse } from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express, { type Request as ExpressRequest, type RequestHandler, type Response as ExpressResponse } from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { SITE_BUILD_DIR } from "../pipeline/paths.ts";
import { contentVersion } from "../pipeline/serving-db.ts";
import type { SessionLookup, SiteLoadContext, SiteReader, SiteSettings } from "./app/lib/context.ts";
import type { AppConfig } from "../api/env.ts";
import { logFastAnswer, type FastRead, type PageFastPathDeps } from "../api/fast-reads.ts";
import { CACHE_NEVER, CACHE_STATIC, etagMatches, originFrom, originVary, requestOrigin } from "../api/http.ts";
import { startServer, type RunningServer, type StartServerOptions } from "../api/server.ts";
import { addVary, compressAsync, encodedEtag, ENCODINGS, isCompressible, MIN_COMPRESS_BYTES, negotiateEncoding, type Encoding } from "../api/compression.ts";
import { bytesWithNonce, gzipWithNonceOf, PageCache, type CachedPage, type RenderedPage } from "./page-cache.ts";
import { HOME_VARY, homeRedirect, localePath } from "../product/locales.ts";

export type { SiteSettings };

/** build/web, where `npm run build` (react-router build) writes client/ and server/. */
export const DEFAULT_BUILD_DIR = SITE_BUILD_DIR;

/**
 * How long a public page's render is reused here and by shared caches (a CDN: s-maxage, then
 * stale-while-revalidate). Browsers revalidate every visit (max-age=0), which costs a 304 while nothing
 * changed, so a visitor never sees an older page than the CDN's.
 */
export const PAGE_MAX_AGE_S = 60;
export const PAGE_STALE_S = 300;
export const PAGE_CACHE_CONTROL = `public, max-age=0, s-maxage=${PAGE_MAX_AGE_S}, stale-while-revalidate=${PAGE_STALE_S}`;

type Lazy<T> = T | (() => T | undefined);

/** What the pages read: the API's reader and session lookup, in the same process (one read path). */
export interface SiteData {
  read: SiteReader;
  operatorSession: SessionLookup;
}

export interface SiteHandlerOptions {
  /** The API's reader and sessions; a getter when the handler is created before the API is. */
  data: Lazy<SiteData>;
  /** Public origin (null: per request) and feedback form URL (from the API's AppConfig); a getter likewise. */
  site: Lazy<SiteSettings>;
  /**
   * The version of everything a public page shows (publication, community, pause switch): renders are reused
   * while it stays the same. Without it (or while it answers undefined) nothing is cached.
   */
  dataVersion?: () => string | undefined;
  /** Where the site was built (default build/web). */
  buildDir?: string;
  /** Clock of the pages (tests pin it; default: the real time per request). */
  now?: () => Date;
  /** Renders kept at most (default 500). */
  maxCachedPages?: number;
  /**
   * The Vary header of public pages (api/http.ts originVary): without a configured public origin their links
   * name the request's host, so shared caches must keep one copy per host. Null or absent: none.
   */
  vary?: Lazy<string | null>;
}

const resolve = <T>(v: Lazy<T>): T | undefined => (typeof v === "function" ? (v as () => T | undefined)() : v);

/** The site's public settings out of the API's configuration. */
export function siteConfigOf(config: Pick<AppConfig, "publicOrigin" | "feedbackUrl" | "leadsRetentionDays">): SiteSettings {
  return { publicOrigin: config.publicOrigin, feedbackUrl: config.feedbackUrl, leadsRetentionDays: config.leadsRetentionDays };
}

/** Loads the server build; throws a clear error when the site was not built. */
export async function loadSiteBuild(buildDir = DEFAULT_BUILD_DIR): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server", "index.js");
  if (!existsSync(entry)) {
    throw new Error(`The site is not built (${path.relative(process.cwd(), entry)} is missing). Run \`npm run build\` first.`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** The Fetch API request React Router renders, from Express's (pages are GET or HEAD, without a body). */
function fetchRequest(req: ExpressRequest, method: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(`${requestOrigin(req)}${req.originalUrl}`, { method, headers });
}

async function rendered(response: Response): Promise<RenderedPage> {
  const headers: Array<[string, string]> = [];
  response.headers.forEach((value, name) => headers.push([name, value]));
  return { status: response.status, headers, body: await response.text() };
}

/** The site's middleware, with a read-only count of its server renders (tests and the bench observe the cache with it). */
export interface SiteHandler extends RequestHandler {
  /** Pages rendered by React Router so far: cache misses, uncached pages and the operator area. */
  renders(): number;
  /**
   * The fast path (api/app.ts requestListener): answers a GET/HEAD whose page is in the cache straight from
   * node:http, before Express, with the same headers; false (touching nothing) for anything else.
   */
  fastPath(deps: PageFastPathDeps): FastRead;
}

/** The home page's URL ("/" with or without a query), whose answer depends on Accept-Language and Cookie. */
const isHome = (url: string) => url === "/" || url.startsWith("/?");

/** Pages that must never be kept or shared: the operator area. */
const PRIVATE_PAGES = /^\/admin(?:[/.?]|$)/;

/**
 * What a render is kept under: the data version, the origin its links name (the configured public origin, else
 * the one the request came to: api/http.ts requestOrigin), the URL. With a public origin configured, every host
 * shares one render (and one ETag); without, each host has its own, and the answer says `Vary` (SiteHandlerOptions).
 */
const pageKey = (version: string, site: SiteSettings, origin: string, url: string) => `${version}|${site.publicOrigin ?? origin}|${url}`;

/**
 * The encodings of a cached page, in order of preference at equal q-values. gzip costs a join of the entry's
 * deflate segments (made once per render); brotli, whose streams cannot be joined around a nonce, would be a
 * compression per response (~2 ms of CPU for a 77 KB page: 1,900 req/s fell to double digits in the pages bench),
 * so a cached page goes brotli only to a client that weighs it above gzip or does not take gzip
 * (docs/decisions/012-compression.md).
 */
const SHARED_PAGE_ENCODINGS: readonly Encoding[] = ["gzip", "br"];

/** Sends a cached page with this response's nonce (304 when the client holds it): both paths use it. */
function sendShared(req: IncomingMessage, res: ServerResponse, page: CachedPage, nonce: string, vary: string | null | undefined): void {
  res.statusCode = page.status;
  for (const [name, value] of page.headers) {
    if (name.toLowerCase() === "content-security-policy" || name.toLowerCase() === "content-length") continue;
    res.appendHeader(name, value);
  }
  res.setHeader("Cache-Control", PAGE_CACHE_CONTROL);
  if (vary) res.setHeader("Vary", vary);
  // gzip first at equal q-values: it is made once per render, brotli would be made per response.
  const encoding = pageEncoding(req, res, page.bytes.reduce((n, b) => n + b.length, 0), SHARED_PAGE_ENCODINGS);
  res.setHeader("ETag", encodedEtag(page.etag, encoding));
  if (etagMatches(req.headers["if-none-match"], page.etag)) {
    // No CSP on a 304: the copy the client keeps holds the nonce of the response it came with, and its own
    // CSP header must stay the one that names that nonce.
    res.removeHeader("Content-Security-Policy");
    res.statusCode = 304;
    res.end();
    return;
  }
  if (encoding === "gzip") send(req, res, gzipWithNonceOf(page, nonce), encoding);
  else if (encoding === "br") sendCompressed(req, res, bytesWithNonce(page, nonce), encoding);
  else send(req, res, bytesWithNonce(page, nonce), null);
}

/** The encoding of a page's answer (pages are HTML: always `Vary: Accept-Encoding`); null: as it is. */
function pageEncoding(req: IncomingMessage, res: ServerResponse, length: number, offered: readonly Encoding[] = ENCODINGS): Encoding | null {
  addVary(res, "Accept-Encoding");
  return isCompressible(res.getHeader("Content-Type")) && length >= MIN_COMPRESS_BYTES ? negotiateEncoding(req.headers["accept-encoding"], offered) : null;
}

function send(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: Encoding | null): void {
  if (encoding) res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  res.end(req.method === "HEAD" ? undefined : body);
}

/** Compresses this response's bytes off the event loop, then sends them (as they are if compression fails). */
function sendCompressed(req: IncomingMessage, res: ServerResponse, body: Buffer, encoding: Encoding): void {
  compressAsync(body, encoding).then(
    (out) => send(req, res, out, encoding),
    () => send(req, res, body, null),
  );
}

/** Static files of text types: their answers vary with Accept-Encoding even when too small to have been compressed. */
const TEXT_FILE = /\.(?:js|mjs|css|svg|json|txt|xml|html|map|webmanifest)$/i;

/** Vary, Content-Type and Content-Encoding of a precompressed static file (bin/precompress.mjs), before serve-static answers. */
function precompressed(dir: string): RequestHandler {
  const variants = precompressedFiles(dir);
  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const file = req.path;
    const offered = variants.get(file);
    if (offered || TEXT_FILE.test(file)) addVary(res, "Accept-Encoding");
    if (!offered) return next();
    const encoding = negotiateEncoding(req.headers["accept-encoding"], offered);
    if (!encoding) return next();
    res.type(path.extname(file)); // the original's type, not that of .br / .gz
    res.setHeader("Content-Encoding", encoding);
    req.url = req.url.replace(/^[^?]*/, (p) => `${p}${encoding === "br" ? ".br" : ".gz"}`);
    next();
  };
}

/** The files under `dir` that have .br / .gz siblings, by URL path, with the encodings they have (br first). */
function precompressedFiles(dir: string): Map<string, Encoding[]> {
  const out = new Map<string, Encoding[]>();
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile() || /\.(?:br|gz)$/.test(entry.name)) continue;
    const full = path.join(entry.parentPath, entry.name);
    const offered = ENCODINGS.filter((e) => existsSync(`${full}${e === "br" ? ".br" : ".gz"}`));
    if (offered.length) out.set(`/${path.relative(dir, full).split(path.sep).join("/")}`, offered);
  }
  return out;
}

/** Express middleware serving the site: hashed assets (cached for a year), public files, then the pages. */
export async function createSiteHandler(opts: SiteHandlerOptions): Promise<SiteHandler> {
  const buildDir = opts.buildDir ?? DEFAULT_BUILD_DIR;
  const build = await loadSiteBuild(buildDir);
  const clientDir = path.join(buildDir, "client");
  const now = opts.now ?? (() => new Date());
  const handle = createRequestHandler(build, "production");
  const cache = new PageCache({ ttlMs: PAGE_MAX_AGE_S * 1000, maxEntries: opts.maxCachedPages ?? 500 });

  let renders = 0;
  const render = (req: ExpressRequest, nonce: string, method = req.method): Promise<RenderedPage> => {
    renders++;
    const data = resolve(opts.data);
    const site = resolve(opts.site);
    if (!data || !site) throw new Error("The site handler is not bound to the API yet.");
    // Without a configured public origin, links name the origin the visitor asked (development, tests).
    const context: SiteLoadContext = { ...data, site: { ...site, publicOrigin: site.publicOrigin ?? requestOrigin(req) }, cspNonce: nonce, now: now() };
    return handle(fetchRequest(req, method), context as AppLoadContext).then(rendered);
  };

  /** A render that is not shared: the operator area and anything that may not be kept, never stored. */
  const sendOwn = (req: ExpressRequest, res: ExpressResponse, page: RenderedPage) => {
    res.status(page.status);
    for (const [name, value] of page.headers) {
      if (name.toLowerCase() === "content-security-policy" || name.toLowerCase() === "content-length") continue;
      res.append(name, value);
    }
    const own = PRIVATE_PAGES.test(req.path);
    res.setHeader("Cache-Control", own ? "no-store" : "no-cache");
    const vary = own ? null : ((res.locals.homeVary as string | undefined) ?? resolve(opts.vary ?? null));
    if (vary) res.setHeader("Vary", vary);
    const body = Buffer.from(page.body);
    const encoding = pageEncoding(req, res, body.length);
    if (encoding) sendCompressed(req, res, body, encoding);
    else send(req, res, body, null);
  };

  const router = express.Router();
  // Hashed assets and public files have brotli and gzip siblings made by the build (bin/precompress.mjs).
  router.use(
    "/assets",
    precompressed(path.join(clientDir, "assets")),
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false, redirect: false }),
  );
  // Unhashed public files (flags, favicon, the share image): an hour fresh, a day stale-while-revalidate, with
  // serve-static's ETag and Last-Modified for the revalidation.
  router.use(
    precompressed(clientDir),
    express.static(clientDir, {
      index: false,
      redirect: false,
      setHeaders: (res) => res.setHeader("Cache-Control", CACHE_STATIC),
    }),
  );
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // The site has no form actions: writes go to /api. Anything else is a plain 405.
      res.status(405).setHeader("Allow", "GET, HEAD").setHeader("Cache-Control", CACHE_NEVER).type("text/plain").send("Method Not Allowed");
      return;
    }
    // A visitor arriving at "/" without a language cookie goes to the language their browser prefers; the answers
    // of "/" say what they vary with. Deep links are never redirected (docs/i18n.md).
    if (req.path === "/") {
      const header = req.headers["accept-language"];
      const to = homeRedirect(req.path, Array.isArray(header) ? header.join(",") : header, req.headers.cookie);
      const vary = [resolve(opts.vary ?? null), HOME_VARY].filter(Boolean).join(", ");
      if (to) {
        const query = req.originalUrl.slice(req.path.length);
        res.status(302).setHeader("Location", `${localePath(to, "/")}${query}`).setHeader("Vary", vary).setHeader("Cache-Control", "private, no-cache").end();
        return;
      }
      res.locals.homeVary = vary;
    }
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    const version = PRIVATE_PAGES.test(req.path) ? undefined : opts.dataVersion?.();
    const site = resolve(opts.site);
    const work = async () => {
      if (version === undefined || !site) {
        sendOwn(req, res, await render(req, nonce));
        return;
      }
      const key = pageKey(version, site, requestOrigin(req), req.originalUrl);
      const entry = await cache.get(key, (placeholder) => render(req, placeholder, "GET"));
      if (entry) sendShared(req, res, entry, nonce, (res.locals.homeVary as string | undefined) ?? resolve(opts.vary ?? null));
      else sendOwn(req, res, await render(req, nonce));
    };
    work().catch(next);
  });
  const fastPath = (deps: PageFastPathDeps): FastRead => (req, res) => {
    if (req.method !== "GET" && req.method !== "HEAD") return false;
    const url = req.url ?? "/";
    if (url.startsWith("/api/") || url.startsWith("/assets/") || PRIVATE_PAGES.test(url)) return false;
    if (isHome(url)) return false; // Express answers "/": its language may depend on the request (docs/i18n.md)
    let entry: CachedPage | undefined;
    let protocol: string;
    try {
      const version = opts.dataVersion?.();
      const site = resolve(opts.site);
      if (version === undefined || !site) return false;
      protocol = deps.protocol(req);
      entry = cache.peek(pageKey(version, site, originFrom(protocol, deps.host(req)), url));
    } catch {
      return false; // Express answers, through the error middleware
    }
    if (!entry) return false; // Express renders it (and fills the cache)
    const started = deps.logger ? performance.now() : 0;
    const id = randomUUID();
    const nonce = randomBytes(16).toString("base64");
    res.setHeader("X-Request-Id", id);
    for (const [name, value] of deps.headers(protocol === "https", nonce)) res.setHeader(name, value);
    sendShared(req, res, entry, nonce, resolve(opts.vary ?? null));
    if (deps.logger) logFastAnswer(deps.logger, id, req, url.split("?")[0]!, res, started);
    return true;
  };
  return Object.assign(router, { renders: () => renders, fastPath });
}

/**
 * The API server (api/server.ts startServer) with the site mounted: what `jwi serve` / `npm start` should run.
 * The handler is created first and bound to the server's database once it is open.
 */
export async function startSiteServer(
  opts: StartServerOptions & { buildDir?: string; now?: () => Date } = {},
): Promise<RunningServer & { site: SiteHandler }> {
  const { buildDir, now, ...serverOpts } = opts;
  let bound: { data: SiteData; site: SiteSettings; vary: string | null; version: () => string } | null = null;
  const siteHandler = await createSiteHandler({
    data: () => bound?.data,
    site: () => bound?.site,
    dataVersion: () => bound?.version(),
    vary: () => bound?.vary,
    buildDir,
    now,
  });
  // One clock for the pages and the API: both readers must agree on which scores may be shown.
  const server = await startServer({ ...serverOpts, now, siteHandler });
  const { read, sessions } = server.app.services;
  bound = {
    data: { read, operatorSession: (cookie) => sessions.operatorOf(cookie) },
    site: siteConfigOf(server.config),
    vary: originVary(server.config),
    // The month of the clock is part of the version: which scores may be shown changes with it; so is the pause
    // switch as the reader serves it (no score while paused), so pages roll over on pause and on resume.
    version: () =>
      `p${read.publicationId()}${read.operatorPausedNow() ? "-paused" : ""}-c${contentVersion(server.db)}-m${(now?.() ?? new Date()).toISOString().slice(0, 7)}`,
  };
  return Object.assign(server, { site: siteHandler });
}
