// Sub-scores (docs/model.md §2, §3): an input read on its anchor table, weighted by its freshness (0 past the
// cut-off: the sub-score is missing), and S from the barometer and/or the EEI. Pure.
import { interpolate, inverseInterpolate } from "./anchors.ts";
import type { Context } from "./context.ts";
import type { Prepared, PreparedSeries } from "./prepared-input.ts";
import type { Family, ModelParams } from "./tables.ts";
import type { SubScore, SubScoreKey } from "./types.ts";

/** Freshness factor f in [0, 1] of an observation `age` months old; 0 past the cutoff (sub-score missing). */
export function freshness(age: number, family: Family, params: ModelParams): number {
  const rule = params.freshness[family];
  if (age <= rule.grace) return 1;
  if (age > rule.cutoff) return 0;
  return 0.5 ** ((age - rule.grace) / rule.halfLife);
}

export function subScore(ctx: Context, key: SubScoreKey, input: number, period: string, age: number): SubScore | null {
  const f = freshness(age, ctx.familyOf[key], ctx.params);
  if (!(f > 0)) return null;
  const weight = ctx.params.weights[key];
  return {
    key,
    value: interpolate(ctx.params.anchors[key], input),
    input,
    period,
    age,
    freshness: f,
    weight,
    effectiveWeight: weight * f,
  };
}

/** One sentiment source as of `month`: its point, age, freshness (0 past the cut-off) and sub-score. */
export function sentimentSource(ctx: Context, s: PreparedSeries, pos: number, month: number) {
  if (pos < 0) return null;
  const point = s.points[pos];
  const age = month - s.ends[pos];
  const f = freshness(age, ctx.familyOf.S, ctx.params);
  if (!(f > 0)) return null;
  return { point, age, f, sub: interpolate(ctx.params.anchors.S, point.value) };
}

/**
 * S from the barometer and/or the EEI (docs/model.md §2). With one source within its cut-off, S is that
 * source's (input = its index value). With both: value = (f_b·S(b) + f_x·S(x)) / (f_b + f_x),
 * freshness = max(f_b, f_x), age and period those of the newer source (the barometer's on a tie), and
 * input = the index that alone would give the blended value (the S table read backwards), so that
 * `value = S-table(input)` holds for every S; the two real values are in the snapshot's `sentiment_sources`.
 */
export function sentiment(ctx: Context, prep: Prepared, lPos: number, xPos: number, month: number): SubScore | null {
  const b = sentimentSource(ctx, prep.lmb, lPos, month);
  const x = sentimentSource(ctx, prep.eei, xPos, month);
  if (b === null && x === null) return null;
  if (b === null || x === null) {
    const only = (b ?? x)!;
    return subScore(ctx, "S", only.point.value, only.point.period, only.age);
  }
  const lo = Math.min(b.sub, x.sub);
  const hi = Math.max(b.sub, x.sub);
  const value = Math.min(Math.max((b.f * b.sub + x.f * x.sub) / (b.f + x.f), lo), hi);
  const newer = b.age <= x.age ? b : x;
  const f = Math.max(b.f, x.f);
  const weight = ctx.params.weights.S;
  return {
    key: "S",
    value,
    input: inverseInterpolate(ctx.params.anchors.S, value),
    period: newer.point.period,
    age: newer.age,
    freshness: f,
    weight,
    effectiveWeight: weight * f,
  };
}
