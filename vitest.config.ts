import { defineConfig } from "vitest/config";
import { formatjsPlugin } from "./web/scripts/formatjs-plugin.ts";

// Kept apart from vite.config.ts so that the React Router plugin never loads under vitest. The FormatJS plugin is
// shared: code under test reads the message catalogues parsed, as the site's bundles do.
// Two projects: `main` (everything, files in parallel) and `timing` (tests that assert latencies: one file at a
// time, run after `main` by `npm test`, so that no other test file competes for the CPU while they measure).
const TIMING = "tests/timing/**/*.test.ts";

export default defineConfig({
  plugins: [formatjsPlugin({ parser: true })],
  test: {
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
    // One file at a time on a 2-core machine (vitest's default there): a test file's server, child processes and
    // Chromium already fill both cores. Two files at once took as long in all (1,922 s against 1,996 s for one, on
    // a quiet 2-core machine) while each test ran about twice as slow, nearer its timeout. Timing tests run apart,
    // one file at a time (below).
    projects: [
      {
        extends: true,
        test: {
          name: "main",
          include: [
            "pipeline/**/*.test.ts",
            "product/**/*.test.ts",
            "cli/**/*.test.ts",
            "api/**/*.test.ts",
            "web/**/*.test.ts",
            "tests/**/*.test.ts",
          ],
          exclude: [TIMING],
          // Seeds the data-dir templates the test files copy (tests/helpers/seed-templates.ts).
          globalSetup: ["tests/global-setup.ts"],
        },
      },
      {
        extends: true,
        test: { name: "timing", include: [TIMING], fileParallelism: false },
      },
    ],
  },
});
