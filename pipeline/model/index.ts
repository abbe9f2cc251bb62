// The score models the project knows, by id (each the one kernel applied to its released table, tables.ts),
// and the one recalc uses now (its id is declared once, in current.ts). A later model is a new table, added to
// TABLES and here; old snapshots keep naming the model that made them (v2 snapshots keep saying `v2`).
import { CURRENT_MODEL_ID } from "./current.ts";
import type { ScoreModel } from "./score-model.ts";
import type { ModelId } from "./tables.ts";
import type { CountryResult } from "./types.ts";
import { modelV2 } from "./v2.ts";
import { modelV2_1 } from "./v2-1.ts";
import { modelV2_2 } from "./v2-2.ts";
import { modelV2_3 } from "./v2-3.ts";

export type { ScoreModel } from "./score-model.ts";
export { MODEL_V2, modelV2, type ModelV2Params } from "./v2.ts";
export { MODEL_V2_1, modelV2_1, type ModelV21Params, type ScoreModelV21 } from "./v2-1.ts";
export { MODEL_V2_2, modelV2_2 } from "./v2-2.ts";
export { MODEL_V2_3, modelV2_3 } from "./v2-3.ts";
export { TABLES, type ModelId, type ModelParams } from "./tables.ts";

export const MODELS = Object.freeze({
  v2: modelV2,
  "v2.1": modelV2_1,
  "v2.2": modelV2_2,
  "v2.3": modelV2_3,
}) satisfies Readonly<Record<ModelId, ScoreModel<CountryResult>>>;

export { CURRENT_MODEL_ID, CURRENT_PARAMS, familyOfDataType, publicationLagOf, withinCutoff } from "./current.ts";
/** The model recalc uses now; its parameters (`CURRENT_MODEL.params`) and helpers are what consumers read. */
export const CURRENT_MODEL = MODELS[CURRENT_MODEL_ID];
