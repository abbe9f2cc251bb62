// CliError carries the exit code; only cli/jwi.ts turns it into process.exitCode.
export class CliError extends Error {
  override readonly name = "CliError";
  constructor(
    message: string,
    readonly exitCode: 1 | 2 = 1,
  ) {
    super(message);
  }
}

/** Exit codes of design/contract.md. */
export const EXIT = { ok: 0, rejected: 1, usage: 2 } as const;
