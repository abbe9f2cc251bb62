// The server process's composition root: the API server (server/start.ts startServer: environment, databases, job
// child, schedule, listening) with the site (server/site/site-handler.ts) mounted in it, bound together once the API's
// database is open: the pages read through the API's one reader and session store, in the same process, on one
// clock, and their renders are kept per version of what they show (api/site-version.ts). `jwi serve` /
// `npm start`, the e2e tests and the benches start the server here:
//   const server = await startSiteServer({ ...StartServerOptions });
import { originVary } from "./http/request.ts";
import { startServer, type RunningServer, type StartServerOptions } from "./start.ts";
import { publicPagesVersion } from "../api/site-version.ts";
import { uploadRules } from "../api/upload-rules.ts";
import type { AppConfig } from "../api/env.ts";
import type { SiteSettings } from "../web/app/lib/context.ts";
import { createSiteHandler, type SiteData, type SiteHandler } from "./site/site-handler.ts";

// Where the site is built, for the tests and benches that start the server from here.
export { DEFAULT_BUILD_DIR } from "./site/site-handler.ts";

/** The site's public settings out of the API's configuration. */
function siteConfigOf(config: Pick<AppConfig, "publicOrigin" | "feedbackUrl" | "leadsRetentionDays">): SiteSettings {
  return {
    publicOrigin: config.publicOrigin,
    feedbackUrl: config.feedbackUrl,
    leadsRetentionDays: config.leadsRetentionDays,
  };
}

/**
 * The API server (server/start.ts startServer) with the site mounted: what `jwi serve` / `npm start` should run.
 * The handler is created first and bound to the server's database once it is open.
 */
export async function startSiteServer(
  opts: StartServerOptions & { buildDir?: string; now?: () => Date } = {},
): Promise<RunningServer & { site: SiteHandler }> {
  const { buildDir, now, ...serverOpts } = opts;
  let bound: {
    data: SiteData;
    site: SiteSettings;
    vary: string | null;
    version: () => string;
    cacheBytes: number;
  } | null = null;
  const siteHandler = await createSiteHandler({
    data: () => bound?.data,
    site: () => bound?.site,
    dataVersion: () => bound?.version(),
    vary: () => bound?.vary,
    maxCachedBytes: () => bound?.cacheBytes,
    buildDir,
    now,
  });
  // One clock for the pages and the API: both readers must agree on which scores may be shown.
  const server = await startServer({ ...serverOpts, now, siteHandler });
  const { read, sessions } = server.app.services;
  bound = {
    data: {
      read,
      communityVersion: (code) => read.communityVersion(code),
      operatorSession: (cookie) => sessions.operatorOf(cookie),
      uploadRules,
    },
    site: siteConfigOf(server.config),
    vary: originVary(server.config),
    version: () => publicPagesVersion(read, server.db, now?.() ?? new Date()),
    cacheBytes: server.config.pageCacheBytes,
  };
  return Object.assign(server, { site: siteHandler });
}
