// Vitest global set-up of the `integration` and `browser` projects: seeds the run's data-dir templates once
// (tests/helpers/seed-templates.ts) and removes them at the end. Both are made through the doors the tests used
// themselves: the server's first start (its job child seeds the bundled files and draws the share cards) and the
// pipeline's ingest + recalc. Both projects name this file; the templates are made once per run all the same.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { startServer } from "../server/start.ts";
import { seedDataDir, AS_OF } from "./api/helpers.ts";
import { SEED_TEMPLATES_ENV, templateDir } from "./helpers/seed-templates.ts";

async function serverTemplate(dir: string): Promise<void> {
  const server = await startServer({
    port: 0,
    host: "127.0.0.1",
    dataDir: dir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    // Nothing drawn ahead while it stands: the template holds what the seed job wrote, as a fresh seed would.
    config: { httpLog: false, drawCardsAhead: false },
    handleSignals: false,
    seedAsOf: AS_OF,
    shutdownTimeoutMs: 2_000,
  });
  await server.close();
}

async function seedTemplates(): Promise<string> {
  const root = mkdtempSync(path.join(os.tmpdir(), "jwi-seed-templates-"));
  const made = async (kind: "server" | "pipeline", make: (dir: string) => Promise<void>) => {
    const dir = templateDir(root, kind);
    mkdirSync(dir);
    await make(dir);
    writeFileSync(path.join(dir, ".ready"), "");
  };
  await Promise.all([made("server", serverTemplate), made("pipeline", (dir) => seedDataDir(dir))]);
  return root;
}

/** One seeding per run, however many projects ask for it; removed when the last of them tears down. */
const shared = globalThis as typeof globalThis & { __jwiSeedTemplates?: { root: Promise<string>; users: number } };

export default async function setup(): Promise<() => void> {
  shared.__jwiSeedTemplates ??= { root: seedTemplates(), users: 0 };
  const state = shared.__jwiSeedTemplates;
  state.users += 1;
  const root = await state.root;
  // Inherited by the test workers, which are started after the global set-up.
  process.env[SEED_TEMPLATES_ENV] = root;
  return () => {
    state.users -= 1;
    if (state.users > 0) return;
    rmSync(root, { recursive: true, force: true });
    delete shared.__jwiSeedTemplates;
  };
}
