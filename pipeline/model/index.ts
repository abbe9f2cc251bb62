// The score models the project knows, by id, and the one recalc uses now. A v3 is added beside v2 here;
// old snapshots keep naming the model that made them.
import type { ScoreModel } from "./score-model.ts";
import { modelV2 } from "./v2.ts";

export type { ScoreModel } from "./score-model.ts";
export { MODEL_V2, modelV2, type ModelV2Params } from "./v2.ts";

export const MODELS = Object.freeze({ v2: modelV2 }) satisfies Readonly<Record<string, ScoreModel<unknown>>>;
export type ModelId = keyof typeof MODELS;

export const CURRENT_MODEL_ID: ModelId = "v2";
export const CURRENT_MODEL = MODELS[CURRENT_MODEL_ID];
