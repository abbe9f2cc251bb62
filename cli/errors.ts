// CliError carries the exit code; only cli/jwi.ts turns it into process.exitCode.
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: 1 | 2 | 3 = 1,
  ) {
    super(message);
  }
}

/** Exit codes of docs/interfaces.md; `allFailed` is `jwi fetch` / `jwi update` when every table failed. */
export const EXIT = { ok: 0, rejected: 1, usage: 2, allFailed: 3 } as const;
