// The score as a visitor sees it (docs/model.md §5): one decimal, half away from zero. Pure.
//
// Binary floating point cannot hold most decimals: 1.95 is stored as 1.94999999999999995559…, so
// `(1.95).toFixed(1)` is "1.9" while 6.95 (stored as 6.95000000000000017763…) gives "7.0". A visitor reading
// "1.95" expects 2.0. So the number is first written as a decimal with GUARD_DECIMALS places (which removes
// the binary noise, about 1e-15 for a score, and keeps every digit that means anything), and that decimal is
// rounded half away from zero. Consequence, on purpose: a value within 5e-10 of a half rounds as the half
// (6.9499999999999 → 7.0), while 6.949999 → 6.9.

/** Decimals kept before rounding: far below any meaningful digit of a score, far above binary noise. */
const GUARD_DECIMALS = 9;

/**
 * `x` rounded to `decimals` places, half away from zero, on its decimal representation (see above).
 * Meant for scores and score changes (|x| well below 1e12); never returns -0.
 */
export function roundHalfAway(x: number, decimals = 1, guard = GUARD_DECIMALS): number {
  if (!Number.isFinite(x)) return x;
  if (!Number.isInteger(decimals) || decimals < 0 || decimals >= guard) {
    throw new RangeError(`roundHalfAway: decimals must be an integer in [0, ${guard}), got ${decimals}.`);
  }
  // Fast path: far (1e-6 of a unit) from a half, neither the guard (5e-10) nor binary noise can move the result.
  const scaled = Math.abs(x) * 10 ** decimals;
  const whole = Math.floor(scaled);
  const frac = scaled - whole;
  if (Math.abs(frac - 0.5) > 1e-6 && scaled < 1e12) {
    const r = (frac > 0.5 ? whole + 1 : whole) / 10 ** decimals;
    return r === 0 ? 0 : x < 0 ? -r : r;
  }
  const text = Math.abs(x).toFixed(guard); // exact decimal rounding of the binary value to `guard` places
  const dot = text.indexOf(".");
  const kept = text.slice(0, dot) + text.slice(dot + 1, dot + 1 + decimals);
  let units = Number(kept);
  if (text.charCodeAt(dot + 1 + decimals) >= 53 /* "5" */) units += 1;
  const r = units / 10 ** decimals;
  return r === 0 ? 0 : x < 0 ? -r : r;
}

/**
 * Any figure as shown, as text with exactly `decimals` places, rounded like the score: normalised to GUARD_DECIMALS
 * places first, then half away from zero (docs/product.md §9 "Numbers"). A quotient carries binary noise (10.2 / 0.8 is
 * 12.749999999999998): `toFixed(1)` gives "12.7", this gives "12.8", as 8.75 gives "8.8". The one rounding of every
 * number the product writes: pages (through product/format.ts and the web formatters), the API's `*_text`, the CSVs
 * and the share cards. Never "-0.0".
 */
export function formatDecimal(x: number, decimals = 1): string {
  return roundHalfAway(x, decimals).toFixed(decimals);
}

/** The score as shown: one decimal, half away from zero. */
export function roundScore(score: number): number {
  return roundHalfAway(score, 1);
}

/** The score as shown, as text: `7.0`, `6.9`. */
export function formatScore(score: number): string {
  return roundScore(score).toFixed(1);
}

/** Whole tenths of `x` as shown (`0.35` → 4, `-0.05` → -1): integers, so shown parts can be added exactly. */
export function tenths(x: number): number {
  return Math.round(roundHalfAway(x, 1) * 10);
}

/**
 * A change as shown beside the two shown scores it joins, in whole tenths: the difference of the shown scores
 * (docs/model.md §9 "Display"), so that "down 0.1" never sits beside 6.9 → 6.9, nor "no change" beside 6.9 → 6.8.
 */
export function shownChangeTenths(from: number, to: number): number {
  return tenths(to) - tenths(from);
}
