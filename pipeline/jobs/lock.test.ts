// The job lock's holder as a contender sees it, in the few milliseconds when the holder file does not name the
// live holder: just after the lock is taken, just before it is released, or left behind by a killed job.
// (Seen in a full run: a 409 said "another process (it has not said which yet)" while a recalc held the lock.)
import { spawnSync } from "node:child_process";
import { getEventListeners } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BusyError } from "../../lib/errors.ts";
import { HOLDER_FILE, LOCK_FILE, acquireJobLock, currentHolder } from "./lock.ts";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "jwi-lock-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

/** A second connection taking the lock the way a job does, but writing no holder file (yet). */
function holdBare(): { release(): void } {
  const db = new Database(path.join(dir, LOCK_FILE));
  db.pragma("busy_timeout = 0");
  db.exec("BEGIN IMMEDIATE");
  return {
    release() {
      db.exec("ROLLBACK");
      db.close();
    },
  };
}

/** The pid of a process that has ended. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "0"]);
  return r.pid!;
}

const writeHolder = (command: string, pid: number) =>
  writeFileSync(
    path.join(dir, HOLDER_FILE),
    JSON.stringify({ command, pid, host: os.hostname(), started_at: "2026-11-23T06:00:00.000Z" }),
  );

async function busyMessageOf(p: Promise<unknown>): Promise<string> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(BusyError);
  return (err as BusyError).message;
}

describe("a contender names the live holder", () => {
  it("when the holder writes its file a moment after taking the lock", async () => {
    const bare = holdBare();
    setTimeout(() => writeHolder("jwi recalc", process.pid), 60);
    const msg = await busyMessageOf(acquireJobLock(dir, "jwi ingest x.json"));
    expect(msg).toMatch(/^Another data job is running: jwi recalc \(pid \d+ on /);
    bare.release();
  });

  it("not the killed job whose file is still there", async () => {
    writeHolder("jwi ingest killed.json", deadPid());
    const bare = holdBare();
    expect(currentHolder(dir)).toEqual({ busy: true, holder: null });
    setTimeout(() => writeHolder("upload (admin)", process.pid), 60);
    const msg = await busyMessageOf(acquireJobLock(dir, "jwi recalc"));
    expect(msg).toContain("upload (admin)");
    expect(msg).not.toContain("killed.json");
    bare.release();
  });

  it("takes the lock when it comes free while the holder was being looked up", async () => {
    const bare = holdBare();
    setTimeout(() => bare.release(), 60);
    const lock = await acquireJobLock(dir, "jwi recalc");
    expect(lock.holder.command).toBe("jwi recalc");
    expect(currentHolder(dir).holder?.command).toBe("jwi recalc");
    lock.release();
    expect(currentHolder(dir)).toEqual({ busy: false, holder: null });
  });

  it("says it does not know only when no live holder appears", async () => {
    const bare = holdBare();
    const started = Date.now();
    const msg = await busyMessageOf(acquireJobLock(dir, "jwi recalc"));
    expect(msg).toContain("another process (it has not said which yet)");
    expect(Date.now() - started).toBeLessThan(2_000);
    bare.release();
  });

  it("a job that takes over from a killed one says whose lock it was", async () => {
    writeHolder("jwi ingest killed.json", 999_999_999);
    const lock = await acquireJobLock(dir, "jwi recalc");
    expect(lock.previous?.command).toBe("jwi ingest killed.json");
    lock.release();
  });
});

describe("a contender that waits", () => {
  it("leaves no abort listener behind on its signal, however many times it polled", async () => {
    const bare = holdBare();
    writeHolder("jwi recalc", process.pid);
    const controller = new AbortController();
    // 15 polls of 10 ms, then the lock comes free: each poll used to leave a listener on the signal.
    setTimeout(() => bare.release(), 150);
    const lock = await acquireJobLock(dir, "jwi ingest x.json", {
      waitMs: 5_000,
      pollMs: 10,
      signal: controller.signal,
    });
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    lock.release();
  });

  it("stops waiting at once when its signal aborts, with the holder named", async () => {
    const bare = holdBare();
    writeHolder("jwi recalc", process.pid);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 50);
    const started = Date.now();
    const msg = await busyMessageOf(
      acquireJobLock(dir, "jwi ingest x.json", { waitMs: 60_000, pollMs: 1_000, signal: controller.signal }),
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(msg).toMatch(/^Another data job is running: jwi recalc \(pid \d+ on /);
    expect(getEventListeners(controller.signal, "abort")).toHaveLength(0);
    bare.release();
  });
});
