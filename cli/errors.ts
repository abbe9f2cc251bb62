// CliError carries the exit code; only cli/jwi.ts turns it into process.exitCode (and says why, docs/interfaces.md).
/** The `code` of the JSON error object a failing command prints with `--json` (docs/interfaces.md). */
export type CliErrorCode =
  "usage" | "rejected" | "busy" | "not_found" | "failed" | "some_failed" | "all_failed" | "no_network" | "system";

export class CliError extends Error {
  override readonly name = "CliError";
  readonly code: CliErrorCode;
  /** True when the command already printed its result (an upload result, a fetch summary) on stdout. */
  readonly reported: boolean;
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3 = 1,
    opts: { code?: CliErrorCode; reported?: boolean } = {},
  ) {
    super(message);
    this.code = opts.code ?? (exitCode === 2 ? "usage" : exitCode === 3 ? "all_failed" : "failed");
    this.reported = opts.reported ?? false;
  }
}

/** Exit codes of docs/interfaces.md; `allFailed` is `jwi fetch` / `jwi update` when every table failed. */
export const EXIT = { ok: 0, rejected: 1, usage: 2, allFailed: 3 } as const;
