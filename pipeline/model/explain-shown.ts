// A score change's parts as shown (docs/model.md §9): rounded to whole tenths by the largest-remainder method so that
// they add up exactly to the change as shown, the difference of the two shown scores. Pure.
import { shownChangeTenths } from "./round.ts";
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
  parts: ShownPart[];
}

/** Tenths of x, snapped to the integer when float noise is all that separates them (0.3 × 10). */
function exactTenths(x: number): number {
  const t = x * 10;
  const r = Math.round(t);
  return Math.abs(t - r) < 1e-9 ? r : t;
}

/**
 * The parts rounded to tenths so that they add up to the change as shown, the difference of the two scores as
 * shown (largest remainder): every part is first rounded down; the tenths still missing go to the parts with the
 * largest remainders (ties: the larger part, then the earlier one), or are taken from the smallest remainders when
 * too many. The shown change is the floor or the ceiling of the exact one, so no part's sign flips.
 */
export function roundExplanation(e: Explanation): ShownExplanation {
  const target = shownChangeTenths(e.from_score, e.to_score);
  const xs = e.parts.map((p) => exactTenths(p.contribution));
  const shown = xs.map((x) => Math.floor(x));
  let need = target - shown.reduce((a, b) => a + b, 0);
  const order = xs
    .map((x, i) => i)
    .sort((i, j) => xs[j] - shown[j] - (xs[i] - shown[i]) || Math.abs(xs[j]) - Math.abs(xs[i]) || i - j);
  if (order.length > 0) {
    for (let n = 0; need > 0; n++, need--) shown[order[n % order.length]]++;
    for (let n = 0; need < 0; n++, need++) shown[order[order.length - 1 - (n % order.length)]]--;
  }
  return {
    delta_tenths: target,
    delta: target / 10,
    parts: e.parts.map((p, i) => ({ ...p, shown_tenths: shown[i], shown: shown[i] / 10 })),
  };
}
