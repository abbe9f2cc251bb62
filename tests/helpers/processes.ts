// Real processes for the tests of the one-job lock: `jwi serve` and `jwi …` commands started exactly as an
// operator starts them (node bin/jwi.mjs), each with its own environment, on one temporary data directory.
import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { REPO_ROOT } from "./cli.ts";

export const JWI = path.join(REPO_ROOT, "bin", "jwi.mjs");

/** What a process needs from the outside besides its own variables. */
function baseEnv(): NodeJS.ProcessEnv {
  const keep = ["PATH", "HOME", "TMPDIR", "LANG", "TZ"];
  return Object.fromEntries(keep.filter((k) => process.env[k] !== undefined).map((k) => [k, process.env[k]]));
}

export interface ProcessResult {
  code: number | null;
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
  ms: number;
}

export interface RunningCommand {
  child: ChildProcess;
  done: Promise<ProcessResult>;
}

/** Starts `jwi ARGS…` and returns at once; `done` settles when it ends. */
export function startJwi(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): RunningCommand {
  const started = Date.now();
  const child = spawn(process.execPath, [JWI, ...args], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), JWI_DATA_DIR: dataDir, LOG_LEVEL: "silent", ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (d) => (stdout += d));
  child.stderr!.on("data", (d) => (stderr += d));
  const done = new Promise<ProcessResult>((resolve) => {
    child.on("close", (code, signal) => resolve({ code, signal, stdout, stderr, ms: Date.now() - started }));
  });
  return { child, done };
}

/** Runs `jwi ARGS…` to its end. */
export function jwiProcess(dataDir: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<ProcessResult> {
  return startJwi(dataDir, args, env).done;
}

/**
 * Holds a data directory's job lock from a process of its own, as a long job would (tests/helpers/hold-lock.ts),
 * naming `command`; resolves once it holds it. `stop()` kills it (the kernel then drops the lock).
 */
export async function holdJobLock(dataDir: string, command: string): Promise<{ stop(): void }> {
  const holder = spawn(
    process.execPath,
    [path.join(REPO_ROOT, "bin/run-ts.mjs"), path.join(REPO_ROOT, "tests/helpers/hold-lock.ts"), dataDir, command],
    { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] },
  );
  await new Promise<void>((resolve, reject) => {
    holder.stdout!.on("data", (d) => String(d).includes("holding") && resolve());
    holder.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
  });
  return { stop: () => void holder.kill("SIGKILL") };
}

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** What it printed on stderr so far (its pino logs). */
  logs(): string;
  stop(): Promise<void>;
}

/**
 * Starts `jwi serve --port 0` and waits until it says where it listens (it seeds an empty data dir first). The server
 * draws no share card ahead unless `env` asks for it (JWI_DRAW_CARDS_AHEAD): drawing all of them keeps a core busy
 * for many seconds, which only the share-card tests are about; `asConfigured: true` starts it with `env` alone, as
 * an operator's bare `jwi serve`.
 */
export async function startServerProcess(
  dataDir: string,
  env: NodeJS.ProcessEnv = {},
  timeoutMs = 60_000,
  { asConfigured = false }: { asConfigured?: boolean } = {},
): Promise<ServerProcess> {
  const quiet = asConfigured ? {} : { LOG_LEVEL: "warn", JWI_HTTP_LOG: "false", JWI_DRAW_CARDS_AHEAD: "false" };
  const child = spawn(process.execPath, [JWI, "serve", "--port", "0"], {
    cwd: REPO_ROOT,
    env: { ...baseEnv(), JWI_DATA_DIR: dataDir, ...quiet, ...env },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let stderr = "";
  child.stderr!.on("data", (d) => (stderr += d));
  const url = await new Promise<string>((resolve, reject) => {
    let stdout = "";
    const timer = setTimeout(
      () => reject(new Error(`jwi serve did not start within ${timeoutMs} ms:\n${stderr}`)),
      timeoutMs,
    );
    child.stdout!.on("data", (d) => {
      stdout += d;
      const m = /running on (http:\/\/\S+)/.exec(stdout);
      if (m) {
        clearTimeout(timer);
        resolve(m[1]!.replace("localhost", "127.0.0.1"));
      }
    });
    child.once("exit", (code) => {
      clearTimeout(timer);
      reject(new Error(`jwi serve exited with ${code}:\n${stderr}`));
    });
  });
  return {
    url,
    child,
    logs: () => stderr,
    stop: () =>
      new Promise<void>((resolve) => {
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        const kill = setTimeout(() => child.kill("SIGKILL"), 10_000);
        child.once("exit", () => {
          clearTimeout(kill);
          resolve();
        });
        child.kill("SIGTERM");
      }),
  };
}

/** Polls `check` until it is true or `ms` pass; returns how long it took. */
export async function until(
  check: () => boolean | Promise<boolean>,
  ms: number,
  what = "condition",
  everyMs = 25,
): Promise<number> {
  const started = Date.now();
  for (;;) {
    if (await check()) return Date.now() - started;
    if (Date.now() - started > ms) throw new Error(`timed out after ${ms} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
