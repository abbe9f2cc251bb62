// Generated countries for the model's property tests (docs/model.md §8): one generator for every model, since
// every model is the one kernel on its table (kernel.ts). Used by *.property.test.ts only.
import fc from "fast-check";
import { expect } from "vitest";
import { monthLabel, periodEndMonth } from "./period.ts";
import { makeInput, pt, quarterOfEnd } from "./test-helpers.ts";
import type { ModelInput, SeriesPoint, Snapshot } from "./types.ts";

export const RUNS = { numRuns: 300 };
const BASE = periodEndMonth("2018-01");

type Kind = "month" | "quarter";

/** Values in [min, max] with holes (null: left out), the newest `newestOffset` months from the as-of month. */
function seriesArb(min: number, max: number, newestOffset: fc.Arbitrary<number>, minLength = 1) {
  return fc.record({
    offset: newestOffset,
    values: fc.array(fc.option(fc.double({ min, max, noNaN: true }), { nil: null, freq: 6 }), {
      minLength,
      maxLength: 30,
    }),
  });
}

export interface SeriesSpec {
  offset: number;
  values: (number | null)[];
}

/** Points of a series whose newest point ends `spec.offset` months from the as-of month, with holes. */
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

export interface Case {
  input: ModelInput;
  asOf: string;
  asOfMonth: number;
}

export interface CaseOptions {
  /** Every scoring series present (else each may be missing). */
  required?: boolean;
  /** Offset of each series' newest point from the as-of month (default −30 … +4: some after it, some past their cut-off). */
  newest?: fc.Arbitrary<number>;
  minLength?: number;
  /** Generate an Employment Expectations Indicator series (default true; v2 does not read it). */
  eei?: boolean;
}

/** Any mix of inputs, some after the as-of month, some past their cut-off. */
export function caseArb(opts: CaseOptions = {}): fc.Arbitrary<Case> {
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
      eei: opts.eei === false ? fc.constant(null) : maybe(seriesArb(75, 125, newest)),
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
        ...(opts.eei === false ? {} : { expectations: build("month", r.eei, m, 90) }),
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
export function richCaseArb(opts: Pick<CaseOptions, "eei"> = {}): fc.Arbitrary<Case> {
  return caseArb({ ...opts, required: true, newest: fc.integer({ min: -10, max: 0 }), minLength: 13 });
}

/** Replace the value of one period in one series. */
export function withValue(
  input: ModelInput,
  series: keyof ModelInput,
  period: string,
  f: (v: number) => number,
): ModelInput {
  const points = input[series] as SeriesPoint[];
  return { ...input, [series]: points.map((p) => (p.period === period ? { ...p, value: f(p.value) } : p)) };
}

export function expectNotLower(before: Snapshot, after: Snapshot) {
  expect(after.score === null).toBe(before.score === null);
  if (before.score !== null && after.score !== null) expect(after.score).toBeGreaterThanOrEqual(before.score);
}

export const unemploymentKey = (s: Snapshot) =>
  s.unemployment_series === "quarterly" ? "unemploymentQuarterly" : "unemploymentMonthly";

/** The scoring series a single-input country may have. */
export type SingleKind = "unemploymentMonthly" | "unemploymentQuarterly" | "vacancy" | "lmb" | "expectations";

/** A country with one kind of input only, and a later as-of month offset. */
export function singleArb<K extends SingleKind>(kinds: readonly K[]) {
  return fc.record({
    kind: fc.constantFrom(...kinds),
    asOf: fc.integer({ min: 0, max: 96 }),
    spec: seriesArb(0, 1, fc.integer({ min: -20, max: 0 })), // values in [0, 1], scaled per kind below
    later: fc.integer({ min: 0, max: 40 }),
  });
}

export function singleInput(r: { kind: SingleKind; asOf: number; spec: SeriesSpec }): { input: ModelInput; m: number } {
  const m = BASE + r.asOf;
  const kind: Kind = r.kind === "unemploymentQuarterly" || r.kind === "vacancy" ? "quarter" : "month";
  const scale =
    r.kind === "lmb" || r.kind === "expectations"
      ? (v: number) => 80 + 40 * v
      : r.kind === "vacancy"
        ? (v: number) => 0.05 + 8 * v
        : (v: number) => 30 * v;
  const spec = { offset: r.spec.offset, values: r.spec.values.map((v) => (v === null ? null : scale(v))) };
  return { input: makeInput({ [r.kind]: build(kind, spec, m, 1) }), m };
}
