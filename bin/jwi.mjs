#!/usr/bin/env node
// The `jwi` command. Runs the compiled bundle (dist/cli, built by `npm install` / `npm run build`) when it is up
// to date with the sources, else the TypeScript sources through tsx (slower to start, same behaviour).
import { freshBuild } from "./cli-build.mjs";

let entry = freshBuild();
if (entry === null) {
  const { register } = await import("tsx/esm/api");
  register();
  entry = new URL("../cli/jwi.ts", import.meta.url).href;
}
const { run } = await import(entry);
process.exitCode = await run(process.argv.slice(2));
