// A vitest reporter that ends every run with the 15 slowest test files and their seconds (import, set-up and tests),
// so that the file behind a slower suite shows in CI's log (docs/testing.md). Named in vitest.config.ts's reporters.
import path from "node:path";
import type { Reporter, TestModule } from "vitest/node";

const SHOWN = 15;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const rows = modules
      .map((m) => {
        const d = m.diagnostic();
        const seconds =
          (d.environmentSetupDuration + d.prepareDuration + d.collectDuration + d.setupDuration + d.duration) / 1000;
        return { file: path.relative(process.cwd(), m.moduleId), project: m.project.name, seconds };
      })
      .sort((a, b) => b.seconds - a.seconds)
      .slice(0, SHOWN);
    if (rows.length === 0) return;
    const lines = rows.map((r) => `${r.seconds.toFixed(1).padStart(7)} s  ${r.project.padEnd(11)} ${r.file}`);
    process.stdout.write(`\nThe ${rows.length} slowest test files:\n${lines.join("\n")}\n`);
  }
}
