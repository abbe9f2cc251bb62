// Properties of docs/model.md §8 for model v2.1, checked with fast-check on generated countries
// (v2's properties, with the Employment Expectations Indicator as a second sentiment source).
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, periodEndMonth } from "./period.ts";
import { makeInput, pt, quarterOfEnd } from "./test-helpers.ts";
import type { ModelInput, SeriesPoint, Snapshot } from "./types.ts";
import { computeCountry as computeV2, statusOf as statusOfV2 } from "./v2.ts";
import { MODEL_V2_1, computeCountry, shownScore, statusOf } from "./v2-1.ts";

const RUNS = { numRuns: 300 };
const BASE = periodEndMonth("2018-01");

type Kind = "month" | "quarter";

function seriesArb(min: number, max: number, newestOffset: fc.Arbitrary<number>, minLength = 1) {
  return fc.record({
    offset: newestOffset,
    values: fc.array(fc.option(fc.double({ min, max, noNaN: true }), { nil: null, freq: 6 }), { minLength, maxLength: 30 }),
  });
}

interface SeriesSpec {
  offset: number;
  values: (number | null)[];
}

/** Points of a series whose newest point ends `spec.offset` months from the as-of month, with holes. */
function build(kind: Kind, spec: SeriesSpec | null, asOfMonth: number, ingestId: number): SeriesPoint[] {
  if (spec === null) return [];
  let newest = asOfMonth + spec.offset;
  const step = kind === "month" ? 1 : 3;
  if (kind === "quarter") newest -= ((newest % 3) + 3) % 3 === 2 ? 0 : (((newest % 3) + 3) % 3) + 1;
  const n = spec.values.length;
  const points: SeriesPoint[] = [];
  spec.values.forEach((v, i) => {
    if (v === null) return;
    const end = newest - step * (n - 1 - i);
    points.push(pt(kind === "month" ? monthLabel(end) : quarterOfEnd(end), v, ingestId + (i % 3)));
  });
  return points;
}

interface Case {
  input: ModelInput;
  asOf: string;
  asOfMonth: number;
}

function caseArb(opts: { required?: boolean; newest?: fc.Arbitrary<number>; minLength?: number } = {}): fc.Arbitrary<Case> {
  const newest = opts.newest ?? fc.integer({ min: -30, max: 4 });
  const minLength = opts.minLength ?? 1;
  const maybe = <T>(a: fc.Arbitrary<T>) => (opts.required ? a : fc.option(a, { nil: null, freq: 3 }));
  return fc
    .record({
      asOf: fc.integer({ min: 0, max: 96 }),
      day: fc.integer({ min: 1, max: 28 }),
      um: maybe(seriesArb(0, 30, newest, minLength)),
      uq: fc.option(seriesArb(0, 30, newest, minLength), { nil: null, freq: 3 }),
      vac: maybe(seriesArb(0.05, 8, newest)),
      lmb: maybe(seriesArb(80, 120, newest)),
      eei: maybe(seriesArb(75, 125, newest)),
      gdp: fc.option(seriesArb(-5, 5, newest), { nil: null }),
      infl: fc.option(seriesArb(-1, 12, newest), { nil: null }),
      euM: fc.option(seriesArb(3, 12, newest), { nil: null }),
      euQ: fc.option(seriesArb(3, 12, newest), { nil: null }),
    })
    .map((r) => {
      const m = BASE + r.asOf;
      const input = makeInput({
        unemploymentMonthly: build("month", r.um, m, 10),
        unemploymentQuarterly: build("quarter", r.uq, m, 20),
        vacancy: build("quarter", r.vac, m, 30),
        lmb: build("month", r.lmb, m, 40),
        expectations: build("month", r.eei, m, 90),
        gdp: build("quarter", r.gdp, m, 50),
        inflation: build("month", r.infl, m, 60),
        euUnemploymentMonthly: build("month", r.euM, m, 70),
        euUnemploymentQuarterly: build("quarter", r.euQ, m, 80),
      });
      return { input, asOf: `${monthLabel(m)}-${String(r.day).padStart(2, "0")}`, asOfMonth: m };
    });
}

const richCase = caseArb({ required: true, newest: fc.integer({ min: -10, max: 0 }), minLength: 13 });

const scoreOf = (c: Case) => computeCountry(c.input, c.asOf).snapshot;

function withValue(input: ModelInput, series: keyof ModelInput, period: string, f: (v: number) => number): ModelInput {
  const points = input[series] as SeriesPoint[];
  return { ...input, [series]: points.map((p) => (p.period === period ? { ...p, value: f(p.value) } : p)) };
}

function expectNotLower(before: Snapshot, after: Snapshot) {
  expect(after.score === null).toBe(before.score === null);
  if (before.score !== null && after.score !== null) expect(after.score).toBeGreaterThanOrEqual(before.score);
}

const unemploymentKey = (s: Snapshot) => (s.unemployment_series === "quarterly" ? "unemploymentQuarterly" : "unemploymentMonthly");

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
        const input = withValue(c.input, unemploymentKey(before), before.unemployment.period, (u) => Math.max(0, u - d));
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
        expectNotLower(before, computeCountry(withValue(c.input, "vacancy", before.vacancy.period, (v) => v + d), c.asOf).snapshot);
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
        expectNotLower(before, computeCountry(withValue(c.input, "lmb", before.lmb.period, (b) => b + d), c.asOf).snapshot);
      }),
      RUNS,
    );
  });

  it("the Employment Expectations Indicator is higher", () => {
    fc.assert(
      fc.property(richCase, delta, (c, d) => {
        const before = scoreOf(c);
        if (before.eei === null) return;
        expectNotLower(before, computeCountry(withValue(c.input, "expectations", before.eei.period, (x) => x + d), c.asOf).snapshot);
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
  const single = fc.record({
    kind: fc.constantFrom(...kinds),
    asOf: fc.integer({ min: 0, max: 96 }),
    spec: seriesArb(0, 1, fc.integer({ min: -20, max: 0 })),
    later: fc.integer({ min: 0, max: 40 }),
  });

  function singleInput(r: { kind: (typeof kinds)[number]; asOf: number; spec: SeriesSpec }) {
    const m = BASE + r.asOf;
    const kind: Kind = r.kind === "unemploymentQuarterly" || r.kind === "vacancy" ? "quarter" : "month";
    const scale =
      r.kind === "lmb" || r.kind === "expectations" ? (v: number) => 80 + 40 * v : r.kind === "vacancy" ? (v: number) => 0.05 + 8 * v : (v: number) => 30 * v;
    const spec = { offset: r.spec.offset, values: r.spec.values.map((v) => (v === null ? null : scale(v))) };
    return { input: makeInput({ [r.kind]: build(kind, spec, m, 1) }), m };
  }

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
        const ends = [c.input.unemploymentMonthly, c.input.unemploymentQuarterly, c.input.vacancy, c.input.lmb, c.input.expectations]
          .flat()
          .map((p) => periodEndMonth(p.period));
        if (ends.length === 0) return;
        const cutoff = Math.max(MODEL_V2_1.freshness.historical.cutoff, MODEL_V2_1.freshness.sentiment.cutoff);
        const s = computeCountry(c.input, `${monthLabel(Math.max(...ends) + cutoff + 1 + extra)}-01`).snapshot;
        expect(s.score).toBeNull();
        expect(s.change).toEqual({ previous_month: null, year_before: null });
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
        expect(JSON.stringify(computeCountry(shuffledInput, c.asOf))).toBe(JSON.stringify(computeCountry(c.input, c.asOf)));
      }),
      RUNS,
    );
  });

  it("without an EEI, v2.1 scores exactly as v2 (bit for bit); only the status rule differs", () => {
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
        expect(a.snapshot.yoy).toEqual(b.snapshot.yoy);
        expect(a.history.map((h) => h.score)).toEqual(b.history.map((h) => h.score));
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
