// `jwi status | head -1`: a reader that goes away before jwi has written everything. jwi's later writes fail with
// EPIPE; they must end quietly (exit code of the command itself, nothing on stderr), not in an unhandled 'error'
// event with a stack trace and exit 1, as the probe found. Real processes (node bin/jwi.mjs), real pipes.
// The reader that is gone before the first write fails every time on the old code; `head -1` only does when jwi
// is still writing after the first line was read (a race the probe won: these outputs fit in a pipe's buffer).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { seedDataDir } from "../api/helpers.ts";
import { JWI } from "../helpers/processes.ts";
import { REPO_ROOT } from "../helpers/cli.ts";

let dataDir: string;
beforeAll(async () => {
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-epipe-"));
  await seedDataDir(dataDir);
});
afterAll(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

interface Outcome {
  code: number | null;
  signal: NodeJS.Signals | null;
  stderr: string;
  firstLine: string | null;
}

/**
 * Runs `jwi ARGS` with its stdout on a pipe whose reader goes away: at once (`closeAt: "start"`, before jwi
 * writes anything, so its very first write fails), or after reading the first line, like `head -1`.
 */
function jwiIntoClosedPipe(args: string[], closeAt: "start" | "first-line"): Promise<Outcome> {
  const child = spawn(process.execPath, [JWI, ...args], {
    cwd: REPO_ROOT,
    env: { PATH: process.env.PATH, HOME: process.env.HOME, JWI_DATA_DIR: dataDir, LOG_LEVEL: "silent" },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  let firstLine: string | null = null;
  if (closeAt === "start") child.stdout!.destroy();
  else {
    let buffered = "";
    child.stdout!.on("data", (d: Buffer) => {
      buffered += d.toString();
      const nl = buffered.indexOf("\n");
      if (nl >= 0 && firstLine === null) {
        firstLine = buffered.slice(0, nl);
        child.stdout!.destroy();
      }
    });
  }
  return new Promise((resolve) => child.on("close", (code, signal) => resolve({ code, signal, stderr, firstLine })));
}

function expectQuiet(o: Outcome): void {
  expect(o.signal).toBeNull();
  expect(o.code, o.stderr).toBe(0);
  expect(o.stderr).not.toMatch(/EPIPE|Error|\n\s+at /);
  expect(o.stderr).toBe("");
}

describe("jwi status into a pipe whose reader went away", () => {
  it.each([[["status"]], [["status", "--json"]]])(
    "jwi %j, reader gone before the first write: exit 0, nothing on stderr",
    async (args) => {
      expectQuiet(await jwiIntoClosedPipe(args, "start"));
    },
  );

  it("jwi status | head -1: the first line, exit 0, nothing on stderr", async () => {
    const o = await jwiIntoClosedPipe(["status"], "first-line");
    expect(o.firstLine).toMatch(/^Data held \(ages in months as of \d{4}-\d{2}\):$/);
    expectQuiet(o);
  });

  it("jwi status --json | head -1: the first line, exit 0, nothing on stderr", async () => {
    const o = await jwiIntoClosedPipe(["status", "--json"], "first-line");
    expect(o.firstLine).toBe("{");
    expectQuiet(o);
  });
});
