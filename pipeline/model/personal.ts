// A visitor's own weights (docs/model.md §11): the personal score of a country is the blend of §4 with the base
// weights w_i replaced by the visitor's a_i everywhere (e_i = a_i × f_i, and cover's denominator over the
// blocks present), from the same published sub-scores X_i and freshness f_i. It never replaces the published
// score: the site shows it beside the published one, as "your ranking", and nothing published depends on it.
//
// One arithmetic: the blend is blend.ts's (blendPlan / blendInto), run with a parameter object whose weights
// are the visitor's. With a_i = w_i the effective weights a_i × f_i are the very numbers the model multiplied
// (w × f), so the personal score equals the published score to the last bit. Pure; runs in the browser.
import { blendInto, blendPlan, emptyBlendOut, type BlendPlan } from "./blend.ts";
import type { Status, SubScore, SubScoreKey } from "./types.ts";
import { SUB_SCORE_KEYS as KEYS, type ModelParams } from "./tables.ts";

/** What the personal score reads of a sub-score: a published snapshot's `sub_scores` entry fits. */
type PersonalSubScore = Pick<SubScore, "value" | "freshness">;
export type PersonalSubScores = Readonly<Partial<Record<SubScoreKey, PersonalSubScore | null>>>;

/** A visitor's weight a_i ≥ 0 for each sub-score. */
export type WeightVector = Readonly<Record<SubScoreKey, number>>;

/** What personalScore needs of the model: the blend's parameters and the status of a score as shown (§5). */
export interface PersonalModel {
  readonly params: ModelParams;
  readonly statusOf: (score: number) => Status;
}

export interface PersonalScore {
  /** 1..10, unrounded (rankings sort by it; it is shown to one decimal). */
  score: number;
  /** From the score as shown (§5). */
  status: Status;
  cover: number;
  raw: number;
}

/** Weight vectors whose parameter object is kept (a visitor moves a slider a few times; a server sees many). */
const MAX_CACHED = 256;
const cache = new WeakMap<ModelParams, Map<string, BlendPlan>>();

const vectorKey = (a: WeightVector) => KEYS.map((k) => a[k]).join(",");

/** Throws a RangeError naming the first weight that is not a finite number ≥ 0. */
function checkWeights(a: WeightVector): void {
  for (const k of KEYS) {
    const x = a[k];
    if (typeof x !== "number" || !Number.isFinite(x) || x < 0)
      throw new RangeError(`The weight of ${k} must be a number of at least 0 (got ${String(x)}).`);
  }
}

/** The blend plan of `params` with its weights replaced by `a` (one parameter object per weight vector). */
export function personalPlan(params: ModelParams, a: WeightVector): BlendPlan {
  checkWeights(a);
  let byVector = cache.get(params);
  if (!byVector) {
    byVector = new Map();
    cache.set(params, byVector);
  }
  const key = vectorKey(a);
  let plan = byVector.get(key);
  if (!plan) {
    if (byVector.size >= MAX_CACHED) byVector.clear();
    const weights = Object.freeze({ U: a.U, V: a.V, C: a.C, M: a.M, S: a.S });
    plan = blendPlan(Object.freeze({ ...params, weights }));
    byVector.set(key, plan);
  }
  return plan;
}

/** Scratch buffers (one evaluation at a time; no allocation per call but the result). */
const present = new Uint8Array(KEYS.length);
const value = new Float64Array(KEYS.length);
const e = new Float64Array(KEYS.length);
const out = emptyBlendOut();

/** The blend of `sub` under `plan`; the score, or NaN when nothing weighed is present. */
function blendWith(plan: BlendPlan, sub: PersonalSubScores): number {
  const n = plan.keys.length;
  for (let i = 0; i < n; i++) {
    const s = sub[plan.keys[i]!];
    if (s === null || s === undefined) {
      present[i] = 0;
      value[i] = 0;
      e[i] = 0;
    } else {
      present[i] = 1;
      value[i] = s.value;
      e[i] = plan.weights[i]! * s.freshness;
    }
  }
  return blendInto(plan, present, value, e, out) ? out.score : Number.NaN;
}

/**
 * The personal score of a country's published sub-scores under the weights `a`, or null when no sub-score the
 * country has carries a weight above 0 ("nothing you weigh is available"), or when it has no sub-score at all.
 */
export function personalScore(sub: PersonalSubScores, a: WeightVector, model: PersonalModel): PersonalScore | null {
  const score = blendWith(personalPlan(model.params, a), sub);
  if (Number.isNaN(score)) return null;
  return { score, status: model.statusOf(score), cover: out.cover, raw: out.raw };
}

/** One weight's share of the move from the published score to the personal one. */
export interface WeightPart {
  key: SubScoreKey;
  /** Exact Shapley value; the parts add up to personal − published. */
  contribution: number;
}

/**
 * What moved a country's personal score away from its published score: the exact Shapley attribution of
 * (personal − published) over the weights the visitor changed (players: each a_i ≠ w_i; the game v(S) is the
 * blend with a_i for the players in S and w_i for the others, the same arithmetic as the score). A coalition
 * with nothing weighed present counts as the neutral score, as in explain.ts. Null when either end has no score.
 * Parts in sub-score order (U, V, C, M, S), changed weights only.
 */
export function weightAttribution(sub: PersonalSubScores, a: WeightVector, model: PersonalModel): WeightPart[] | null {
  const { params } = model;
  const { players, plans } = coalitionPlans(params, a);
  const k = players.length;
  const size = 1 << k;
  const v = new Float64Array(size);
  const neutral =
    params.scale.min + ((params.scale.max - params.scale.min) * params.shrink.neutral) / params.scale.subScoreMax;
  for (let mask = 0; mask < size; mask++) {
    const score = blendWith(plans[mask]!, sub);
    if (Number.isNaN(score) && (mask === 0 || mask === size - 1)) return null;
    v[mask] = Number.isNaN(score) ? neutral : score;
  }
  const fact = (n: number): number => (n <= 1 ? 1 : n * fact(n - 1));
  return players.map((key, j) => {
    const bit = 1 << j;
    let phi = 0;
    for (let mask = 0; mask < size; mask++) {
      if (mask & bit) continue;
      let c = 0;
      for (let x = mask; x; x &= x - 1) c++;
      phi += ((fact(c) * fact(k - c - 1)) / fact(k)) * (v[mask | bit]! - v[mask]!);
    }
    return { key, contribution: phi };
  });
}

/** The changed weights of `a` and the plan of every coalition of them (index: bit j set = players[j] at a's weight), once per vector. */
const coalitions = new WeakMap<ModelParams, Map<string, { players: SubScoreKey[]; plans: BlendPlan[] }>>();

function coalitionPlans(params: ModelParams, a: WeightVector): { players: SubScoreKey[]; plans: BlendPlan[] } {
  checkWeights(a);
  let byVector = coalitions.get(params);
  if (!byVector) {
    byVector = new Map();
    coalitions.set(params, byVector);
  }
  const key = vectorKey(a);
  let hit = byVector.get(key);
  if (!hit) {
    if (byVector.size >= MAX_CACHED) byVector.clear();
    const players = KEYS.filter((k) => a[k] !== params.weights[k]);
    const plans: BlendPlan[] = [];
    for (let mask = 0; mask < 1 << players.length; mask++) {
      const mixed = { ...params.weights } as Record<SubScoreKey, number>;
      players.forEach((k, j) => {
        if (mask & (1 << j)) mixed[k] = a[k];
      });
      plans.push(personalPlan(params, mixed));
    }
    hit = { players, plans };
    byVector.set(key, hit);
  }
  return hit;
}

/** A country in a personal ranking. */
export interface PersonalRow<T> {
  item: T;
  personal: PersonalScore | null;
}

/**
 * Countries by personal score, highest first, ties by country code; countries without a personal score last
 * (by code). `sub` reads a country's published sub-scores (null: nothing shown for it).
 */
export function personalRanking<T extends { code: string }>(
  items: readonly T[],
  sub: (item: T) => PersonalSubScores | null,
  a: WeightVector,
  model: PersonalModel,
): PersonalRow<T>[] {
  const rows = items.map((item) => {
    const s = sub(item);
    return { item, personal: s === null ? null : personalScore(s, a, model) };
  });
  const byCode = (x: PersonalRow<T>, y: PersonalRow<T>) =>
    x.item.code < y.item.code ? -1 : x.item.code > y.item.code ? 1 : 0;
  return rows.sort((x, y) => {
    if (x.personal && y.personal) return y.personal.score - x.personal.score || byCode(x, y);
    if (x.personal) return -1;
    if (y.personal) return 1;
    return byCode(x, y);
  });
}
