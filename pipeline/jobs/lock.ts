// The one job lock of a data directory: ingest, recalc, update, upload, the schedule and the seed run one at a
// time, whichever process starts them (the CLI, the server's job child, cron). See docs/decisions/002-job-lock.md.
//
// Mechanism: a write transaction (BEGIN IMMEDIATE) held on a small SQLite file, `jwi-jobs.lock`, for as long as
// the job runs. SQLite takes it with an fcntl() lock, which the kernel drops when the holding process ends in
// any way (exit, crash, kill -9): a lock can never outlive its holder, so there is nothing stale to detect
// or break, and a second process (or a second connection in the same process) gets SQLITE_BUSY at once.
// Who holds it is written beside it, in `jwi-jobs.lock.json` (command, pid, host, start time): a job that
// cannot get its turn names the holder.
import { existsSync, readFileSync, renameSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { cleanUserText } from "../../lib/clean-text.ts";
import { BusyError, describeHolder, type JobHolder } from "../../lib/errors.ts";
import { abortableSleep } from "../abortable-sleep.ts";

/** What runs (as an operator would type it: `jwi ingest une_rt_m.json`, `upload (admin)`), pid, host, start. */
export type LockHolder = JobHolder;

export const LOCK_FILE = "jwi-jobs.lock";
export const HOLDER_FILE = "jwi-jobs.lock.json";

export interface JobLock {
  readonly holder: LockHolder;
  /** Set when this job took the lock over from a holder that ended without releasing it (killed). */
  readonly previous: LockHolder | null;
  /** Releases the lock; safe to call twice. */
  release(): void;
}

export interface AcquireOptions {
  /** How long to wait for a running job to finish before giving up (ms); 0 = do not wait. */
  waitMs?: number;
  /** Pause between two tries (ms). */
  pollMs?: number;
  signal?: AbortSignal;
  /** Clock of `started_at` (tests). */
  now?: () => Date;
  /**
   * Called once, at once, when the lock is busy and this job is going to wait for it, with the job that holds it
   * (null when it has not said which yet): the operator page shows whom an upload waits for (docs/interfaces.md).
   */
  onWait?: (holder: LockHolder | null) => void;
}

/** The message of a job that could not get its turn: the same words in the CLI and in the HTTP 409. */
function busyMessage(holder: LockHolder | null, waitedMs: number): string {
  const waited = waitedMs >= 1000 ? ` Waited ${Math.round(waitedMs / 1000)} s.` : "";
  return `Another data job is running: ${describeHolder(holder)}.${waited} Try again when it has finished.`;
}

function readHolder(dataDir: string): LockHolder | null {
  try {
    const raw = JSON.parse(readFileSync(path.join(dataDir, HOLDER_FILE), "utf8")) as Partial<LockHolder>;
    if (typeof raw.command !== "string" || typeof raw.pid !== "number") return null;
    return {
      command: raw.command,
      pid: raw.pid,
      host: String(raw.host ?? ""),
      started_at: String(raw.started_at ?? ""),
    };
  } catch {
    return null;
  }
}

function writeHolder(dataDir: string, holder: LockHolder): void {
  const file = path.join(dataDir, HOLDER_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(holder));
  renameSync(tmp, file);
}

function openLockDb(dataDir: string): Database.Database {
  // The default rollback journal (never WAL here): BEGIN IMMEDIATE takes the RESERVED lock that excludes
  // every other writer. Nothing is ever written, so the file stays empty.
  const db = new Database(path.join(dataDir, LOCK_FILE));
  db.pragma("busy_timeout = 0");
  return db;
}

function isBusy(err: unknown): boolean {
  const code = (err as { code?: string } | null)?.code;
  return code === "SQLITE_BUSY" || code === "SQLITE_LOCKED";
}

/** Tries once: the open, locked database, or null when another job holds the lock. */
function tryLock(db: Database.Database): boolean {
  try {
    db.exec("BEGIN IMMEDIATE");
    return true;
  } catch (err) {
    if (isBusy(err)) return false;
    throw err;
  }
}

/** False when the holder file names a process of this host that no longer runs (it was killed). */
function isAlive(h: LockHolder): boolean {
  if (h.host !== os.hostname()) return true;
  try {
    process.kill(h.pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === "EPERM";
  }
}

/** How long a busy lock may go without a live holder on file before we say "it has not said which yet". */
const HOLDER_GRACE_MS = 500;

/**
 * The lock is taken: who holds it? The holder file is written just after the lock is taken and removed just
 * before it is released, and one left by a killed job names a dead process; in those few milliseconds the file
 * does not name the live holder. So look again briefly: either a live holder appears, or the lock comes free
 * (then it is ours, and "free" is returned with `db` holding it).
 */
async function holderOrFree(dataDir: string, db: Database.Database): Promise<LockHolder | null | "free"> {
  const until = Date.now() + HOLDER_GRACE_MS;
  for (;;) {
    const h = readHolder(dataDir);
    if (h !== null && isAlive(h)) return h;
    if (Date.now() >= until) return null;
    await abortableSleep(10);
    if (tryLock(db)) return "free";
  }
}

/**
 * Takes the job lock of `dataDir`, waiting up to `waitMs` for a running job to finish. Throws BusyError naming
 * the holder when it cannot.
 */
export async function acquireJobLock(dataDir: string, command: string, opts: AcquireOptions = {}): Promise<JobLock> {
  const waitMs = opts.waitMs ?? 0;
  const pollMs = opts.pollMs ?? 100;
  const now = opts.now ?? (() => new Date());
  const started = Date.now();
  const db = openLockDb(dataDir);
  let told = !opts.onWait;
  try {
    while (!tryLock(db)) {
      if (!told && waitMs > 0) {
        told = true;
        const seen = await holderOrFree(dataDir, db);
        if (seen === "free") break;
        opts.onWait!(seen);
      }
      const waited = Date.now() - started;
      if (waited >= waitMs || opts.signal?.aborted) {
        const seen = await holderOrFree(dataDir, db);
        if (seen === "free") break;
        throw new BusyError(busyMessage(seen, Date.now() - started), seen);
      }
      await abortableSleep(Math.min(pollMs, Math.max(1, waitMs - waited)), opts.signal);
    }
  } catch (err) {
    db.close();
    throw err;
  }
  // A holder file still naming someone else means that job ended without releasing (kill -9, power loss):
  // the kernel dropped its lock; its transactions were rolled back by the stores themselves.
  const left = readHolder(dataDir);
  const previous = left && !(left.pid === process.pid && left.host === os.hostname()) ? left : null;
  const holder: LockHolder = {
    command: cleanUserText(command),
    pid: process.pid,
    host: os.hostname(),
    started_at: now().toISOString(),
  };
  try {
    writeHolder(dataDir, holder);
  } catch (err) {
    db.exec("ROLLBACK");
    db.close();
    throw err;
  }
  let released = false;
  return {
    holder,
    previous,
    release() {
      if (released) return;
      released = true;
      try {
        rmSync(path.join(dataDir, HOLDER_FILE), { force: true });
      } finally {
        try {
          db.exec("ROLLBACK");
        } finally {
          db.close();
        }
      }
    },
  };
}

/**
 * Who holds the lock right now, without waiting (null when nobody). Probes with a momentary BEGIN IMMEDIATE,
 * so it is exact; `jwi status` and the operator panel use it.
 */
export function currentHolder(dataDir: string): { busy: boolean; holder: LockHolder | null } {
  // No lock file: no job ever ran here (each makes it first); asking must not make it (`jwi status` writes nothing).
  if (!existsSync(path.join(dataDir, LOCK_FILE))) return { busy: false, holder: null };
  let db: Database.Database;
  try {
    db = openLockDb(dataDir);
  } catch {
    return { busy: false, holder: null };
  }
  try {
    let free: boolean;
    try {
      free = tryLock(db);
    } catch {
      // The lock cannot be tried here (a full or read-only disk: SQLite starts an empty file's first transaction by
      // writing to it): the holder file says whether a live job holds it, which is all a report needs.
      const h = readHolder(dataDir);
      return h !== null && isAlive(h) ? { busy: true, holder: h } : { busy: false, holder: null };
    }
    if (free) {
      db.exec("ROLLBACK");
      return { busy: false, holder: null };
    }
    // A file naming a dead process is what a killed job left: the live holder has not written its own yet.
    const h = readHolder(dataDir);
    return { busy: true, holder: h !== null && isAlive(h) ? h : null };
  } finally {
    db.close();
  }
}
