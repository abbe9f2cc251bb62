// Lint of the whole repository (npm run lint, part of npm test): typescript-eslint's recommended rules, no import
// cycles, and the import boundaries of docs/architecture.md — pipeline/ imports nothing of api/, web/, cli/ or
// product/; product/ (rules both sides share) imports nothing of api/, web/ or cli/; web/ never reaches api/'s
// storage nor the pipeline's store, parsers, write path or serving database; api/ imports nothing of web/ or cli/;
// cli/ imports nothing of the site's code, the benches, the tests or the scripts; nothing imports bench/.
// tests/lint-boundaries.test.ts checks that each zone refuses a crossing.
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
              from: ["./api", "./web", "./cli", "./product"],
              message: "pipeline/ is the core: it imports nothing of the doors (api/, web/, cli/) nor of product/.",
            },
            {
              target: "./product",
              from: ["./api", "./web", "./cli"],
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
                "api/ does not import the site nor the CLI: the site mounts itself on the API (web/server-handler.ts), not the reverse.",
            },
            {
              target: "./cli",
              from: ["./web/app", "./bench", "./tests", "./scripts"],
              message:
                "cli/ is a door: it opens the pipeline, the API or the server (web/server-handler.ts), never the site's code, benches, tests or scripts.",
            },
            {
              target: ["./pipeline", "./product", "./api", "./web", "./cli"],
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
