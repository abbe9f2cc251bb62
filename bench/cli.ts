// CLI start times (printed figures, no assertions): `jwi --help` and `jwi status` as an operator runs them
// (node bin/jwi.mjs, the compiled bundle when it is up to date), against a bare `node -e 0` in the same run.
// Median of 15 runs each, after one warm-up run. Targets: --help ≤ 0.3 s, status ≤ 0.8 s.
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const JWI = path.join(ROOT, "bin", "jwi.mjs");
const RUNS = 15;

function median(xs: number[]): number {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)]!;
}

function time(args: string[], env: NodeJS.ProcessEnv): number {
  const runs: number[] = [];
  spawnSync(process.execPath, args, { env, stdio: "ignore" }); // warm-up (file cache)
  for (let i = 0; i < RUNS; i++) {
    const t = performance.now();
    const r = spawnSync(process.execPath, args, { env, stdio: "ignore" });
    if (r.status !== 0) throw new Error(`${args.join(" ")} exited ${r.status}`);
    runs.push(performance.now() - t);
  }
  return median(runs);
}

export async function run(): Promise<void> {
  execFileSync(process.execPath, [path.join(ROOT, "bin/cli-build.mjs")], { stdio: "ignore" });
  const dir = mkdtempSync(path.join(os.tmpdir(), "jwi-bench-cli-"));
  try {
    const env = { ...process.env, JWI_DATA_DIR: dir, LOG_LEVEL: "silent" };
    // A data directory with the bundled data, so that status has something to report.
    execFileSync(
      process.execPath,
      [JWI, "ingest", path.join(ROOT, "fixtures/real/eurostat/une_rt_m.json"), "--type", "unemployment"],
      { env, stdio: "ignore" },
    );
    execFileSync(process.execPath, [JWI, "recalc"], { env, stdio: "ignore" });
    const bare = time(["-e", "0"], env);
    const help = time([JWI, "--help"], env);
    const status = time([JWI, "status"], env);
    console.log(`CLI start, median of ${RUNS} runs (load average ${os.loadavg()[0]!.toFixed(1)}):`);
    console.log(`  node -e 0      ${bare.toFixed(0).padStart(5)} ms`);
    console.log(
      `  jwi --help     ${help.toFixed(0).padStart(5)} ms   (target ≤ 300 ms; ${(help - bare).toFixed(0)} ms above bare node)`,
    );
    console.log(
      `  jwi status     ${status.toFixed(0).padStart(5)} ms   (target ≤ 800 ms; ${(status - bare).toFixed(0)} ms above bare node)`,
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
