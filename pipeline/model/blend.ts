// The blend of sub-scores into a score (docs/model.md §4), on its own so that every model (kernel.ts) and the attribution
// of score changes (explain.ts) run the very same arithmetic: the attribution's end points are then the
// published scores to the last bit. Pure; no allocation per call, for the attribution's inner loop.
//
//   e_i    = w_i × f_i over the sub-scores that are present
//   raw    = Σ e_i X_i / Σ e_i
//   cover  = Σ e_i / Σ w_i over every sub-score of the blocks present (a block is present when any member is;
//            v2.4 `sentimentOnlyCover`: with sentiment alone, over both blocks)
//   shrunk = neutral + (raw − neutral) × (base + coverWeight × cover)
//   score  = min + (max − min) × shrunk / subScoreMax
//
// Sums run blocks in a fixed order (historical, then sentiment), members in block order: the same order as
// model v2 always had, so every released model scores the same inputs to the same bits.
//
// Browser-safe: it imports only the parameter tables' types and constants (tables.ts), so a visitor's own
// weights (docs/model.md §9) can run this very blend in the browser with `{ ...params, weights }`.
import { FAMILIES, SUB_SCORE_KEYS, type Family, type ModelParams } from "./tables.ts";
import type { SubScore, SubScoreKey } from "./types.ts";

function clamp(x: number, lo: number, hi: number): number {
  return Math.min(Math.max(x, lo), hi);
}

/** The parameters of the blend, laid out by position (blocks in FAMILIES order, members in block order). */
export interface BlendPlan {
  readonly params: ModelParams;
  /** Sub-score key at each position. */
  readonly keys: readonly SubScoreKey[];
  /** Position of each key. */
  readonly position: Readonly<Record<SubScoreKey, number>>;
  /** Base weight w at each position. */
  readonly weights: Float64Array;
  /** Block b holds positions blockStart[b] … blockStart[b + 1] − 1. */
  readonly blockStart: readonly number[];
  readonly blockFamily: readonly Family[];
  /** Bit of each position's block (1 << block index). */
  readonly blockBit: Int32Array;
  /** Σ w over every member of the blocks in a set of blocks (index: bit set), added in position order. */
  readonly blockWeight: Float64Array;
  /**
   * Cover's denominator for each set of present blocks: `blockWeight` of that set, or (v2.4 `sentimentOnlyCover`) of
   * every block when the historical block is absent and another is present (a score from sentiment alone).
   */
  readonly coverWeight: Float64Array;
}

const plans = new WeakMap<ModelParams, BlendPlan>();

/** The plan of a parameter object (computed once per object). */
export function blendPlan(params: ModelParams): BlendPlan {
  let plan = plans.get(params);
  if (plan) return plan;
  const keys: SubScoreKey[] = [];
  const blockStart: number[] = [];
  const blockFamily: Family[] = [];
  for (const family of FAMILIES) {
    blockStart.push(keys.length);
    blockFamily.push(family);
    for (const key of params.blocks[family]) {
      if (keys.includes(key)) throw new RangeError(`Sub-score ${key} belongs to two blocks.`);
      keys.push(key);
    }
  }
  blockStart.push(keys.length);
  for (const key of SUB_SCORE_KEYS)
    if (!keys.includes(key)) throw new RangeError(`Sub-score ${key} belongs to no block.`);
  const position = {} as Record<SubScoreKey, number>;
  keys.forEach((k, i) => (position[k] = i));
  const weights = Float64Array.from(keys, (k) => params.weights[k]);
  const blocks = blockFamily.length;
  const blockBit = new Int32Array(keys.length);
  for (let b = 0; b < blocks; b++) for (let i = blockStart[b]; i < blockStart[b + 1]; i++) blockBit[i] = 1 << b;
  // Summed in position order from 0, exactly as a running sum over the members of the present blocks would be.
  const blockWeight = new Float64Array(1 << blocks);
  for (let set = 0; set < 1 << blocks; set++) {
    let sum = 0;
    for (let i = 0; i < keys.length; i++) if (set & blockBit[i]) sum += weights[i];
    blockWeight[set] = sum;
  }
  const coverWeight = Float64Array.from(blockWeight);
  const historical = blockFamily.indexOf("historical");
  if (params.sentimentOnlyCover === "both blocks" && historical >= 0) {
    const all = (1 << blocks) - 1;
    for (let set = 1; set < 1 << blocks; set++)
      if ((set & (1 << historical)) === 0) coverWeight[set] = blockWeight[all];
  }
  plan = Object.freeze({
    params,
    keys: Object.freeze(keys),
    position: Object.freeze(position),
    weights,
    blockStart: Object.freeze(blockStart),
    blockFamily: Object.freeze(blockFamily),
    blockBit,
    blockWeight,
    coverWeight,
  });
  plans.set(params, plan);
  return plan;
}

/** What the blend gives; `blocks` has bit b set when block b (plan order) is present. */
export interface BlendOut {
  raw: number;
  cover: number;
  shrunk: number;
  score: number;
  blocks: number;
}

export function emptyBlendOut(): BlendOut {
  return { raw: Number.NaN, cover: Number.NaN, shrunk: Number.NaN, score: Number.NaN, blocks: 0 };
}

/**
 * The blend of the sub-scores at each plan position: `present[i]` (non-zero when present), value X_i and
 * effective weight e_i = w_i × f_i. Writes into `out` and returns true; false (out untouched but `blocks`)
 * when there is no score (no present sub-score with e > 0).
 */
export function blendInto(
  plan: BlendPlan,
  present: ArrayLike<number>,
  value: ArrayLike<number>,
  e: ArrayLike<number>,
  out: BlendOut,
): boolean {
  // Positions run block by block, so a running sum in position order over the present sub-scores is the sum
  // over blocks in order, members in order; a block is present exactly when one of its positions is.
  const { blockBit } = plan;
  let sumE = 0;
  let sumEX = 0;
  let blocks = 0;
  for (let i = 0; i < blockBit.length; i++) {
    if (present[i]) {
      sumE += e[i];
      sumEX += e[i] * value[i];
      blocks |= blockBit[i];
    }
  }
  return finishBlend(plan, sumE, sumEX, blocks, out);
}

/**
 * The rest of the blend from the running sums Σ e_i and Σ e_i X_i (in position order) and the set of present
 * blocks. Shared with the attribution's inner loop, which keeps its own sums.
 */
export function finishBlend(plan: BlendPlan, sumE: number, sumEX: number, blocks: number, out: BlendOut): boolean {
  const { params } = plan;
  const sumW = plan.coverWeight[blocks];
  out.blocks = blocks;
  if (!(sumE > 0 && sumW > 0)) return false;
  const top = params.scale.subScoreMax;
  const { neutral } = params.shrink;
  const raw = clamp(sumEX / sumE, 0, top);
  const cover = clamp(sumE / sumW, 0, 1);
  const shrunk = clamp(neutral + (raw - neutral) * (params.shrink.base + params.shrink.coverWeight * cover), 0, top);
  out.raw = raw;
  out.cover = cover;
  out.shrunk = shrunk;
  out.score = clamp(
    params.scale.min + ((params.scale.max - params.scale.min) * shrunk) / top,
    params.scale.min,
    params.scale.max,
  );
  return true;
}

/** The blend of a record of sub-scores (null = missing), or null without a score. */
export function blendSubScores(
  subScores: Readonly<Record<SubScoreKey, Pick<SubScore, "value" | "effectiveWeight"> | null>>,
  params: ModelParams,
): BlendOut | null {
  const plan = blendPlan(params);
  const n = plan.keys.length;
  const present = new Uint8Array(n);
  const value = new Float64Array(n);
  const e = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = subScores[plan.keys[i]];
    if (s === null || s === undefined) continue;
    present[i] = 1;
    value[i] = s.value;
    e[i] = s.effectiveWeight;
  }
  const out = emptyBlendOut();
  return blendInto(plan, present, value, e, out) ? out : null;
}

/** Is the block of `family` present in `blocks` (from BlendOut)? */
export function hasBlock(plan: BlendPlan, blocks: number, family: Family): boolean {
  const b = plan.blockFamily.indexOf(family);
  return b >= 0 && (blocks & (1 << b)) !== 0;
}
