#!/usr/bin/env node
// Runs a TypeScript entry file (bench, scripts) through tsx: `node bin/run-ts.mjs file.ts [args…]`.
import { register } from "tsx/esm/api";
import { pathToFileURL } from "node:url";
import path from "node:path";

register();
const [file, ...rest] = process.argv.slice(2);
if (!file) {
  console.error("usage: node bin/run-ts.mjs FILE.ts [args…]");
  process.exitCode = 2;
} else {
  process.argv = [process.argv[0], path.resolve(file), ...rest];
  await import(pathToFileURL(path.resolve(file)).href);
}
