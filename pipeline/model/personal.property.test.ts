// Properties of a visitor's own weights (docs/model.md §11), on generated sub-scores and on model v2.1's own
// snapshots of generated countries. The real-data check (every country, several as-of dates) is
// tests/personal-real.test.ts.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { blendSubScores } from "./blend.ts";
import {
  personalPlan,
  personalRanking,
  personalScore,
  weightAttribution,
  type PersonalModel,
  type PersonalSubScores,
  type WeightVector,
} from "./personal.ts";
import type { SubScoreKey } from "./types.ts";
import { TABLES, modelFunctions } from "./index.ts";

const MODEL_V2_1 = TABLES["v2.1"];
const { statusOf } = modelFunctions("v2.1");

const RUNS = { numRuns: 300 };
const KEYS: SubScoreKey[] = ["U", "V", "C", "M", "S"];
const MODEL: PersonalModel = { params: MODEL_V2_1, statusOf: (s) => statusOf(s, MODEL_V2_1) };
const BASE: WeightVector = MODEL_V2_1.weights;

const subArb = fc.option(
  fc.record({
    value: fc.double({ min: 0, max: 100, noNaN: true }),
    freshness: fc.double({ min: 0.01, max: 1, noNaN: true }),
  }),
  {
    nil: null,
    freq: 4,
  },
);
const subsArb = fc.record({ U: subArb, V: subArb, C: subArb, M: subArb, S: subArb }) as fc.Arbitrary<
  Record<SubScoreKey, { value: number; freshness: number } | null>
>;
const weightArb = fc.oneof(
  fc.constant(0),
  fc.double({ min: 1e-6, max: 3, noNaN: true }),
  fc.constantFrom(0.05, 0.125, 0.2, 0.5),
);
const weightsArb = fc.record({
  U: weightArb,
  V: weightArb,
  C: weightArb,
  M: weightArb,
  S: weightArb,
}) as fc.Arbitrary<WeightVector>;

/** The sub-scores as the model stores them (effective weight w × f), for blend.ts's own entry point. */
const asModelSubScores = (s: Record<SubScoreKey, { value: number; freshness: number } | null>) =>
  Object.fromEntries(
    KEYS.map((k) => [k, s[k] ? { value: s[k]!.value, effectiveWeight: BASE[k] * s[k]!.freshness } : null]),
  ) as Record<SubScoreKey, { value: number; effectiveWeight: number } | null>;

describe("personal score (docs/model.md §11)", () => {
  it("with the base weights equals the model's blend to the last bit", () => {
    fc.assert(
      fc.property(subsArb, (s) => {
        const model = blendSubScores(asModelSubScores(s), MODEL_V2_1);
        const mine = personalScore(s, BASE, MODEL);
        if (model === null) expect(mine).toBeNull();
        else {
          expect(mine!.score).toBe(model.score);
          expect(mine!.status).toBe(statusOf(model.score, MODEL_V2_1));
        }
      }),
      RUNS,
    );
  });

  it("is null exactly when no present sub-score carries a weight above 0", () => {
    fc.assert(
      fc.property(subsArb, weightsArb, (s, a) => {
        const weighed = KEYS.some((k) => s[k] !== null && a[k] > 0);
        expect(personalScore(s, a, MODEL) === null).toBe(!weighed);
      }),
      RUNS,
    );
    const all = { U: { value: 80, freshness: 1 }, V: null, C: null, M: null, S: null };
    expect(personalScore(all, { U: 0, V: 1, C: 1, M: 1, S: 1 }, MODEL)).toBeNull();
    expect(personalScore(all, { U: 0.1, V: 0, C: 0, M: 0, S: 0 }, MODEL)!.score).toBeCloseTo(1 + (9 * 80) / 100, 12);
  });

  it("only depends on the ratio of the weights within the rounding of doubles", () => {
    fc.assert(
      fc.property(subsArb, weightsArb, fc.double({ min: 0.1, max: 10, noNaN: true }), (s, a, k) => {
        const scaled = Object.fromEntries(KEYS.map((key) => [key, a[key] * k])) as WeightVector;
        const x = personalScore(s, a, MODEL);
        const y = personalScore(s, scaled, MODEL);
        if (x === null) expect(y).toBeNull();
        else expect(y!.score).toBeCloseTo(x.score, 9);
      }),
      RUNS,
    );
  });

  it("raising one weight moves the blend toward that sub-score's value; with fresh data the score tends to its own score", () => {
    fc.assert(
      fc.property(
        subsArb,
        weightsArb,
        fc.constantFrom(...KEYS),
        fc.double({ min: 0.01, max: 5, noNaN: true }),
        (s, a, key, more) => {
          const x = s[key];
          const before = personalScore(s, a, MODEL);
          fc.pre(x !== null && before !== null);
          const after = personalScore(s, { ...a, [key]: a[key] + more }, MODEL)!;
          const tol = 1e-9;
          // The blend before shrinking is a weighted mean: it moves toward X_i and never past it.
          expect(Math.abs(after.raw - x!.value)).toBeLessThanOrEqual(Math.abs(before.raw - x!.value) + tol);
          // Never past it (beyond the rounding of doubles).
          if (Math.abs(after.raw - x!.value) > tol)
            expect(Math.sign(after.raw - x!.value) * Math.sign(before.raw - x!.value)).not.toBe(-1);
        },
      ),
      RUNS,
    );
    // Fully fresh data (f = 1): as the weight grows without bound, raw tends to X_i and cover to 1, so the score tends
    // to the sub-score's own score.
    fc.assert(
      fc.property(subsArb, weightsArb, fc.constantFrom(...KEYS), (s0, a, key) => {
        const s = Object.fromEntries(KEYS.map((k) => [k, s0[k] ? { ...s0[k]!, freshness: 1 } : null])) as typeof s0;
        const x = s[key];
        fc.pre(x !== null);
        const own = 1 + (9 * x!.value) / 100;
        expect(personalScore(s, { ...a, [key]: 1e9 }, MODEL)!.score).toBeCloseTo(own, 6);
      }),
      RUNS,
    );
    // But not step by step: raising a weight also raises cover, which moves the score away from the middle toward
    // raw, and that can outweigh raw's move toward X_i (the case fast-check found, seed 102535711): U at 4.53 and C
    // at 0, both fresh, U weighed 0.000001 then 0.005. The score rises, away from U's own score 1.41, before it falls
    // toward it (docs/model.md §11).
    const fresh = {
      U: { value: 4.52953180830493, freshness: 1 },
      V: null,
      C: { value: 0, freshness: 1 },
      M: null,
      S: null,
    };
    const weights = (u: number): WeightVector => ({ U: u, V: 0.05, C: 0.2, M: 0, S: 0.000001 });
    const own = 1 + (9 * fresh.U.value) / 100;
    const [a, b, c] = [0.000001, 0.005, 1].map((u) => personalScore(fresh, weights(u), MODEL)!.score - own);
    expect(b).toBeGreaterThan(a!);
    expect(c).toBeLessThan(a!);
    expect(a).toBeGreaterThan(0);
  });

  it("names the same parameter object (and so the same plan) for the same weights", () => {
    const a = { U: 1, V: 2, C: 3, M: 4, S: 5 };
    expect(personalPlan(MODEL_V2_1, a)).toBe(personalPlan(MODEL_V2_1, { ...a }));
    expect(() => personalScore({}, { ...a, S: -1 }, MODEL)).toThrow(/S must be a number of at least 0/);
    expect(() => personalScore({}, { ...a, U: Number.NaN }, MODEL)).toThrow(/U must be/);
  });
});

describe("what moved a personal score", () => {
  it("adds up to personal − published, and gives a weight left as it is nothing", () => {
    fc.assert(
      fc.property(subsArb, weightsArb, (s, a) => {
        const from = personalScore(s, BASE, MODEL);
        const to = personalScore(s, a, MODEL);
        const parts = weightAttribution(s, a, MODEL);
        if (from === null || to === null) {
          expect(parts).toBeNull();
          return;
        }
        const sum = parts!.reduce((t, p) => t + p.contribution, 0);
        expect(sum).toBeCloseTo(to.score - from.score, 9);
        for (const p of parts!) expect(a[p.key]).not.toBe(BASE[p.key]);
      }),
      RUNS,
    );
  });
});

describe("personal ranking", () => {
  it("sorts by personal score, highest first, ties by country code, the unscored last", () => {
    const same = { U: { value: 70, freshness: 1 }, S: { value: 40, freshness: 1 } };
    const items = [
      { code: "SE", s: same },
      { code: "AT", s: same },
      { code: "LI", s: null },
      { code: "DE", s: { U: { value: 90, freshness: 1 } } },
      { code: "BE", s: { U: { value: 10, freshness: 1 } } },
      { code: "CH", s: {} as PersonalSubScores },
    ];
    const rows = personalRanking(items, (i) => i.s, BASE, MODEL);
    expect(rows.map((r) => r.item.code)).toEqual(["DE", "AT", "SE", "BE", "CH", "LI"]);
    expect(rows[1]!.personal!.score).toBe(rows[2]!.personal!.score);
    fc.assert(
      fc.property(fc.array(subsArb, { minLength: 2, maxLength: 12 }), weightsArb, (subs, a) => {
        const list = subs.map((s, i) => ({ code: String.fromCharCode(90 - i) + "X", s }));
        const ranked = personalRanking(list, (i) => i.s, a, MODEL);
        for (let i = 1; i < ranked.length; i++) {
          const p = ranked[i - 1]!;
          const q = ranked[i]!;
          if (p.personal && q.personal) {
            expect(p.personal.score).toBeGreaterThanOrEqual(q.personal.score);
            if (p.personal.score === q.personal.score) expect(p.item.code < q.item.code).toBe(true);
          } else expect(q.personal).toBeNull();
        }
      }),
      RUNS,
    );
  });
});
