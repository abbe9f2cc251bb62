// Typed errors. The CLI maps them to exit codes, the API to HTTP statuses, in one place each.

/** Bad input (a file, a request, a flag): the message is for the user, as is. Nothing was changed. */
export class InputError extends Error {
  override readonly name = "InputError";
  readonly details?: unknown;
  constructor(message: string, details?: unknown) {
    super(message);
    this.details = details;
  }
}

/** Who holds the job lock (pipeline/jobs/lock.ts): what runs, where, since when. */
export interface JobHolder {
  command: string;
  pid: number;
  host: string;
  started_at: string;
}

/**
 * The holder in words, the same in the CLI, the HTTP 409 and the operator page: `jwi ingest x.json (pid 4242 on
 * host-1, started 2026-11-23T02:50:00.000Z)`. `time` words the start (the operator page writes "23 Nov 2026, 02:50
 * UTC"); the ISO timestamp as it is by default.
 */
export function describeHolder(h: JobHolder | null, time: (iso: string) => string = (iso) => iso): string {
  if (h === null) return "another process (it has not said which yet)";
  return `${h.command} (pid ${h.pid} on ${h.host}, started ${time(h.started_at)})`;
}

/** A pipeline job (ingest, recalc, update) is already running; try again when it ends. */
export class BusyError extends Error {
  override readonly name = "BusyError";
  constructor(
    message = "Another data job (upload, recalculation or update) is running. Try again when it has finished.",
    /** The job that holds the lock, when known. */
    readonly holder: JobHolder | null = null,
  ) {
    super(message);
  }
}

/** Something was asked for that does not exist (unknown country code, …). */
export class NotFoundError extends Error {
  override readonly name = "NotFoundError";
}
