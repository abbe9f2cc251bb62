// A score change's parts as shown (docs/model.md §9): rounded to whole tenths so that they add up exactly to the change
// as shown, the difference of the two shown scores, and so that the market parts add up to the market part rounded
// (half away from zero: the number a sentence states, "on the same inputs the market moved 0.0" for +0.003). Pure.
import { marketAndEvidence } from "./explain.ts";
import { shownChangeTenths, tenths } from "./round.ts";
import type { ChangePart, Explanation } from "./types.ts";

export interface ShownPart extends ChangePart {
  /** The contribution as shown, in whole tenths (an integer: parts add up exactly). */
  shown_tenths: number;
  /** shown_tenths / 10. */
  shown: number;
}

export interface ShownExplanation {
  delta_tenths: number;
  delta: number;
  /**
   * The market part as shown, in whole tenths: the market part rounded half away from zero (its value parts add up to
   * it), or the whole change as shown when no evidence part exists (then market = change).
   */
  market_tenths: number;
  /** The evidence part as shown: delta_tenths − market_tenths (its parts add up to it). */
  evidence_tenths: number;
  parts: ShownPart[];
}

/** Tenths of x, snapped to the integer when float noise is all that separates them (0.3 × 10). */
function exactTenths(x: number): number {
  const t = x * 10;
  const r = Math.round(t);
  return Math.abs(t - r) < 1e-9 ? r : t;
}

/**
 * Whole numbers for `xs` (in tenths) that add up to `target` (largest remainder): every value is first rounded down;
 * the units still missing go to the largest remainders (ties: the larger value, then the earlier one), or are taken
 * from the smallest remainders when too many. With `target` the floor or the ceiling of the exact sum, no value's sign
 * flips.
 */
export function largestRemainder(xs: readonly number[], target: number): number[] {
  const shown = xs.map((x) => Math.floor(x));
  let need = target - shown.reduce((a, b) => a + b, 0);
  const order = xs
    .map((_, i) => i)
    .sort((i, j) => xs[j] - shown[j] - (xs[i] - shown[i]) || Math.abs(xs[j]) - Math.abs(xs[i]) || i - j);
  if (order.length > 0) {
    for (let n = 0; need > 0; n++, need--) shown[order[n % order.length]]++;
    for (let n = 0; need < 0; n++, need++) shown[order[order.length - 1 - (n % order.length)]]--;
  }
  return shown;
}

/**
 * A change's market and evidence parts as shown, in whole tenths, from the two scores and its unrounded parts: the
 * change as shown (the difference of the two shown scores), the market part rounded half away from zero, and the
 * evidence part the rest, so the two add up to the change as shown. A change with no evidence part is all market (and
 * one with no market part all evidence), as in `roundExplanation`.
 */
export function shownSplit(
  from: number,
  to: number,
  parts: { market: number; evidence: number },
): { delta: number; market: number; evidence: number } {
  const delta = shownChangeTenths(from, to);
  const market = parts.evidence === 0 ? delta : parts.market === 0 ? 0 : tenths(parts.market);
  return { delta, market, evidence: delta - market };
}

/**
 * The parts rounded to tenths in two groups: the value parts add up to the market part rounded (half away from zero),
 * the others (evidence) to the rest of the change as shown, the difference of the two scores as shown; within each
 * group by the largest remainder. So the shown parts add up to the shown change, and the market number a sentence
 * states is the market part rounded, never a difference of other rounded numbers. A change without evidence parts is
 * all market (its market part is the whole change as shown), one without value parts all evidence.
 */
export function roundExplanation(e: Explanation): ShownExplanation {
  const target = shownChangeTenths(e.from_score, e.to_score);
  const xs = e.parts.map((p) => exactTenths(p.contribution));
  const isValue = e.parts.map((p) => p.kind === "value");
  const hasValue = isValue.some(Boolean);
  const hasEvidence = isValue.some((v) => !v);
  const marketTarget = !hasValue ? 0 : !hasEvidence ? target : tenths(marketAndEvidence(e).market);
  const group = (value: boolean, goal: number) => {
    const at = isValue.flatMap((v, i) => (v === value ? [i] : []));
    const rounded = largestRemainder(
      at.map((i) => xs[i]),
      goal,
    );
    return new Map(at.map((i, k) => [i, rounded[k]!]));
  };
  const shown = new Map([...group(true, marketTarget), ...group(false, target - marketTarget)]);
  return {
    delta_tenths: target,
    delta: target / 10,
    market_tenths: marketTarget,
    evidence_tenths: target - marketTarget,
    parts: e.parts.map((p, i) => ({ ...p, shown_tenths: shown.get(i)!, shown: shown.get(i)! / 10 })),
  };
}
