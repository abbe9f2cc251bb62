import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { formatScore, roundHalfAway, roundScore, tenths } from "./round.ts";

describe("the score as shown: one decimal, half away from zero, on the decimal a visitor reads", () => {
  it("rounds halves the way a person would, whatever binary floating point stores", () => {
    const table: Array<[number, number]> = [
      [6.95, 7], // stored 6.9500000000000001776…
      [1.95, 2], // stored 1.9499999999999999556…: (1.95).toFixed(1) is "1.9"
      [0.05, 0.1],
      [2.25, 2.3],
      [8.45, 8.5],
      [6.949999, 6.9],
      [6.9499999999999, 7], // within the 9-decimal guard of the half: read as 6.95
      [6.9499990000001, 6.9],
      [8.999, 9],
      [6.996, 7],
      [6.94, 6.9],
      [1, 1],
      [10, 10],
      [5.5, 5.5],
    ];
    for (const [x, shown] of table) expect(roundScore(x), String(x)).toBe(shown);
    expect((1.95).toFixed(1)).toBe("1.9"); // why toFixed alone will not do
  });

  it("is symmetric around zero (for score changes) and never gives −0", () => {
    expect(roundHalfAway(-0.05)).toBe(-0.1);
    expect(roundHalfAway(-1.95)).toBe(-2);
    expect(roundHalfAway(-0.04)).toBe(0);
    expect(Object.is(roundHalfAway(-0.04), 0)).toBe(true);
    expect(Object.is(roundHalfAway(-0), 0)).toBe(true);
    fc.assert(
      fc.property(fc.double({ min: -20, max: 20, noNaN: true }), (x) => {
        expect(roundHalfAway(-x) === -roundHalfAway(x)).toBe(true);
      }),
    );
  });

  it("stays within half a unit of the number and lands on a tenth", () => {
    fc.assert(
      fc.property(fc.double({ min: -20, max: 20, noNaN: true }), (x) => {
        const r = roundHalfAway(x);
        expect(Math.abs(r - x)).toBeLessThanOrEqual(0.05 + 1e-9);
        expect(r).toBe(Number(r.toFixed(1)));
      }),
    );
  });

  it("agrees with rounding the 9-decimal text, near halves and anywhere", () => {
    // The reference: the decimal text with 9 places, rounded half up on its digits.
    const reference = (x: number) => {
      const text = Math.abs(x).toFixed(9);
      const units = Number(text.slice(0, -8).replace(".", "")) + (text.charCodeAt(text.length - 8) >= 53 ? 1 : 0);
      const r = units / 10;
      return r === 0 ? 0 : x < 0 ? -r : r;
    };
    const nearHalf = fc
      .tuple(fc.integer({ min: -200, max: 200 }), fc.integer({ min: -3000, max: 3000 }))
      .map(([t, e]) => (t + 0.5) / 10 + e * 1e-12);
    fc.assert(
      fc.property(fc.oneof(nearHalf, fc.double({ min: -20, max: 20, noNaN: true })), (x) => {
        expect(roundHalfAway(x)).toBe(reference(x));
      }),
      { numRuns: 2000 },
    );
  });

  it("other decimals, text and tenths", () => {
    expect(roundHalfAway(1.005, 2)).toBe(1.01); // stored 1.00499999999999989…
    expect(roundHalfAway(2.5, 0)).toBe(3);
    expect(roundHalfAway(-2.5, 0)).toBe(-3);
    expect(formatScore(7)).toBe("7.0");
    expect(formatScore(1.95)).toBe("2.0");
    expect(formatScore(6.949999)).toBe("6.9");
    expect(tenths(0.35)).toBe(4);
    expect(tenths(-0.05)).toBe(-1);
    expect(tenths(0.7)).toBe(7);
    expect(() => roundHalfAway(1, 9)).toThrow(RangeError);
    expect(roundHalfAway(Number.POSITIVE_INFINITY)).toBe(Number.POSITIVE_INFINITY);
  });
});
