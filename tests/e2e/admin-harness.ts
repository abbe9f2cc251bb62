// Browser-test harness of the operator area: the real server (API + site) on a random port with its own
// temporary data dir seeded from the bundled real fixtures, an operator password set (argon2id hash, as
// `jwi admin set-password` would store), generous write limits, and one Chromium. Reuses the site's
// harness (tests/e2e/harness.ts) for the browser, the flags, the viewports and the screenshots.
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { chromium, type Browser } from "playwright-core";
import { hashPassword } from "../../api/auth.ts";
import type { RunningServer } from "../../api/server.ts";
import { startSiteServer } from "../../web/server-handler.ts";
import { AS_OF, CHROMIUM_FLAGS, NOW, PUBLIC_ORIGIN, SCREENSHOT_DIR, ensureBuilt } from "./harness.ts";

export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = "operator test password 42";

export interface AdminHarness {
  server: RunningServer;
  base: string;
  browser: Browser;
  dataDir: string;
  /** A scratch folder for files the tests make (modified fixtures); removed on close. */
  scratch: string;
  close(): Promise<void>;
}

export async function startAdminHarness(): Promise<AdminHarness> {
  ensureBuilt();
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-e2e-admin-"));
  const scratch = mkdtempSync(path.join(os.tmpdir(), "jwi-e2e-admin-files-"));
  const generous = { limit: 100_000, windowMs: 600_000 };
  const server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    config: {
      env: "test",
      httpLog: false,
      publicOrigin: PUBLIC_ORIGIN,
      adminUsername: ADMIN_USER,
      adminPasswordHash: await hashPassword(ADMIN_PASSWORD),
      rateLimits: { experiences: generous, waitingList: generous, login: generous },
    },
    handleSignals: false,
    seedAsOf: AS_OF,
    now: () => NOW,
    shutdownTimeoutMs: 2_000,
  });
  let browser: Browser;
  try {
    browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  } catch (err) {
    await server.close();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(scratch, { recursive: true, force: true });
    throw err;
  }
  return {
    server,
    base: `http://127.0.0.1:${server.port}`,
    browser,
    dataDir,
    scratch,
    async close() {
      await browser.close().catch(() => {});
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
