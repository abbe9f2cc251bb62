// Mounts the server-rendered site (the React Router build in build/web) inside the API's Express app:
// static assets first, then every page. The API's createApp() mounts it after /api, /sitemap.xml and
// /robots.txt (AppDeps.siteHandler); the API's helmet middleware has already put the CSP nonce in
// res.locals.cspNonce, which goes to the pages through the load context.
//
// Two ways to use it:
//   const server = await startSiteServer({ ...StartServerOptions });          // jwi serve / npm start, e2e tests
//   app = createApp({ db, pipeline, logger, config, siteHandler: await createSiteHandler({ db, site }) });
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import express, { type Request, type RequestHandler, type Response } from "express";
import { createRequestHandler } from "@react-router/express";
import type { AppLoadContext, ServerBuild } from "react-router";
import { SITE_BUILD_DIR } from "../pipeline/paths.ts";
import type { ServingDb } from "../pipeline/serving-db.ts";
import type { SiteConfig, SiteLoadContext } from "./app/lib/context.ts";
import type { AppConfig } from "../api/env.ts";
import { startServer, type RunningServer, type StartServerOptions } from "../api/server.ts";

export type { SiteConfig };

/** build/web, where `npm run build` (react-router build) writes client/ and server/. */
export const DEFAULT_BUILD_DIR = SITE_BUILD_DIR;

type Lazy<T> = T | (() => T | undefined);

export interface SiteHandlerOptions {
  /** The serving database the API uses; a getter when the handler is created before the database is opened. */
  db: Lazy<ServingDb>;
  /** Public origin and feedback form URL (from the API's AppConfig); a getter likewise. */
  site: Lazy<SiteConfig>;
  /** Where the site was built (default build/web). */
  buildDir?: string;
  /** Clock of the pages (tests pin it; default: the real time per request). */
  now?: () => Date;
}

const resolve = <T>(v: Lazy<T>): T | undefined => (typeof v === "function" ? (v as () => T | undefined)() : v);

/** The site's public settings out of the API's configuration. */
export function siteConfigOf(config: Pick<AppConfig, "publicOrigin" | "feedbackUrl">): SiteConfig {
  return { publicOrigin: config.publicOrigin, feedbackUrl: config.feedbackUrl };
}

/** Loads the server build; throws a clear error when the site was not built. */
export async function loadSiteBuild(buildDir = DEFAULT_BUILD_DIR): Promise<ServerBuild> {
  const entry = path.join(buildDir, "server", "index.js");
  if (!existsSync(entry)) {
    throw new Error(`The site is not built (${path.relative(process.cwd(), entry)} is missing). Run \`npm run build\` first.`);
  }
  return (await import(pathToFileURL(entry).href)) as ServerBuild;
}

/** Express middleware serving the site: hashed assets (cached for a year), public files, then the pages. */
export async function createSiteHandler(opts: SiteHandlerOptions): Promise<RequestHandler> {
  const buildDir = opts.buildDir ?? DEFAULT_BUILD_DIR;
  const build = await loadSiteBuild(buildDir);
  const clientDir = path.join(buildDir, "client");
  const now = opts.now ?? (() => new Date());

  const router = express.Router();
  router.use(
    "/assets",
    express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y", index: false, fallthrough: false, redirect: false }),
  );
  router.use(express.static(clientDir, { maxAge: "1h", index: false, redirect: false }));
  const pages = createRequestHandler({
    build,
    mode: "production",
    getLoadContext: (_req: Request, res: Response): AppLoadContext => {
      const db = resolve(opts.db);
      const site = resolve(opts.site);
      if (!db || !site) throw new Error("The site handler has no database yet.");
      const context: SiteLoadContext = { db, site, cspNonce: typeof res.locals.cspNonce === "string" ? res.locals.cspNonce : "", now: now() };
      return context as AppLoadContext;
    },
  });
  router.use((req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") {
      // The site has no form actions: writes go to /api. Anything else is a plain 405.
      res.status(405).setHeader("Allow", "GET, HEAD").type("text/plain").send("Method Not Allowed");
      return;
    }
    // Pages carry live data and the per-request nonce: never stored by shared caches.
    res.setHeader("Cache-Control", "no-cache");
    pages(req, res, next);
  });
  return router;
}

/**
 * The API server (api/server.ts startServer) with the site mounted: what `jwi serve` / `npm start` should run.
 * The handler is created first and bound to the server's database once it is open.
 */
export async function startSiteServer(
  opts: StartServerOptions & { buildDir?: string; now?: () => Date } = {},
): Promise<RunningServer> {
  const { buildDir, now, ...serverOpts } = opts;
  let bound: { db: ServingDb; site: SiteConfig } | null = null;
  const siteHandler = await createSiteHandler({
    db: () => bound?.db,
    site: () => bound?.site,
    buildDir,
    now,
  });
  const server = await startServer({ ...serverOpts, siteHandler });
  bound = { db: server.db, site: siteConfigOf(server.config) };
  return server;
}
