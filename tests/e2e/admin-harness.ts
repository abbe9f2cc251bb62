// Browser-test harness of the operator area: the real server (API + site) on a random port with its own
// temporary data dir seeded from the bundled real fixtures, an operator password set (argon2id hash, as
// `jwi admin set-password` would store), generous write limits, and one Chromium. Reuses the site's
// harness (tests/e2e/harness.ts) for the browser, the flags, the viewports and the screenshots.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "../../api/auth.ts";
import type { AppConfig } from "../../api/env.ts";
import { startHarness, type Harness } from "./harness.ts";

export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = "operator test password 42";

export interface AdminHarness extends Harness {
  /** A scratch folder for files the tests make (modified fixtures); removed on close. */
  scratch: string;
  close(): Promise<void>;
}

/** `config`: more server settings (the health-line test gives the server an update schedule). */
export async function startAdminHarness(config: Partial<AppConfig> = {}): Promise<AdminHarness> {
  const generous = { limit: 100_000, windowMs: 600_000 };
  const site = await startHarness({
    prefix: "jwi-e2e-admin-",
    config: {
      adminUsername: ADMIN_USER,
      adminPasswordHash: await hashPassword(ADMIN_PASSWORD),
      rateLimits: { experiences: generous, waitingList: generous, contact: generous, login: generous },
      ...config,
    },
  });
  const scratch = mkdtempSync(path.join(os.tmpdir(), "jwi-e2e-admin-files-"));
  return {
    ...site,
    scratch,
    async close() {
      await site.close();
      rmSync(scratch, { recursive: true, force: true });
    },
  };
}
