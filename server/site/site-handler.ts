// The server-rendered site (the React Router build in build/web) as Express middleware: static files
// (server/site/static-files.ts), then every page. The API's createApp() mounts it after /api, /sitemap.xml and
// /robots.txt (AppDeps.siteHandler); the API's helmet middleware has already put the CSP nonce in
// res.locals.cspNonce. Public pages are rendered once per version of their data and reused (server/site/page-cache.ts),
// each response getting its own nonce (server/site/page-send.ts); cached ones are also answered before Express
// (server/site/page-fast-path.ts). The server process that puts it together is server/main.ts.
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express, {
  type Request as ExpressRequest,
  type RequestHandler,
  type Response as ExpressResponse,
} from "express";
import { createRequestHandler, type AppLoadContext, type ServerBuild } from "react-router";
import { SITE_BUILD_DIR } from "../../lib/paths.ts";
import type { UploadRules } from "../../api/upload-rules.ts";
import type { FastRead, PageFastPathDeps } from "../http/fast-path.ts";
import { CACHE_NEVER } from "../http/cache.ts";
import { requestOrigin } from "../http/request.ts";
import { normaliseTarget, sameSiteLocation, wasRewritten } from "../http/request-target.ts";
import type { SessionLookup, SiteLoadContext, SiteReader, SiteSettings } from "../../web/app/lib/context.ts";
import { PageCache, type CachedPage, type PageDependencies, type RenderedPage } from "./page-cache.ts";
import { keptQuery, pageQueryReader } from "./page-query.ts";
import { pageFastPath } from "./page-fast-path.ts";
import {
  PAGE_MAX_AGE_S,
  pageEncoding,
  PRIVATE_CACHE_CONTROL,
  PRIVATE_PAGES,
  send,
  sendCompressed,
  sendShared,
} from "./page-send.ts";
import { staticFiles } from "./static-files.ts";
import { MESSAGES_MOUNT, messagesFiles, type MessagesFileOf } from "./messages-files.ts";
import { HOME_VARY, homeRedirect, localePath } from "../../product/locales.ts";

/** build/web, where `npm run build` (react-router build) writes client/ and server/. */
export const DEFAULT_BUILD_DIR = SITE_BUILD_DIR;

type Lazy<T> = T | (() => T | undefined);

/** What the pages read: the API's reader and session lookup, in the same process (one read path). */
export interface SiteData {
  read: SiteReader;
  /**
   * The version of a country's community (its posts and hidden posts, from any process): a cached page that showed
   * them is current while it stays the same (api/read-model.ts communityVersion).
   */
  communityVersion: (code: string) => number;
  operatorSession: SessionLookup;
  uploadRules: () => Promise<UploadRules>;
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
  /** Bytes the kept renders may hold together (default 64 MB; JWI_PAGE_CACHE_MB); a getter likewise. */
  maxCachedBytes?: Lazy<number>;
  /**
   * The Vary header of public pages (server/http/request.ts originVary): without a configured public origin their links
   * name the request's host, so shared caches must keep one copy per host. Null or absent: none.
   */
  vary?: Lazy<string | null>;
}

const resolve = <T>(v: Lazy<T>): T | undefined => (typeof v === "function" ? (v as () => T | undefined)() : v);

/** Loads the server build; throws a clear error when the site was not built. */
async function loadSiteBuild(buildDir = DEFAULT_BUILD_DIR): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server", "index.js");
  if (!existsSync(entry)) {
    throw new Error(
      `The site is not built (${path.relative(process.cwd(), entry)} is missing). Run \`npm run build\` first.`,
    );
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** Headers of a form's post that its page's render does not get: the body was read and judged before it. */
const POSTED_ONLY = new Set(["content-length", "content-type", "transfer-encoding", "origin"]);

/**
 * The Fetch API request React Router renders, from Express's: pages are GET or HEAD, without a body; a POST is a
 * form posted without JavaScript that api/routes/form-posts.ts already judged (its own check of where it came from
 * replaces React Router's, which a browser's `Origin: null` under `Referrer-Policy: no-referrer` would fail).
 */
function fetchRequest(req: ExpressRequest, method: string, origin: string): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined || (method === "POST" && POSTED_ONLY.has(name))) continue;
    for (const v of Array.isArray(value) ? value : [value]) headers.append(name, v);
  }
  return new Request(`${origin}${req.originalUrl}`, { method, headers });
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
  /** The page cache (tests and the bench read its size and bytes). */
  cache: Pick<PageCache, "size" | "bytes">;
}

/**
 * What a render is kept under: the data version, the origin its links name (the configured public origin, else
 * the one the request came to: server/http/request.ts requestOrigin), the URL. With a public origin configured, every host
 * shares one render (and one ETag); without, each host has its own, and the answer says `Vary` (SiteHandlerOptions).
 */
const pageKey = (version: string, site: SiteSettings, origin: string, url: string) =>
  `${version}|${site.publicOrigin ?? origin}|${url}`;

/** Express middleware serving the site: hashed assets (cached for a year), public files, then the pages. */
/** The segments whose value the page's own loader puts right, in one redirect with everything else it canonicalises. */
const SELF_CANONICAL = new Set(["country", "compare", "job-market"]);

/**
 * A path with its ASCII letters in lower case, but for the value after /country/, /compare/ and /job-market/ (their
 * loaders answer the canonical address themselves: "/pl/compare/FR-de" goes to "/pl/compare/de-fr" in one step)
 * and for percent-escapes ("%C3%96" stays as browsers send it).
 */
export function lowerCasePath(pathname: string): string {
  const segments = pathname.split("/");
  return segments
    .map((segment, i) =>
      i > 0 && SELF_CANONICAL.has(segments[i - 1]!.toLowerCase())
        ? segment
        : segment.replace(/(%[0-9A-Fa-f]{2})|[A-Z]+/g, (m: string, escape?: string) => escape ?? m.toLowerCase()),
    )
    .join("/");
}

/** Default of SiteHandlerOptions.maxCachedBytes: a few hundred pages (a country page is about 80 KB, 18 KB gzip). */
const DEFAULT_PAGE_CACHE_BYTES = 64 * 1024 * 1024;

/**
 * The reader a render uses: the site's own, with every community it reads noted with its version first (a post
 * after that makes the render stale rather than current with older posts).
 */
function trackedReader(data: SiteData, deps: Array<[string, number]>): SiteReader {
  const read = data.read;
  return {
    countries: (now) => read.countries(now),
    country: (code, now) => read.country(code, now),
    ranking: (type, now) => read.ranking(type, now),
    regions: (now) => read.regions(now),
    publication: () => read.publication(),
    publicationState: (now) => read.publicationState(now),
    sources: () => read.sources(),
    communityOf: (code) => {
      deps.push([code, data.communityVersion(code)]);
      return read.communityOf(code);
    },
  };
}

/** A redirect within this site: never a Location another origin could be read from (server/http/request-target.ts). */
function redirectHere(res: ExpressResponse, status: number, location: string, cacheControl = CACHE_NEVER): void {
  res.status(status).setHeader("Location", sameSiteLocation(location)).setHeader("Cache-Control", cacheControl).end();
}

export async function createSiteHandler(opts: SiteHandlerOptions): Promise<SiteHandler> {
  const buildDir = opts.buildDir ?? DEFAULT_BUILD_DIR;
  const build = await loadSiteBuild(buildDir);
  const clientDir = path.join(buildDir, "client");
  const now = opts.now ?? (() => new Date());
  const handle = createRequestHandler(build, "production");
  const queryOf = pageQueryReader(build);
  const cache = new PageCache({
    ttlMs: PAGE_MAX_AGE_S * 1000,
    maxBytes: () => resolve(opts.maxCachedBytes) ?? DEFAULT_PAGE_CACHE_BYTES,
    currentVersion: (code) => resolve(opts.data)?.communityVersion(code) ?? -1,
  });

  let renders = 0;
  const render = async (
    req: ExpressRequest,
    nonce: string,
    method = req.method,
    form?: SiteLoadContext["form"],
  ): Promise<RenderedPage> => {
    renders++;
    const data = resolve(opts.data);
    const site = resolve(opts.site);
    if (!data || !site) throw new Error("The site handler is not bound to the API yet.");
    const deps: Array<[string, number]> = [];
    let personal = false;
    // Without a configured public origin, links name the origin the visitor asked (development, tests).
    const origin = site.publicOrigin ?? requestOrigin(req);
    const context: SiteLoadContext = {
      ...data,
      read: trackedReader(data, deps),
      // A render that looks at the operator's session is the operator's own: never kept, never shared.
      operatorSession: (cookie) => {
        personal = true;
        return data.operatorSession(cookie);
      },
      site: { ...site, publicOrigin: origin },
      cspNonce: nonce,
      now: now(),
      form,
    };
    // The render URL is the public origin's when one is set: the request's own host never makes it then.
    const page = await handle(fetchRequest(req, method, origin), context as AppLoadContext).then(rendered);
    return { ...page, deps: deps as PageDependencies, personal };
  };

  /** A render that is not shared: the operator area and anything that may not be kept, never stored. */
  const sendOwn = (req: ExpressRequest, res: ExpressResponse, page: RenderedPage) => {
    res.status(page.status);
    for (const [name, value] of page.headers) {
      if (name.toLowerCase() === "content-security-policy" || name.toLowerCase() === "content-length") continue;
      res.append(name, value);
    }
    const own = PRIVATE_PAGES.test(req.path) || page.personal === true;
    res.setHeader("Cache-Control", own ? PRIVATE_CACHE_CONTROL : "no-cache");
    const vary = own ? null : ((res.locals.homeVary as string | undefined) ?? resolve(opts.vary ?? null));
    if (vary) res.setHeader("Vary", vary);
    const body = Buffer.from(page.body);
    const encoding = pageEncoding(req, res, body.length);
    if (encoding) sendCompressed(req, res, body, encoding);
    else send(req, res, body, null);
  };

  const router = express.Router();
  // The pages' messages files, made by the server build (web/app/entry.server.tsx exports how), before /assets.
  const messagesFileOf = (build.entry.module as { messagesFile?: MessagesFileOf }).messagesFile;
  if (messagesFileOf) router.use(MESSAGES_MOUNT, messagesFiles(messagesFileOf));
  router.use(staticFiles(clientDir));
  router.use((req, res, next) => {
    const form = res.locals.form as SiteLoadContext["form"];
    if (req.method === "POST" && form) {
      // A form posted without JavaScript and refused (api/routes/form-posts.ts): its page, rendered by the route's
      // action with the errors and what was typed; the visitor's own, never kept.
      const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
      render(req, nonce, "POST", form).then((page) => sendOwn(req, res, { ...page, personal: true }), next);
      return;
    }
    if (req.method !== "GET" && req.method !== "HEAD") {
      // Writes go to /api, or to a form's page (above). Anything else is a plain 405.
      res
        .status(405)
        .setHeader("Allow", "GET, HEAD")
        .setHeader("Cache-Control", CACHE_NEVER)
        .type("text/plain")
        .send("Method Not Allowed");
      return;
    }
    // The target as the server normalised it (server/http/request-target.ts): every decision below reads it.
    const target = normaliseTarget(req.originalUrl) ?? { path: req.path, query: "" };
    // The pages' paths are lower case (docs/i18n.md, "URLs"), and normal (no `.`, `..`, `//`, escaped letters). Another
    // spelling is the same page under another address ("/DE/brightest" even rendered English under a German prefix):
    // a permanent redirect to the one address, made of the normalised path, so it can never lead off this site.
    // A trailing slash is another spelling too: "/brightest/" was the page at a second address (200), so it goes to
    // the one without it, as the canonical link names it (web/app/lib/meta.ts).
    const lower = lowerCasePath(target.path).replace(/(.)\/+$/, "$1");
    if (lower !== target.path || wasRewritten(req)) return redirectHere(res, 301, `${lower}${target.query}`);
    // A query parameter the page does not read is dropped by a redirect: it would otherwise be a render and a cache
    // entry of its own for the same page (server/site/page-query.ts).
    const query = keptQuery(target.query, queryOf(target.path));
    if (query !== target.query) return redirectHere(res, 301, `${target.path}${query}`);
    // A visitor arriving at "/" without a language cookie goes to the language their browser prefers; the answers
    // of "/" say what they vary with. Deep links are never redirected (docs/i18n.md).
    if (target.path === "/") {
      const header = req.headers["accept-language"];
      const to = homeRedirect(target.path, Array.isArray(header) ? header.join(",") : header, req.headers.cookie);
      const vary = [resolve(opts.vary ?? null), HOME_VARY].filter(Boolean).join(", ");
      if (to) {
        res.setHeader("Vary", vary);
        return redirectHere(res, 302, `${localePath(to, "/")}${query}`, "private, no-cache");
      }
      res.locals.homeVary = vary;
    }
    const nonce = typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "";
    const version = PRIVATE_PAGES.test(target.path) ? undefined : opts.dataVersion?.();
    const site = resolve(opts.site);
    const work = async () => {
      if (version === undefined || !site) {
        sendOwn(req, res, await render(req, nonce));
        return;
      }
      const key = pageKey(version, site, requestOrigin(req), `${target.path}${query}`);
      const entry = await cache.get(key, (placeholder) => render(req, placeholder, "GET"));
      if (entry)
        sendShared(req, res, entry, nonce, (res.locals.homeVary as string | undefined) ?? resolve(opts.vary ?? null));
      else sendOwn(req, res, await render(req, nonce));
    };
    work().catch(next);
  });
  // The fast path answers only what this cache holds for the current version (server/site/page-fast-path.ts).
  const peek = (origin: string, url: string): CachedPage | undefined => {
    const version = opts.dataVersion?.();
    const site = resolve(opts.site);
    return version === undefined || !site ? undefined : cache.peek(pageKey(version, site, origin, url));
  };
  const fastPath = (deps: PageFastPathDeps): FastRead => pageFastPath(deps, peek, () => resolve(opts.vary ?? null));
  return Object.assign(router, { renders: () => renders, fastPath, cache });
}
