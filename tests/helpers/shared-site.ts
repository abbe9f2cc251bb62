// Global set-up of the `browser` project: one site server on a copy of the run's seeded data dir and one Chromium,
// shared by every browser test file that only reads (tests/e2e/harness.ts sharedSite()). Started once per run, in
// vitest's main process, after tests/global-setup.ts has seeded the templates; each file connects to the browser
// over its WebSocket endpoint and makes its own contexts. Files that write (forms, the operator, pausing) or need
// another configuration start their own server (startHarness).
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { GENEROUS_LIMITS } from "../api/helpers.ts";
import { CHROMIUM_FLAGS, CHROMIUM_PATH, ensureBuilt, siteServerOptions, type SharedSiteInfo } from "../e2e/harness.ts";
import { startSiteServer } from "../../server/main.ts";
import { copySeedTemplate } from "./seed-templates.ts";

declare module "vitest" {
  export interface ProvidedContext {
    sharedSite: SharedSiteInfo;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  ensureBuilt();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-shared-site-"));
  if (!copySeedTemplate("server", dataDir)) throw new Error("shared site: no seeded template (tests/global-setup.ts)");
  // Write limits lifted: files share one client address, and none of them may run into another's limit.
  const options = siteServerOptions(dataDir, { config: { rateLimits: GENEROUS_LIMITS } });
  const [server, browser] = await Promise.all([
    startSiteServer(options),
    chromium.launchServer({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS }),
  ]);
  project.provide("sharedSite", { base: `http://127.0.0.1:${server.port}`, dataDir, wsEndpoint: browser.wsEndpoint() });
  return async () => {
    await browser.close().catch(() => {});
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
  };
}
