// What a command may touch of the outside world, passed in so tests can run commands in-process.
import { openPipeline, type Pipeline } from "../pipeline/index.ts";
import { readPipelineEnv, type PipelineEnv } from "../pipeline/env.ts";
import { createLogger, type Logger } from "../pipeline/logger.ts";

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
  openPipeline(): Promise<Pipeline>;
}

export function commandContext(io: CliIo): CommandContext {
  const env = readPipelineEnv(io.env);
  const logger = createLogger(env.LOG_LEVEL);
  return {
    io,
    env,
    logger,
    dataDir: env.JWI_DATA_DIR,
    openPipeline: () => openPipeline({ dataDir: env.JWI_DATA_DIR }),
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
