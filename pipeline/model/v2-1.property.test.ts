// Properties of docs/model.md §8 for model v2.1, checked with fast-check on generated countries
// (v2's properties, with the Employment Expectations Indicator as a second sentiment source).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, periodEndMonth } from "./period.ts";
import {
  RUNS,
  caseArb,
  expectNotLower,
  richCaseArb,
  unemploymentKey,
  withValue,
  type Case,
  singleArb,
  singleInput,
} from "./property-cases.ts";
import { TABLES, modelFunctions } from "./index.ts";
import type { CountryResult, ModelInput, SeriesPoint } from "./types.ts";

const { computeCountry: computeV2, statusOf: statusOfV2 } = modelFunctions<CountryResult>("v2");
const MODEL_V2_1 = TABLES["v2.1"];
const { computeCountry, shownScore, statusOf } = modelFunctions("v2.1");

const richCase = richCaseArb();

const scoreOf = (c: Case) => computeCountry(c.input, c.asOf).snapshot;

describe("bounds", () => {
  it("every score is in [1, 10], every sub-score in [0, 100], S between its sources", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const { snapshot: s, history } = computeCountry(c.input, c.asOf);
        if (s.score !== null) {
          expect(s.score).toBeGreaterThanOrEqual(1);
          expect(s.score).toBeLessThanOrEqual(10);
          expect(s.cover).toBeGreaterThan(0);
          expect(s.cover).toBeLessThanOrEqual(1);
        }
        for (const sub of Object.values(s.sub_scores)) {
          if (sub === null) continue;
          expect(sub.value).toBeGreaterThanOrEqual(0);
          expect(sub.value).toBeLessThanOrEqual(100);
          expect(sub.freshness).toBeGreaterThan(0);
          expect(sub.freshness).toBeLessThanOrEqual(1);
        }
        const S = s.sub_scores.S;
        expect(S === null).toBe(s.sentiment_sources.length === 0);
        if (S !== null) {
          const subs = s.sentiment_sources.map((x) => x.sub_score);
          expect(S.value).toBeGreaterThanOrEqual(Math.min(...subs));
          expect(S.value).toBeLessThanOrEqual(Math.max(...subs));
          expect(S.freshness).toBe(Math.max(...s.sentiment_sources.map((x) => x.freshness)));
          expect(S.age).toBe(Math.min(...s.sentiment_sources.map((x) => x.age)));
        }
        for (const h of history) {
          if (h.score === null) continue;
          expect(h.score).toBeGreaterThanOrEqual(1);
          expect(h.score).toBeLessThanOrEqual(10);
          expect(h.status).toBe(statusOf(h.score));
        }
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
        expectNotLower(
          before,
          computeCountry(
            withValue(c.input, "vacancy", before.vacancy.period, (v) => v + d),
            c.asOf,
          ).snapshot,
        );
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
        expectNotLower(before, computeCountry(input, c.asOf).snapshot);
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
        expectNotLower(
          before,
          computeCountry(
            withValue(c.input, "lmb", before.lmb.period, (b) => b + d),
            c.asOf,
          ).snapshot,
        );
      }),
      RUNS,
    );
  });

  it("the Employment Expectations Indicator is higher", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.eei === null) return;
        expectNotLower(
          before,
          computeCountry(
            withValue(c.input, "expectations", before.eei.period, (x) => x + d),
            c.asOf,
          ).snapshot,
        );
      }),
      RUNS,
    );
  });

  it("some generated cases do exercise every sub-score and the blend of both sentiment sources", () => {
    const seen = { U: 0, V: 0, C: 0, M: 0, S: 0, both: 0 };
    fc.assert(
      fc.property(richCase, (c) => {
        const s = scoreOf(c);
        for (const k of ["U", "V", "C", "M", "S"] as const) if (s.sub_scores[k] !== null) seen[k]++;
        if (s.sentiment_sources.length === 2) seen.both++;
      }),
      RUNS,
    );
    for (const n of Object.values(seen)) expect(n).toBeGreaterThan(RUNS.numRuns / 2);
  });
});

describe("freshness", () => {
  const kinds = ["unemploymentMonthly", "unemploymentQuarterly", "vacancy", "lmb", "expectations"] as const;
  const single = singleArb(kinds);

  it("a single kind of input: a later as-of never moves the score away from 5.5", () => {
    fc.assert(
      fc.property(single, (r) => {
        const { input, m } = singleInput(r);
        const early = computeCountry(input, `${monthLabel(m)}-15`).snapshot;
        const late = computeCountry(input, `${monthLabel(m + r.later)}-15`).snapshot;
        if (late.score === null) return;
        expect(early.score).not.toBeNull();
        expect(Math.abs(late.score - 5.5)).toBeLessThanOrEqual(Math.abs((early.score ?? 5.5) - 5.5) + 1e-12);
      }),
      RUNS,
    );
  });

  it("once every input is past its cutoff there is no score", () => {
    fc.assert(
      fc.property(caseArb(), fc.integer({ min: 0, max: 60 }), (c, extra) => {
        const ends = [
          c.input.unemploymentMonthly,
          c.input.unemploymentQuarterly,
          c.input.vacancy,
          c.input.lmb,
          c.input.expectations,
        ]
          .flat()
          .map((p) => periodEndMonth(p.period));
        if (ends.length === 0) return;
        const cutoff = Math.max(MODEL_V2_1.freshness.historical.cutoff, MODEL_V2_1.freshness.sentiment.cutoff);
        const s = computeCountry(c.input, `${monthLabel(Math.max(...ends) + cutoff + 1 + extra)}-01`).snapshot;
        expect(s.score).toBeNull();
        expect(s.change).toEqual({ previous_month: null, three_months: null, year_before: null });
        expect(Object.values(s.sub_scores).every((x) => x === null)).toBe(true);
      }),
      RUNS,
    );
  });
});

describe("determinism and agreement with v2", () => {
  it("the same input twice gives the same snapshot and history, byte for byte", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const a = computeCountry(c.input, c.asOf);
        const b = computeCountry(structuredClone(c.input), c.asOf);
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

  it("without an EEI, v2.1 scores exactly as v2 (bit for bit); only the rating rules differ", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const input = { ...c.input, expectations: [] };
        const a = computeCountry(input, c.asOf);
        const b = computeV2(input, c.asOf);
        expect(a.snapshot.score).toBe(b.snapshot.score);
        expect(a.snapshot.cover).toBe(b.snapshot.cover);
        expect(a.snapshot.sub_scores).toEqual(b.snapshot.sub_scores);
        expect(a.snapshot.confidence).toBe(b.snapshot.confidence);
        expect(a.snapshot.basis).toBe(b.snapshot.basis);
        expect(a.snapshot.yoy.delta).toBe(b.snapshot.yoy.delta);
        expect(a.snapshot.yoy.from_month).toBe(b.snapshot.yoy.from_month);
        expect(a.history.map((h) => h.score)).toEqual(b.history.map((h) => h.score));
        if (a.snapshot.yoy.delta !== null) {
          // The yearly badge's word is v2's rule applied to the difference of the two scores as shown.
          const at = (month: string | null) => a.history.find((h) => h.month === month)?.score ?? null;
          const before = at(a.snapshot.yoy.from_month)!;
          const shownDelta =
            (Math.round(shownScore(before + a.snapshot.yoy.delta) * 10) - Math.round(shownScore(before) * 10)) / 10;
          expect(a.snapshot.yoy.label).toBe(shownDelta > 0.5 ? "Up" : shownDelta < -0.5 ? "Down" : "Same");
        }
        if (a.snapshot.score !== null) {
          const shown = shownScore(a.snapshot.score);
          // The status is v2's status of the score as shown.
          expect(a.snapshot.status).toBe(statusOfV2(shown));
        }
      }),
      RUNS,
    );
  });

  it("the published change adds up to the score change", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const { snapshot: s } = computeCountry(c.input, c.asOf);
        for (const e of [s.change.previous_month, s.change.year_before]) {
          if (e === null) continue;
          expect(e.to_score).toBe(s.score);
          const sum = e.parts.reduce((a, p) => a + p.contribution, 0);
          expect(Math.abs(sum - e.delta)).toBeLessThanOrEqual(1e-9);
        }
      }),
      RUNS,
    );
  });
});
