import { describe, expect, it } from "vitest";
import { withPlainStates } from "./explain.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, MODELS, TABLES, modelFunctions, type ModelParams } from "./index.ts";
import { inverseInterpolate } from "./kernel.ts";
import { makeInput, monthly, monthlyEndingAt, pt, quarterlyEndingAt } from "./test-helpers.ts";
import type { ModelInput } from "./types.ts";

const MODEL_V2 = TABLES.v2;
const modelV2 = MODELS.v2;
const { computeCountry: computeV2 } = modelFunctions("v2");
const MODEL_V2_1 = TABLES["v2.1"];
const modelV2_1 = MODELS["v2.1"];
const { id, introducedIn } = MODEL_V2_1;
const { computeCountry, explainCountryHistory, familyOf, labelOf, monthStates, shownScore, statusOf } =
  modelFunctions("v2.1");

const snap = (input: ModelInput, asOf: string) => computeCountry(input, asOf).snapshot;
const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

describe("metadata and parameters", () => {
  it("is v2.1, still registered beside v2 and the current model", () => {
    expect(id).toBe("v2.1");
    expect(introducedIn).toMatch(/^\d+\.\d+\.\d+$/);
    expect(modelV2_1.id).toBe("v2.1");
    expect(modelV2_1.params).toBe(MODEL_V2_1);
    expect(MODELS["v2.1"]).toBe(modelV2_1);
    expect(MODELS.v2).toBe(modelV2);
    expect(CURRENT_MODEL_ID).not.toBe("v2.1");
    expect(CURRENT_MODEL).not.toBe(modelV2_1);
    expect(CURRENT_MODEL.params.id).toBe(CURRENT_MODEL_ID);
  });

  it("keeps v2's numbers by value and adds the v2.1 ones", () => {
    for (const key of [
      "anchors",
      "weights",
      "blocks",
      "freshness",
      "shrink",
      "scale",
      "status",
      "label",
      "yoy",
      "confidence",
      "euAverage",
      "averages",
      "margins",
    ] as const) {
      expect(MODEL_V2_1[key]).toEqual(MODEL_V2[key]);
    }
    expect(MODEL_V2_1.id).toBe("v2.1");
    expect(MODEL_V2.id).toBe("v2");
    expect(MODEL_V2_1.sentimentSources).toEqual(["lmb", "eei"]);
    expect(MODEL_V2_1.display).toEqual({ decimals: 1, guardDecimals: 9 });
    expect(MODEL_V2_1.subScoreFamily).toEqual({
      U: "historical",
      V: "historical",
      C: "historical",
      M: "historical",
      S: "sentiment",
    });
    expect(MODEL_V2_1.dataTypeFamily).toEqual({
      unemployment: "historical",
      vacancy: "historical",
      lmb: "sentiment",
      expectations: "sentiment",
    });
    expect(familyOf("S")).toBe("sentiment");
    expect(CURRENT_MODEL.familyOf("V")).toBe("historical");
  });

  it("is frozen all the way down", () => {
    expect(Object.isFrozen(MODEL_V2_1)).toBe(true);
    expect(Object.isFrozen(MODEL_V2_1.sentimentSources)).toBe(true);
    expect(Object.isFrozen(MODEL_V2_1.dataTypeFamily)).toBe(true);
    expect(Object.isFrozen(MODEL_V2_1.anchors.S[0])).toBe(true);
    expect(() => {
      (MODEL_V2_1.display as { decimals: number }).decimals = 2;
    }).toThrow(TypeError);
    expect(Object.isFrozen(modelV2_1)).toBe(true);
  });
});

describe("status and label from the score as shown (one decimal, half away from zero)", () => {
  it("6.996 is shown 7.0: bright, Rather favorable; rankings keep the unrounded score", () => {
    expect(shownScore(6.996)).toBe(7);
    expect(statusOf(6.996)).toBe("bright");
    expect(labelOf(6.996)).toBe("Rather favorable");
  });

  it("boundaries, including binary floating-point traps", () => {
    const table: Array<[number, number, string, string]> = [
      // score, shown, status, label
      [6.95, 7, "bright", "Rather favorable"],
      [6.949999, 6.9, "cloudy", "Mixed/average"],
      [6.9499, 6.9, "cloudy", "Mixed/average"],
      [8.999, 9, "sunny", "Very favorable"],
      [8.94, 8.9, "bright", "Rather favorable"],
      [8.95, 9, "sunny", "Very favorable"],
      [1.95, 2, "rainy", "Very tough"], // 1.95 is stored as 1.9499999999999999556: toFixed(1) would say 1.9
      [1.9499, 1.9, "stormy", "Very tough"],
      [3.95, 4, "cloudy", "Mixed/average"],
      [3.9499999, 3.9, "rainy", "Very tough"],
      [1, 1, "stormy", "Very tough"],
      [10, 10, "sunny", "Very favorable"],
      [7, 7, "bright", "Rather favorable"],
    ];
    for (const [score, shown, status, label] of table) {
      expect(shownScore(score), String(score)).toBe(shown);
      expect(statusOf(score), String(score)).toBe(status);
      expect(labelOf(score), String(score)).toBe(label);
    }
    expect(CURRENT_MODEL.formatScore(1.95)).toBe("2.0");
    expect(CURRENT_MODEL.formatScore(6.996)).toBe("7.0");
    expect(CURRENT_MODEL.formatScore(6.949999)).toBe("6.9");
    expect(CURRENT_MODEL.statusOf(6.95)).toBe("bright");
  });

  it("a 6.96 country (EEI 103.25 alone, fresh) is shown 7.0 and is bright", () => {
    // S = 50 + 3.25 × 5 = 66.25; alone and fresh: cover 1, shrunk = raw; score = 1 + 0.09 × 66.25 = 6.9625.
    const { snapshot: s, history } = computeCountry(
      makeInput({ expectations: monthlyEndingAt("2026-10", [103.25]) }),
      "2026-11-22",
    );
    expect(s.score).toBeCloseTo(6.9625, 12);
    expect(s.score).toBeLessThan(7);
    expect(shownScore(s.score!)).toBe(7);
    expect(s.status).toBe("bright");
    expect(s.label).toBe("Rather favorable");
    expect(history.at(-1)?.status).toBe("bright"); // history points follow the same rule
    // v2's rule on the same number said cloudy.
    expect(
      modelV2.computeCountry(makeInput({ lmb: monthlyEndingAt("2026-10", [103.25]) }), "2026-11-22").snapshot.status,
    ).toBe("cloudy");
  });
});

describe("S from the barometer and/or the Employment Expectations Indicator", () => {
  it("each source through the S table: 90 → 0, 100 → 50, 110 → 100", () => {
    for (const [x, s] of [
      [90, 0],
      [100, 50],
      [110, 100],
      [104, 70],
      [85, 0],
      [120, 100],
    ] as const) {
      const sub = snap(makeInput({ expectations: monthlyEndingAt("2025-10", [x]) }), "2025-10-20").sub_scores.S;
      expect(sub).toMatchObject({ key: "S", input: x, period: "2025-10", age: 0, freshness: 1, weight: 0.5 });
      expect(sub?.value).toBeCloseTo(s, 12);
    }
  });

  it("both present: S = (f_b·S(b) + f_x·S(x)) / (f_b + f_x), freshness max(f_b, f_x)", () => {
    // b = 104 (S 70) in 2025-10, age 2: f = 1. x = 96 (S 30) in 2025-07, age 5: f = 0.5.
    const s = snap(
      makeInput({ lmb: monthlyEndingAt("2025-10", [104]), expectations: monthlyEndingAt("2025-07", [96]) }),
      "2025-12-05",
    );
    const value = (1 * 70 + 0.5 * 30) / 1.5;
    expect(s.sub_scores.S?.value).toBeCloseTo(value, 12);
    expect(s.sub_scores.S).toMatchObject({ freshness: 1, age: 2, period: "2025-10", effectiveWeight: 0.5 });
    // The input of a blended S is the index that alone would give the blended value.
    expect(s.sub_scores.S?.input).toBeCloseTo(90 + value / 5, 12);
    expect(s.sentiment_sources).toEqual([
      { source: "lmb", value: 104, period: "2025-10", age: 2, freshness: 1, sub_score: 70 },
      { source: "eei", value: 96, period: "2025-07", age: 5, freshness: 0.5, sub_score: 30 },
    ]);
    expect(s.lmb).toEqual({ value: 104, period: "2025-10", flag: null });
    expect(s.eei).toEqual({ value: 96, period: "2025-07", flag: null });
    // Alone and sentiment-only: cover = f_S = 1, shrunk = raw = S.
    expect(s.basis).toBe("sentiment-only");
    expect(s.cover).toBe(1);
    expect(s.score).toBeCloseTo(1 + 0.09 * value, 12);
  });

  it("the freshness weights decide the mix, and the newer source names S's period", () => {
    // b = 96 (S 30), 8 months old: f_b = 0.5^(6/3) = 0.25; x = 106 (S 80), fresh.
    const s = snap(
      makeInput({ lmb: monthlyEndingAt("2025-03", [96]), expectations: monthlyEndingAt("2025-11", [106]) }),
      "2025-11-30",
    );
    expect(s.sub_scores.S?.value).toBeCloseTo((0.25 * 30 + 1 * 80) / 1.25, 12);
    expect(s.sub_scores.S).toMatchObject({ freshness: 1, age: 0, period: "2025-11" });
    expect(s.sentiment_sources?.map((x) => [x.source, x.freshness])).toEqual([
      ["lmb", 0.25],
      ["eei", 1],
    ]);
  });

  it("never marks a country down for lacking one of the two sources", () => {
    const b = snap(makeInput({ lmb: monthlyEndingAt("2025-08", [103]) }), "2025-11-15");
    const x = snap(makeInput({ expectations: monthlyEndingAt("2025-08", [103]) }), "2025-11-15");
    const both = snap(
      makeInput({ lmb: monthlyEndingAt("2025-08", [103]), expectations: monthlyEndingAt("2025-08", [103]) }),
      "2025-11-15",
    );
    expect(x.score).toBe(b.score);
    expect(both.score).toBe(b.score);
    expect(x.cover).toBe(b.cover);
    expect(x.confidence).toBe(b.confidence);
  });

  it("barometer alone gives v2's S, score and everything else v2 had (only the model id and the status rule differ)", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2025-11", [5.5, ...repeat(5.8, 11), 6]),
      vacancy: quarterlyEndingAt("2025-Q1", [3]),
      lmb: monthlyEndingAt("2025-10", [104]),
    });
    const v21 = computeCountry(input, "2025-12-10");
    const v2 = computeV2(input, "2025-12-10");
    expect(v21.snapshot.score).toBe(v2.snapshot.score);
    expect(v21.snapshot.sub_scores).toEqual(v2.snapshot.sub_scores);
    expect(v21.history.map((h) => h.score)).toEqual(v2.history.map((h) => h.score));
    expect(v21.snapshot.model).toBe("v2.1");
    expect(v21.snapshot.eei).toBeNull();
    expect(v21.snapshot.sentiment_sources).toEqual([
      { source: "lmb", value: 104, period: "2025-10", age: 2, freshness: 1, sub_score: 70 },
    ]);
  });

  it("EEI alone: sentiment-only, medium confidence", () => {
    const s = snap(makeInput({ expectations: monthlyEndingAt("2025-10", [101]) }), "2025-11-10");
    expect(s.basis).toBe("sentiment-only");
    expect(s.confidence).toBe("medium");
    expect(s.sentiment_sources?.map((x) => x.source)).toEqual(["eei"]);
  });

  it("EEI with the historical block: blended, and high confidence with 12 months of unemployment", () => {
    const s = snap(
      makeInput({
        unemploymentMonthly: monthlyEndingAt("2025-10", repeat(6, 13)),
        expectations: monthlyEndingAt("2025-09", [102]),
      }),
      "2025-11-10",
    );
    expect(s.basis).toBe("blended");
    expect(s.confidence).toBe("high");
    // Stale EEI (f < 0.5): medium.
    const stale = snap(
      makeInput({
        unemploymentMonthly: monthlyEndingAt("2025-10", repeat(6, 13)),
        expectations: monthlyEndingAt("2025-04", [102]),
      }),
      "2025-11-10",
    );
    expect(stale.sub_scores.S?.freshness).toBeLessThan(0.5);
    expect(stale.basis).toBe("blended");
    expect(stale.confidence).toBe("medium");
  });

  it("an EEI past its 12-month cut-off is ignored today, while the history months where it was fresh are blended", () => {
    // The real case: EEI to 2025-08, as of 2026-11-22 it is 15 months old.
    const historical = {
      unemploymentMonthly: monthly("2024-01", repeat(6, 34)), // 2024-01 … 2026-10
    };
    const withEei = makeInput({ ...historical, expectations: monthly("2024-01", repeat(106, 20)) }); // 2024-01 … 2025-08
    const without = makeInput(historical);
    const a = computeCountry(withEei, "2026-11-22");
    const b = computeCountry(without, "2026-11-22");
    expect(a.snapshot.sub_scores.S).toBeNull();
    expect(a.snapshot.sentiment_sources).toEqual([]);
    expect(a.snapshot.eei).toEqual({ value: 106, period: "2025-08", flag: null }); // still shown, with its month
    expect(a.snapshot.basis).toBe("historical-only");
    expect(a.snapshot.score).toBe(b.snapshot.score);
    const month = (r: typeof a, m: string) => r.history.find((h) => h.month === m)?.score;
    // 2025-08 … 2026-08: the EEI is at most 12 months old and lifts the score; from 2026-09 on it is gone.
    for (const m of ["2024-06", "2025-08", "2026-02", "2026-08"]) expect(month(a, m)!).toBeGreaterThan(month(b, m)!);
    for (const m of ["2026-09", "2026-10", "2026-11"]) expect(month(a, m)).toBe(month(b, m));
    expect(snap(withEei, "2025-08-15").basis).toBe("blended");
  });

  it("reads the EEI only up to the as-of month and lists its ingest id", () => {
    const input = makeInput({ expectations: [pt("2025-09", 101, 7), pt("2025-10", 103, 8), pt("2025-12", 99, 9)] });
    const s = snap(input, "2025-11-05");
    expect(s.eei).toEqual({ value: 103, period: "2025-10", flag: null });
    expect(s.anchor_month).toBe("2025-10");
    expect(s.ingest_ids).toEqual([8]);
  });

  it("inverseInterpolate reads an anchor table backwards", () => {
    const S = MODEL_V2_1.anchors.S;
    expect(inverseInterpolate(S, 50)).toBe(100);
    expect(inverseInterpolate(S, 75)).toBe(105);
    expect(inverseInterpolate(S, 0)).toBe(90);
    expect(inverseInterpolate(S, -5)).toBe(90);
    expect(inverseInterpolate(S, 100)).toBe(110);
    expect(inverseInterpolate(MODEL_V2_1.anchors.U, 70)).toBe(5); // falling table
    expect(() => inverseInterpolate(S, Number.NaN)).toThrow(RangeError);
  });
});

describe("the snapshot", () => {
  const input = makeInput({
    unemploymentMonthly: monthlyEndingAt("2025-10", repeat(6, 13), 1),
    vacancy: quarterlyEndingAt("2025-Q3", [2.5], 2),
    lmb: monthlyEndingAt("2025-10", [101], 3),
    expectations: monthlyEndingAt("2025-09", [99], 4),
    gdp: [{ ...pt("2025-Q3", 0.2, 5), unit: "CLV_PCH_SM" }],
  });

  it("publishes its fields in a fixed order, v2's plus sentiment_sources, eei and change", () => {
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
      "sentiment_sources",
      "unemployment_series",
      "unemployment",
      "unemployment_year_before",
      "unemployment_history_points",
      "vacancy",
      "competition",
      "lmb",
      "eei",
      "gdp",
      "inflation",
      "averages_3y",
      "eu_average",
      "yoy",
      "change",
      "ingest_ids",
    ]);
    expect(snap(input, "2025-11-30")).toMatchObject({ model: "v2.1", ingest_ids: [1, 2, 3, 4, 5] });
  });

  it("explains the change against the previous month and a year before, from the history's own months", () => {
    const { snapshot: s, history } = computeCountry(input, "2025-11-30");
    const prev = s.change.previous_month!;
    expect(prev.from_month).toBe("2025-10");
    expect(prev.to_month).toBe("2025-11");
    expect(prev.from_score).toBe(history.at(-2)?.score);
    expect(prev.to_score).toBe(s.score);
    expect(prev.delta).toBe(s.score! - history.at(-2)!.score!);
    // Nothing changed from October to November (every input still within its grace period): no part at all.
    expect(prev.parts).toEqual([]);
    expect(prev.delta).toBe(0);
    // A year before (2024-11) only U existed, at the same 6 % and age: the rest is evidence coming in.
    const year = s.change.year_before!;
    expect(year.from_month).toBe("2024-11");
    expect(year.from_score).toBe(history.find((h) => h.month === "2024-11")?.score);
    expect(year.parts.map((p) => `${p.key} ${p.kind}`)).toEqual(["V added", "C added", "M added", "S added"]);
    expect(year.parts.reduce((a, p) => a + p.contribution, 0)).toBeCloseTo(year.delta, 12);
  });

  it("data getting older shows as freshness parts", () => {
    const { snapshot: s } = computeCountry(input, "2026-02-10");
    const prev = s.change.previous_month!;
    // S's value moves too: the barometer and the EEI age at different rates, so their mix shifts.
    expect(prev.parts.map((p) => `${p.key} ${p.kind}`)).toEqual([
      "U freshness",
      "V freshness",
      "C freshness",
      "M freshness",
      "S value",
      "S freshness",
    ]);
    expect(prev.parts.find((p) => p.key === "V")?.from).toMatchObject({ period: "2025-Q3", age: 4 });
    expect(prev.parts.find((p) => p.key === "V")?.to).toMatchObject({ period: "2025-Q3", age: 5 });
    expect(prev.delta).not.toBe(0);
  });

  it("has no change without a score on either side", () => {
    const { snapshot: s } = computeCountry(makeInput(), "2025-11-30");
    expect(s.change).toEqual({ previous_month: null, three_months: null, year_before: null });
  });

  it("uses the parameters it is given", () => {
    const strict: ModelParams = { ...MODEL_V2_1, yoy: { threshold: 5, lagMonths: 12 } };
    const u = makeInput({ unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(8, 12), ...repeat(6, 12)]) });
    expect(computeCountry(u, "2025-12-15").snapshot.yoy.label).toBe("Up");
    expect(computeCountry(u, "2025-12-15", strict).snapshot.yoy.label).toBe("Same");
    expect(modelV2_1.computeCountry(u, "2025-12-15")).toEqual(computeCountry(u, "2025-12-15"));
  });
});

describe("history states and the attribution of every month", () => {
  const input = makeInput({
    unemploymentMonthly: monthly(
      "2023-01",
      [7, 6.9, 6.9, 6.8, 6.7, 6.7, 6.6, 6.5, 6.5, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6, 6, 5.9, 5.9, 5.8],
    ),
    vacancy: quarterlyEndingAt("2024-Q2", [2, 2.2, 2.1, 2.4, 2.5, 2.6]),
    expectations: monthly("2023-06", [98, 99, 100, 101, 102, 103, 102, 101, 100, 101, 102, 103]),
  });

  it("one state per history month, with the history's scores", () => {
    const { history } = computeCountry(input, "2024-12-15");
    const states = monthStates(input, "2024-12-15");
    expect(states.map((s) => s.month)).toEqual(history.map((h) => h.month));
    expect(states.map((s) => s.score)).toEqual(history.map((h) => h.score));
  });

  it("every month against the month before and a year before; the as-of month matches the snapshot", () => {
    const changes = explainCountryHistory(input, "2024-12-15");
    const { snapshot, history } = computeCountry(input, "2024-12-15");
    expect(changes).toHaveLength(history.length);
    expect(changes[0].previous_month).toBeNull();
    // The snapshot keeps the five state fields of each side; the history shares the month states' sub-scores.
    expect(withPlainStates(changes.at(-1)!.previous_month!)).toEqual(snapshot.change.previous_month);
    expect(withPlainStates(changes.at(-1)!.year_before!)).toEqual(snapshot.change.year_before);
    expect(Object.keys(snapshot.change.year_before!.parts[0].to!)).toEqual([
      "input",
      "period",
      "age",
      "freshness",
      "value",
    ]);
    expect(snapshot.change.year_before).not.toBeNull();
    for (const [i, c] of changes.entries()) {
      for (const [e, back] of [
        [c.previous_month, 1],
        [c.year_before, 12],
      ] as const) {
        if (e === null) continue;
        expect(e.from_score).toBe(history[i - back].score);
        expect(e.to_score).toBe(history[i].score);
        const sum = e.parts.reduce((a, p) => a + p.contribution, 0);
        expect(Math.abs(sum - e.delta)).toBeLessThanOrEqual(1e-9);
      }
    }
  });
});
