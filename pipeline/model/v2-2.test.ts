// Model v2.2 (docs/model.md §6, §10): v2.1's numbers, and one yearly change: score(as-of month) − score(as-of
// month − 12), each from the data available then, which is exactly the change the attribution explains.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RUNS, caseArb } from "./property-cases.ts";
import { CURRENT_MODEL, CURRENT_MODEL_ID, MODELS, TABLES, modelFunctions } from "./index.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";

const MODEL_V2_1 = TABLES["v2.1"];
const MODEL_V2_2 = TABLES["v2.2"];
const modelV2_2 = MODELS["v2.2"];
const { computeCountry } = modelFunctions("v2.2");
const { computeCountry: computeV21 } = modelFunctions("v2.1");

const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

/** Unemployment to July 2025 (falling), vacancies to Q2 2025; nothing after, so the anchor month is July. */
const input = makeInput({
  unemploymentMonthly: monthlyEndingAt("2025-07", [...repeat(9, 12), ...repeat(8, 6), 7.5, 7, 6.5, 6, 5.5, 5]),
  vacancy: quarterlyEndingAt("2025-Q2", [1.5, 1.6, 1.8, 2, 2.2, 2.4, 2.6, 2.8]),
});

describe("model v2.2", () => {
  it("is registered beside v2 and v2.1 (a later model is current), with v2.1's numbers", () => {
    expect(CURRENT_MODEL_ID).not.toBe("v2.2");
    expect(CURRENT_MODEL).not.toBe(modelV2_2);
    expect(MODELS["v2.2"]).toBe(modelV2_2);
    expect(modelV2_2.params).toBe(MODEL_V2_2);
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
      "sentimentSources",
      "ratingFrom",
    ] as const) {
      expect(MODEL_V2_2[key]).toEqual(MODEL_V2_1[key]);
    }
    expect(MODEL_V2_2.yoyFrom).toBe("as-of month");
    expect(MODEL_V2_1.yoyFrom).toBe("anchor month");
  });

  it("measures the yearly change from the as-of month, not from the newest data month", () => {
    const s = computeCountry(input, "2025-11-20").snapshot;
    expect(s.model).toBe("v2.2");
    expect(s.anchor_month).toBe("2025-07");
    expect(s.yoy.from_month).toBe("2024-11");
    const old = computeV21(input, "2025-11-20").snapshot;
    expect(old.yoy.from_month).toBe("2024-07");
    expect(s.yoy.delta).not.toBe(old.yoy.delta);
  });

  it("gives the yearly change the attribution explains, to the last bit, and the monthly one likewise", () => {
    for (const asOf of ["2025-08-01", "2025-11-20", "2026-03-31", "2026-09-15"]) {
      const { snapshot: s, history } = computeCountry(input, asOf);
      const at = (i: number) => history.at(i)!.score!;
      const year = s.change.year_before!;
      expect(year.from_month).toBe(s.yoy.from_month);
      expect(year.to_month).toBe(asOf.slice(0, 7));
      expect(s.yoy.delta).toBe(year.delta);
      expect(year.delta).toBe(at(-1) - at(-13));
      expect(Math.abs(year.parts.reduce((a, p) => a + p.contribution, 0) - year.delta)).toBeLessThan(1e-9);
      const month = s.change.previous_month!;
      expect(month.delta).toBe(at(-1) - at(-2));
      expect(Math.abs(month.parts.reduce((a, p) => a + p.contribution, 0) - month.delta)).toBeLessThan(1e-9);
      expect(s.yoy.label).toBe(s.yoy.delta! > 0.5 ? "Up" : s.yoy.delta! < -0.5 ? "Down" : "Same");
    }
  });

  it("has no yearly change when the month a year before has no score", () => {
    const s = computeCountry(input, "2024-03-15").snapshot;
    expect(s.score).not.toBeNull();
    expect(s.yoy).toEqual({ delta: null, label: null, from_month: "2023-03" });
    expect(s.change.year_before).toBeNull();
  });

  it("on generated countries: yoy is exactly the explained yearly change, and each change is the sum of its parts", () => {
    let both = 0;
    fc.assert(
      fc.property(caseArb(), (c) => {
        const { snapshot: s, history } = computeCountry(c.input, c.asOf);
        const year = s.change.year_before;
        expect(s.yoy.delta).toBe(year?.delta ?? null);
        expect(s.yoy.from_month === null || s.yoy.from_month === year?.from_month || year === null).toBe(true);
        for (const [e, back] of [
          [year, 12],
          [s.change.previous_month, 1],
        ] as const) {
          if (e === null) continue;
          expect(e.to_month).toBe(c.asOf.slice(0, 7));
          expect(e.delta).toBe(history.at(-1)!.score! - history.at(-1 - back)!.score!);
          expect(Math.abs(e.parts.reduce((a, p) => a + p.contribution, 0) - e.delta)).toBeLessThan(1e-9);
        }
        if (year !== null && s.change.previous_month !== null) both++;
      }),
      RUNS,
    );
    expect(both).toBeGreaterThan(RUNS.numRuns / 10);
  });
});
