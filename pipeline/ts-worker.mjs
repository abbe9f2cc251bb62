// Starts a TypeScript entry from the sources through tsx: `node pipeline/ts-worker.mjs <entry file URL>`, for a
// worker process (or thread) when the code runs unbuilt (vitest, `node bin/jwi.mjs`). A bundle starts its
// compiled worker file directly. tsx is resolved from this file's place in the repository, whatever the
// working directory is.
import { register } from "tsx/esm/api";

const entry = process.argv[2];
if (!entry) throw new Error("ts-worker.mjs: no entry file URL given (node ts-worker.mjs <url>)");
register();
await import(entry);
