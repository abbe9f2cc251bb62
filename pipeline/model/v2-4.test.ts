// Model v2.4 (docs/model.md §4, §6, §10): v2.3's numbers and lags; a score from sentiment alone measures its cover
// against both blocks, and the general signal reads the three months to the country's data month. Every month of the
// history carries its basis, the market and evidence parts of its change and the inputs that started or stopped
// counting in it.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { RUNS, caseArb } from "./property-cases.ts";
import { MODELS, TABLES, modelFunctions } from "./index.ts";
import { explainChange } from "./explain.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";

const MODEL_V2_3 = TABLES["v2.3"];
const MODEL_V2_4 = TABLES["v2.4"];
const { computeCountry, monthStates } = modelFunctions("v2.4");
const { computeCountry: computeV23 } = modelFunctions("v2.3");

const repeat = (value: number, n: number) => Array.from({ length: n }, () => value);

/** Sentiment alone for two years, then (from 2024-01) unemployment joins; the EEI ends in 2025-02. */
const sentimentFirst = makeInput({
  expectations: monthlyEndingAt("2025-02", repeat(110, 38)),
  unemploymentMonthly: monthlyEndingAt("2025-07", repeat(5, 19)),
  vacancy: quarterlyEndingAt("2025-Q1", [2, 2.2]),
});

describe("model v2.4", () => {
  // Which model is current is CURRENT_MODEL_ID's alone (pipeline/model/current.ts): no test names it, so that a new
  // model changes no test of the ones before it.
  it("is registered beside v2.3, with v2.3's numbers and lags and its two switches", () => {
    expect(MODELS["v2.4"]!.id).toBe("v2.4");
    const { id: _a, introducedIn: _b, sentimentOnlyCover, signalWindowEnds, ...numbers } = MODEL_V2_4;
    const { id: _c, introducedIn: _d, ...before } = MODEL_V2_3;
    expect(numbers).toEqual(before);
    expect(sentimentOnlyCover).toBe("both blocks");
    expect(signalWindowEnds).toBe("data month");
    expect(MODEL_V2_3.sentimentOnlyCover).toBeUndefined();
    expect(MODEL_V2_3.signalWindowEnds).toBeUndefined();
  });

  it("pulls a score from sentiment alone at least halfway to neutral: never sunny or stormy from one survey", () => {
    const top = makeInput({ expectations: monthlyEndingAt("2025-10", [110]) });
    const bottom = makeInput({ expectations: monthlyEndingAt("2025-10", [85]) });
    // S = 100 (or 0), fully fresh: v2.3's cover is 1 (the sentiment block alone), v2.4's 0.5 (both blocks).
    expect(computeV23(top, "2025-10-31").snapshot.score).toBe(10);
    const s = computeCountry(top, "2025-10-31").snapshot;
    expect(s.cover).toBe(0.5);
    expect(s.score).toBeCloseTo(1 + (9 * (50 + 50 * 0.75)) / 100, 12);
    expect(s.status).toBe("bright");
    expect(s.basis).toBe("sentiment-only");
    expect(computeV23(bottom, "2025-10-31").snapshot.score).toBe(1);
    expect(computeCountry(bottom, "2025-10-31").snapshot.score).toBeCloseTo(2.125, 12);
    expect(computeCountry(bottom, "2025-10-31").snapshot.status).toBe("rainy");
  });

  it("scores every month with an official input exactly as v2.3 did; sentiment-only months move toward the middle", () => {
    const v23 = computeV23(sentimentFirst, "2025-11-30").history;
    const v24 = computeCountry(sentimentFirst, "2025-11-30").history;
    expect(v24.map((h) => h.month)).toEqual(v23.map((h) => h.month));
    let pulled = 0;
    v24.forEach((h, i) => {
      const was = v23[i]!;
      if (h.basis === "sentiment-only") {
        pulled++;
        expect(Math.abs(h.score! - 5.5)).toBeLessThan(Math.abs(was.score! - 5.5));
        expect(h.score!).toBeLessThanOrEqual(8.875 + 1e-12);
      } else {
        expect(h.score).toBe(was.score);
      }
    });
    expect(pulled).toBeGreaterThan(12);
  });

  it("on generated countries: equals v2.3 wherever an official sub-score counts, and stays within 2.125–8.875 otherwise", () => {
    fc.assert(
      fc.property(caseArb(), (c) => {
        const a = computeV23(c.input, c.asOf).snapshot;
        const b = computeCountry(c.input, c.asOf).snapshot;
        if (b.score === null) {
          expect(a.score).toBeNull();
        } else if (b.basis === "sentiment-only") {
          expect(b.score).toBeGreaterThanOrEqual(2.125 - 1e-12);
          expect(b.score).toBeLessThanOrEqual(8.875 + 1e-12);
        } else {
          expect(b.score).toBe(a.score);
        }
      }),
      RUNS,
    );
  });

  it("explains a month that goes from sentiment alone to blended to the published scores", () => {
    const states = monthStates(sentimentFirst, "2025-11-30");
    const i = states.findIndex((s) => s.sub_scores.U !== null);
    const e = explainChange(
      states[i - 1]!.sub_scores,
      states[i]!.sub_scores,
      { from_month: states[i - 1]!.month, to_month: states[i]!.month },
      MODEL_V2_4,
    )!;
    expect(e.from_score).toBe(states[i - 1]!.score);
    expect(e.to_score).toBe(states[i]!.score);
    expect(Math.abs(e.market + e.evidence - e.delta)).toBeLessThan(1e-12);
  });

  it("reads the general signal over the three months to the data month, not the calendar", () => {
    // As of November 2025: unemployment to July (lag 1: counts from August), vacancies to Q1 (lag 3: from June), the
    // EEI of February 2025 (lag 0: February) — the data month is August 2025.
    const s = computeCountry(sentimentFirst, "2025-11-30").snapshot;
    expect(s.change?.three_months?.to_month).toBe("2025-08");
    expect(s.change?.three_months?.from_month).toBe("2025-05");
    // v2.3 read the last three calendar months, in which no new figure arrived.
    const old = computeV23(sentimentFirst, "2025-11-30").snapshot;
    expect(old.change?.three_months?.to_month).toBe("2025-11");
    expect(old.change?.three_months?.from_month).toBe("2025-08");
    // The yearly and monthly changes still end at the as-of month.
    expect(s.change?.previous_month?.to_month).toBe("2025-11");
    expect(s.change?.year_before?.to_month).toBe("2025-11");
  });

  it("counts a sentiment source in the data month only while it is within its cut-off", () => {
    // A fresh EEI (lag 0) in the as-of month makes the data month the as-of month itself.
    const fresh = makeInput({
      expectations: monthlyEndingAt("2025-11", repeat(104, 30)),
      unemploymentMonthly: monthlyEndingAt("2025-09", repeat(6, 30)),
    });
    expect(computeCountry(fresh, "2025-11-30").snapshot.change?.three_months?.to_month).toBe("2025-11");
    // An EEI past its 12-month cut-off is not in the score, so it does not name the data month.
    const stale = makeInput({
      expectations: monthlyEndingAt("2024-06", repeat(104, 30)),
      unemploymentMonthly: monthlyEndingAt("2025-09", repeat(6, 30)),
    });
    expect(computeCountry(stale, "2025-11-30").snapshot.change?.three_months?.to_month).toBe("2025-10");
  });

  it("has no signal when three months before the data month precede the history, or without a score", () => {
    const young = makeInput({ unemploymentMonthly: monthlyEndingAt("2025-09", [6, 6.1]) });
    // History from 2025-09 (August counts in September); the data month is October: 2025-07 precedes it.
    const s = computeCountry(young, "2025-12-15").snapshot;
    expect(s.score).not.toBeNull();
    expect(s.change?.three_months).toBeNull();
    const none = computeCountry(makeInput({ expectations: monthlyEndingAt("2020-01", [100]) }), "2025-12-15").snapshot;
    expect(none.score).toBeNull();
    expect(none.change?.three_months).toBeNull();
  });

  it("gives every month of the history its basis and market and evidence parts, which add up to its change", () => {
    const { history } = computeCountry(sentimentFirst, "2026-03-31");
    expect(history[0]!.market).toBeNull();
    expect(history[0]!.evidence).toBeNull();
    for (let i = 1; i < history.length; i++) {
      const h = history[i]!;
      const before = history[i - 1]!;
      if (h.score === null || before.score === null) {
        expect(h.market).toBeNull();
        continue;
      }
      expect(Math.abs(h.market! + h.evidence! - (h.score - before.score))).toBeLessThan(1e-9);
    }
    expect(new Set(history.map((h) => h.basis))).toEqual(new Set(["sentiment-only", "blended", "historical-only"]));
  });

  it("marks the months in which an input starts or stops counting, with the figure's period", () => {
    const { history } = computeCountry(sentimentFirst, "2025-11-30");
    const events = history.flatMap((h) => (h.events ?? []).map((e) => ({ month: h.month, ...e })));
    expect(events).toEqual([
      // The first unemployment figure (2024-01) counts from February 2024 (lag 1).
      { month: "2024-02", input: "unemployment", change: "starts", period: "2024-01" },
      // Q4 2024 ends in December: counts from March 2025 (lag 3).
      { month: "2025-03", input: "vacancy", change: "starts", period: "2024-Q4" },
      // The EEI of February 2025 is 12 months old in February 2026: it still counts as of November 2025.
    ]);
    const later = computeCountry(sentimentFirst, "2026-03-31").history;
    expect(later.find((h) => h.month === "2026-03")!.events).toEqual([
      { input: "expectations", change: "stops", period: "2025-02" },
    ]);
    // The first month has no events (nothing counted before it), and months without one carry none.
    expect(later[0]!.events).toBeUndefined();
    expect(later.filter((h) => h.events).length).toBe(3);
  });

  it("v2 keeps its history shape (month, score, status)", () => {
    const { history } = modelFunctions("v2").computeCountry(sentimentFirst, "2025-11-30");
    expect(Object.keys(history.at(-1)!)).toEqual(["month", "score", "status"]);
  });
});
