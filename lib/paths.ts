// Where the project's own files are, found from this module's location: the same answer whether the code runs
// from its TypeScript sources (tsx, vitest) or from the compiled CLI bundle in dist/cli (docs/architecture.md).
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const PACKAGE_NAME = "job-weather-index";

function findRoot(start: string): string {
  let dir = start;
  for (;;) {
    const pkg = path.join(dir, "package.json");
    if (existsSync(pkg)) {
      try {
        if ((JSON.parse(readFileSync(pkg, "utf8")) as { name?: unknown }).name === PACKAGE_NAME) return dir;
      } catch {
        /* not ours: keep climbing */
      }
    }
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error(`Cannot find the ${PACKAGE_NAME} folder above ${start}.`);
    dir = parent;
  }
}

/** The checkout's root folder (where package.json is). */
const PROJECT_ROOT = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** The `jwi` command's entry (runs the compiled CLI when it is up to date, else the sources through tsx). */
export const JWI_BIN = path.join(PROJECT_ROOT, "bin", "jwi.mjs");

/** The bundled real source files that `npm start` loads into an empty data directory. */
export const BUNDLED_FIXTURES_DIR = path.join(PROJECT_ROOT, "fixtures", "real");

/** Where `npm run build` writes the server-rendered site (client/ and server/). */
export const SITE_BUILD_DIR = path.join(PROJECT_ROOT, "build", "web");

/** The product's version (package.json), named in the User-Agent of downloads and in the API. */
export const PRODUCT_VERSION: string = (() => {
  try {
    const pkg = JSON.parse(readFileSync(path.join(PROJECT_ROOT, "package.json"), "utf8")) as { version?: unknown };
    return typeof pkg.version === "string" ? pkg.version : "0.0.0";
  } catch {
    return "0.0.0";
  }
})();
