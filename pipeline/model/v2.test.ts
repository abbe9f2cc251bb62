import { describe, expect, it } from "vitest";
import { InputError } from "../../lib/errors.ts";
import { CURRENT_MODEL, MODELS, TABLES, modelFunctions, type ModelParams } from "./index.ts";
import { interpolate } from "./kernel.ts";
import { makeInput, monthly, monthlyEndingAt, pt, quarterly, quarterlyEndingAt } from "./test-helpers.ts";
import type { CountryResult, ModelInput, SubScoreKey } from "./types.ts";

const MODEL_V2 = TABLES.v2;
const modelV2 = MODELS.v2;
const { id, introducedIn } = MODEL_V2;
const { computeCountry, freshness, labelOf, statusOf, yoyLabel } = modelFunctions<CountryResult>("v2");

const snap = (input: ModelInput, asOf: string) => computeCountry(input, asOf).snapshot;
const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

describe("metadata and parameters", () => {
  it("names the model and stays registered (old snapshots keep their meaning)", () => {
    expect(id).toBe("v2");
    expect(introducedIn).toMatch(/^\d+\.\d+\.\d+$/);
    expect(modelV2.id).toBe("v2");
    expect(modelV2.params).toBe(MODEL_V2);
    expect(MODELS.v2).toBe(modelV2);
    expect(CURRENT_MODEL).not.toBe(modelV2); // v2.1 since 0.2.0
  });

  it("holds the numbers of docs/model.md", () => {
    expect(MODEL_V2.weights).toEqual({ U: 0.2, V: 0.125, C: 0.125, M: 0.05, S: 0.5 });
    expect(MODEL_V2.blocks).toEqual({ historical: ["U", "V", "C", "M"], sentiment: ["S"] });
    expect(MODEL_V2.freshness).toEqual({
      historical: { grace: 3, halfLife: 6, cutoff: 24 },
      sentiment: { grace: 2, halfLife: 3, cutoff: 12 },
    });
    expect(MODEL_V2.shrink).toEqual({ neutral: 50, base: 0.5, coverWeight: 0.5 });
    expect(MODEL_V2.status.thresholds.map((t) => t.atLeast)).toEqual([9, 7, 4, 2]);
    expect(MODEL_V2.label.thresholds.map((t) => t.atLeast)).toEqual([9, 7, 4]);
    expect(MODEL_V2.yoy.threshold).toBe(0.5);
    expect(MODEL_V2.euAverage).toEqual({ aggregate: "EU27_2020", fixedLowerBelow: 6, fixedHigherAbove: 7 });
    expect(MODEL_V2.averages.windowMonths).toBe(36);
    expect(MODEL_V2.margins).toEqual({ vacancy: 0.2, competition: 0.5 });
    // Historical block 0.5 in all, sentiment 0.5.
    const { U, V, C, M, S } = MODEL_V2.weights;
    expect(U + V + C + M).toBe(0.5);
    expect(S).toBe(0.5);
  });

  it("is frozen all the way down", () => {
    expect(Object.isFrozen(MODEL_V2)).toBe(true);
    expect(Object.isFrozen(MODEL_V2.anchors.U)).toBe(true);
    expect(Object.isFrozen(MODEL_V2.anchors.U[0])).toBe(true);
    expect(Object.isFrozen(MODEL_V2.status.thresholds[0])).toBe(true);
    expect(() => {
      (MODEL_V2.weights as { U: number }).U = 1;
    }).toThrow(TypeError);
    expect(Object.isFrozen(modelV2)).toBe(true);
  });
});

describe("interpolate: sub-score anchor tables", () => {
  const cases: Record<SubScoreKey, Array<[number, number]>> = {
    // [input, expected sub-score]: every anchor, a point in every segment, both clamped ends.
    U: [
      [2, 100],
      [4, 80],
      [6, 60],
      [8, 40],
      [12, 15],
      [18, 0],
      [3, 90],
      [5, 70],
      [7, 50],
      [10, 27.5],
      [15, 7.5],
      [1, 100],
      [0, 100],
      [25, 0],
    ],
    V: [
      [0.5, 0],
      [1, 20],
      [2, 45],
      [3, 70],
      [4, 90],
      [5, 100],
      [0.75, 10],
      [1.5, 32.5],
      [2.5, 57.5],
      [3.5, 80],
      [4.5, 95],
      [0.2, 0],
      [0, 0],
      [6, 100],
    ],
    C: [
      [0.5, 100],
      [1, 85],
      [2, 65],
      [4, 40],
      [8, 15],
      [15, 0],
      [0.75, 92.5],
      [1.5, 75],
      [3, 52.5],
      [6, 27.5],
      [11.5, 7.5],
      [0.1, 100],
      [20, 0],
    ],
    M: [
      [-1, 100],
      [0, 50],
      [1, 0],
      [-0.5, 75],
      [0.25, 37.5],
      [-3, 100],
      [2, 0],
    ],
    S: [
      [90, 0],
      [100, 50],
      [110, 100],
      [95, 25],
      [104, 70],
      [80, 0],
      [120, 100],
    ],
  };
  for (const key of Object.keys(cases) as SubScoreKey[]) {
    it(`${key} at and between anchors, clamped at the ends`, () => {
      for (const [x, y] of cases[key]) expect(interpolate(MODEL_V2.anchors[key], x)).toBeCloseTo(y, 12);
    });
  }

  it("clamps infinities and rejects NaN and empty tables", () => {
    expect(interpolate(MODEL_V2.anchors.C, Number.POSITIVE_INFINITY)).toBe(0);
    expect(interpolate(MODEL_V2.anchors.U, Number.NEGATIVE_INFINITY)).toBe(100);
    expect(() => interpolate(MODEL_V2.anchors.U, Number.NaN)).toThrow(RangeError);
    expect(() => interpolate([], 1)).toThrow(RangeError);
  });

  it("feeds each sub-score from its input through computeCountry", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-10", [5.5, ...repeat(5.2, 11), 5]), // d = -0.5
      vacancy: quarterlyEndingAt("2025-Q3", [2.5]),
      lmb: monthlyEndingAt("2025-10", [104]),
    });
    const s = snap(input, "2025-10-20").sub_scores;
    expect(s.U).toMatchObject({
      key: "U",
      value: 70,
      input: 5,
      period: "2025-10",
      age: 0,
      freshness: 1,
      weight: 0.2,
      effectiveWeight: 0.2,
    });
    expect(s.V).toMatchObject({
      key: "V",
      value: 57.5,
      input: 2.5,
      period: "2025-Q3",
      age: 1,
      freshness: 1,
      weight: 0.125,
    });
    expect(s.C).toMatchObject({ key: "C", value: 65, input: 2, period: "2025-Q3", age: 1 });
    expect(s.M?.input).toBeCloseTo(-0.5, 12);
    expect(s.M?.value).toBeCloseTo(75, 10);
    expect(s.M).toMatchObject({ key: "M", period: "2025-10", age: 0, weight: 0.05 });
    expect(s.S).toMatchObject({
      key: "S",
      value: 70,
      input: 104,
      period: "2025-10",
      age: 0,
      freshness: 1,
      weight: 0.5,
    });
  });
});

describe("freshness", () => {
  it("historical: 1 through the grace period, halves every 6 months, 0 past 24", () => {
    expect(freshness(0, "historical")).toBe(1);
    expect(freshness(3, "historical")).toBe(1);
    expect(freshness(4, "historical")).toBeCloseTo(0.5 ** (1 / 6), 14);
    expect(freshness(9, "historical")).toBe(0.5);
    expect(freshness(15, "historical")).toBe(0.25);
    expect(freshness(24, "historical")).toBeCloseTo(0.5 ** (21 / 6), 14);
    expect(freshness(24, "historical")).toBeGreaterThan(0);
    expect(freshness(25, "historical")).toBe(0);
    expect(freshness(100, "historical")).toBe(0);
  });

  it("sentiment: 1 through 2 months, halves every 3 months, 0 past 12", () => {
    expect(freshness(2, "sentiment")).toBe(1);
    expect(freshness(5, "sentiment")).toBe(0.5);
    expect(freshness(8, "sentiment")).toBe(0.25);
    expect(freshness(12, "sentiment")).toBeCloseTo(0.5 ** (10 / 3), 14);
    expect(freshness(13, "sentiment")).toBe(0);
  });

  it("makes a sub-score missing past its cutoff, present at it", () => {
    const lmb = monthlyEndingAt("2024-12", [105]);
    expect(snap(makeInput({ lmb }), "2025-12-01").sub_scores.S?.age).toBe(12);
    expect(snap(makeInput({ lmb }), "2026-01-01").sub_scores.S).toBeNull();
    const vacancy = quarterlyEndingAt("2023-Q4", [3]);
    expect(snap(makeInput({ vacancy }), "2025-12-01").sub_scores.V?.age).toBe(24);
    expect(snap(makeInput({ vacancy }), "2026-01-01").sub_scores.V).toBeNull();
  });
});

describe("unemployment series and momentum", () => {
  it("uses the series whose newest observation is more recent", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-03", [6]),
      unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [7]),
    });
    const s = snap(input, "2025-07-01");
    expect(s.unemployment_series).toBe("quarterly");
    expect(s.unemployment).toEqual({ value: 7, period: "2025-Q2", flag: null });
    expect(s.sub_scores.U?.input).toBe(7);
  });

  it("prefers monthly on a tie (June and Q2 both end in June)", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-06", [6]),
      unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [7]),
    });
    expect(snap(input, "2025-07-01").unemployment_series).toBe("monthly");
  });

  it("only counts observations whose end month is not after the as-of month", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-08", [6, 6.1]),
      unemploymentQuarterly: quarterlyEndingAt("2025-Q3", [7]),
    });
    const before = snap(input, "2025-08-31");
    expect(before.unemployment_series).toBe("monthly");
    expect(before.unemployment?.period).toBe("2025-08");
    expect(snap(input, "2025-09-01").unemployment_series).toBe("quarterly");
    const earlier = snap(input, "2025-07-15");
    expect(earlier.unemployment?.period).toBe("2025-07");
    expect(earlier.anchor_month).toBe("2025-07");
  });

  it("uses the quarterly series alone when there is no monthly one", () => {
    const s = snap(
      makeInput({ unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [8, 7.5, 7, 6.5, 6]) }),
      "2025-08-01",
    );
    expect(s.unemployment_series).toBe("quarterly");
    expect(s.unemployment_year_before).toEqual({ value: 8, period: "2024-Q2", flag: null });
    expect(s.sub_scores.M?.input).toBe(-2);
    expect(s.sub_scores.M?.value).toBe(100);
    expect(s.unemployment_history_points).toBe(5);
  });

  it("computes M from the value exactly 12 months before the newest", () => {
    const s = snap(
      makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", [7, ...repeat(9, 11), 6.5]) }),
      "2025-10-01",
    );
    expect(s.unemployment_year_before?.period).toBe("2024-09");
    expect(s.sub_scores.M?.input).toBe(-0.5);
    expect(s.sub_scores.M?.value).toBe(75);
    expect(s.sub_scores.M?.age).toBe(s.sub_scores.U?.age);
    expect(s.sub_scores.M?.freshness).toBe(s.sub_scores.U?.freshness);
  });

  it("leaves M missing without the year-before value", () => {
    const twelve = snap(makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", repeat(6, 12)) }), "2025-10-01");
    expect(twelve.sub_scores.M).toBeNull();
    expect(twelve.unemployment_year_before).toBeNull();
    expect(twelve.sub_scores.U).not.toBeNull();
    // A gap exactly at the year-before month, with older and newer months present.
    const gap = monthlyEndingAt("2025-09", repeat(6, 20)).filter((p) => p.period !== "2024-09");
    expect(snap(makeInput({ unemploymentMonthly: gap }), "2025-10-01").sub_scores.M).toBeNull();
    // The year-before value of the other series does not count.
    const mixed = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-09", [6]),
      unemploymentQuarterly: quarterlyEndingAt("2024-Q3", [7]),
    });
    expect(snap(mixed, "2025-10-01").sub_scores.M).toBeNull();
  });
});

describe("competition", () => {
  it("takes the age and period of the older of u and v", () => {
    const vOlder = snap(
      makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", [5]), vacancy: quarterlyEndingAt("2025-Q1", [2.5]) }),
      "2025-10-15",
    );
    expect(vOlder.sub_scores.C).toMatchObject({ input: 2, value: 65, period: "2025-Q1", age: 7 });
    expect(vOlder.sub_scores.C?.freshness).toBeCloseTo(0.5 ** (4 / 6), 14);
    expect(vOlder.sub_scores.U?.age).toBe(1);
    expect(vOlder.competition).toBe(2);

    const uOlder = snap(
      makeInput({ unemploymentMonthly: monthlyEndingAt("2025-01", [4]), vacancy: quarterlyEndingAt("2025-Q3", [4]) }),
      "2025-10-15",
    );
    expect(uOlder.sub_scores.C).toMatchObject({ input: 1, value: 85, period: "2025-01", age: 9, freshness: 0.5 });
  });

  it("is missing when either input is past the cutoff, or v is not positive", () => {
    const stale = snap(
      makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", [5]), vacancy: quarterlyEndingAt("2023-Q2", [2.5]) }),
      "2025-10-15",
    );
    expect(stale.sub_scores.V).toBeNull();
    expect(stale.sub_scores.C).toBeNull();
    expect(stale.sub_scores.U).not.toBeNull();
    expect(stale.competition).toBe(2); // shown as context, with the periods of both inputs
    const zero = snap(
      makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", [5]), vacancy: quarterlyEndingAt("2025-Q3", [0]) }),
      "2025-10-15",
    );
    expect(zero.sub_scores.V?.value).toBe(0);
    expect(zero.sub_scores.C).toBeNull();
    expect(zero.competition).toBeNull();
  });
});

describe("blend, cover and shrink (worked examples)", () => {
  // As of 2025-12: u monthly to 2025-11 (age 1, f = 1), 6.0 now and 5.5 a year before (d = +0.5);
  // vacancy 3.0 in 2025-Q1 (ends March: age 9, f = 0.5 exactly).
  const historical = makeInput({
    unemploymentMonthly: monthlyEndingAt("2025-11", [5.5, ...repeat(5.8, 11), 6]),
    vacancy: quarterlyEndingAt("2025-Q1", [3]),
  });

  it("historical only, with a stale vacancy", () => {
    const s = snap(historical, "2025-12-10");
    // U: 6 -> 60 (e .2); M: +0.5 -> 25 (e .05); V: 3 -> 70 (e .125 x .5); C: 6/3 = 2 -> 65, age 9 (e .0625).
    expect(s.sub_scores.U).toMatchObject({ value: 60, effectiveWeight: 0.2 });
    expect(s.sub_scores.M?.value).toBeCloseTo(25, 12);
    expect(s.sub_scores.V).toMatchObject({ value: 70, freshness: 0.5, effectiveWeight: 0.0625 });
    expect(s.sub_scores.C).toMatchObject({ value: 65, age: 9, freshness: 0.5, effectiveWeight: 0.0625 });
    const sumE = 0.2 + 0.05 + 0.0625 + 0.0625; // 0.375
    const raw = (0.2 * 60 + 0.05 * 25 + 0.0625 * 70 + 0.0625 * 65) / sumE; // 21.6875 / 0.375 = 57.8333…
    const cover = sumE / 0.5; // 0.75: only the historical block is present
    const shrunk = 50 + (raw - 50) * (0.5 + 0.5 * cover); // 56.8541666…
    expect(s.raw).toBeCloseTo(57.833333333333, 10);
    expect(s.raw).toBeCloseTo(raw, 12);
    expect(s.cover).toBe(0.75);
    expect(s.cover).toBe(cover);
    expect(s.shrunk).toBeCloseTo(shrunk, 12);
    expect(s.score).toBeCloseTo(6.116875, 12);
    expect(s.score).toBeCloseTo(1 + (9 * shrunk) / 100, 12);
    expect(s.status).toBe("cloudy");
    expect(s.label).toBe("Mixed/average");
    expect(s.basis).toBe("historical-only");
    expect(s.confidence).toBe("medium");
  });

  it("blended with a fresh barometer", () => {
    const s = snap({ ...historical, lmb: monthlyEndingAt("2025-10", [104]) }, "2025-12-10");
    // S: 104 -> 70, age 2, f = 1, e = .5. Both blocks present: the denominator is 1.
    const sumE = 0.375 + 0.5;
    const raw = (21.6875 + 0.5 * 70) / sumE; // 64.7857…
    const shrunk = 50 + (raw - 50) * (0.5 + 0.5 * sumE); // 63.8616…
    expect(s.cover).toBe(0.875);
    expect(s.raw).toBeCloseTo(raw, 12);
    expect(s.shrunk).toBeCloseTo(shrunk, 12);
    expect(s.score).toBeCloseTo(1 + 0.09 * shrunk, 12);
    expect(s.score).toBeCloseTo(6.747544642857, 10);
    expect(s.basis).toBe("blended");
    expect(s.confidence).toBe("high");
  });

  it("sentiment only (Liechtenstein-like) is not squeezed for lacking the historical block", () => {
    // lmb 96 in 2025-07, as of 2025-12: age 5, f = 0.5. S = 30, cover = .25 / .5 = .5.
    const s = snap(makeInput({ country: "LI", lmb: monthlyEndingAt("2025-07", [96]) }), "2025-12-01");
    expect(s.sub_scores.S).toMatchObject({ value: 30, age: 5, freshness: 0.5, effectiveWeight: 0.25 });
    expect(s.raw).toBe(30);
    expect(s.cover).toBe(0.5);
    expect(s.shrunk).toBe(35); // 50 - 20 x 0.75
    expect(s.score).toBeCloseTo(4.15, 12);
    expect(s.basis).toBe("sentiment-only");
    expect(s.confidence).toBe("medium");
    expect(s.status).toBe("cloudy");
  });

  it("a lone fresh vacancy gives cover 0.25 exactly (medium); any staler is low", () => {
    const fresh = snap(makeInput({ vacancy: quarterlyEndingAt("2025-Q3", [4]) }), "2025-10-01");
    expect(fresh.cover).toBe(0.25);
    expect(fresh.raw).toBe(90);
    expect(fresh.shrunk).toBe(50 + 40 * 0.625);
    expect(fresh.confidence).toBe("medium");
    const stale = snap(makeInput({ vacancy: quarterlyEndingAt("2025-Q1", [4]) }), "2025-10-01");
    expect(stale.cover).toBeCloseTo(0.25 * 0.5 ** (4 / 6), 14);
    expect(stale.confidence).toBe("low");
  });

  it("cover below 0.25 is low confidence", () => {
    // lmb 11 months old: f = 0.5^(9/3) = 0.125 = cover.
    const s = snap(makeInput({ lmb: monthlyEndingAt("2025-01", [108]) }), "2025-12-01");
    expect(s.cover).toBe(0.125);
    expect(s.confidence).toBe("low");
    expect(s.shrunk).toBeCloseTo(50 + 40 * 0.5625, 12);
  });
});

describe("confidence", () => {
  const lmbFresh = monthlyEndingAt("2025-10", [101]);
  const conf = (input: Partial<ModelInput>, asOf = "2025-12-01") => snap(makeInput(input), asOf).confidence;

  it("high with U (12 months of history) and S both fresh", () => {
    expect(conf({ unemploymentMonthly: monthlyEndingAt("2025-11", repeat(6, 12)), lmb: lmbFresh })).toBe("high");
    expect(conf({ unemploymentMonthly: monthlyEndingAt("2025-11", repeat(6, 11)), lmb: lmbFresh })).toBe("medium");
    expect(conf({ unemploymentQuarterly: quarterlyEndingAt("2025-Q3", repeat(6, 4)), lmb: lmbFresh })).toBe("high");
    expect(conf({ unemploymentQuarterly: quarterlyEndingAt("2025-Q3", repeat(6, 3)), lmb: lmbFresh })).toBe("medium");
  });

  it("history counts only points up to the as-of month", () => {
    const u = monthlyEndingAt("2026-03", repeat(6, 15)); // 2025-01 … 2026-03
    expect(conf({ unemploymentMonthly: u, lmb: lmbFresh }, "2025-11-15")).toBe("medium"); // 11 points
    expect(conf({ unemploymentMonthly: u, lmb: lmbFresh }, "2025-12-15")).toBe("high"); // 12 points
  });

  it("medium when U or S has f below 0.5", () => {
    const history = repeat(6, 12);
    // U age 9: f = 0.5 still high; age 10: medium.
    expect(conf({ unemploymentMonthly: monthlyEndingAt("2025-03", history), lmb: lmbFresh })).toBe("high");
    expect(conf({ unemploymentMonthly: monthlyEndingAt("2025-02", history), lmb: lmbFresh })).toBe("medium");
    // S age 5: f = 0.5 high; age 6: medium.
    const u = monthlyEndingAt("2025-11", history);
    expect(conf({ unemploymentMonthly: u, lmb: monthlyEndingAt("2025-07", [101]) })).toBe("high");
    expect(conf({ unemploymentMonthly: u, lmb: monthlyEndingAt("2025-06", [101]) })).toBe("medium");
  });

  it("medium with both blocks but no U (vacancy and barometer only)", () => {
    const s = snap(makeInput({ vacancy: quarterlyEndingAt("2025-Q3", [3]), lmb: lmbFresh }), "2025-12-01");
    expect(s.basis).toBe("blended");
    expect(s.confidence).toBe("medium");
  });
});

describe("status, label, year-on-year", () => {
  it("status boundaries 2, 4, 7, 9 from the unrounded score", () => {
    const table: Array<[number, string]> = [
      [1, "stormy"],
      [1.999999, "stormy"],
      [2, "rainy"],
      [3.999999, "rainy"],
      [4, "cloudy"],
      [6.95, "cloudy"],
      [6.999999, "cloudy"],
      [7, "bright"],
      [8.999999, "bright"],
      [9, "sunny"],
      [10, "sunny"],
    ];
    for (const [score, status] of table) expect(statusOf(score)).toBe(status);
  });

  it("label boundaries 9, 7, 4", () => {
    const table: Array<[number, string]> = [
      [10, "Very favorable"],
      [9, "Very favorable"],
      [8.999999, "Rather favorable"],
      [7, "Rather favorable"],
      [6.999999, "Mixed/average"],
      [4, "Mixed/average"],
      [3.999999, "Very tough"],
      [1, "Very tough"],
    ];
    for (const [score, label] of table) expect(labelOf(score)).toBe(label);
  });

  it("year-on-year labels", () => {
    expect(yoyLabel(0.51)).toBe("Up");
    expect(yoyLabel(0.5)).toBe("Same");
    expect(yoyLabel(0)).toBe("Same");
    expect(yoyLabel(-0.5)).toBe("Same");
    expect(yoyLabel(-0.51)).toBe("Down");
    expect(yoyLabel(3)).toBe("Up");
  });

  it("year-on-year from the history: Up", () => {
    // 2023-12 … 2024-11 at 8, 2024-12 … 2025-11 at 6.
    const input = makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(8, 12), ...repeat(6, 12)]) });
    const { snapshot: s, history } = computeCountry(input, "2025-12-15");
    // 2025-11: U = 60, M (6 - 8 = -2) = 100: raw = (12 + 5) / .25 = 68, cover .5, shrunk 50 + 18 x .75 = 63.5.
    // 2024-11: U = 40, no M: raw 40, cover .4, shrunk 50 - 10 x .7 = 43.
    const now = 1 + 0.09 * 63.5;
    const before = 1 + 0.09 * 43;
    expect(history.find((h) => h.month === "2025-11")?.score).toBeCloseTo(now, 12);
    expect(history.find((h) => h.month === "2024-11")?.score).toBeCloseTo(before, 12);
    expect(s.anchor_month).toBe("2025-11");
    expect(s.yoy.from_month).toBe("2024-11");
    expect(s.yoy.delta).toBeCloseTo(now - before, 12);
    expect(s.yoy.label).toBe("Up");
  });

  it("year-on-year: Down, and Same for a small change", () => {
    const down = makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(6, 12), ...repeat(8, 12)]) });
    expect(snap(down, "2025-12-15").yoy.label).toBe("Down");
    // Flat at 5: 2025-11 has U 70 and M 50 (raw 66, cover .5 -> shrunk 62); 2024-11 has U alone (raw 70, cover .4 -> 64).
    const flat = snap(makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", repeat(5, 24)) }), "2025-12-15");
    expect(flat.yoy.delta).toBeCloseTo(0.09 * (62 - 64), 12);
    expect(flat.yoy.label).toBe("Same");
  });

  it("year-on-year is null without a score a year before the anchor", () => {
    const s = snap(makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", repeat(5, 6)) }), "2025-12-15");
    expect(s.yoy).toEqual({ delta: null, label: null, from_month: "2024-11" });
  });
});

describe("no score", () => {
  it("without any input", () => {
    const { snapshot: s, history } = computeCountry(makeInput(), "2025-12-01");
    expect(history).toEqual([]);
    expect(s).toMatchObject({
      score: null,
      status: null,
      label: null,
      confidence: null,
      basis: null,
      cover: null,
      raw: null,
      shrunk: null,
      anchor_month: null,
      unemployment_series: null,
      unemployment: null,
      unemployment_history_points: 0,
      vacancy: null,
      competition: null,
      lmb: null,
      gdp: null,
      inflation: null,
      yoy: { delta: null, label: null, from_month: null },
      eu_average: { unemployment: null, period: null, source: "fixed-thresholds" },
      ingest_ids: [],
    });
    expect(s.sub_scores).toEqual({ U: null, V: null, C: null, M: null, S: null });
  });

  it("with context values only (they never make a score)", () => {
    const { snapshot: s, history } = computeCountry(
      makeInput({ gdp: quarterlyEndingAt("2025-Q3", [0.4]), inflation: monthlyEndingAt("2025-11", [2.1]) }),
      "2025-12-01",
    );
    expect(s.score).toBeNull();
    expect(s.gdp?.value).toBe(0.4);
    expect(s.inflation?.value).toBe(2.1);
    expect(history).toEqual([]);
  });

  it("when every input is past its cutoff", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2023-06", repeat(6, 13)), // age 30
      vacancy: quarterlyEndingAt("2023-Q4", [2]), // age 25
      lmb: monthlyEndingAt("2024-06", [103]), // age 18
    });
    const { snapshot: s, history } = computeCountry(input, "2026-01-05");
    expect(s).toMatchObject({
      score: null,
      status: null,
      label: null,
      confidence: null,
      basis: null,
      cover: null,
      raw: null,
      shrunk: null,
    });
    expect(s.sub_scores).toEqual({ U: null, V: null, C: null, M: null, S: null });
    expect(s.anchor_month).toBe("2024-06");
    expect(s.unemployment?.period).toBe("2023-06"); // still shown with its period
    expect(history.at(-1)).toEqual({ month: "2026-01", score: null, status: null });
    expect(history.find((h) => h.month === "2024-06")?.score).not.toBeNull();
  });
});

describe("history", () => {
  const input = makeInput({
    unemploymentMonthly: monthly(
      "2024-05",
      [7, 6.8, 6.9, 6.7, 6.6, 6.5, 6.6, 6.4, 6.3, 6.2, 6.2, 6.1, 6, 5.9, 5.9, 5.8, 5.8],
    ),
    vacancy: quarterly("2024-Q1", [2, 2.1, 2.3, 2.2, 2.4, 2.5]),
    lmb: monthly("2025-01", [99, 100, 101, 102, 101, 100, 103]),
    gdp: quarterly("2020-Q1", repeat(0.3, 20)),
  });

  it("runs monthly from the first scoring input (a quarter counts as its end month) to the as-of month", () => {
    const { snapshot, history } = computeCountry(input, "2025-11-20");
    expect(history[0].month).toBe("2024-03"); // 2024-Q1 vacancy, not the earlier GDP
    expect(history.at(-1)?.month).toBe("2025-11");
    expect(history).toHaveLength(21);
    expect(history.at(-1)?.score).toBe(snapshot.score);
    expect(history.at(-1)?.status).toBe(snapshot.status);
    for (let i = 1; i < history.length; i++) expect(history[i].month > history[i - 1].month).toBe(true);
  });

  it("each point is the score as of that month", () => {
    const { history } = computeCountry(input, "2025-11-20");
    for (const h of history) {
      const alone = snap(input, `${h.month}-28`);
      expect(h.score).toBe(alone.score);
      expect(h.status).toBe(alone.status);
    }
  });

  it("is empty when every input is after the as-of month", () => {
    expect(computeCountry(input, "2023-12-31").history).toEqual([]);
  });
});

describe("comparisons and context", () => {
  const u = monthlyEndingAt("2025-09", repeat(6, 13));
  it("EU average of the same month when the aggregate exists", () => {
    const s = snap(
      makeInput({ unemploymentMonthly: u, euUnemploymentMonthly: monthlyEndingAt("2025-10", [5.8, 5.9]) }),
      "2025-11-01",
    );
    expect(s.eu_average).toEqual({ unemployment: 5.8, period: "2025-09", source: "EU27_2020" });
  });

  it("fixed thresholds when the aggregate of that month is missing", () => {
    const s = snap(
      makeInput({ unemploymentMonthly: u, euUnemploymentMonthly: monthlyEndingAt("2025-08", [5.8]) }),
      "2025-11-01",
    );
    expect(s.eu_average).toEqual({ unemployment: null, period: null, source: "fixed-thresholds" });
  });

  it("the quarterly aggregate for a quarterly series, never the monthly one", () => {
    const base = {
      unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [7]),
      euUnemploymentMonthly: monthlyEndingAt("2025-06", [5.9]),
    };
    expect(snap(makeInput(base), "2025-08-01").eu_average.source).toBe("fixed-thresholds");
    const s = snap(makeInput({ ...base, euUnemploymentQuarterly: quarterlyEndingAt("2025-Q2", [6.1]) }), "2025-08-01");
    expect(s.eu_average).toEqual({ unemployment: 6.1, period: "2025-Q2", source: "EU27_2020" });
  });

  it("3-year averages over the 36 months ending at the newest vacancy quarter", () => {
    // Vacancy 2022-Q1 … 2025-Q2: the two oldest (10) fall outside the window 2022-07 … 2025-06.
    const vacancy = quarterlyEndingAt("2025-Q2", [10, 10, ...repeat(2, 12)]);
    // u by quarter: quarterly 4 for 2022-Q3 … 2023-Q2, 8 for 2023-Q3 (wins over the monthly 6 of that quarter);
    // monthly 6 from 2023-07 to 2025-06 except 2024-02, so 2024-Q1 has no u.
    const input = makeInput({
      vacancy,
      unemploymentQuarterly: quarterly("2022-Q3", [4, 4, 4, 4, 8]),
      unemploymentMonthly: monthly("2023-07", repeat(6, 24)).filter((p) => p.period !== "2024-02"),
      lmb: monthlyEndingAt("2025-10", [100]),
    });
    const s = snap(input, "2025-10-15");
    expect(s.averages_3y.vacancy_points).toBe(12);
    expect(s.averages_3y.vacancy).toBeCloseTo(2, 12);
    // c: 4 quarters at 4/2 = 2, one at 8/2 = 4, six at 6/2 = 3 (2023-Q4 … 2025-Q2 without 2024-Q1).
    expect(s.averages_3y.competition_points).toBe(11);
    expect(s.averages_3y.competition).toBeCloseTo((4 * 2 + 4 + 6 * 3) / 11, 12);
  });

  it("3-year averages are null with fewer than 2 points", () => {
    const s = snap(
      makeInput({
        vacancy: quarterlyEndingAt("2025-Q2", [2]),
        unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [5]),
      }),
      "2025-08-01",
    );
    expect(s.averages_3y).toEqual({ vacancy: null, competition: null, vacancy_points: 1, competition_points: 1 });
  });

  it("gdp and inflation: newest up to the as-of month, with unit, never in the score", () => {
    const scoring = { unemploymentMonthly: u, vacancy: quarterlyEndingAt("2025-Q3", [2.4]) };
    const gdp = [
      { ...pt("2025-Q2", 0.3, null, "p"), unit: "CLV_PCH_PRE" },
      { ...pt("2025-Q3", 0.5), unit: "CLV_PCH_PRE" },
      { ...pt("2025-Q4", 0.9), unit: "CLV_PCH_PRE" },
    ];
    const inflation = monthlyEndingAt("2025-12", [2.5, 2.4, 2.2]);
    const withContext = snap(makeInput({ ...scoring, gdp, inflation }), "2025-11-01");
    expect(withContext.gdp).toEqual({ value: 0.5, period: "2025-Q3", flag: null, unit: "CLV_PCH_PRE" });
    expect(withContext.inflation).toEqual({ value: 2.4, period: "2025-11", flag: null });
    const without = snap(makeInput(scoring), "2025-11-01");
    expect(withContext.score).toBe(without.score);
    expect(withContext.anchor_month).toBe(without.anchor_month);
    expect(snap(makeInput({ ...scoring, gdp: [pt("2025-Q2", 0.3)] }), "2025-11-01").gdp?.unit).toBeNull();
  });
});

describe("ingest ids and determinism", () => {
  const input = makeInput({
    unemploymentMonthly: [...monthlyEndingAt("2025-10", repeat(6, 13), 1), pt("2025-11", 6, 9)],
    unemploymentQuarterly: quarterlyEndingAt("2025-Q2", [6], 8), // not chosen
    vacancy: quarterlyEndingAt("2025-Q3", [2.5], 2),
    lmb: [pt("2025-09", 100, 3), pt("2025-10", 101, 4), pt("2025-08", 99, null)],
    gdp: [{ ...pt("2025-Q3", 0.2, 5), unit: "CLV_PCH_SM" }],
    inflation: monthlyEndingAt("2025-10", [2], 6),
    euUnemploymentMonthly: monthlyEndingAt("2025-10", [5.9], 7),
  });

  it("lists the sorted unique ingest ids of what the snapshot read", () => {
    expect(snap(input, "2025-10-31").ingest_ids).toEqual([1, 2, 4, 5, 6, 7]);
    expect(snap(input, "2025-11-30").ingest_ids).toEqual([1, 2, 4, 5, 6, 9]);
  });

  it("gives deeply equal output for the same input, whatever the input order", () => {
    const a = computeCountry(input, "2025-11-30");
    const b = computeCountry(input, "2025-11-30");
    expect(b).toEqual(a);
    expect(JSON.stringify(b)).toBe(JSON.stringify(a));
    const shuffled: ModelInput = {
      ...input,
      unemploymentMonthly: [...input.unemploymentMonthly].reverse(),
      lmb: [input.lmb[2], input.lmb[0], input.lmb[1]],
    };
    expect(JSON.stringify(computeCountry(shuffled, "2025-11-30"))).toBe(JSON.stringify(a));
  });

  it("publishes the snapshot fields in a fixed order", () => {
    expect(Object.keys(snap(input, "2025-11-30"))).toEqual([
      "country",
      "model",
      "as_of",
      "anchor_month",
      "score",
      "status",
      "label",
      "confidence",
      "basis",
      "cover",
      "raw",
      "shrunk",
      "sub_scores",
      "unemployment_series",
      "unemployment",
      "unemployment_year_before",
      "unemployment_history_points",
      "vacancy",
      "competition",
      "lmb",
      "gdp",
      "inflation",
      "averages_3y",
      "eu_average",
      "yoy",
      "ingest_ids",
    ]);
    expect(Object.keys(snap(input, "2025-11-30").sub_scores)).toEqual(["U", "V", "C", "M", "S"]);
    expect(snap(input, "2025-11-30")).toMatchObject({ country: "XX", model: "v2", as_of: "2025-11-30" });
  });

  it("skips values that are not finite numbers", () => {
    const withNaN = { ...input, lmb: [...input.lmb, pt("2025-11", Number.NaN, 10)] };
    expect(snap(withNaN, "2025-11-30").lmb?.period).toBe("2025-10");
  });

  it("rejects two observations of one period and periods of the wrong kind", () => {
    expect(() => snap(makeInput({ lmb: [pt("2025-01", 100), pt("2025-01", 101)] }), "2025-12-01")).toThrow(
      /two observations/,
    );
    expect(() => snap(makeInput({ vacancy: [pt("2025-03", 2)] }), "2025-12-01")).toThrow(/quarter/);
    expect(() => snap(makeInput({ unemploymentMonthly: [pt("2025-Q1", 2)] }), "2025-12-01")).toThrow(/month/);
    expect(() => snap(makeInput(), "2025-12")).toThrow(InputError);
  });

  it("uses the parameters it is given", () => {
    const strict: ModelParams = { ...MODEL_V2, yoy: { threshold: 5, lagMonths: 12 } };
    const u = makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(8, 12), ...repeat(6, 12)]) });
    expect(computeCountry(u, "2025-12-15").snapshot.yoy.label).toBe("Up");
    expect(computeCountry(u, "2025-12-15", strict).snapshot.yoy.label).toBe("Same");
    expect(modelV2.computeCountry(u, "2025-12-15")).toEqual(computeCountry(u, "2025-12-15"));
  });
});
