// Shared set-up of the API integration tests: a fresh temp data dir per test file, seeded from the bundled
// real fixtures (recalc as of 2026-11-22), and a real server on a random loopback port.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { hashPassword } from "../../api/auth.ts";
import type { AppConfig } from "../../api/env.ts";
import type { Logger } from "../../lib/logger.ts";
import { startServer, type RunningServer } from "../../server/start.ts";
import { openPipeline } from "../../pipeline/index.ts";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";
import { ingestBundled } from "../helpers/bundled-store.ts";
import { copySeedTemplate } from "../helpers/seed-templates.ts";

export const AS_OF = "2026-11-22";
export const ADMIN_USER = "admin";
export const ADMIN_PASSWORD = "correct horse battery staple";
export const FIXTURES = path.resolve(BUNDLED_FIXTURES_DIR, "..");

export const GENEROUS_LIMITS: AppConfig["rateLimits"] = {
  experiences: { limit: 100_000, windowMs: 60_000 },
  waitingList: { limit: 100_000, windowMs: 60_000 },
  contact: { limit: 100_000, windowMs: 60_000 },
  login: { limit: 100_000, windowMs: 60_000 },
  failedPosts: { limit: 100_000, windowMs: 60_000 },
};

export interface TestServer extends RunningServer {
  dataDir: string;
  /** Rows in a table of the serving database. */
  count(table: string): number;
  stop(): Promise<void>;
}

/** Seeds a data dir like `npm start` does, but reproducibly (as of AS_OF), leaving out some bundled files. */
export async function seedDataDir(
  dataDir: string,
  withhold: string[] = [],
  opts: { cards?: boolean } = {},
): Promise<void> {
  // Share cards are keyed as the CLI and the server's job child key them, when a test asks for them (the server
  // draws each at its first request).
  const cards = opts.cards ? async () => (await import("../../product/share-cards/key.ts")).keyShareCards : undefined;
  // The whole bundle is the run's "pipeline" template when there is one (tests/helpers/seed-templates.ts). Its
  // publication has no cards: with cards asked for, a recalc as of the same date makes it again with its cards (a
  // publication without cards is made again on unchanged data: tests/share-cards-recalc.test.ts), so the ingest of
  // every file is not walked again for it.
  const copied = withhold.length === 0 && copySeedTemplate("pipeline", dataDir);
  if (copied && !cards) return;
  const pipeline = await openPipeline({ dataDir, cards });
  try {
    // The template's own seed: a job per file, as before. With files withheld, every other one in one job, as
    // bundledStore stores them (tests/helpers/bundled-store.ts): the ingest is a set-up here, not the subject.
    if (!copied && withhold.length === 0) await ingestBundled((req) => pipeline.ingest(req));
    if (withhold.length > 0)
      await pipeline.exclusive((l) => ingestBundled((req) => l.ingest(req), withhold), {
        command: "ingest (the bundled files, a test's set-up)",
      });
    await pipeline.recalc({ asOf: AS_OF });
  } finally {
    pipeline.close();
  }
}

let hashed: Promise<string> | null = null;
export function testPasswordHash(): Promise<string> {
  hashed ??= hashPassword(ADMIN_PASSWORD);
  return hashed;
}

export async function startTestServer(
  opts: {
    config?: Partial<AppConfig>;
    withhold?: string[];
    env?: NodeJS.ProcessEnv;
    /** An existing, already seeded data dir (left in place by stop()); default a fresh seeded temp dir. */
    dataDir?: string;
    /** Seed with share cards (keyed at publish time, drawn at their first request). */
    cards?: boolean;
    logger?: Logger;
  } = {},
): Promise<TestServer> {
  const ownDir = opts.dataDir === undefined;
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(os.tmpdir(), "jwi-api-test-"));
  if (ownDir) await seedDataDir(dataDir, opts.withhold, { cards: opts.cards });
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    // A job that cannot get its turn answers at once (409) instead of waiting for the running one.
    env: { LOG_LEVEL: "silent", NODE_ENV: "test", JWI_LOCK_WAIT_S: "0", ...opts.env },
    // Share cards are drawn at their first request unless a test asks for drawing ahead (drawCardsAhead).
    config: {
      rateLimits: GENEROUS_LIMITS,
      adminPasswordHash: await testPasswordHash(),
      drawCardsAhead: false,
      ...opts.config,
    },
    handleSignals: false,
    logger: opts.logger,
  });
  return {
    ...server,
    dataDir,
    count: (table) =>
      (server.db.prepare(`SELECT count(*) AS n FROM "${table.replace(/"/g, '""')}"`).get() as { n: number }).n,
    async stop() {
      await server.close();
      if (ownDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export async function getJson(
  url: string,
  init?: RequestInit,
): Promise<{ status: number; body: any; headers: Headers }> {
  const res = await fetch(url, init);
  const text = await res.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : null;
  } catch {
    /* not JSON */
  }
  return { status: res.status, body, headers: res.headers };
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return getJson(url, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** Logs in and returns the Cookie header value to send back. */
export async function login(baseUrl: string, password = ADMIN_PASSWORD): Promise<string> {
  const res = await fetch(`${baseUrl}/api/admin/login`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username: ADMIN_USER, password }),
  });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${await res.text()}`);
  const setCookie = res.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0]!;
}

export const validExperience = {
  role_family: "IT/Engineering",
  seniority: "Senior",
  residency: "EU non-resident",
  local_language: false,
  mood: 4,
  comment: "Three interviews in two weeks.",
};
