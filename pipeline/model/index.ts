// The score models the project knows, by id: each is the one kernel (kernel.ts) applied to its released table
// (tables.ts TABLES), built here from the tables alone, and the one recalc uses now (its id is declared once, in
// current.ts). A new model is a new frozen table in TABLES, its id in CURRENT_MODEL_ID and its golden
// (docs/model.md §10); old snapshots keep naming the model that made them (v2 snapshots keep saying `v2`).
import { CURRENT_MODEL_ID } from "./current.ts";
import { boundTo, modelOf } from "./kernel.ts";
import type { ScoreModel } from "./score-model.ts";
import { TABLES, type ModelId, type ModelParams } from "./tables.ts";
import type { AttributedCountryResult, CountryResult } from "./types.ts";

export type { ScoreModel } from "./score-model.ts";
export { TABLES, type ModelId, type ModelParams } from "./tables.ts";

/** The models of a set of released tables, by the same ids: nothing but the kernel bound to each table. */
export function modelsOf<Id extends string>(
  tables: Readonly<Record<Id, ModelParams>>,
): Readonly<Record<Id, ScoreModel<CountryResult>>> {
  const models = {} as Record<Id, ScoreModel<CountryResult>>;
  for (const id of Object.keys(tables) as Id[]) {
    if (tables[id].id !== id) throw new Error(`the table under ${id} names itself ${tables[id].id}`);
    models[id] = modelOf(tables[id]);
  }
  return Object.freeze(models);
}

export const MODELS = modelsOf(TABLES) satisfies Readonly<Record<ModelId, ScoreModel<CountryResult>>>;

/** The kernel's functions bound to one released table, by id (what tests and the bench call a model's functions). */
export const modelFunctions = <R extends CountryResult = AttributedCountryResult>(id: ModelId) =>
  boundTo<R>(TABLES[id]);

export { CURRENT_MODEL_ID, publicationLagOf } from "./current.ts";

if (!TABLES[CURRENT_MODEL_ID].explainsChanges) throw new Error(`model ${CURRENT_MODEL_ID} does not explain changes`);
/**
 * The model recalc uses now; its parameters (`CURRENT_MODEL.params`) and helpers are what consumers read. Its table
 * explains changes (checked above), so its snapshots carry the attribution.
 */
export const CURRENT_MODEL = MODELS[CURRENT_MODEL_ID] as ScoreModel<AttributedCountryResult>;
