// One line for the failures an operator can fix outside the program: a full disk, a read-only or unwritable
// data directory. Both stores word them differently (Node: ENOSPC/EROFS/EACCES; SQLite: SQLITE_FULL,
// SQLITE_READONLY, SQLITE_CANTOPEN; DuckDB: the OS message in its IO Error), so they are recognised here once.
import { accessSync, constants } from "node:fs";

const CODES_FULL = new Set(["ENOSPC", "EDQUOT", "SQLITE_FULL"]);
const CODES_READONLY = new Set(["EROFS", "SQLITE_READONLY", "SQLITE_READONLY_DIRECTORY", "SQLITE_READONLY_DBMOVED"]);
const CODES_DENIED = new Set(["EACCES", "EPERM", "SQLITE_CANTOPEN", "SQLITE_PERM"]);

export type SystemProblem = "disk-full" | "read-only" | "no-permission";

/**
 * Whether `dir` is on a read-only file system. SQLite cannot tell: where it cannot create its -wal and -shm files
 * it answers "unable to open database file" (SQLITE_CANTOPEN), which alone reads like a permission problem.
 */
function onReadOnlyFileSystem(dir: string): boolean {
  try {
    accessSync(dir, constants.W_OK);
    return false;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EROFS";
  }
}

/**
 * The operator-fixable cause of an error, or null. With the data directory, a "cannot open" or "permission
 * denied" there is told apart from a read-only file system.
 */
export function systemProblem(err: unknown, dataDir?: string): SystemProblem | null {
  const problem = problemOf(err);
  return problem === "no-permission" && dataDir !== undefined && onReadOnlyFileSystem(dataDir) ? "read-only" : problem;
}

function problemOf(err: unknown): SystemProblem | null {
  const code = (err as { code?: unknown } | null)?.code;
  const message = err instanceof Error ? err.message : String(err);
  if (
    (typeof code === "string" && CODES_FULL.has(code)) ||
    /no space left on device|database or disk is full|disk quota exceeded/i.test(message)
  ) {
    return "disk-full";
  }
  if (
    (typeof code === "string" && CODES_READONLY.has(code)) ||
    /read-only file system|attempt to write a readonly database/i.test(message)
  ) {
    return "read-only";
  }
  if (
    (typeof code === "string" && CODES_DENIED.has(code)) ||
    /permission denied|unable to open database file/i.test(message)
  ) {
    return "no-permission";
  }
  return null;
}

/** The error as one line: the fixable cause first when there is one, then the original message. */
export function describeSystemError(err: unknown, dataDir?: string): string {
  const full = err instanceof Error ? err.message : String(err);
  const problem = systemProblem(err, dataDir);
  if (problem === null) return full;
  const message = full.split("\n")[0]!.trim();
  const where = dataDir ? ` (${dataDir})` : "";
  switch (problem) {
    case "disk-full":
      return `The disk holding the data directory${where} is full: nothing was changed. Free some space and run it again. (${message})`;
    case "read-only":
      return `The data directory${where} is read-only: nothing was changed. (${message})`;
    case "no-permission":
      return `The data directory${where} cannot be written by this user: nothing was changed. (${message})`;
    default:
      return message;
  }
}
