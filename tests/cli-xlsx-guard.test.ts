// `jwi ingest FILE --type lmb` as a real process (node bin/jwi.mjs, TypeScript through tsx, run from another
// working directory): the barometer's parse worker starts there too, a real workbook is stored, bombs are
// refused with their reason and nothing is stored.
import { execFile } from "node:child_process";
import { writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import type { UploadResult } from "../pipeline/types.ts";
import { fixture, REPO_ROOT, tempDataDir } from "./helpers/cli.ts";
import { lyingBomb, ratioBomb } from "./helpers/xlsx-bombs.ts";

const exec = promisify(execFile);

interface StatusJson {
  tables: Array<{ table: string; observations: number; ingests: number }>;
}

describe("jwi ingest --type lmb as a process", () => {
  const tmp = tempDataDir("jwi-xlsx-guard-");
  afterAll(() => tmp.cleanup());

  /** Runs bin/jwi.mjs with its own data directory, from the system's temp directory (not the repository). */
  async function jwiProcess(...argv: string[]): Promise<{ code: number; stdout: string; stderr: string; ms: number }> {
    const started = performance.now();
    const done = await exec(process.execPath, [path.join(REPO_ROOT, "bin", "jwi.mjs"), ...argv], {
      cwd: os.tmpdir(),
      env: { ...process.env, JWI_DATA_DIR: tmp.dir, LOG_LEVEL: "silent" },
      maxBuffer: 16 * 1024 * 1024,
    }).then(
      (r) => ({ code: 0, stdout: r.stdout, stderr: r.stderr }),
      (e: { code: number; stdout: string; stderr: string }) => ({ code: e.code, stdout: e.stdout, stderr: e.stderr }),
    );
    return { ...done, ms: Math.round(performance.now() - started) };
  }

  const lmbCounts = async () => {
    const r = await jwiProcess("status", "--json");
    expect(r.code, r.stderr).toBe(0);
    const lmb = (JSON.parse(r.stdout) as StatusJson).tables.find((t) => t.table === "lmb");
    return { observations: lmb?.observations ?? 0, ingests: lmb?.ingests ?? 0 };
  };

  it("stores the synthetic barometer through the parse worker", async () => {
    const r = await jwiProcess(
      "ingest",
      fixture("synthetic", "barometer", "lmb-months-down.xlsx"),
      "--type",
      "lmb",
      "--json",
    );
    expect(r.code, r.stderr).toBe(0);
    const result = JSON.parse(r.stdout) as UploadResult;
    expect(result).toMatchObject({ success: true, data_type: "lmb", table: "lmb" });
    expect(result.inserted).toBeGreaterThan(300);
    console.log(`jwi ingest (real barometer) as a process: ${r.ms} ms`);
    expect(await lmbCounts()).toEqual({ observations: result.inserted, ingests: 1 });
  });

  it("refuses a bomb whose headers lie, with the reason, exit 1, nothing stored", async () => {
    const before = await lmbCounts();
    const file = path.join(tmp.dir, "lying.xlsx");
    writeFileSync(file, await lyingBomb(500));
    const r = await jwiProcess("ingest", file, "--type", "lmb", "--json");
    console.log(`jwi ingest (lying bomb, 500 MB inside) as a process: exit ${r.code} in ${r.ms} ms`);
    expect(r.code).toBe(1);
    const result = JSON.parse(r.stdout) as UploadResult;
    expect(result.success).toBe(false);
    expect(result.error).toMatch(
      /^Part "xl\/worksheets\/sheet1\.xml" of this workbook unpacks to more than \d+ KB, not the 40 KB its archive declares/,
    );
    expect(result.inserted + result.updated).toBe(0);
    expect(r.ms).toBeLessThan(15_000);
    expect(await lmbCounts()).toEqual(before);
  });

  it("refuses a ratio bomb before parsing, in the human-readable output too", async () => {
    const file = path.join(tmp.dir, "ratio.xlsx");
    writeFileSync(file, await ratioBomb(300));
    const r = await jwiProcess("ingest", file, "--type", "lmb");
    expect(r.code).toBe(1);
    expect(r.stdout + r.stderr).toContain("would unpack to 300 MB; the limit per part is 32 MB");
  });
});
