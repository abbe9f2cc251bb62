// The real server with the site mounted (server/main.ts startSiteServer) on a random loopback port and a
// seeded temporary data dir, for the reliability tests of pages. The site must be built (ensureBuilt()).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import type { AppConfig } from "../../api/env.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { startSiteServer } from "../../server/main.ts";
import { GENEROUS_LIMITS, seedDataDir } from "../api/helpers.ts";

export interface SitePages {
  base: string;
  dataDir: string;
  db: ServingDb;
  /** Server renders so far (the site handler's counter). */
  renders(): number;
  /** Renders the page cache holds now, and their bytes (server/site/page-cache.ts). */
  cacheSize(): number;
  cacheBytes(): number;
  close(): Promise<void>;
}

export async function startSitePages(config: Partial<AppConfig> = {}, env: NodeJS.ProcessEnv = {}): Promise<SitePages> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-site-test-"));
  await seedDataDir(dataDir);
  const server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", JWI_LOCK_WAIT_S: "0", ...env },
    config: { httpLog: false, rateLimits: GENEROUS_LIMITS, drawCardsAhead: false, ...config },
    handleSignals: false,
    shutdownTimeoutMs: 2_000,
  });
  return {
    base: `http://127.0.0.1:${server.port}`,
    dataDir,
    db: server.db,
    renders: () => server.site.renders(),
    cacheSize: () => server.site.cache.size,
    cacheBytes: () => server.site.cache.bytes,
    async close() {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
