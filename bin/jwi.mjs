#!/usr/bin/env node
// The `jwi` command: runs the TypeScript CLI through tsx (no separate compile step).
import { register } from "tsx/esm/api";

register();
const { run } = await import("../cli/jwi.ts");
process.exitCode = await run(process.argv.slice(2));
