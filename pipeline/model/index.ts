// The score models the project knows, by id, and the one recalc uses now. A later model is added beside
// these here; old snapshots keep naming the model that made them (v2 snapshots keep saying `v2`).
import type { ScoreModel } from "./score-model.ts";
import { modelV2 } from "./v2.ts";
import { modelV2_1 } from "./v2-1.ts";

export type { ScoreModel } from "./score-model.ts";
export { MODEL_V2, modelV2, type ModelV2Params } from "./v2.ts";
export { MODEL_V2_1, modelV2_1, type ModelV21Params, type ScoreModelV21 } from "./v2-1.ts";

export const MODELS = Object.freeze({ v2: modelV2, "v2.1": modelV2_1 }) satisfies Readonly<Record<string, ScoreModel<unknown>>>;
export type ModelId = keyof typeof MODELS;

export const CURRENT_MODEL_ID = "v2.1" satisfies ModelId;
export { CURRENT_PARAMS, familyOfDataType, withinCutoff } from "./current.ts";
/** The model recalc uses now; its parameters (`CURRENT_MODEL.params`) and helpers are what consumers read. */
export const CURRENT_MODEL = MODELS[CURRENT_MODEL_ID];
