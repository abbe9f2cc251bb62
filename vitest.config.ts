import { availableParallelism } from "node:os";
import { defineConfig } from "vitest/config";
import { formatjsPlugin } from "./web/scripts/formatjs-plugin.ts";

// Kept apart from vite.config.ts so that the React Router plugin never loads under vitest. The FormatJS plugin is
// shared: code under test reads the message catalogues parsed, as the site's bundles do.
//
// Six projects, shaped by what a test costs (docs/testing.md):
// - unit: the tests beside the code (pipeline/, product/, web/, api/, cli/). Pure or reading a fixture file; no
//   server, no browser, no global set-up; worker threads sharing their module graph (isolate: false), so a file
//   costs its tests, not a fresh import of half the project.
// - integration: tests/ outside e2e/ and timing/: real DuckDB and SQLite files, real servers, real `jwi` processes.
//   Their data directories are copies of two seeded templates made once per run (tests/helpers/seed-templates.ts).
//   Worker processes run file after file without a fresh import (isolate: false), as the browser project does.
// - integration-own-process: the colocated files that start a process of their own and measure their own CPU time
//   while it works; a fresh process per file.
// - browser: tests/e2e/ and the browser check of the CSP: real Chromium. Files that only read share one site server
//   and one Chromium started once per run (tests/helpers/shared-site.ts); files that write start their own.
// - browser-own-process: browser files that set the environment the site's server build reads once, when imported
//   (the pseudo-locale): a fresh process per file and a Chromium of their own.
// - timing: tests that assert latencies, one file at a time after everything else, alone on the machine.
// The others run in two groups (unit with integration-own-process, then integration and the two browser projects
// together) with a worker per core (vitest's
// own default is one fewer: a single worker on a 2-core machine, where most files wait on a server, a `jwi` process or
// Chromium rather than compute). JWI_TEST_WORKERS overrides it.
const WORKERS = Number(process.env.JWI_TEST_WORKERS) || availableParallelism();
const TIMING = "tests/timing/**/*.test.ts";
const BROWSER = ["tests/e2e/**/*.test.ts", "tests/reliability/csp-browser.test.ts"];
/**
 * Unit files beside the code that start a process of their own and so belong with the integration tests. They also
 * measure their own process's CPU time while a worker process parses (parse-guarded: "the caller keeps running"), so
 * they run in a fresh process: in a worker that ran other files first (1.2 GB of their heap), a major collection
 * inside the measured two seconds once counted 425 ms against a 300 ms bound.
 */
const COLOCATED_INTEGRATION = ["pipeline/sources/barometer/parse-guarded.test.ts"];
const COLOCATED = ["lib", "server", "pipeline", "product", "cli", "api", "web"].map((d) => `${d}/**/*.test.ts`);
const SEEDED = ["tests/global-setup.ts"];
const OWN_PROCESS = ["tests/e2e/i18n-pseudo.test.ts"];
/** Property tests start from one fixed seed (tests/helpers/property-seed.ts: JWI_FC_SEED=random explores). */
const PROPERTY_SEED = ["tests/helpers/property-seed.ts"];

export default defineConfig({
  plugins: [formatjsPlugin({ parser: true })],
  test: {
    maxWorkers: WORKERS,
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Every run ends with its 15 slowest files (CI's log shows which file made a suite slower).
    reporters: ["default", "./tests/helpers/slowest-files-reporter.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: COLOCATED,
          exclude: COLOCATED_INTEGRATION,
          pool: "threads",
          isolate: false,
          setupFiles: PROPERTY_SEED,
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/**/*.test.ts"],
          exclude: [TIMING, ...BROWSER],
          pool: "forks",
          // A worker process runs file after file on one module graph: importing the server, the pipeline and
          // DuckDB again for every file cost about 1.5 CPU-s a file. Files share no state but what they import
          // (each starts its own servers on its own data dir), and none changes process.env or module state.
          isolate: false,
          globalSetup: SEEDED,
          setupFiles: PROPERTY_SEED,
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Integration files that need a process of their own (a fresh fork per file: vitest's default isolation).
          name: "integration-own-process",
          include: COLOCATED_INTEGRATION,
          pool: "forks",
          // With the unit files (its name sorts it first): it needs no seeded template, and after the last integration
          // file it ran alone, one core idle.
          sequence: { groupOrder: 0 },
        },
      },
      {
        extends: true,
        test: {
          name: "browser",
          include: BROWSER,
          exclude: OWN_PROCESS,
          pool: "forks",
          isolate: false,
          globalSetup: [...SEEDED, "tests/helpers/shared-site.ts"],
          setupFiles: ["tests/helpers/browser-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          // Browser files that set the process's environment before the server build is loaded, so need a process
          // of their own (the pseudo-locale is read once, when the site's server build is imported).
          name: "browser-own-process",
          include: OWN_PROCESS,
          pool: "forks",
          globalSetup: SEEDED,
          setupFiles: ["tests/helpers/browser-setup.ts"],
          sequence: { groupOrder: 1 },
        },
      },
      {
        extends: true,
        test: {
          name: "timing",
          include: [TIMING],
          pool: "forks",
          fileParallelism: false,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
