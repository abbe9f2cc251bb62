// Lint of the whole repository (npm run lint, part of npm test): typescript-eslint's recommended rules and the
// import boundaries of docs/architecture.md — pipeline/ imports nothing of api/, web/, cli/ or product/;
// product/ (rules both sides share) imports nothing of api/, web/ or cli/; web/ never reaches api/'s storage.
import js from "@eslint/js";
import importX from "eslint-plugin-import-x";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["build/**", "dist/**", "node_modules/**", ".react-router/**", "test-results/**", ".scratch/**", "web/app/lib/europe-map.generated.ts"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: "module",
      globals: { console: "readonly", process: "readonly", Buffer: "readonly", URL: "readonly", setTimeout: "readonly", clearTimeout: "readonly", setInterval: "readonly", clearInterval: "readonly", performance: "readonly", fetch: "readonly" },
    },
    plugins: { "import-x": importX },
    settings: { "import-x/resolver": { node: { extensions: [".ts", ".tsx", ".mjs", ".js"] } } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_", destructuredArrayIgnorePattern: "^_" }],
      "import-x/no-restricted-paths": [
        "error",
        {
          zones: [
            { target: "./pipeline", from: ["./api", "./web", "./cli", "./product"], message: "pipeline/ is the core: it imports nothing of the doors (api/, web/, cli/) nor of product/." },
            { target: "./product", from: ["./api", "./web", "./cli"], message: "product/ holds the rules both doors share: it imports pipeline/ only." },
            { target: "./web", from: ["./api/db"], message: "web/ reads through the one reader (api/read-model.ts, handed in the load context), never api/'s storage." },
            { target: "./api", from: ["./web/app", "./cli"], message: "api/ does not import the site's code nor the CLI." },
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
