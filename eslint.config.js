// Lint of the whole repository (npm run lint, part of npm test): typescript-eslint's recommended rules, no import
// cycles, and the import boundaries of docs/architecture.md ("Layers") — lib/ imports nothing of the project;
// pipeline/ imports lib/ only (never bin/); product/ (rules both doors share) imports pipeline/ and lib/; server/http/ (the HTTP
// toolkit) imports lib/ only; api/ imports the toolkit but nothing else of server/, nor web/ or cli/; web/ never
// imports server/, api/'s storage, nor the pipeline's store, parsers, write path or serving database; server/ (the
// process) composes the rest and never imports cli/; cli/ imports nothing of the site's code, the benches, the tests or
// the scripts; nothing imports bench/. tests/lint-boundaries.test.ts checks that each zone refuses a crossing.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

export default tseslint.config(
  {
    ignores: [
      "build/**",
      "dist/**",
      "node_modules/**",
      ".react-router/**",
      "test-results/**",
      ".scratch/**",
      "web/app/lib/europe-map.generated.ts",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: {
        console: "readonly",
        process: "readonly",
        Buffer: "readonly",
        URL: "readonly",
        setTimeout: "readonly",
        clearTimeout: "readonly",
        setInterval: "readonly",
        clearInterval: "readonly",
        performance: "readonly",
        fetch: "readonly",
      },
    },
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".mjs", ".js"] } },
      // So that the cycle rule reads the TypeScript modules it follows (by default it parses .js files only).
      "import-x/extensions": [".ts", ".tsx", ".mjs", ".js"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" },
      ],
      // Type-only imports are not followed (they vanish at run time); `madge --circular` also sees those.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            {
              target: "./lib",
              from: [
                "./pipeline",
                "./product",
                "./api",
                "./web",
                "./server",
                "./cli",
                "./bench",
                "./tests",
                "./scripts",
              ],
              message:
                "lib/ holds what every layer shares (countries, environment, logger, paths, errors): it imports nothing of the project.",
            },
            {
              target: "./pipeline",
              from: ["./api", "./web", "./server", "./cli", "./product", "./bin"],
              message:
                "pipeline/ is the core: it imports nothing of the doors (api/, web/, cli/), of product/, nor of bin/ (the launchers and build scripts).",
            },
            {
              target: "./product",
              from: ["./api", "./web", "./server", "./cli"],
              message: "product/ holds the rules both doors share: it imports pipeline/ only.",
            },
            {
              target: "./web",
              from: ["./api/db"],
              message:
                "web/ reads through the one reader (api/read-model.ts, handed in the load context), never api/'s storage.",
            },
            {
              target: "./web",
              from: [
                "./pipeline/store",
                "./pipeline/sources",
                "./pipeline/serving-db.ts",
                "./pipeline/settings.ts",
                "./pipeline/ingest.ts",
                "./pipeline/ingest-extras.ts",
                "./pipeline/ingest-write.ts",
                "./pipeline/parse-dispatch.ts",
              ],
              message:
                "web/ never imports the pipeline's store, parsers, write path or serving database: the API hands the site what it needs (api/read-model.ts, api/upload-rules.ts, api/site-version.ts).",
            },
            {
              target: "./api",
              from: ["./web", "./cli"],
              message:
                "api/ does not import the site nor the CLI: the server mounts both on one process (server/main.ts), not the reverse.",
            },
            {
              target: "./api",
              from: "./server",
              except: ["./http"],
              message:
                "api/ may use the server's HTTP toolkit (server/http/) only: the process (server/start.ts, server/main.ts) and the site's serving (server/site/) compose the API, not the reverse.",
            },
            {
              target: "./server/http",
              from: [
                "./pipeline",
                "./product",
                "./api",
                "./web",
                "./cli",
                "./server/site",
                "./server/main.ts",
                "./server/start.ts",
                "./server/connection-guard.ts",
              ],
              message:
                "server/http/ is the HTTP toolkit every door uses (errors, caching, compression, origin, request limits, fast paths): it imports lib/ and npm packages only.",
            },
            {
              target: "./web",
              from: "./server",
              message:
                "web/ is the site (React Router); the server serves it (server/site/) and is never imported by it.",
            },
            {
              target: "./server",
              from: ["./cli", "./tests", "./scripts"],
              message:
                "server/ is the process: the CLI starts it (server/main.ts); it never imports the CLI, tests or scripts.",
            },
            {
              target: "./cli",
              from: ["./web/app", "./bench", "./tests", "./scripts"],
              message:
                "cli/ is a door: it opens the pipeline, the API or the server (server/main.ts), never the site's code, benches, tests or scripts.",
            },
            {
              target: ["./lib", "./pipeline", "./product", "./api", "./web", "./server", "./cli"],
              from: "./bench",
              message: "bench/ measures the product from outside: nothing of the product imports it.",
            },
            {
              target: "./bench",
              from: ["./tests", "./web/app"],
              message:
                "bench/ drives the real doors (the server, the pipeline), not test helpers or the site's components.",
            },
          ],
        },
      ],
    },
  },
  {
    // Tests read JSON answers of every shape: `any` there is the honest type of what came over the wire.
    files: ["tests/**", "**/*.test.ts", "bench/**"],
    // …and they write control characters on purpose (hostile input).
    rules: { "@typescript-eslint/no-explicit-any": "off", "no-control-regex": "off" },
  },
);
