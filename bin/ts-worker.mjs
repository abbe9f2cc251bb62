// Starts a worker's TypeScript entry when the code runs unbuilt (vitest, `node bin/jwi.mjs` on stale sources):
// `node bin/ts-worker.mjs <entry file URL>`, for a worker process (or thread). When the compiled bundle is up to
// date (bin/cli-build.mjs, the same check bin/jwi.mjs makes) it runs the entry's compiled file, which starts in about
// half the CPU time (no TypeScript to transpile, its packages bundled); else the sources through tsx. A bundle starts
// its compiled worker file directly. tsx is resolved from this file's place in the repository, whatever the working
// directory is.
import { compiledWorker } from "./cli-build.mjs";

const entry = process.argv[2];
if (!entry) throw new Error("ts-worker.mjs: no entry file URL given (node ts-worker.mjs <url>)");
const compiled = compiledWorker(entry);
if (compiled !== null) {
  await import(compiled);
} else {
  const { register } = await import("tsx/esm/api");
  register();
  await import(entry);
}
