// Models are data (docs/model.md §10): MODELS is built from TABLES alone, so a new model is a new frozen table, its
// id in CURRENT_MODEL_ID and its golden — no file per model, no function or type to write. Shown here with a
// throw-away table added beside the released ones.
import { readdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { CURRENT_MODEL, CURRENT_MODEL_ID, MODELS, TABLES, modelsOf, type ModelParams } from "./index.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";

const HERE = path.dirname(fileURLToPath(import.meta.url));
const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);
const input = makeInput({
  unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(6, 23), 7.5]),
  unemploymentQuarterly: quarterlyEndingAt("2025-Q3", repeat(6.1, 8)),
  vacancy: quarterlyEndingAt("2025-Q3", [2, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7]),
  expectations: monthlyEndingAt("2025-11", repeat(101, 24)),
});

/** A throw-away table: the current one's numbers under a new id, with the weights given. */
function throwAway(id: string, weights: ModelParams["weights"] = TABLES[CURRENT_MODEL_ID].weights): ModelParams {
  return Object.freeze({ ...TABLES[CURRENT_MODEL_ID], id, introducedIn: "9.9.0", weights: Object.freeze(weights) });
}

describe("models as data", () => {
  it("MODELS has one model per released table, under the table's id, and the current one is MODELS[CURRENT_MODEL_ID]", () => {
    expect(Object.keys(MODELS)).toEqual(Object.keys(TABLES));
    for (const [id, table] of Object.entries(TABLES)) {
      const model = MODELS[id as keyof typeof MODELS];
      expect(model.id).toBe(id);
      expect(model.params).toBe(table);
      expect(Object.isFrozen(model)).toBe(true);
    }
    expect(Object.isFrozen(MODELS)).toBe(true);
    expect(CURRENT_MODEL).toBe(MODELS[CURRENT_MODEL_ID]);
  });

  it("a new table is a new model: the kernel computes it, and only its numbers make it differ", () => {
    const { ["v9.9"]: same, ["v9.8"]: heavier } = modelsOf({
      ...TABLES,
      "v9.9": throwAway("v9.9"),
      // More weight on unemployment, less on vacancies: the weights still add up to 1.
      "v9.8": throwAway("v9.8", { ...TABLES[CURRENT_MODEL_ID].weights, U: 0.3, V: 0.025 }),
    });
    const current = CURRENT_MODEL.computeCountry(input, "2025-12-15");
    const copy = same.computeCountry(input, "2025-12-15");
    expect(copy.snapshot.model).toBe("v9.9");
    expect({ ...copy.snapshot, model: current.snapshot.model }).toEqual(current.snapshot);
    expect(copy.history).toEqual(current.history);
    expect(same.formatScore(7.25)).toBe(CURRENT_MODEL.formatScore(7.25));

    const moved = heavier.computeCountry(input, "2025-12-15");
    expect(moved.snapshot.model).toBe("v9.8");
    expect(moved.snapshot.score).not.toBe(current.snapshot.score);
  });

  it("a table filed under another id than it names is refused", () => {
    expect(() => modelsOf({ "v9.9": throwAway("v9.7") })).toThrow("the table under v9.9 names itself v9.7");
  });

  it("the model folder holds no file per model version (tests aside)", () => {
    const perVersion = readdirSync(HERE).filter((f) => /^v\d/.test(f) && !f.endsWith(".test.ts"));
    expect(perVersion).toEqual([]);
  });
});
