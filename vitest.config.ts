import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts so that the React Router plugin never loads under vitest.
export default defineConfig({
  test: {
    include: ["pipeline/**/*.test.ts", "product/**/*.test.ts", "cli/**/*.test.ts", "api/**/*.test.ts", "web/**/*.test.ts", "tests/**/*.test.ts"],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    pool: "forks",
  },
});
