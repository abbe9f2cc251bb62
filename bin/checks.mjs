// The checks `npm test` runs before the tests, side by side (each is mostly one core): the lint, the type-check,
// the format check, knip (no unused file, export, type, re-export or dependency, no unlisted one: knip.jsonc), the
// 400-line limit of a source file (bin/line-limit.mjs) and the build. Each one's output is printed whole when it
// ends, with its seconds; the command fails when any of them fails (docs/testing.md).
//
//   node bin/checks.mjs [script …]      default: lint typecheck format:check knip lines build
import { spawn } from "node:child_process";

const scripts =
  process.argv.slice(2).length > 0
    ? process.argv.slice(2)
    : ["lint", "typecheck", "format:check", "knip", "lines", "build"];
const npm = process.env.npm_execpath;

function run(script) {
  const started = Date.now();
  const child = npm
    ? spawn(process.execPath, [npm, "run", "--silent", script], { stdio: ["ignore", "pipe", "pipe"] })
    : spawn("npm", ["run", "--silent", script], {
        stdio: ["ignore", "pipe", "pipe"],
        shell: process.platform === "win32",
      });
  let output = "";
  child.stdout.on("data", (d) => (output += d));
  child.stderr.on("data", (d) => (output += d));
  return new Promise((resolve) => {
    child.on("close", (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      const ok = code === 0;
      process.stdout.write(
        `\n── ${script}: ${ok ? "ok" : `failed (exit ${code})`} in ${seconds} s\n${output.trimEnd()}\n`,
      );
      resolve(ok);
    });
  });
}

const results = await Promise.all(scripts.map(run));
const failed = scripts.filter((_, i) => !results[i]);
if (failed.length > 0) {
  process.stderr.write(`\nchecks failed: ${failed.join(", ")}\n`);
  process.exit(1);
}
