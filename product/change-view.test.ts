import { describe, expect, it } from "vitest";
import { describeChange } from "../pipeline/model/explain-text.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "../pipeline/model/test-helpers.ts";
import type { Explanation, SubScoreState } from "../pipeline/model/types.ts";
import { modelFunctions } from "../pipeline/model/index.ts";
import { withheld } from "./publication.ts";
import { changeView, changeViews, monthsBefore, partDetail, periodName } from "./change-view.ts";

const { computeCountry } = modelFunctions("v2.1");

const st = (input: number, period: string, age: number, value = 50, freshness = 1): SubScoreState => ({
  input,
  period,
  age,
  freshness,
  value,
});

function snapshot() {
  const input = makeInput({
    unemploymentMonthly: monthlyEndingAt("2026-10", [6.5, 6.4, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6.0, 6.0, 5.9, 6.1, 5.9]),
    vacancy: quarterlyEndingAt("2026-Q2", [2.0, 2.2, 2.1, 2.3, 2.4]),
    expectations: monthlyEndingAt("2026-09", [99, 100, 101, 102, 103, 102, 101, 100, 99, 100, 101, 102, 104]),
  });
  return computeCountry(input, "2026-11-22").snapshot;
}

describe("changeView", () => {
  it("carries the model's sentence and lines whose shown parts add up to the shown change", () => {
    const s = snapshot();
    const v = changeView(s.change.year_before)!;
    expect(v.text).toBe(describeChange(s.change.year_before!));
    expect(v).toMatchObject({
      from_month: "2025-11",
      to_month: "2026-11",
      since: "November 2025",
      head: "Up 1.0",
      delta: 1,
    });
    expect(v.parts.map((p) => p.words)).toEqual([
      "sentiment rose from 101.0 to 104.0: a brighter hiring outlook, so the score rises",
      "unemployment fell 0.5 points: fewer people out of work, so the score rises",
      "job seekers per vacancy fell from 2.9 to 2.5: less competition for each opening, so the score rises",
      "the yearly change in unemployment now counts, and it pulls the score up",
    ]);
    expect(v.parts.map((p) => p.shown_text)).toEqual(["+0.7", "+0.1", "+0.1", "+0.1"]);
    const tenths = v.parts.reduce((sum, p) => sum + Math.round(p.shown * 10), 0);
    expect(tenths).toBe(Math.round(v.delta * 10));
    // Each line ends the sentence's clause in the same words and number.
    for (const p of v.parts) expect(v.text).toContain(`${p.words} (${p.shown_text})`);
    expect(v.parts[1]!.detail).toBe("6.4% (November 2025) → 5.9% (October 2026)");
    expect(v.parts[3]!.inputs).toEqual([{ key: "M", kind: "added" }]);
  });

  it("no change: the head alone, no lines", () => {
    const v = changeView(snapshot().change.previous_month)!;
    expect(v).toMatchObject({ head: "No change", delta: 0, parts: [], text: "No change since October 2026." });
  });

  it("merges U's and M's data getting older into one line, as the sentence does", () => {
    const e: Explanation = {
      from_month: "2026-10",
      to_month: "2026-11",
      from_score: 6,
      to_score: 5.9,
      delta: -0.1,
      market: 0,
      evidence: -0.1,
      parts: [
        {
          key: "U",
          kind: "freshness",
          from: st(6, "2026-09", 1, 50, 1),
          to: st(6, "2026-09", 2, 50, 0.9),
          contribution: -0.06,
        },
        {
          key: "M",
          kind: "freshness",
          from: st(0.1, "2026-09", 1, 50, 1),
          to: st(0.1, "2026-09", 2, 50, 0.9),
          contribution: -0.04,
        },
      ],
    };
    const v = changeView(e, { since: "20 November 2026" })!;
    expect(v.text).toBe(
      "\u22120.1 since 20 November 2026, which the index counts as no change, mostly because unemployment figures aged and count less (on the same inputs the market moved 0.0): " +
        "unemployment figures (September 2026) aged from 1 to 2 months, so they count less and the score moves toward the middle (\u22120.1).",
    );
    expect(v.parts).toHaveLength(1);
    expect(v.parts[0]).toMatchObject({
      shown: -0.1,
      shown_text: "\u22120.1",
      detail: "September 2026 figures, 1 → 2 months old",
    });
    expect(v.parts[0]!.inputs).toEqual([
      { key: "U", kind: "freshness" },
      { key: "M", kind: "freshness" },
    ]);
  });

  it("is null without an explanation", () => {
    expect(changeView(null)).toBeNull();
    expect(changeView(undefined)).toBeNull();
  });
});

describe("changeViews", () => {
  it("both changes of a scored snapshot; nothing for a withheld one", () => {
    const s = snapshot();
    const v = changeViews(s)!;
    expect(v.previous_month!.text).toBe(describeChange(s.change.previous_month!));
    expect(v.year_before!.text).toBe(describeChange(s.change.year_before!));
    expect(changeViews(withheld(s))).toBeNull();
    expect(changeViews(null)).toBeNull();
  });
});

describe("words and figures", () => {
  it("part details in each input's unit, with enough decimals to show a difference", () => {
    expect(partDetail({ key: "V", kind: "value", from: st(2.31, "2026-Q2", 5), to: st(2.34, "2026-Q3", 2) })).toBe(
      "2.31% (Q2 2026) → 2.34% (Q3 2026)",
    );
    expect(partDetail({ key: "M", kind: "value", from: st(-0.3, "2026-09", 1), to: st(0.4, "2026-09", 2) })).toBe(
      "\u22120.3 points → +0.4 points (September 2026)",
    );
    expect(partDetail({ key: "S", kind: "removed", from: st(101.24, "2025-05", 6), to: null })).toBe(
      "was 101.2 (May 2025, 6 months old)",
    );
    expect(partDetail({ key: "C", kind: "added", from: null, to: st(2.5, "2026-Q3", 1) })).toBe(
      "2.5 (Q3 2026, 1 month old)",
    );
    expect(partDetail({ key: "V", kind: "freshness", from: st(2, "2026-Q2", 2), to: st(2.1, "2026-Q3", 5) })).toBe(
      "Q2 2026 (2 months old) → Q3 2026 (5 months old)",
    );
  });

  it("months and periods", () => {
    expect(periodName("2026-Q3")).toBe("Q3 2026");
    expect(periodName("2026-01")).toBe("January 2026");
    expect(monthsBefore("2026-01", 1)).toBe("2025-12");
    expect(monthsBefore("2026-11", 12)).toBe("2025-11");
  });
});
