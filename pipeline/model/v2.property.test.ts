// Properties of docs/model.md §8, checked with fast-check on generated countries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, periodEndMonth } from "./period.ts";
import {
  RUNS,
  caseArb as anyCaseArb,
  expectNotLower,
  richCaseArb,
  unemploymentKey,
  withValue,
  type Case,
  type CaseOptions,
  singleArb,
  singleInput,
} from "./property-cases.ts";
import { TABLES, modelFunctions } from "./index.ts";
import type { CountryResult, ModelInput, SeriesPoint } from "./types.ts";

const MODEL_V2 = TABLES.v2;
const { computeCountry } = modelFunctions<CountryResult>("v2");

/** v2 reads no Employment Expectations Indicator: its countries have none. */
const caseArb = (opts: CaseOptions = {}) => anyCaseArb({ ...opts, eei: false });
const richCase = richCaseArb({ eei: false });

const scoreOf = (c: Case) => computeCountry(c.input, c.asOf).snapshot;

describe("bounds", () => {
  it("every score is in [1, 10] and every sub-score in [0, 100]", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const { snapshot: s, history } = computeCountry(c.input, c.asOf);
        if (s.score !== null) {
          expect(s.score).toBeGreaterThanOrEqual(1);
          expect(s.score).toBeLessThanOrEqual(10);
          expect(s.cover).toBeGreaterThan(0);
          expect(s.cover).toBeLessThanOrEqual(1);
          expect(s.raw).toBeGreaterThanOrEqual(0);
          expect(s.raw).toBeLessThanOrEqual(100);
          expect(s.shrunk).toBeGreaterThanOrEqual(0);
          expect(s.shrunk).toBeLessThanOrEqual(100);
        }
        for (const sub of Object.values(s.sub_scores)) {
          if (sub === null) continue;
          expect(sub.value).toBeGreaterThanOrEqual(0);
          expect(sub.value).toBeLessThanOrEqual(100);
          expect(sub.freshness).toBeGreaterThan(0);
          expect(sub.freshness).toBeLessThanOrEqual(1);
          expect(sub.age).toBeGreaterThanOrEqual(0);
        }
        for (const h of history) {
          if (h.score === null) continue;
          expect(h.score).toBeGreaterThanOrEqual(1);
          expect(h.score).toBeLessThanOrEqual(10);
        }
        // Nothing after the as-of month is read.
        if (s.anchor_month !== null) expect(periodEndMonth(s.anchor_month)).toBeLessThanOrEqual(c.asOfMonth);
      }),
      RUNS,
    );
  });
});

describe("monotone: with everything else fixed, the score never goes down when", () => {
  const delta = fc.double({ min: 0, max: 10, noNaN: true });

  it("unemployment is lower", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.unemployment === null) return;
        const input = withValue(c.input, unemploymentKey(before), before.unemployment.period, (u) =>
          Math.max(0, u - d),
        );
        expectNotLower(before, computeCountry(input, c.asOf).snapshot);
      }),
      RUNS,
    );
  });

  it("the vacancy rate is higher", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.vacancy === null) return;
        const input = withValue(c.input, "vacancy", before.vacancy.period, (v) => v + d);
        expectNotLower(before, computeCountry(input, c.asOf).snapshot);
      }),
      RUNS,
    );
  });

  it("competition is lower (through u or through v)", () => {
    fc.assert(
      fc.property(richCase, fc.double({ min: 0.01, max: 1, noNaN: true }), fc.boolean(), (c, k, viaU) => {
        const before = scoreOf(c);
        if (before.unemployment === null || before.vacancy === null) return;
        const input = viaU
          ? withValue(c.input, unemploymentKey(before), before.unemployment.period, (u) => u * k)
          : withValue(c.input, "vacancy", before.vacancy.period, (v) => v / k);
        const after = computeCountry(input, c.asOf).snapshot;
        if (before.competition !== null && after.competition !== null)
          expect(after.competition).toBeLessThanOrEqual(before.competition);
        expectNotLower(before, after);
      }),
      RUNS,
    );
  });

  it("unemployment fell more over the year (higher value a year before)", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.unemployment_year_before === null) return;
        const input = withValue(c.input, unemploymentKey(before), before.unemployment_year_before.period, (u) => u + d);
        expectNotLower(before, computeCountry(input, c.asOf).snapshot);
      }),
      RUNS,
    );
  });

  it("the barometer is higher", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.lmb === null) return;
        const input = withValue(c.input, "lmb", before.lmb.period, (b) => b + d);
        expectNotLower(before, computeCountry(input, c.asOf).snapshot);
      }),
      RUNS,
    );
  });

  it("some generated cases do exercise every sub-score", () => {
    // Guard against a generator that silently never produces the cases above.
    const seen = { U: 0, V: 0, C: 0, M: 0, S: 0 };
    fc.assert(
      fc.property(richCase, (c) => {
        const s = scoreOf(c);
        for (const k of Object.keys(seen) as (keyof typeof seen)[]) if (s.sub_scores[k] !== null) seen[k]++;
      }),
      RUNS,
    );
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(RUNS.numRuns / 2);
  });
});

describe("freshness", () => {
  const kinds = ["unemploymentMonthly", "unemploymentQuarterly", "vacancy", "lmb"] as const;
  const single = singleArb(kinds);

  it("a single kind of input: a later as-of never moves the score away from 5.5", () => {
    fc.assert(
      fc.property(single, (r) => {
        const { input, m } = singleInput(r);
        const early = computeCountry(input, `${monthLabel(m)}-15`).snapshot;
        const late = computeCountry(input, `${monthLabel(m + r.later)}-15`).snapshot;
        if (late.score === null) return;
        expect(early.score).not.toBeNull();
        // 1e-12: the blend of U and M (same freshness) can differ in the last bit as f changes.
        expect(Math.abs(late.score - 5.5)).toBeLessThanOrEqual(Math.abs((early.score ?? 5.5) - 5.5) + 1e-12);
      }),
      RUNS,
    );
  });

  it("the whole history of a single kind of input drifts toward 5.5 after its last observation", () => {
    fc.assert(
      fc.property(single, (r) => {
        const { input, m } = singleInput(r);
        const { history } = computeCountry(input, `${monthLabel(m + r.later)}-15`);
        const lastData = Math.max(...(input[r.kind] as SeriesPoint[]).map((p) => periodEndMonth(p.period)));
        const after = history.filter((h) => periodEndMonth(h.month) >= lastData);
        for (let i = 1; i < after.length; i++) {
          const prev = after[i - 1].score;
          const cur = after[i].score;
          if (cur === null) continue;
          expect(prev).not.toBeNull();
          expect(Math.abs(cur - 5.5)).toBeLessThanOrEqual(Math.abs((prev ?? 5.5) - 5.5) + 1e-12);
        }
      }),
      RUNS,
    );
  });

  it("once every input is past its cutoff there is no score", () => {
    fc.assert(
      fc.property(caseArb(), fc.integer({ min: 0, max: 60 }), (c, extra) => {
        const ends = [c.input.unemploymentMonthly, c.input.unemploymentQuarterly, c.input.vacancy, c.input.lmb]
          .flat()
          .map((p) => periodEndMonth(p.period));
        if (ends.length === 0) return;
        const cutoff = Math.max(MODEL_V2.freshness.historical.cutoff, MODEL_V2.freshness.sentiment.cutoff);
        const asOf = Math.max(...ends) + cutoff + 1 + extra;
        const s = computeCountry(c.input, `${monthLabel(asOf)}-01`).snapshot;
        expect(s.score).toBeNull();
        expect(s.confidence).toBeNull();
        expect(Object.values(s.sub_scores).every((x) => x === null)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("determinism", () => {
  it("the same input twice gives the same snapshot and history, byte for byte", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const a = computeCountry(c.input, c.asOf);
        const b = computeCountry(structuredClone(c.input), c.asOf);
        expect(b).toEqual(a);
        expect(JSON.stringify(b)).toBe(JSON.stringify(a));
      }),
      RUNS,
    );
  });

  it("the order of the observations (ingest order) does not matter", () => {
    const shuffled = caseArb().chain((c) => {
      const keys = Object.keys(c.input).filter((k) => k !== "country") as (keyof ModelInput)[];
      const perms = keys.map((k) => {
        const pts = c.input[k] as SeriesPoint[];
        return fc.shuffledSubarray(pts, { minLength: pts.length, maxLength: pts.length });
      });
      return fc.tuple(...perms).map((arrays) => {
        const input = { ...c.input } as Record<string, unknown>;
        keys.forEach((k, i) => (input[k] = arrays[i]));
        return { c, shuffledInput: input as unknown as ModelInput };
      });
    });
    fc.assert(
      fc.property(shuffled, ({ c, shuffledInput }) => {
        expect(JSON.stringify(computeCountry(shuffledInput, c.asOf))).toBe(
          JSON.stringify(computeCountry(c.input, c.asOf)),
        );
      }),
      RUNS,
    );
  });
});
