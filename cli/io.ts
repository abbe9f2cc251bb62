// What a command may touch of the outside world, passed in so tests can run commands in-process.
// Modules behind the commands are imported lazily (jwi.ts): `jwi --help` loads neither DuckDB nor zod.
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";
import type { PipelineEnv } from "../lib/env.ts";
import type { Pipeline, StatusReport } from "../pipeline/index.ts";
import type { JobActor } from "../pipeline/job-audit.ts";
import type { Logger } from "../lib/logger.ts";
import { CliError } from "./errors.ts";

export interface CliIo {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
  env: NodeJS.ProcessEnv;
}

export function defaultIo(): CliIo {
  return { stdout: process.stdout, stderr: process.stderr, env: process.env };
}

export interface CommandContext {
  io: CliIo;
  /** The validated environment (lib/env.ts). */
  env: PipelineEnv;
  logger: Logger;
  dataDir: string;
  /**
   * Opens the pipeline of JWI_DATA_DIR; jobs wait `waitMs` (default JWI_LOCK_WAIT_S) for a running one. A data
   * directory that does not exist is refused (a mistyped JWI_DATA_DIR must not become an empty store) unless
   * `create` is set (the commands' `--create`).
   */
  openPipeline(opts?: { waitMs?: number; create?: boolean; actor?: JobActor | null }): Promise<Pipeline>;
  /** The status report with the stores opened read-only (pipeline/index.ts readStatus); `create`: make the directory. */
  readStatus(opts?: { create?: boolean }): Promise<StatusReport>;
}

/** A CliError in plain words when `dir` (JWI_DATA_DIR) does not exist or is not a directory. */
export function assertDataDir(dir: string): void {
  let isDir: boolean;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    throw new CliError(
      `The data directory ${path.resolve(dir)} does not exist. Check JWI_DATA_DIR (default ./data), or add --create to start an empty one there.`,
      1,
      { code: "not_found" },
    );
  }
  if (!isDir)
    throw new CliError(`JWI_DATA_DIR (${path.resolve(dir)}) is a file, not a directory. Check JWI_DATA_DIR.`, 1, {
      code: "not_found",
    });
}

export async function commandContext(io: CliIo): Promise<CommandContext> {
  const [{ readPipelineEnv }, { createLogger }] = await Promise.all([
    import("../lib/env.ts"),
    import("../lib/logger.ts"),
  ]);
  const env = readPipelineEnv(io.env);
  // On a terminal the log lines are written above the progress line (never through it); piped, they stay pino
  // JSON on fd 2, as before.
  const line = io.stderr.isTTY ? statusLine(io.stderr) : null;
  const logger = createLogger(
    env.LOG_LEVEL,
    "jwi",
    line ? { write: (text: string) => line.writeAbove(text) } : undefined,
  );
  return {
    io,
    env,
    logger,
    dataDir: env.JWI_DATA_DIR,
    async readStatus(opts = {}) {
      if (opts.create) mkdirSync(env.JWI_DATA_DIR, { recursive: true });
      else assertDataDir(env.JWI_DATA_DIR);
      const { readStatus } = await import("../pipeline/index.ts");
      return readStatus(env.JWI_DATA_DIR);
    },
    async openPipeline(opts = {}) {
      if (!opts.create) assertDataDir(env.JWI_DATA_DIR);
      const { openPipeline } = await import("../pipeline/index.ts");
      return openPipeline({
        dataDir: env.JWI_DATA_DIR,
        logger,
        lockWaitMs: opts.waitMs ?? env.JWI_LOCK_WAIT_S * 1000,
        actor: opts.actor,
        // Every publication made from the terminal or by the server's job child keys its share cards (the
        // server draws them on first request: docs/decisions/008-share-cards.md).
        cards: async () => (await import("../product/share-cards/key.ts")).keyShareCards,
      });
    },
  };
}

/**
 * The one progress line at the bottom of a terminal's stderr. Log lines are written above it: the line is
 * cleared, the log line written whole, and the progress drawn again, so that the two never run into each other.
 */
class StatusLine {
  private text: string | null = null;
  constructor(private readonly stream: CliIo["stderr"]) {}

  show(text: string): void {
    this.text = text;
    this.stream.write(`\r\x1b[2K… ${text}`);
  }

  clear(): void {
    if (this.text !== null) this.stream.write("\r\x1b[2K");
    this.text = null;
  }

  writeAbove(line: string): void {
    const whole = line.endsWith("\n") ? line : `${line}\n`;
    this.stream.write(this.text === null ? whole : `\r\x1b[2K${whole}… ${this.text}`);
  }
}

const statusLines = new WeakMap<object, StatusLine>();

function statusLine(stream: CliIo["stderr"]): StatusLine {
  let line = statusLines.get(stream);
  if (!line) statusLines.set(stream, (line = new StatusLine(stream)));
  return line;
}

/** Clears a progress line left on the terminal by a command that failed before it could (jwi.ts, before its error line). */
export function clearProgress(io: CliIo): void {
  statusLines.get(io.stderr)?.clear();
}

/** A one-line progress indicator on a TTY (stderr); silent otherwise. Log lines go above it (commandContext). */
export function progress(io: CliIo): { step(text: string): void; done(): void } {
  if (!io.stderr.isTTY) return { step() {}, done() {} };
  const line = statusLine(io.stderr);
  return {
    step: (text) => line.show(text),
    done: () => line.clear(),
  };
}

export const writeLine = (stream: NodeJS.WritableStream, line = "") => stream.write(`${line}\n`);
