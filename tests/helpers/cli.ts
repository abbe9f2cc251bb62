// Runs the real `jwi` program in-process with captured output and its own data directory.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { Writable } from "node:stream";
import { run } from "../../cli/jwi.ts";

export interface CliRun {
  code: number;
  stdout: string;
  stderr: string;
  json<T = unknown>(): T;
}

class Capture extends Writable {
  text = "";
  override _write(chunk: Buffer | string, _enc: BufferEncoding, done: () => void) {
    this.text += chunk.toString();
    done();
  }
}

export function tempDataDir(prefix = "jwi-test-"): { dir: string; cleanup(): void } {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  return { dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

export async function jwi(dataDir: string, ...argv: string[]): Promise<CliRun> {
  const stdout = new Capture();
  const stderr = new Capture();
  const code = await run(argv, {
    stdout,
    stderr,
    env: { JWI_DATA_DIR: dataDir, LOG_LEVEL: "silent" },
  });
  return {
    code,
    stdout: stdout.text,
    stderr: stderr.text,
    json<T>() {
      return JSON.parse(stdout.text) as T;
    },
  };
}

export const REPO_ROOT = path.resolve(path.dirname(new URL(import.meta.url).pathname), "../..");
export const fixture = (...parts: string[]) => path.join(REPO_ROOT, "fixtures", ...parts);
