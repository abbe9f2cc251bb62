// Golden comparison of `jwi recalc --json` output: scores and yearly changes within 0.001, statuses (and
// score presence) exact; and the golden output of every released model (fixtures/expected/model-{id}-*.json).
import path from "node:path";
import { DUCKDB_FILE } from "../../pipeline/index.ts";
import { MODELS } from "../../pipeline/model/index.ts";
import { buildModelInputs, scoreAll, summarise, type RecalcCountry } from "../../pipeline/recalc.ts";
import { ObservationStore } from "../../pipeline/store/observations.ts";
import { bundledStore } from "./bundled-store.ts";
import { fixture, tempDataDir } from "./cli.ts";

/** One country of `jwi recalc --json` (the recalc summary without the display-only fields). */
type GoldenCountry = Omit<RecalcCountry, "name" | "yoy_label">;

export interface GoldenRecalc {
  model: string;
  as_of: string;
  countries: GoldenCountry[];
}

const SCORE_TOLERANCE = 0.001;

/** Every difference that matters, in words; empty when the run matches the golden file. */
export function compareGolden(expected: GoldenRecalc, actual: GoldenRecalc): string[] {
  const problems: string[] = [];
  if (expected.model !== actual.model) problems.push(`model ${expected.model} → ${actual.model}`);
  if (expected.as_of !== actual.as_of) problems.push(`as_of ${expected.as_of} → ${actual.as_of}`);
  const got = new Map(actual.countries.map((c) => [c.code, c]));
  for (const e of expected.countries) {
    const a = got.get(e.code);
    if (!a) {
      problems.push(`${e.code}: missing from the output`);
      continue;
    }
    got.delete(e.code);
    if ((e.score === null) !== (a.score === null)) problems.push(`${e.code}: score ${e.score} → ${a.score}`);
    else if (e.score !== null && a.score !== null && Math.abs(e.score - a.score) > SCORE_TOLERANCE) {
      problems.push(`${e.code}: score moved ${e.score.toFixed(4)} → ${a.score.toFixed(4)}`);
    }
    if ((e.yoy === null) !== (a.yoy === null)) problems.push(`${e.code}: yoy ${e.yoy} → ${a.yoy}`);
    else if (e.yoy !== null && a.yoy !== null && Math.abs(e.yoy - a.yoy) > SCORE_TOLERANCE) {
      problems.push(`${e.code}: yoy moved ${e.yoy.toFixed(4)} → ${a.yoy.toFixed(4)}`);
    }
    for (const key of ["status", "label", "confidence", "basis", "anchor_month"] as const) {
      if (e[key] !== a[key]) problems.push(`${e.code}: ${key} ${e[key]} → ${a[key]}`);
    }
  }
  for (const extra of got.keys()) problems.push(`${extra}: not in the golden file`);
  return problems;
}

/** Where the golden output of one released model lives (fixtures/expected/model-{id}-{asOf}.json). */
export const modelGoldenFile = (id: string, asOf = GOLDEN_AS_OF) => fixture("expected", `model-${id}-${asOf}.json`);
export const GOLDEN_AS_OF = "2026-11-22";

/**
 * A fresh data directory holding the bundled real fixtures (manifest order), nothing published; the caller cleans
 * it up. (Their ingest through `jwi ingest`, file by file, is tests/golden.test.ts's and tests/cli.test.ts's.)
 */
export async function goldenDataDir(): Promise<{ dir: string; cleanup(): void }> {
  const tmp = tempDataDir();
  try {
    await bundledStore(tmp.dir);
    return tmp;
  } catch (err) {
    tmp.cleanup();
    throw err;
  }
}

/**
 * Every released model over the observations of a data directory, as of `asOf`, in the shape of
 * `jwi recalc --json`: a golden output per model id, so that a released model is pinned even when it is no
 * longer the current one (recalc runs only the current model).
 */
export async function modelGoldens(dataDir: string, asOf = GOLDEN_AS_OF): Promise<Record<string, GoldenRecalc>> {
  const store = await ObservationStore.open(path.join(dataDir, DUCKDB_FILE));
  try {
    const inputs = buildModelInputs(await store.allObservations());
    const out: Record<string, GoldenRecalc> = {};
    for (const [id, model] of Object.entries(MODELS)) {
      const countries = summarise(scoreAll(inputs, asOf, model)).map(({ name: _n, yoy_label: _l, ...c }) => c);
      out[id] = { model: id, as_of: asOf, countries };
    }
    return out;
  } finally {
    store.close();
  }
}
