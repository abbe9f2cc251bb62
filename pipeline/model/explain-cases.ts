// Generated explanations for the "why it changed" property tests (docs/model.md §9): parts of every kind for
// every input, with values that move by much, a little or barely (so that 1, 2 and 3 decimals and "slightly" all
// occur), signs that cross zero (every unemployment trend), periods that are the same, newer, older or neither
// (a quarter and its last month), ages that grow, shrink or stay, weights that fall or rise, scores on both sides
// of the middle, and U's and M's data ageing together (merged into one line). Used by tests only.
import fc from "fast-check";
import { splitParts } from "./explain.ts";
import { SUB_SCORE_KEYS } from "./tables.ts";
import type { ChangeKind, ChangePart, Explanation, SubScoreKey, SubScoreState } from "./types.ts";

const KEYS: readonly SubScoreKey[] = SUB_SCORE_KEYS;
const KINDS: ChangeKind[] = ["value", "freshness", "added", "removed"];

const monthArb = fc
  .tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 12 }))
  .map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`);
const periodArb = fc.oneof(
  monthArb,
  fc.tuple(fc.integer({ min: 2024, max: 2027 }), fc.integer({ min: 1, max: 4 })).map(([y, q]) => `${y}-Q${q}`),
  fc.constantFrom("2026-Q1", "2026-03", "2026-Q2", "2026-06"), // a quarter and its last month: neither newer nor older
);

/** An input's value: round, a little off round, or anything; signed around zero for M. */
const inputArb = fc.oneof(
  fc.integer({ min: -30, max: 1200 }).map((n) => n / 10),
  fc.double({ min: -3, max: 120, noNaN: true }),
  fc.constantFrom(0, 0.4, -0.2, 101.24, 2.5),
);
/** How far a value moves: a lot, hundredths, thousandths (shown "slightly" or with 3 decimals), or not at all. */
const stepArb = fc.oneof(
  fc.double({ min: -5, max: 5, noNaN: true }),
  fc.constantFrom(0.04, -0.03, 0.004, -0.002, 0.0004, 0.1, -0.1, 0.5, 0),
  fc.integer({ min: -9, max: 9 }).map((n) => n / 1000),
);

const stateArb = fc.record({
  input: inputArb,
  period: periodArb,
  age: fc.oneof(fc.integer({ min: 0, max: 30 }), fc.constant(1)),
  freshness: fc.oneof(fc.constant(1), fc.double({ min: 0.01, max: 1, noNaN: true })),
  value: fc.double({ min: 0, max: 100, noNaN: true }),
});

const partArb = fc
  .record({
    key: fc.constantFrom(...KEYS),
    kind: fc.constantFrom(...KINDS),
    from: stateArb,
    step: stepArb,
    samePeriod: fc.boolean(),
    toZero: fc.integer({ min: 0, max: 5 }),
    other: stateArb,
    contribution: fc.oneof(
      fc.double({ min: -1.5, max: 1.5, noNaN: true }),
      fc.integer({ min: -15, max: 15 }).map((n) => n / 10),
    ),
  })
  .map(({ key, kind, from, step, samePeriod, toZero, other, contribution }): ChangePart => {
    // Now and then a value lands on 0 exactly (M: unemployment no longer rising or falling).
    const input = toZero === 0 && from.input !== 0 ? 0 : from.input + step;
    const to: SubScoreState =
      kind === "value"
        ? { ...from, input, value: other.value, period: samePeriod ? from.period : other.period, age: other.age }
        : { ...from, freshness: other.freshness, age: other.age, period: samePeriod ? from.period : other.period };
    if (kind === "added") return { key, kind, from: null, to: from, contribution };
    if (kind === "removed") return { key, kind, from, to: null, contribution };
    return { key, kind, from, to, contribution };
  });

/** Any explanation with up to six parts (sometimes U's and M's data ageing alike), its delta their sum. */
export const explanationArb: fc.Arbitrary<Explanation> = fc
  .record({
    parts: fc.array(partArb, { maxLength: 6 }),
    merged: fc.option(
      fc.record({
        from: stateArb,
        to: stateArb,
        u: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
        m: fc.double({ min: -0.5, max: 0.5, noNaN: true }),
      }),
      { freq: 3 },
    ),
    fromMonth: monthArb,
    fromScore: fc.double({ min: 1, max: 10, noNaN: true }),
  })
  .map(({ parts, merged, fromMonth, fromScore }) => {
    const all = [...parts];
    if (merged) {
      const to = { ...merged.to, period: merged.from.period };
      all.push({ key: "U", kind: "freshness", from: merged.from, to, contribution: merged.u });
      all.push({
        key: "M",
        kind: "freshness",
        from: { ...merged.from, input: 0.3 },
        to: { ...to, input: 0.3 },
        contribution: merged.m,
      });
    }
    const delta = all.reduce((s, p) => s + p.contribution, 0);
    return {
      from_month: fromMonth,
      to_month: fromMonth,
      from_score: fromScore,
      to_score: fromScore + delta,
      delta,
      ...splitParts(all),
      parts: all,
    };
  });
