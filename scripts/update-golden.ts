// Deliberate update of the golden recalc output and of every released model's golden output:
// `npm run golden:update`. Refuses to run on CI.
// Review the diff (git diff fixtures/expected) before committing it.
import { writeFileSync } from "node:fs";
import { readManifest } from "../pipeline/seed.ts";
import { fixture, jwi, tempDataDir } from "../tests/helpers/cli.ts";
import { modelGoldenFile, modelGoldens } from "../tests/helpers/golden.ts";

if (process.env.CI) {
  throw new Error("golden:update refuses to run on CI: golden files are updated by a person, and reviewed.");
}
const tmp = tempDataDir();
try {
  for (const f of readManifest()) {
    const r = await jwi(tmp.dir, "ingest", fixture("real", f.file), "--type", f.type);
    if (r.code !== 0) throw new Error(`${f.file}: ${r.stdout}${r.stderr}`);
  }
  const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
  if (out.code !== 0) throw new Error(out.stderr);
  const target = fixture("expected", "recalc-2026-11-22.json");
  // The golden file holds the scores, not the id of the publication (it only counts this data dir's recalcs),
  // nor what only describes this run (paused, what moved against the previous publication).
  const { publication_id: _, paused: _p, moved: _m, ...golden } = JSON.parse(out.stdout) as Record<string, unknown>;
  writeFileSync(target, `${JSON.stringify(golden, null, 2)}\n`);
  console.log(`wrote ${target}; review it with git diff before committing.`);
  // Every released model's own golden output (tests/model-golden.test.ts).
  for (const [id, run] of Object.entries(await modelGoldens(tmp.dir))) {
    writeFileSync(modelGoldenFile(id), `${JSON.stringify(run, null, 2)}\n`);
    console.log(`wrote ${modelGoldenFile(id)}`);
  }
} finally {
  tmp.cleanup();
}
