// The compiled `jwi` command: the TypeScript sources of the CLI (and everything it imports from pipeline/, api/
// and server/main.ts) bundled by esbuild into dist/cli, one ESM file per command plus shared chunks; the npm
// packages every data job loads are bundled in too, the others left external. `jwi --help` then starts in a few tens
// of milliseconds instead of transpiling TypeScript at every start (docs/decisions/004-compiled-cli.md).
//
//   node bin/cli-build.mjs        build (npm run build, npm install's prepare step)
//   freshBuild()                  the bundle's entry when it is newer than every source file, else null
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
export const DIST_DIR = path.join(ROOT, "dist", "cli");
const STAMP = path.join(DIST_DIR, ".built");

/** What the bundle is made of: a change to any of these (tests aside) makes it stale. */
// (web/app/lib: the share cards and badges take the site's colours and texts from there.)
const SOURCES = ["cli", "lib", "server", "pipeline", "api", "product", "web", "package.json", "package-lock.json"];

/**
 * npm packages bundled into dist/cli with what they import: the ones a data job (the server's job child, `jwi
 * ingest`) and the workbook parser's process load at every start. Node resolves, reads and scans a CommonJS package
 * file by file when an ES module imports it, which cost a job about a quarter of a CPU-second and the parser's
 * process about 0.4 (docs/decisions/004-compiled-cli.md). Native bindings stay external (they are loaded from their
 * package), and so does everything else (Express, React, satori: loaded once by a long-running server).
 */
const BUNDLED_PACKAGES = new Set([
  "@asteasolutions/zod-to-openapi",
  "@duckdb/node-api",
  "commander",
  "croner",
  "exceljs",
  "pino",
  "yauzl",
  "zod",
]);
const NATIVE = /^@duckdb\/node-bindings/;

/** The package a bare import names: "zod/v4" → "zod", "@duckdb/node-api/lib" → "@duckdb/node-api". */
const packageOf = (spec) =>
  spec
    .split("/")
    .slice(0, spec.startsWith("@") ? 2 : 1)
    .join("/");

/** esbuild: bare imports external, but those of BUNDLED_PACKAGES and of the files bundled from node_modules. */
const externalPackages = {
  name: "external-packages",
  setup(build) {
    build.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith("node:") || NATIVE.test(args.path)) return { external: true };
      const fromPackage = args.importer.includes(`${path.sep}node_modules${path.sep}`);
      if (fromPackage || BUNDLED_PACKAGES.has(packageOf(args.path))) return undefined;
      return { external: true };
    });
  },
};

/**
 * Extra entry points: scripts started by file path at run time, which must sit beside the chunks (the barometer
 * parser's process, pipeline/sources/barometer/parse-guarded.ts; the server's share card worker thread, product/share-cards/drawer.ts).
 */
export const WORKER_ENTRIES = {
  "barometer-worker": path.join(ROOT, "pipeline/sources/barometer/barometer-worker.ts"),
  "share-card-worker": path.join(ROOT, "product/share-cards/draw-worker.ts"),
};

/**
 * The compiled file of a worker entry, given its source file's URL, when the bundle is up to date; else null.
 * bin/ts-worker.mjs starts it instead of the sources through tsx, as bin/jwi.mjs does for the command.
 */
export function compiledWorker(sourceUrl) {
  const name = Object.keys(WORKER_ENTRIES).find((n) => pathToFileURL(WORKER_ENTRIES[n]).href === sourceUrl);
  if (name === undefined || freshBuild() === null) return null;
  return pathToFileURL(path.join(DIST_DIR, `${name}.mjs`)).href;
}

function newestMtime(p) {
  let st;
  try {
    st = statSync(p);
  } catch {
    return 0;
  }
  if (!st.isDirectory()) return /\.test\.tsx?$/.test(p) ? 0 : st.mtimeMs;
  let newest = st.mtimeMs;
  for (const name of readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, name)));
  return newest;
}

/** The bundle's entry file URL when it is up to date with the sources, else null (run the sources with tsx). */
export function freshBuild() {
  let built;
  try {
    built = statSync(STAMP).mtimeMs;
  } catch {
    return null;
  }
  for (const src of SOURCES) if (newestMtime(path.join(ROOT, src)) > built) return null;
  return pathToFileURL(path.join(DIST_DIR, "jwi.mjs")).href;
}

export async function buildCli() {
  const { build } = await import("esbuild");
  const tmp = `${DIST_DIR}.tmp-${process.pid}`;
  rmSync(tmp, { recursive: true, force: true });
  await build({
    entryPoints: { jwi: path.join(ROOT, "cli/jwi.ts"), ...WORKER_ENTRIES },
    outdir: tmp,
    bundle: true,
    splitting: true,
    format: "esm",
    platform: "node",
    target: "node20",
    plugins: [externalPackages],
    // CommonJS packages bundled into ES modules call require() (for Node's own modules): give them Node's.
    banner: {
      js: 'import { createRequire as __jwiRequire } from "node:module"; const require = __jwiRequire(import.meta.url);',
    },
    outExtension: { ".js": ".mjs" },
    sourcemap: "linked",
    logLevel: "warning",
  });
  writeFileSync(path.join(tmp, ".built"), new Date().toISOString());
  // Swap in one step, so that a `jwi` starting meanwhile sees the old bundle or the new one, never half of one.
  mkdirSync(path.dirname(DIST_DIR), { recursive: true });
  const old = `${DIST_DIR}.old-${process.pid}`;
  if (existsSync(DIST_DIR)) renameSync(DIST_DIR, old);
  renameSync(tmp, DIST_DIR);
  rmSync(old, { recursive: true, force: true });
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = Date.now();
  await buildCli();
  console.log(`jwi: compiled into ${path.relative(process.cwd(), DIST_DIR) || "."} in ${Date.now() - started} ms`);
}
