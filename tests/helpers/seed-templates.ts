// Seeded data directories, made once per test run and copied per test file (docs/testing.md).
//
// Seeding a data dir from the bundled real fixtures (ingest ~40 files into DuckDB, recalc, and for a server start
// the job child's seed with its share cards) takes 4–9 s; some forty test files need one each. The test run's
// global set-up (tests/global-setup.ts) seeds each kind once, through the very same doors the tests used to walk
// themselves (the server's first-start seed in its job child; the pipeline's ingest + recalc), and names the folder
// in JWI_TEST_SEED_TEMPLATES. A test file then gets a copy: the same bytes the seed would have written.
// Outside a vitest run (a bench, a throwaway script) or when the templates are absent, callers seed as before.
// Tests of the seed itself (tests/jobs/*, tests/api/server.test.ts) never use a template.
import { cpSync, existsSync } from "node:fs";
import path from "node:path";

/** The kinds of seeded data dir the tests use. */
export type SeedKind =
  /** What `startSiteServer({ seedAsOf: "2026-11-22" })` leaves after its first start: the seed job, with share cards. */
  | "server"
  /** What tests/api/helpers.ts `seedDataDir(dir)` leaves: every bundled file ingested, recalc as of 2026-11-22, no cards. */
  | "pipeline";

export const SEED_TEMPLATES_ENV = "JWI_TEST_SEED_TEMPLATES";

/** Where the template of a kind lives under the run's template folder. */
export const templateDir = (root: string, kind: SeedKind) => path.join(root, kind);

/**
 * Copies the run's template of `kind` into `dataDir` (an empty folder) and says whether it did: false when no
 * template exists (the caller then seeds itself).
 */
export function copySeedTemplate(kind: SeedKind, dataDir: string): boolean {
  const root = process.env[SEED_TEMPLATES_ENV];
  if (!root) return false;
  const from = templateDir(root, kind);
  // A complete template has its ready marker (written last by the global set-up).
  if (!existsSync(path.join(from, ".ready"))) return false;
  cpSync(from, dataDir, { recursive: true, filter: (src) => path.basename(src) !== ".ready" });
  return true;
}
