// The evaluation context of one parameter table: the table, each sub-score's block (family), the blend plan and
// the blend's scratch arrays (one evaluation at a time). Built once per country result or history.
import { blendPlan, type BlendPlan } from "./blend.ts";
import { FAMILIES, SUB_SCORE_KEYS, type Family, type ModelParams } from "./tables.ts";
import type { SubScoreKey } from "./types.ts";

export interface Context {
  readonly params: ModelParams;
  readonly familyOf: Readonly<Record<SubScoreKey, Family>>;
  readonly plan: BlendPlan;
  /** Scratch arrays for the blend (one evaluation at a time). */
  readonly present: Uint8Array;
  readonly value: Float64Array;
  readonly e: Float64Array;
}

export function contextOf(params: ModelParams): Context {
  const familyOf = {} as Record<SubScoreKey, Family>;
  for (const family of FAMILIES) for (const key of params.blocks[family]) familyOf[key] = family;
  for (const key of SUB_SCORE_KEYS) {
    if (familyOf[key] === undefined) throw new RangeError(`Sub-score ${key} belongs to no block.`);
  }
  const plan = blendPlan(params);
  const n = plan.keys.length;
  return { params, familyOf, plan, present: new Uint8Array(n), value: new Float64Array(n), e: new Float64Array(n) };
}
