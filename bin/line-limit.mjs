#!/usr/bin/env node
// No source file over 400 lines (npm run lines, one of the checks of bin/checks.mjs; docs/testing.md "The checks"):
// a file that long mixes jobs, and is split by them. Source is every tracked .ts, .tsx, .mjs and .js file but the
// tests (tests/, *.test.ts, *.test.tsx), whose length is a list of cases, and generated files (*.generated.ts).
//
//   node bin/line-limit.mjs [--max N]
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

const MAX_LINES = 400;

const max = process.argv.includes("--max") ? Number(process.argv[process.argv.indexOf("--max") + 1]) : MAX_LINES;
const files = execFileSync("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], {
  encoding: "utf8",
})
  .split("\0")
  .filter((f) => /\.(ts|tsx|mjs|js)$/.test(f))
  .filter((f) => !f.startsWith("tests/") && !/\.test\.tsx?$/.test(f) && !/\.generated\.ts$/.test(f));

const over = [];
for (const file of files) {
  let text;
  try {
    text = readFileSync(file, "utf8");
  } catch {
    continue; // deleted but not yet staged
  }
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > max) over.push(`${file}: ${lines} lines`);
}
if (over.length > 0) {
  process.stderr.write(
    `Source files over ${max} lines (split each by the jobs it mixes; docs/architecture.md):\n${over.join("\n")}\n`,
  );
  process.exit(1);
}
process.stdout.write(`${files.length} source files, none over ${max} lines\n`);
