// The `jwi` program: the operator's terminal door into the pipeline. The only place that sets the exit code.
// Each command's module is imported when the command runs, so that `jwi --help` answers at once.
import path from "node:path";
import { CommanderError } from "commander";
import { BusyError, InputError } from "../lib/errors.ts";
import { CliError, EXIT } from "./errors.ts";
import { clearProgress, defaultIo, writeLine, type CliIo } from "./io.ts";
import { describeSystemError } from "../lib/system-errors.ts";
import { buildProgram } from "./program.ts";

/**
 * A reader that goes away (`jwi status | head -1`) closes the pipe: the rest of the output is dropped quietly
 * instead of ending in an unhandled EPIPE.
 */
function quietOnClosedPipe(stream: CliIo["stdout"]): void {
  stream.on("error", (err: NodeJS.ErrnoException) => {
    if (err.code === "EPIPE" || err.code === "ERR_STREAM_DESTROYED") return;
    throw err;
  });
}

/** What a failing command says: one plain line on stderr, and with `--json` an error object on stdout. */
interface Failure {
  exitCode: number;
  code: string;
  message: string;
  /** The command already printed its result on stdout (an upload result, a fetch summary). */
  reported: boolean;
  details?: unknown;
}

function failureOf(err: unknown, io: CliIo): Failure {
  if (err instanceof CommanderError) {
    return { exitCode: EXIT.usage, code: "usage", message: err.message.replace(/^error:\s*/i, ""), reported: false };
  }
  if (err instanceof CliError)
    return { exitCode: err.exitCode, code: err.code, message: err.message, reported: err.reported };
  if (err instanceof BusyError)
    return {
      exitCode: EXIT.rejected,
      code: "busy",
      message: err.message,
      reported: false,
      details: { holder: err.holder },
    };
  if (err instanceof InputError)
    return { exitCode: EXIT.rejected, code: "rejected", message: err.message, reported: false };
  const message = describeSystemError(err, path.resolve(io.env.JWI_DATA_DIR || "./data"));
  return { exitCode: EXIT.rejected, code: "system", message, reported: false };
}

/** `--json` among the options (before a `--`): failures are then also printed as JSON on stdout. */
function wantsJson(argv: readonly string[]): boolean {
  const end = argv.indexOf("--");
  return (end < 0 ? argv : argv.slice(0, end)).includes("--json");
}

/**
 * Runs the program; returns the exit code instead of exiting, so tests can call it in-process. Every failure,
 * whatever its exit code, is said in one line on stderr (`error: …`); with `--json`, stdout also gets
 * `{"ok": false, "error": {"code", "message", "exit", "details"?}}` unless the command already printed its
 * own JSON result (which then carries the error).
 */
export async function run(argv: string[], io: CliIo = defaultIo()): Promise<number> {
  quietOnClosedPipe(io.stdout);
  quietOnClosedPipe(io.stderr);
  const program = buildProgram(io);
  try {
    await program.parseAsync(argv, { from: "user" });
    return EXIT.ok;
  } catch (err) {
    // --help and --version end here with code 0.
    if (err instanceof CommanderError && err.exitCode === 0) return EXIT.ok;
    clearProgress(io);
    const failure = failureOf(err, io);
    // Commander has already written its own line (and the hint to --help) on stderr.
    if (!(err instanceof CommanderError)) writeLine(io.stderr, `error: ${oneLine(failure.message)}`);
    if (wantsJson(argv) && !failure.reported) {
      const { code, message, exitCode, details } = failure;
      writeLine(
        io.stdout,
        JSON.stringify(
          { ok: false, error: { code, message, exit: exitCode, ...(details ? { details } : {}) } },
          null,
          2,
        ),
      );
    }
    return failure.exitCode;
  }
}

const oneLine = (text: string) => text.replace(/\s*\n\s*/g, " ").trim();
