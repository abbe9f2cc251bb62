// CI guard: every released model (not only the current one, which tests/golden.test.ts runs through recalc)
// gives its reviewed output over the bundled real fixtures: fixtures/expected/model-{id}-2026-11-22.json. A
// released model is never edited (docs/decisions/013-model-kernel.md), so a mismatch here is a bug in the
// shared kernel. A mismatch writes a `-changed` copy to diff; `npm run golden:update` rewrites the files.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID, MODELS } from "../pipeline/model/index.ts";
import { fixture } from "./helpers/cli.ts";
import { compareGolden, goldenDataDir, modelGoldenFile, modelGoldens, type GoldenRecalc } from "./helpers/golden.ts";

describe("golden output of every released model", () => {
  let data: { dir: string; cleanup(): void };
  let runs: Record<string, GoldenRecalc>;
  beforeAll(async () => {
    data = await goldenDataDir();
    runs = await modelGoldens(data.dir);
  });
  afterAll(() => data?.cleanup());

  it.each(Object.keys(MODELS))("model %s matches its reviewed golden file", (id) => {
    const file = modelGoldenFile(id);
    expect(existsSync(file), `${file} is missing: run npm run golden:update`).toBe(true);
    const expected = JSON.parse(readFileSync(file, "utf8")) as GoldenRecalc;
    const problems = compareGolden(expected, runs[id]!);
    if (problems.length)
      writeFileSync(file.replace(/\.json$/, "-changed.json"), `${JSON.stringify(runs[id], null, 2)}\n`);
    expect(problems).toEqual([]);
    expect(runs[id]!.countries.filter((c) => c.score !== null).length).toBeGreaterThan(25);
  });

  it("agrees with the recalc golden file for the current model", () => {
    const recalc = JSON.parse(readFileSync(fixture("expected", "recalc-2026-11-22.json"), "utf8")) as GoldenRecalc;
    expect(recalc.model).toBe(CURRENT_MODEL_ID);
    expect(compareGolden(recalc, runs[CURRENT_MODEL_ID]!)).toEqual([]);
  });
});
