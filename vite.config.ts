// Vite build of the public site (React Router framework mode, server-rendered). vitest has its own
// vitest.config.ts so that this plugin never loads under the test runner (docs/architecture.md, "Code map").
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { fileURLToPath } from "node:url";
import { defineConfig, type Plugin } from "vite";
import { flagsPlugin } from "./web/scripts/flags-plugin.ts";
import { formatjsPlugin } from "./web/scripts/formatjs-plugin.ts";
import { jobMarketSlugTable } from "./product/job-market-slugs.ts";
import { LOCALES } from "./product/locales.ts";

/**
 * sonner adds its CSS as a <style> element (`__insertCSS`) without a nonce, which the site's CSP refuses
 * (style-src 'self' 'nonce-…', api/app.ts). The injection is switched off here; web/app/lib/sonner.ts loads the
 * very same CSS (sonner/dist/styles.css) as a stylesheet file instead.
 */
function sonnerStylesAsFile(): Plugin {
  return {
    name: "jwi:sonner-styles-as-file",
    transform(code, id) {
      if (!/[\\/]sonner[\\/]dist[\\/]index\.m?js$/.test(id)) return null;
      const patched = code.replace("function __insertCSS(code) {", "function __insertCSS(code) {\n  return;");
      if (patched === code)
        this.error("sonner's __insertCSS was not found: check vite.config.ts against the installed sonner");
      return { code: patched, map: null };
    },
  };
}

/**
 * The localised /job-market/{name} slugs, derived from Intl.DisplayNames once, here, and built into both bundles
 * (product/job-market-slugs.ts): the browser and the server render the same URLs whatever CLDR a browser carries.
 */
const JOB_MARKET_SLUGS = { __JWI_JOB_MARKET_SLUGS__: JSON.stringify(jobMarketSlugTable(LOCALES)) };

/**
 * React Router's package sends every bundler to its development build (its `exports` name no other:
 * remix-run/react-router#12532, #14102), which keeps its development warnings and their checks in the browser. The
 * browser bundle takes the production build the package ships beside it, the same code with those switched off.
 */
const routerDist = fileURLToPath(new URL("./node_modules/react-router/dist/production/", import.meta.url));
const REACT_ROUTER_PRODUCTION = [
  { find: /^react-router$/, replacement: `${routerDist}index.mjs` },
  { find: /^react-router\/dom$/, replacement: `${routerDist}dom-export.mjs` },
];

export default defineConfig(({ isSsrBuild }) => ({
  publicDir: "web/public",
  plugins: [
    formatjsPlugin({ parser: !!isSsrBuild }),
    tailwindcss(),
    reactRouter(),
    sonnerStylesAsFile(),
    flagsPlugin(),
  ],
  // The server build carries its own production copy of React and React Router, so pages render with
  // production React whatever NODE_ENV the process runs with (the API reads NODE_ENV for its own purposes).
  // Native modules stay external (server code such as the operator's auth helpers may import them).
  ...(isSsrBuild
    ? {
        ssr: { noExternal: true, external: ["@node-rs/argon2", "better-sqlite3", "@duckdb/node-api", "exceljs"] },
        define: { ...JOB_MARKET_SLUGS, "process.env.NODE_ENV": JSON.stringify("production") },
      }
    : { define: JOB_MARKET_SLUGS, resolve: { alias: REACT_ROUTER_PRODUCTION } }),
  build: {
    // The site never needs source maps in production, and they would ship paths of the build machine.
    sourcemap: false,
    rolldownOptions: isSsrBuild
      ? {}
      : {
          treeshake: {
            // Browser bundle only: the shared modules of pipeline/ freeze their constants at load time. Treating
            // Object.freeze as pure lets the bundle drop the frozen constants it never reads; the browser never
            // mutates them anyway. (The model needs no such help: its tables, pipeline/model/tables.ts, are data
            // only, and its kernel is pure functions; docs/decisions/013-model-kernel.md.)
            manualPureFunctions: ["Object.freeze"],
          },
          output: {
            // Fewer, larger files (docs/decisions/017-page-weight.md, "Fewer files"): left to itself the bundler
            // split a page's scripts into 30 files, many of them under 1 KB, and a phone on a slow link spends a
            // round trip per handful of them before the page is interactive. React, React Router and FormatJS, which
            // every page loads, go into one file; our modules used by three or more pages (or lazy parts) into
            // another, which some pages load a little of without using (Lighthouse's "unused JavaScript" stays near
            // 47 KiB, under the 60 of the budget); what fewer share stays split as the bundler decides.
            codeSplitting: {
              groups: [
                {
                  name: "framework",
                  test: /node_modules[\\/](react|react-dom|react-router|scheduler|cookie|set-cookie-parser|turbo-stream|react-intl|@formatjs|intl-messageformat|tslib)[\\/]/,
                  priority: 20,
                },
                { name: "shared", test: /[\\/](web[\\/]app|product|pipeline)[\\/]/, minShareCount: 3, priority: 10 },
              ],
            },
          },
        },
  },
}));
