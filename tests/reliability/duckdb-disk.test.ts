// The pipeline store (DuckDB) on a disk that is really full or read-only (a tmpfs), through `jwi` as an operator
// runs it: one stderr line naming the real cause (lib/system-errors.ts), exit 1, the stored data as it was.
// Before the fix, a full disk during ingest ended in "cannot rollback - no transaction is active": the failed
// COMMIT had already ended the transaction and the ROLLBACK's own error replaced the real one.
import { readdirSync, statSync } from "node:fs";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { ObservationStore } from "../../pipeline/store/observations.ts";
import { DUCKDB_FILE } from "../../pipeline/index.ts";
import { BUNDLED_FIXTURES_DIR } from "../../pipeline/seed.ts";
import { jwiProcess, type ProcessResult } from "../helpers/processes.ts";
import { mountTmpfs, TMPFS_UNAVAILABLE, type Tmpfs } from "../helpers/tmpfs.ts";

const SMALL = path.join(BUNDLED_FIXTURES_DIR, "eurostat", "jvs_q_nace2.json");
/** 1.9 MB of SDMX-CSV: its store writes need far more than the room left. */
const BIG = path.join(BUNDLED_FIXTURES_DIR, "eurostat", "une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv");

async function stored(dataDir: string): Promise<{ counts: { observations: number; ingests: number }; rows: string }> {
  const store = await ObservationStore.open(path.join(dataDir, DUCKDB_FILE));
  try {
    const rows = (await store.allObservations()).map((o) => `${o.table}|${o.geo}|${o.period}|${o.value}`).sort();
    return { counts: await store.counts(), rows: rows.join("\n") };
  } finally {
    store.close();
  }
}

/** The lines a command printed on stderr (no empty ones). */
const lines = (r: ProcessResult) => r.stderr.split("\n").filter((l) => l.trim() !== "");

function expectOneLine(r: ProcessResult, pattern: RegExp): void {
  expect(r.code, r.stderr).toBe(1);
  expect(lines(r), r.stderr).toHaveLength(1);
  expect(lines(r)[0]).toMatch(pattern);
  expect(r.stderr).not.toMatch(/cannot rollback|no transaction is active|\n\s+at |Error: .*\n.*at /);
}

describe.skipIf(TMPFS_UNAVAILABLE !== null)("jwi on a full or read-only data directory", () => {
  let disk: Tmpfs | undefined;
  afterEach(() => {
    disk?.unmount();
    disk = undefined;
  });

  it("a full disk during ingest: exit 1, one line saying the disk is full, the store as before; it works once space is freed", async () => {
    disk = mountTmpfs(64);
    expect((await jwiProcess(disk.dir, ["ingest", SMALL, "--type", "vacancy"])).code).toBe(0);
    const before = await stored(disk.dir);
    expect(before.counts.observations).toBeGreaterThan(0);

    disk.fill(200 * 1024);
    const r = await jwiProcess(disk.dir, ["ingest", BIG, "--type", "unemployment"]);
    console.log(`full disk: exit ${r.code}, stderr: ${r.stderr.trim()}`);
    expectOneLine(
      r,
      /^error: The disk holding the data directory( \(.*\))? is full: nothing was changed\. Free some space and run it again\. \(.*No space left on device\)$/,
    );

    disk.free();
    expect(await stored(disk.dir)).toEqual(before);
    const again = await jwiProcess(disk.dir, ["ingest", BIG, "--type", "unemployment"]);
    expect(again.code, again.stderr).toBe(0);
    expect((await stored(disk.dir)).counts.observations).toBeGreaterThan(before.counts.observations);
  });

  it("a read-only data directory: ingest and recalc say so in one line and change nothing", async () => {
    disk = mountTmpfs(16);
    expect((await jwiProcess(disk.dir, ["ingest", SMALL, "--type", "vacancy"])).code).toBe(0);
    const before = await stored(disk.dir);
    disk.remount("ro");
    try {
      const ingest = await jwiProcess(disk.dir, ["ingest", BIG, "--type", "unemployment"]);
      console.log(`read-only, ingest: exit ${ingest.code}, stderr: ${ingest.stderr.trim()}`);
      expectOneLine(ingest, /^error: The data directory( \(.*\))? is read-only: nothing was changed\./);
      const recalc = await jwiProcess(disk.dir, ["recalc", "--as-of", "2026-11-22"]);
      console.log(`read-only, recalc: exit ${recalc.code}, stderr: ${recalc.stderr.trim()}`);
      expectOneLine(recalc, /^error: The data directory( \(.*\))? is read-only: nothing was changed\./);
    } finally {
      disk.remount("rw");
    }
    expect(await stored(disk.dir)).toEqual(before);
  });

  // Issue 49, case 7: `jwi status` failed on a full disk ("disk is full: nothing was changed"): it opened the serving
  // database for writing (its schema, its journal mode). It now opens the stores read-only and writes nothing.
  it("jwi status on a full disk, and on a read-only one: exit 0, what is stored and published; not a byte written", async () => {
    disk = mountTmpfs(64);
    expect((await jwiProcess(disk.dir, ["ingest", SMALL, "--type", "vacancy"])).code).toBe(0);
    expect((await jwiProcess(disk.dir, ["recalc", "--as-of", "2026-11-22"])).code).toBe(0);
    const files = () =>
      readdirSync(disk!.dir)
        .filter((f) => f !== "filler.bin")
        .sort()
        .map((f) => {
          const st = statSync(path.join(disk!.dir, f));
          return `${f} ${st.size} ${st.mtimeMs}`;
        });
    const before = files();
    disk.fill(0);
    const full = await jwiProcess(disk.dir, ["status"]);
    expect(full.code, full.stderr).toBe(0);
    expect(full.stdout).toMatch(/jvs_q_nace2/);
    expect(full.stdout).toMatch(/Published: model .*, as of 2026-11-22/);
    const json = await jwiProcess(disk.dir, ["status", "--json"]);
    expect(json.code, json.stderr).toBe(0);
    expect((JSON.parse(json.stdout) as { data: unknown[] }).data.length).toBeGreaterThan(0);
    expect(files()).toEqual(before);
    disk.free();
    disk.remount("ro");
    try {
      const ro = await jwiProcess(disk.dir, ["status"]);
      expect(ro.code, ro.stderr).toBe(0);
      expect(ro.stdout).toMatch(/Published: model/);
    } finally {
      disk.remount("rw");
    }
    expect(files()).toEqual(before);
  });
});
