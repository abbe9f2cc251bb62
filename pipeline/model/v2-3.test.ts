// Model v2.3 (docs/model.md §1, §6, §10): v2.2's numbers, and publication lags: an observation of period P counts
// as of month A only when end_month(P) + lag(its series) <= A, for the snapshot and every month of the history.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RUNS, caseArb } from "./property-cases.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, MODELS, TABLES, modelFunctions, publicationLagOf } from "./index.ts";
import { makeInput, monthlyEndingAt, pt, quarterlyEndingAt } from "./test-helpers.ts";
import { SUB_SCORE_KEYS } from "./tables.ts";

const MODEL_V2_2 = TABLES["v2.2"];
const MODEL_V2_3 = TABLES["v2.3"];
const modelV2_3 = MODELS["v2.3"];
const { computeCountry: computeV22 } = modelFunctions("v2.2");
const { computeCountry } = modelFunctions("v2.3");

const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

/** Monthly unemployment to November 2025 whose last month jumps, so that reading it or not shows in U. */
const input = makeInput({
  unemploymentMonthly: monthlyEndingAt("2025-11", [...repeat(6, 23), 9]),
  unemploymentQuarterly: quarterlyEndingAt("2025-Q3", repeat(6.1, 8)),
  vacancy: quarterlyEndingAt("2025-Q3", [2, 2.1, 2.2, 2.3, 2.4, 2.5, 2.6, 2.7]),
  expectations: monthlyEndingAt("2025-11", repeat(101, 24)),
  gdp: quarterlyEndingAt("2025-Q3", [0.3, 0.4]),
  inflation: monthlyEndingAt("2025-11", [2.1, 2.2, 2.3]),
});

describe("model v2.3", () => {
  it("is registered beside v2.2 (a later model is current), with v2.2's numbers and switches", () => {
    expect(CURRENT_MODEL_ID).not.toBe("v2.3");
    expect(CURRENT_MODEL).not.toBe(modelV2_3);
    expect(MODELS["v2.3"]).toBe(modelV2_3);
    const { id: _a, introducedIn: _b, publicationLag, ...numbers } = MODEL_V2_3;
    const { id: _c, introducedIn: _d, ...before } = MODEL_V2_2;
    expect(numbers).toEqual(before);
    expect(MODEL_V2_2.publicationLag).toBeUndefined();
    expect(publicationLag).toBeDefined();
  });

  it("has the publication lags of the contract, in whole months", () => {
    expect(MODEL_V2_3.publicationLag).toEqual({
      unemploymentMonthly: 1,
      unemploymentQuarterly: 2,
      vacancy: 3,
      lmb: 0,
      expectations: 0,
      gdp: 2,
      inflation: 1,
      youthUnemployment: 1,
      sectorVacancy: 3,
    });
    expect(publicationLagOf("vacancy", MODEL_V2_2)).toBe(0);
    expect(publicationLagOf("vacancy")).toBe(3);
  });

  it("scores November 2025 with October's unemployment, not November's (the history too)", () => {
    const { snapshot: s, history } = computeCountry(input, "2025-11-30");
    expect(s.unemployment?.period).toBe("2025-10");
    expect(s.sub_scores.U?.input).toBe(6);
    // Its age is still the as-of month minus its end month: a monthly figure is at least 1 month old.
    expect(s.sub_scores.U?.age).toBe(1);
    // Vacancies of Q3 2025 (end month September) count from December: November reads Q2.
    expect(s.vacancy?.period).toBe("2025-Q2");
    expect(s.sub_scores.V?.age).toBe(5);
    // The EEI has no lag: November's value counts in November.
    expect(s.eei?.period).toBe("2025-11");
    // GDP of Q3 (end September, lag 2) counts from November; as of October it was Q2.
    expect(s.gdp?.period).toBe("2025-Q3");
    expect(computeCountry(input, "2025-10-31").snapshot.gdp?.period).toBe("2025-Q2");
    expect(s.inflation?.period).toBe("2025-10");
    expect(s.anchor_month).toBe("2025-11");
    // The history's November is the snapshot's score; December (a later as-of) reads November's jump.
    const later = computeCountry(input, "2025-12-15");
    expect(later.history.find((h) => h.month === "2025-11")!.score).toBe(s.score);
    expect(history.at(-1)!.score).toBe(s.score);
    expect(later.snapshot.unemployment?.period).toBe("2025-11");
    expect(later.snapshot.sub_scores.U?.input).toBe(9);
    expect(later.snapshot.vacancy?.period).toBe("2025-Q3");
    // v2.2 read the same month's unemployment.
    expect(computeV22(input, "2025-11-30").snapshot.unemployment?.period).toBe("2025-11");
  });

  it("compares like with like in the yearly change: each month of the history reads what had been published by then", () => {
    const { history } = computeCountry(input, "2025-11-30");
    for (const h of history) {
      if (h.score === null) continue;
      const at = computeCountry(input, `${h.month}-01`);
      expect(at.snapshot.score).toBe(h.score);
    }
  });

  it("starts the history at the first month in which an input counts", () => {
    const only = makeInput({ vacancy: quarterlyEndingAt("2025-Q1", [2]) });
    const { history, snapshot } = computeCountry(only, "2025-08-01");
    expect(history[0]!.month).toBe("2025-06");
    expect(history.map((h) => h.score !== null)).toEqual([true, true, true]);
    expect(computeCountry(only, "2025-05-31").snapshot.score).toBeNull();
    expect(snapshot.vacancy?.period).toBe("2025-Q1");
  });

  it("chooses between the monthly and the quarterly unemployment series among the observations that count", () => {
    const both = makeInput({
      unemploymentMonthly: [pt("2025-08", 5)],
      unemploymentQuarterly: quarterlyEndingAt("2025-Q3", [6]),
    });
    // As of October: the monthly August counts (lag 1), Q3 (end September, lag 2) not yet.
    expect(computeCountry(both, "2025-10-10").snapshot.unemployment_series).toBe("monthly");
    // As of November: Q3 counts and ends after August.
    expect(computeCountry(both, "2025-11-10").snapshot.unemployment_series).toBe("quarterly");
  });

  it("on generated countries: keeps bounds, and equals v2.2 on inputs moved later by their lags", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const { snapshot: s } = computeCountry(c.input, c.asOf);
        if (s.score !== null) {
          expect(s.score).toBeGreaterThanOrEqual(1);
          expect(s.score).toBeLessThanOrEqual(10);
        }
        for (const key of SUB_SCORE_KEYS) {
          const sub = s.sub_scores[key];
          if (sub === null) continue;
          expect(sub.value).toBeGreaterThanOrEqual(0);
          expect(sub.value).toBeLessThanOrEqual(100);
          const lag =
            key === "S"
              ? 0
              : key === "V"
                ? 3
                : s.unemployment_series === "quarterly" && key !== "C"
                  ? 2
                  : key === "C"
                    ? 1
                    : 1;
          expect(sub.age).toBeGreaterThanOrEqual(lag);
        }
      }),
      RUNS,
    );
  });
});
