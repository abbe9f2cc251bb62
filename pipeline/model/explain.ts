// Why did a score change? Exact attribution of a score change to its inputs (docs/model.md §9). Pure.
//
// The players are the inputs that changed between two states of a country (two months of its history, or two
// published snapshots): for a sub-score present on both sides, a *value* player (its 0..100 value changed)
// and a *freshness* player (its data got older or newer, so f and with it e = w × f changed); for a sub-score
// present on one side only, one *added* or *removed* player (evidence coming or going, which also moves cover
// and block presence). A player whose state did not change is a null player: it would get exactly 0, so it is
// left out before enumerating. The game v(S) is the model's blend (blend.ts, the same arithmetic as the score)
// with the players in S at their new state and the others at their old one; v(∅) is the old score and v(all)
// the new one. Each player's part is its Shapley value, the average of its marginal contribution over every
// order of swapping old inputs for new:
//
//   φ_i = Σ_{S ⊆ N∖{i}} |S|! (k − |S| − 1)! / k! × (v(S ∪ {i}) − v(S))
//
// so the parts add up to the change (up to floating-point rounding, far below 1e-9). The sum runs over the
// pairs {S, N∖{i}∖S} (they share one weight) in a fixed order, which makes swapping the two sides negate every
// part exactly, to the last bit. A mix with no evidence at all (possible only when sub-scores come and go)
// counts as the neutral score (5.5): the point toward which the model pulls thin evidence.
//
// Everything is read from sub-scores (value, freshness, and input/period/age for the words), so two published
// snapshots can be compared as well as two months of a history. Weights come from the model's parameters.
//
// Market and evidence (docs/model.md §9): the parts of kind `value` (an input counted on both sides whose level
// moved) add up to the change's *market part*; all other parts (freshness, added, removed: which data count and
// how much) to its *evidence part*. The two add up to the change, and the general signal reads the market part.
import { blendPlan, emptyBlendOut, finishBlend, type BlendOut, type BlendPlan } from "./blend.ts";
import type {
  ChangeKind,
  ChangePart,
  Explanation,
  MonthChange,
  MonthState,
  SubScore,
  SubScoreKey,
  SubScoreState,
} from "./types.ts";
import { SUB_SCORE_KEYS, type ModelParams } from "./tables.ts";

/** What the attribution reads of a sub-score: a snapshot's `sub_scores` entry fits. */
export type SubScoreLike = Pick<SubScore, "input" | "period" | "age" | "freshness" | "value">;
export type SubScoresLike = Readonly<Partial<Record<SubScoreKey, SubScoreLike | null>>>;

/**
 * The window of the general signal (docs/product.md §9): its end month (v2.4: the country's data month; before, the
 * as-of month) against this many months before. The snapshot's `change.three_months` explains that change, so the
 * signal can read its market part.
 */
export const SIGNAL_MONTHS = 3;

/** The market part (parts of kind value) and the evidence part (all others) of a change's parts. */
export function splitParts(parts: readonly Pick<ChangePart, "kind" | "contribution">[]): {
  market: number;
  evidence: number;
} {
  let market = 0;
  let evidence = 0;
  for (const p of parts) {
    if (p.kind === "value") market += p.contribution;
    else evidence += p.contribution;
  }
  return { market, evidence };
}

/**
 * Is a change mostly evidence? Its evidence part (data starting, stopping, ageing) is larger in size than its market
 * part, unrounded (docs/model.md §9). The one rule of the product: such a change is never styled as a market that
 * improved or worsened (badges, history tooltips and stretches, feed entries) and says what mostly moved it.
 */
export function isMostlyEvidence(p: { market: number; evidence: number }): boolean {
  return Math.abs(p.evidence) > Math.abs(p.market);
}

/**
 * The market and evidence parts of an explanation: its own fields, or, for an explanation published before they
 * existed, the sums of its parts.
 */
export function marketAndEvidence(e: Pick<Explanation, "parts"> & Partial<Pick<Explanation, "market" | "evidence">>): {
  market: number;
  evidence: number;
} {
  return typeof e.market === "number" && typeof e.evidence === "number"
    ? { market: e.market, evidence: e.evidence }
    : splitParts(e.parts);
}

/** More players than this would mean an input the model does not have (5 sub-scores × 2). */
const MAX_PLAYERS = 16;

/** Player kinds by code (the code is what the inner loops use). */
const KINDS: readonly ChangeKind[] = ["value", "freshness", "added", "removed"];
const VALUE = 0;
const FRESHNESS = 1;
const ADDED = 2;
const REMOVED = 3;

/** Reused buffers: the attribution runs for every month of every country, so it allocates no arrays per call. */
interface Scratch {
  /** By player: plan position of its sub-score and its kind code. */
  playerPos: Int32Array;
  playerKind: Uint8Array;
  /** By position: each side's sub-score (null when missing). */
  fromAt: (SubScoreLike | null)[];
  toAt: (SubScoreLike | null)[];
  /** By position: the bit of the player that moves its value / its freshness (0: none). */
  valueBit: Int32Array;
  freshBit: Int32Array;
  /** By position × 4 local states (see fillLocalStates). */
  localPresent: Uint8Array;
  localE: Float64Array;
  localEX: Float64Array;
  out: BlendOut;
  /** v(S) of every coalition S. */
  v: Float64Array;
}

let scratch: Scratch | null = null;

function scratchFor(n: number): Scratch {
  if (scratch === null || scratch.valueBit.length < n) {
    scratch = {
      playerPos: new Int32Array(MAX_PLAYERS),
      playerKind: new Uint8Array(MAX_PLAYERS),
      fromAt: new Array<SubScoreLike | null>(n).fill(null),
      toAt: new Array<SubScoreLike | null>(n).fill(null),
      valueBit: new Int32Array(n),
      freshBit: new Int32Array(n),
      localPresent: new Uint8Array(4 * n),
      localE: new Float64Array(4 * n),
      localEX: new Float64Array(4 * n),
      out: emptyBlendOut(),
      v: new Float64Array(1 << 10),
    };
  }
  return scratch;
}

const weightTables: Float64Array[] = [];

/** Shapley weights |S|! (k − |S| − 1)! / k! = 1 / (k × C(k − 1, |S|)) by coalition size (once per k); symmetric. */
function shapleyWeights(k: number): Float64Array {
  let w = weightTables[k];
  if (w === undefined) {
    w = new Float64Array(Math.max(k, 1));
    for (let c = 0; c < k; c++) w[c] = 1 / (k * choose(k - 1, c));
    weightTables[k] = w;
  }
  return w;
}

/** n choose r for small n, exact in doubles. */
function choose(n: number, r: number): number {
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

/**
 * Number of players in a coalition: the bit count of its mask (up to MAX_PLAYERS bits), computed rather than looked
 * up. A table of every mask cost a page 15 ms while its module loaded, in the browser too.
 */
function popcount(x: number): number {
  x -= (x >> 1) & 0x5555;
  x = (x & 0x3333) + ((x >> 2) & 0x3333);
  x = (x + (x >> 4)) & 0x0f0f;
  return (x + (x >> 8)) & 0x1f;
}

/** The five fields of a sub-score state, copied (a model's SubScore also carries key and weights). */
function plainState(s: SubScoreState | null): SubScoreState | null {
  return s === null ? null : { input: s.input, period: s.period, age: s.age, freshness: s.freshness, value: s.value };
}

/**
 * The explanation with each part's `from` / `to` reduced to the five state fields, each part owning its
 * copies (explainChange hands out the sub-score objects it was given, to stay allocation-light).
 */
export function withPlainStates(e: Explanation): Explanation {
  return { ...e, parts: e.parts.map((p) => ({ ...p, from: plainState(p.from), to: plainState(p.to) })) };
}

/**
 * The exact attribution of the score change from `from` to `to`, or null when either side has no score.
 * `months` names the two sides (YYYY-MM). Parts come in sub-score order (U, V, C, M, S), value before
 * freshness; their `from` / `to` are the sub-score objects given (see withPlainStates).
 */
export function explainChange(
  from: SubScoresLike,
  to: SubScoresLike,
  months: { from_month: string; to_month: string },
  params: ModelParams,
): Explanation | null {
  const plan = blendPlan(params);
  const n = plan.keys.length;
  const s = scratchFor(n);
  const { fromAt, toAt } = s;

  const k = findPlayers(plan, from, to, s);
  fillLocalStates(plan, s);
  const v = coalitionValues(plan, k, params, s);
  const size = 1 << k;
  const fromScore = v[0];
  const toScore = v[size - 1];
  if (Number.isNaN(fromScore) || Number.isNaN(toScore)) return null;

  const parts = shapleyParts(plan, k, v, s);
  for (let i = 0; i < n; i++) fromAt[i] = toAt[i] = null; // hold no reference to the caller's objects

  return {
    from_month: months.from_month,
    to_month: months.to_month,
    from_score: fromScore,
    to_score: toScore,
    delta: toScore - fromScore,
    ...splitParts(parts),
    parts,
  };
}

/**
 * The players: every input that changed, in sub-score order, value before freshness, written to the scratch
 * (each side's sub-score by position, each player's position and kind, the bits that move a position). Unchanged
 * inputs are null players (exactly 0) and are left out. Returns the number of players.
 */
function findPlayers(plan: BlendPlan, from: SubScoresLike, to: SubScoresLike, s: Scratch): number {
  const n = plan.keys.length;
  const { playerPos, playerKind, fromAt, toAt, valueBit, freshBit } = s;
  let k = 0;
  for (let i = 0; i < n; i++) {
    fromAt[i] = from[plan.keys[i]] ?? null;
    toAt[i] = to[plan.keys[i]] ?? null;
    valueBit[i] = freshBit[i] = 0;
  }
  for (const key of SUB_SCORE_KEYS) {
    const i = plan.position[key];
    const a = fromAt[i];
    const b = toAt[i];
    if (a === null && b === null) continue;
    if (k + 2 > MAX_PLAYERS) throw new RangeError(`Too many changed inputs to attribute.`);
    if (a === null || b === null) {
      playerPos[k] = i;
      playerKind[k] = a === null ? ADDED : REMOVED;
      valueBit[i] = freshBit[i] = 1 << k++;
      continue;
    }
    if (a.value !== b.value) {
      playerPos[k] = i;
      playerKind[k] = VALUE;
      valueBit[i] = 1 << k++;
    }
    if (a.freshness !== b.freshness) {
      playerPos[k] = i;
      playerKind[k] = FRESHNESS;
      freshBit[i] = 1 << k++;
    }
  }
  return k;
}

/**
 * Each position has up to four local states: +1 when the coalition holds the player that moves its value,
 * +2 when it holds the one that moves its freshness (a presence player moves both at once). For each, its
 * presence, e = w × f and e × X, so that a coalition's blend is a few look-ups and two running sums in
 * position order: the same arithmetic as blendInto, so v(∅) and v(all) are the two scores to the last bit.
 */
function fillLocalStates(plan: BlendPlan, s: Scratch): void {
  const n = plan.keys.length;
  const { weights } = plan;
  const { fromAt, toAt, valueBit, freshBit, localPresent, localE, localEX } = s;
  for (let i = 0; i < n; i++) {
    const a = fromAt[i];
    const b = toAt[i];
    for (let l = 0; l < 4; l++) {
      const x = l & 1 && valueBit[i] ? b : a;
      const f = l & 2 && freshBit[i] ? b : a;
      const at = i * 4 + l;
      if (x === null || f === null) {
        localPresent[at] = 0;
        localE[at] = 0;
        localEX[at] = 0;
      } else {
        localPresent[at] = 1;
        localE[at] = weights[i] * f.freshness;
        localEX[at] = localE[at] * x.value;
      }
    }
  }
}

/**
 * v(S) of every coalition S of the k players: the blend with the players in S at their new state and the others
 * at their old one; a mix with no evidence counts as the neutral score, and NaN at either end means that side has
 * no score.
 */
function coalitionValues(plan: BlendPlan, k: number, params: ModelParams, s: Scratch): Float64Array {
  const n = plan.keys.length;
  const { blockBit } = plan;
  const { valueBit, freshBit, localPresent, localE, localEX, out } = s;
  const size = 1 << k;
  if (s.v.length < size) s.v = new Float64Array(size);
  const v = s.v;
  const neutral =
    params.scale.min + ((params.scale.max - params.scale.min) * params.shrink.neutral) / params.scale.subScoreMax;
  for (let mask = 0; mask < size; mask++) {
    let sumE = 0;
    let sumEX = 0;
    let blocks = 0;
    for (let i = 0; i < n; i++) {
      const at = i * 4 + (mask & valueBit[i] ? 1 : 0) + (mask & freshBit[i] ? 2 : 0);
      if (localPresent[at]) {
        sumE += localE[at];
        sumEX += localEX[at];
        blocks |= blockBit[i];
      }
    }
    v[mask] = finishBlend(plan, sumE, sumEX, blocks, out)
      ? out.score
      : mask === 0 || mask === size - 1
        ? Number.NaN
        : neutral;
  }
  return v;
}

/** Each player's part: its Shapley value over the coalition values v, in player order. */
function shapleyParts(plan: BlendPlan, k: number, v: Float64Array, s: Scratch): ChangePart[] {
  const size = 1 << k;
  const { playerPos, playerKind, fromAt, toAt } = s;
  const weight = shapleyWeights(k);
  const parts: ChangePart[] = [];
  for (let j = 0; j < k; j++) {
    const bit = 1 << j;
    const rest = (size - 1) & ~bit;
    let phi = 0;
    // Subsets S of the other players, visited in pairs {S, rest ∖ S} (S < its mirror, or S = mirror when k = 1).
    for (let c = rest; ; c = (c - 1) & rest) {
      const mirror = rest ^ c;
      if (c < mirror) {
        phi += weight[popcount(c)] * (v[c | bit] - v[c] + (v[mirror | bit] - v[mirror]));
      } else if (c === mirror) {
        phi += weight[popcount(c)] * (v[c | bit] - v[c]);
      }
      if (c === 0) break;
    }
    const i = playerPos[j];
    parts.push({ key: plan.keys[i], kind: KINDS[playerKind[j]], from: fromAt[i], to: toAt[i], contribution: phi });
  }
  return parts;
}

/** The change between two snapshots (e.g. two publications), from their sub-scores alone. */
export function explainSnapshots(
  from: { as_of: string; sub_scores: SubScoresLike },
  to: { as_of: string; sub_scores: SubScoresLike },
  params: ModelParams,
): Explanation | null {
  const e = explainChange(
    from.sub_scores,
    to.sub_scores,
    { from_month: from.as_of.slice(0, 7), to_month: to.as_of.slice(0, 7) },
    params,
  );
  return e !== null ? withPlainStates(e) : null;
}

/**
 * Every month of a history (consecutive months, oldest first) against the month before and 12 months before
 * (the model's yoy lag). Parts share the states' sub-score objects (no copies: this runs for every month).
 */
export function explainHistory(states: readonly MonthState[], params: ModelParams): MonthChange[] {
  const lag = params.yoy.lagMonths;
  const against = (i: number, back: number): Explanation | null => {
    const j = i - back;
    if (j < 0 || states[i].score === null || states[j].score === null) return null;
    return explainChange(
      states[j].sub_scores,
      states[i].sub_scores,
      { from_month: states[j].month, to_month: states[i].month },
      params,
    );
  };
  return states.map((s, i) => ({ month: s.month, previous_month: against(i, 1), year_before: against(i, lag) }));
}
