// Anchor tables read both ways (docs/model.md §2): an input to its 0..100 sub-score by piecewise-linear
// interpolation, and a sub-score back to the input that alone gives it. Pure.
import type { AnchorTable } from "./tables.ts";

/** Piecewise-linear interpolation on an anchor table, clamped at both ends. */
export function interpolate(anchors: AnchorTable, x: number): number {
  if (anchors.length === 0) throw new RangeError("An anchor table needs at least one point.");
  if (Number.isNaN(x)) throw new RangeError("Cannot interpolate NaN.");
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  let i = 1;
  while (anchors[i][0] < x) i++;
  const x0 = anchors[i - 1][0];
  const y0 = anchors[i - 1][1];
  const x1 = anchors[i][0];
  const y1 = anchors[i][1];
  // t in [0, 1], so y stays between y0 and y1 even after rounding: monotone across segment joins.
  const t = (x - x0) / (x1 - x0);
  const y = y0 + t * (y1 - y0);
  return Math.min(Math.max(y, Math.min(y0, y1)), Math.max(y0, y1));
}

/**
 * The input at which a monotone anchor table gives `y` (y clamped to the table's range). Used for the input
 * of a blended S: the index that alone would give the blended sub-score.
 */
export function inverseInterpolate(anchors: AnchorTable, y: number): number {
  if (anchors.length === 0) throw new RangeError("An anchor table needs at least one point.");
  if (Number.isNaN(y)) throw new RangeError("Cannot invert NaN.");
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  const rising = last[1] >= first[1];
  const lowY = rising ? first : last;
  const highY = rising ? last : first;
  if (y <= lowY[1]) return lowY[0];
  if (y >= highY[1]) return highY[0];
  for (let i = 1; i < anchors.length; i++) {
    const [x0, y0] = anchors[i - 1];
    const [x1, y1] = anchors[i];
    if (y0 === y1 || y < Math.min(y0, y1) || y > Math.max(y0, y1)) continue;
    if (y === y0) return x0;
    if (y === y1) return x1;
    return x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
  }
  throw new RangeError("The anchor table is not monotone.");
}
