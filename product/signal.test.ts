import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, periodEndMonth } from "../pipeline/model/period.ts";
import { generalSignal, signalExplanation, signalOfChange, SIGNAL_RULES } from "./signal.ts";

/** A monthly history ending at `end`, oldest first, with some months unscored. */
const histories = fc
  .record({
    end: fc.integer({ min: periodEndMonth("2001-01"), max: periodEndMonth("2030-12") }),
    scores: fc.array(fc.option(fc.double({ min: 1, max: 10, noNaN: true }), { nil: null, freq: 6 }), {
      minLength: 1,
      maxLength: 30,
    }),
  })
  .map(({ end, scores }) => ({
    asOf: monthLabel(end),
    history: scores.map((score, i) => ({ month: monthLabel(end - scores.length + 1 + i), score })),
  }));

describe("general signal: the direction of the score over the last three months (docs/product.md §9)", () => {
  it("is the as-of month against three months before, with the thresholds ±0.3", () => {
    fc.assert(
      fc.property(histories, ({ asOf, history }) => {
        const r = generalSignal(history, asOf);
        const at = (m: string) => history.find((h) => h.month === m)?.score ?? null;
        const to = at(asOf);
        const from = at(monthLabel(periodEndMonth(asOf) - 3));
        if (to === null || from === null) {
          expect(r).toBeNull();
          return;
        }
        expect(r).not.toBeNull();
        expect(r!.change).toBeCloseTo(to - from, 12);
        const expected = to - from >= 0.3 ? "improving" : to - from <= -0.3 ? "weakening" : "stable";
        expect(r!.signal).toBe(expected);
        expect(r!.text).toBe({ improving: "Improving", stable: "Stable", weakening: "Weakening" }[expected]);
      }),
      { numRuns: 500 },
    );
  });

  it("does not depend on the score's band, only on its change (a high score can weaken, a low one improve)", () => {
    fc.assert(
      fc.property(
        fc.double({ min: 1, max: 10, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (base, shift) => {
          const h = (a: number, b: number) => [
            { month: "2026-08", score: a },
            { month: "2026-11", score: b },
          ];
          // Moving both months by the same amount keeps the signal.
          const a = generalSignal(h(base, base + shift), "2026-11-22");
          const b = generalSignal(h(base + 0.5, base + 0.5 + shift), "2026-11-22");
          expect(a!.signal).toBe(b!.signal);
        },
      ),
    );
  });

  it("uses only the two months of its window: months in between or before do not move it", () => {
    fc.assert(
      fc.property(
        histories,
        fc.array(fc.double({ min: 1, max: 10, noNaN: true }), { minLength: 30, maxLength: 30 }),
        ({ asOf, history }, noise) => {
          const end = periodEndMonth(asOf);
          const keep = new Set([monthLabel(end), monthLabel(end - 3)]);
          const noisy = history.map((h, i) => (keep.has(h.month) ? h : { ...h, score: noise[i]! }));
          expect(generalSignal(noisy, asOf)).toEqual(generalSignal(history, asOf));
        },
      ),
    );
  });

  it("thresholds are inclusive at ±0.3; a date reads as its month", () => {
    expect(signalOfChange(SIGNAL_RULES.improvingFrom)).toBe("improving");
    expect(signalOfChange(0.2999)).toBe("stable");
    expect(signalOfChange(-0.3)).toBe("weakening");
    expect(signalOfChange(-0.2999)).toBe("stable");
    // Cyprus's case: a high score that fell.
    const cy = [
      { month: "2026-08", score: 8.1 },
      { month: "2026-09", score: 7.9 },
      { month: "2026-10", score: 7.8 },
      { month: "2026-11", score: 7.66 },
    ];
    expect(generalSignal(cy, "2026-11-22")).toMatchObject({
      signal: "weakening",
      from_month: "2026-08",
      to_month: "2026-11",
    });
  });

  it("the tooltip says what the signal is and the change it read", () => {
    expect(signalExplanation(null)).toBe(
      "The direction of the score over the last 3 months: Improving when it rose by 0.3 or more, Weakening when it fell by 0.3 or more, otherwise Stable.",
    );
    expect(signalExplanation({ change: -0.44, from_month: "2026-08", to_month: "2026-11" })).toMatch(
      /Here: −0\.44 from August 2026 to November 2026\.$/,
    );
  });
});
