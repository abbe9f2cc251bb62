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
import { blendInto, blendPlan, emptyBlendOut } from "./blend.ts";
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
import { SUB_SCORE_KEYS, type ModelV2Params } from "./v2.ts";

/** What the attribution reads of a sub-score: a snapshot's `sub_scores` entry fits. */
export type SubScoreLike = Pick<SubScore, "input" | "period" | "age" | "freshness" | "value">;
export type SubScoresLike = Readonly<Partial<Record<SubScoreKey, SubScoreLike | null>>>;

/** More players than this would mean an input the model does not have (5 sub-scores × 2). */
const MAX_PLAYERS = 16;

interface Player {
  key: SubScoreKey;
  kind: ChangeKind;
  /** Plan position of the sub-score. */
  pos: number;
  from: SubScoreLike | null;
  to: SubScoreLike | null;
}

function stateOf(s: SubScoreLike | null | undefined): SubScoreState | null {
  if (s === null || s === undefined) return null;
  return { input: s.input, period: s.period, age: s.age, freshness: s.freshness, value: s.value };
}

/** The changed inputs between two sides, in sub-score order, value before freshness. */
function playersOf(from: SubScoresLike, to: SubScoresLike, position: Readonly<Record<SubScoreKey, number>>): Player[] {
  const players: Player[] = [];
  for (const key of SUB_SCORE_KEYS) {
    const a = from[key] ?? null;
    const b = to[key] ?? null;
    const pos = position[key];
    if (a === null && b === null) continue;
    if (a === null) players.push({ key, kind: "added", pos, from: null, to: b });
    else if (b === null) players.push({ key, kind: "removed", pos, from: a, to: null });
    else {
      if (a.value !== b.value) players.push({ key, kind: "value", pos, from: a, to: b });
      if (a.freshness !== b.freshness) players.push({ key, kind: "freshness", pos, from: a, to: b });
    }
  }
  return players;
}

/** n choose r for small n, exact in doubles. */
function choose(n: number, r: number): number {
  let c = 1;
  for (let i = 1; i <= r; i++) c = (c * (n - r + i)) / i;
  return Math.round(c);
}

function popcount(x: number): number {
  let n = 0;
  for (; x; x &= x - 1) n++;
  return n;
}

/**
 * The exact attribution of the score change from `from` to `to`, or null when either side has no score.
 * `months` names the two sides (YYYY-MM).
 */
export function explainChange(
  from: SubScoresLike,
  to: SubScoresLike,
  months: { from_month: string; to_month: string },
  params: ModelV2Params,
): Explanation | null {
  const plan = blendPlan(params);
  const n = plan.keys.length;
  const { weights } = plan;
  const players = playersOf(from, to, plan.position);
  const k = players.length;
  if (k > MAX_PLAYERS) throw new RangeError(`Too many changed inputs to attribute (${k}).`);

  // The old state by plan position; each coalition starts from it and moves its players to their new state.
  const present0 = new Uint8Array(n);
  const value0 = new Float64Array(n);
  const e0 = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const s = from[plan.keys[i]];
    if (s === null || s === undefined) continue;
    present0[i] = 1;
    value0[i] = s.value;
    e0[i] = weights[i] * s.freshness;
  }
  const present = new Uint8Array(n);
  const value = new Float64Array(n);
  const e = new Float64Array(n);
  const out = emptyBlendOut();
  const neutral = params.scale.min + ((params.scale.max - params.scale.min) * params.shrink.neutral) / params.scale.subScoreMax;

  const size = 1 << k;
  const v = new Float64Array(size);
  for (let mask = 0; mask < size; mask++) {
    present.set(present0);
    value.set(value0);
    e.set(e0);
    for (let j = 0; j < k; j++) {
      if (!(mask & (1 << j))) continue;
      const p = players[j];
      const pos = p.pos;
      switch (p.kind) {
        case "value":
          value[pos] = p.to!.value;
          break;
        case "freshness":
          e[pos] = weights[pos] * p.to!.freshness;
          break;
        case "added":
          present[pos] = 1;
          value[pos] = p.to!.value;
          e[pos] = weights[pos] * p.to!.freshness;
          break;
        case "removed":
          present[pos] = 0;
          value[pos] = 0;
          e[pos] = 0;
          break;
      }
    }
    v[mask] = blendInto(plan, present, value, e, out) ? out.score : mask === 0 || mask === size - 1 ? Number.NaN : neutral;
  }
  const fromScore = v[0];
  const toScore = v[size - 1];
  if (Number.isNaN(fromScore) || Number.isNaN(toScore)) return null;

  // Shapley weights |S|! (k − |S| − 1)! / k! = 1 / (k × C(k − 1, |S|)); symmetric in |S| ↔ k − 1 − |S|.
  const weight = new Float64Array(Math.max(k, 1));
  for (let s = 0; s < k; s++) weight[s] = 1 / (k * choose(k - 1, s));

  const parts: ChangePart[] = players.map((p, j) => {
    const bit = 1 << j;
    const rest = (size - 1) & ~bit;
    let phi = 0;
    // Subsets S of the other players, visited in pairs {S, rest ∖ S} (S < its mirror, or S = mirror when k = 1).
    for (let s = rest; ; s = (s - 1) & rest) {
      const mirror = rest ^ s;
      if (s < mirror) {
        phi += weight[popcount(s)] * (v[s | bit] - v[s] + (v[mirror | bit] - v[mirror]));
      } else if (s === mirror) {
        phi += weight[popcount(s)] * (v[s | bit] - v[s]);
      }
      if (s === 0) break;
    }
    return { key: p.key, kind: p.kind, from: stateOf(p.from), to: stateOf(p.to), contribution: phi };
  });

  return { from_month: months.from_month, to_month: months.to_month, from_score: fromScore, to_score: toScore, delta: toScore - fromScore, parts };
}

/** The change between two snapshots (e.g. two publications), from their sub-scores alone. */
export function explainSnapshots(
  from: { as_of: string; sub_scores: SubScoresLike },
  to: { as_of: string; sub_scores: SubScoresLike },
  params: ModelV2Params,
): Explanation | null {
  return explainChange(from.sub_scores, to.sub_scores, { from_month: from.as_of.slice(0, 7), to_month: to.as_of.slice(0, 7) }, params);
}

/**
 * Every month of a history (consecutive months, oldest first) against the month before and 12 months before.
 * `lagMonths` is the year-before distance (the model's yoy lag).
 */
export function explainHistory(states: readonly MonthState[], params: ModelV2Params): MonthChange[] {
  const lag = params.yoy.lagMonths;
  const against = (i: number, back: number): Explanation | null => {
    const j = i - back;
    if (j < 0 || states[i].score === null || states[j].score === null) return null;
    return explainChange(states[j].sub_scores, states[i].sub_scores, { from_month: states[j].month, to_month: states[i].month }, params);
  };
  return states.map((s, i) => ({ month: s.month, previous_month: against(i, 1), year_before: against(i, lag) }));
}
