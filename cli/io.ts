// What a command may touch of the outside world, passed in so tests can run commands in-process.
// Modules behind the commands are imported lazily (jwi.ts): `jwi --help` loads neither DuckDB nor zod.
import { statSync } from "node:fs";
import path from "node:path";
import type { PipelineEnv } from "../pipeline/env.ts";
import type { Pipeline } from "../pipeline/index.ts";
import type { Logger } from "../pipeline/logger.ts";
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
  /** The validated environment (pipeline/env.ts). */
  env: PipelineEnv;
  logger: Logger;
  dataDir: string;
  /**
   * Opens the pipeline of JWI_DATA_DIR; jobs wait `waitMs` (default JWI_LOCK_WAIT_S) for a running one. A data
   * directory that does not exist is refused (a mistyped JWI_DATA_DIR must not become an empty store) unless
   * `create` is set (the commands' `--create`).
   */
  openPipeline(opts?: { waitMs?: number; create?: boolean }): Promise<Pipeline>;
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
  if (!isDir) throw new CliError(`JWI_DATA_DIR (${path.resolve(dir)}) is a file, not a directory. Check JWI_DATA_DIR.`, 1, { code: "not_found" });
}

export async function commandContext(io: CliIo): Promise<CommandContext> {
  const [{ readPipelineEnv }, { createLogger }] = await Promise.all([import("../pipeline/env.ts"), import("../pipeline/logger.ts")]);
  const env = readPipelineEnv(io.env);
  const logger = createLogger(env.LOG_LEVEL);
  return {
    io,
    env,
    logger,
    dataDir: env.JWI_DATA_DIR,
    async openPipeline(opts = {}) {
      if (!opts.create) assertDataDir(env.JWI_DATA_DIR);
      const { openPipeline } = await import("../pipeline/index.ts");
      return openPipeline({
        dataDir: env.JWI_DATA_DIR,
        logger,
        lockWaitMs: opts.waitMs ?? env.JWI_LOCK_WAIT_S * 1000,
        // Every publication made from the terminal or by the server's job child gets its share cards.
        cards: async () => (await import("../product/share-cards/render.ts")).renderShareCards,
      });
    },
  };
}

/** A one-line progress indicator on a TTY (stderr); silent otherwise. */
export function progress(io: CliIo): { step(text: string): void; done(): void } {
  const tty = Boolean(io.stderr.isTTY);
  let shown = false;
  return {
    step(text) {
      if (!tty) return;
      io.stderr.write(`\r\x1b[2K… ${text}`);
      shown = true;
    },
    done() {
      if (tty && shown) io.stderr.write("\r\x1b[2K");
    },
  };
}

export const writeLine = (stream: NodeJS.WritableStream, line = "") => stream.write(`${line}\n`);
