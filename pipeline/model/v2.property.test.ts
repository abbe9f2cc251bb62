// Properties of docs/model.md §8, checked with fast-check on generated countries.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { monthLabel, periodEndMonth } from "./period.ts";
import { makeInput, pt, quarterOfEnd } from "./test-helpers.ts";
import type { ModelInput, SeriesPoint, Snapshot } from "./types.ts";
import { MODEL_V2, computeCountry } from "./v2.ts";

const RUNS = { numRuns: 300 };
const BASE = periodEndMonth("2018-01");

type Kind = "month" | "quarter";

/**
 * A series whose newest point ends `newestOffset` months from the as-of month (negative: before it),
 * with holes (null values are left out) and values in [min, max].
 */
function seriesArb(kind: Kind, min: number, max: number, newestOffset: fc.Arbitrary<number>, minLength = 1) {
  return fc.record({
    offset: newestOffset,
    values: fc.array(fc.option(fc.double({ min, max, noNaN: true }), { nil: null, freq: 6 }), { minLength, maxLength: 30 }),
  });
}

interface SeriesSpec {
  offset: number;
  values: (number | null)[];
}

function build(kind: Kind, spec: SeriesSpec | null, asOfMonth: number, ingestId: number): SeriesPoint[] {
  if (spec === null) return [];
  let newest = asOfMonth + spec.offset;
  const step = kind === "month" ? 1 : 3;
  if (kind === "quarter") newest -= ((newest % 3) + 3) % 3 === 2 ? 0 : (((newest % 3) + 3) % 3) + 1; // last quarter end <= newest
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

/** Any mix of inputs, some after the as-of month, some past their cutoff. */
function caseArb(opts: { required?: boolean; newest?: fc.Arbitrary<number>; minLength?: number } = {}): fc.Arbitrary<Case> {
  const newest = opts.newest ?? fc.integer({ min: -30, max: 4 });
  const minLength = opts.minLength ?? 1;
  const maybe = <T>(a: fc.Arbitrary<T>) => (opts.required ? a : fc.option(a, { nil: null, freq: 3 }));
  return fc
    .record({
      asOf: fc.integer({ min: 0, max: 96 }),
      day: fc.integer({ min: 1, max: 28 }),
      um: maybe(seriesArb("month", 0, 30, newest, minLength)),
      uq: fc.option(seriesArb("quarter", 0, 30, newest, minLength), { nil: null, freq: 3 }),
      vac: maybe(seriesArb("quarter", 0.05, 8, newest)),
      lmb: maybe(seriesArb("month", 80, 120, newest)),
      gdp: fc.option(seriesArb("quarter", -5, 5, newest), { nil: null }),
      infl: fc.option(seriesArb("month", -1, 12, newest), { nil: null }),
      euM: fc.option(seriesArb("month", 3, 12, newest), { nil: null }),
      euQ: fc.option(seriesArb("quarter", 3, 12, newest), { nil: null }),
    })
    .map((r) => {
      const m = BASE + r.asOf;
      const input = makeInput({
        unemploymentMonthly: build("month", r.um, m, 10),
        unemploymentQuarterly: build("quarter", r.uq, m, 20),
        vacancy: build("quarter", r.vac, m, 30),
        lmb: build("month", r.lmb, m, 40),
        gdp: build("quarter", r.gdp, m, 50),
        inflation: build("month", r.infl, m, 60),
        euUnemploymentMonthly: build("month", r.euM, m, 70),
        euUnemploymentQuarterly: build("quarter", r.euQ, m, 80),
      });
      return { input, asOf: `${monthLabel(m)}-${String(r.day).padStart(2, "0")}`, asOfMonth: m };
    });
}

/**
 * Countries where every scoring series has its newest point at or before the as-of month and within the cutoffs,
 * and unemployment series long enough (13 points) that M is usually present (holes still leave it out at times).
 */
const richCase = caseArb({ required: true, newest: fc.integer({ min: -10, max: 0 }), minLength: 13 });

const scoreOf = (c: Case) => computeCountry(c.input, c.asOf).snapshot;

/** Replace the value of one period in one series. */
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
        if (before.competition !== null && after.competition !== null) expect(after.competition).toBeLessThanOrEqual(before.competition);
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
  const single = fc.record({
    kind: fc.constantFrom(...kinds),
    asOf: fc.integer({ min: 0, max: 96 }),
    spec: seriesArb("month", 0, 1, fc.integer({ min: -20, max: 0 })), // values in [0, 1], scaled per kind below
    later: fc.integer({ min: 0, max: 40 }),
  });

  function singleInput(r: { kind: (typeof kinds)[number]; asOf: number; spec: SeriesSpec }) {
    const m = BASE + r.asOf;
    const kind: Kind = r.kind === "unemploymentQuarterly" || r.kind === "vacancy" ? "quarter" : "month";
    const scale = r.kind === "lmb" ? (v: number) => 80 + 40 * v : r.kind === "vacancy" ? (v: number) => 0.05 + 8 * v : (v: number) => 30 * v;
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
        expect(JSON.stringify(computeCountry(shuffledInput, c.asOf))).toBe(JSON.stringify(computeCountry(c.input, c.asOf)));
      }),
      RUNS,
    );
  });
});
