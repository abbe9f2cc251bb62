import { describe, expect, it } from "vitest";
import { describeChange, monthName, partPhrase, roundExplanation, signedTenths } from "./explain-text.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";
import type { ChangePart, Explanation, SubScoreKey, SubScoreState } from "./types.ts";
import { computeCountry } from "./v2-1.ts";

const st = (input: number, period: string, age: number, value = 50, freshness = 1): SubScoreState => ({ input, period, age, freshness, value });

function explanation(parts: Array<[SubScoreKey, ChangePart["kind"], SubScoreState | null, SubScoreState | null, number]>): Explanation {
  const delta = parts.reduce((s, p) => s + p[4], 0);
  return {
    from_month: "2026-10",
    to_month: "2026-11",
    from_score: 6,
    to_score: 6 + delta,
    delta,
    parts: parts.map(([key, kind, from, to, contribution]) => ({ key, kind, from, to, contribution })),
  };
}

describe("display rounding (largest remainder)", () => {
  it("gives the missing tenth to the largest remainder, so the shown parts add up to the shown change", () => {
    const e = explanation([
      ["U", "value", st(6.1, "2026-09", 1), st(5.9, "2026-10", 1), 0.34],
      ["V", "freshness", st(2.4, "2026-Q2", 2), st(2.4, "2026-Q2", 5), -0.12],
    ]);
    const shown = roundExplanation(e);
    expect(shown.delta_tenths).toBe(2); // 0.22
    expect(shown.parts.map((p) => p.shown_tenths)).toEqual([3, -1]);
    expect(shown.parts.map((p) => p.shown)).toEqual([0.3, -0.1]);
  });

  it("an exact tenth stays put (0.3 is not 0.2999…)", () => {
    const e = explanation([
      ["U", "value", st(6, "2026-09", 1), st(5.8, "2026-10", 1), 0.1 + 0.2],
      ["S", "value", st(100, "2026-09", 1), st(101, "2026-10", 1), 0.1],
    ]);
    expect(roundExplanation(e).parts.map((p) => p.shown_tenths)).toEqual([3, 1]);
  });
});

describe("describeChange: the exact words", () => {
  it("up: a value change and data getting older, with proper minus signs", () => {
    const e = explanation([
      ["U", "value", st(6.1, "2026-09", 1), st(5.9, "2026-10", 1), 0.34],
      ["V", "freshness", st(2.4, "2026-Q2", 2), st(2.4, "2026-Q2", 5), -0.12],
    ]);
    expect(describeChange(e)).toBe("Up 0.2 since October 2026: unemployment fell 0.2 points (+0.3); vacancy data one quarter older (\u22120.1).");
  });

  it("down: evidence going, and U's and M's ageing merged into one phrase", () => {
    const e = explanation([
      ["U", "freshness", st(6, "2026-06", 4), st(6, "2026-06", 5), -0.06],
      ["M", "freshness", st(-0.2, "2026-06", 4), st(-0.2, "2026-06", 5), -0.02],
      ["S", "removed", st(103, "2025-10", 12), null, -0.45],
    ]);
    expect(roundExplanation(e).parts.map((p) => p.shown_tenths)).toEqual([-1, 0, -4]);
    expect(describeChange(e)).toBe("Down 0.5 since October 2026: sentiment data no longer counts (\u22120.4); unemployment data one month older (\u22120.1).");
  });

  it("no change at all, and no change overall with parts that cancel", () => {
    expect(describeChange(explanation([]))).toBe("No change since October 2026.");
    const e = explanation([
      ["U", "value", st(6.2, "2026-09", 1), st(6.1, "2026-10", 1), 0.12],
      ["V", "value", st(2.4, "2026-Q2", 2), st(2.1, "2026-Q3", 2), -0.12],
    ]);
    expect(describeChange(e)).toBe("No change since October 2026: unemployment fell 0.1 points (+0.1); the vacancy rate fell 0.3 points (\u22120.1).");
  });

  it("each kind of part in words", () => {
    const part = (key: SubScoreKey, kind: ChangePart["kind"], from: SubScoreState | null, to: SubScoreState | null): ChangePart => ({ key, kind, from, to, contribution: 0 });
    expect(partPhrase(part("M", "value", st(0.1, "2026-09", 1), st(-0.3, "2026-10", 1)))).toBe("the yearly change in unemployment went from +0.1 to \u22120.3 points");
    expect(partPhrase(part("C", "value", st(3.14, "2026-Q2", 4), st(2.8, "2026-Q3", 1)))).toBe("job seekers per vacancy fell from 3.1 to 2.8");
    expect(partPhrase(part("C", "value", st(3.12, "2026-Q2", 4), st(3.14, "2026-Q3", 1)))).toBe("job seekers per vacancy rose from 3.12 to 3.14");
    expect(partPhrase(part("S", "value", st(101.23, "2026-09", 1), st(99.5, "2026-10", 1)))).toBe("sentiment fell from 101.2 to 99.5");
    expect(partPhrase(part("U", "value", st(6.02, "2026-09", 1), st(6.06, "2026-10", 1)))).toBe("unemployment rose 0.04 points");
    expect(partPhrase(part("U", "value", st(6.001, "2026-09", 1), st(6.003, "2026-10", 1)))).toBe("unemployment rose slightly");
    expect(partPhrase(part("V", "freshness", st(2, "2026-Q2", 2), st(2, "2026-Q2", 3)))).toBe("vacancy data one month older");
    expect(partPhrase(part("V", "freshness", st(2, "2026-Q1", 5), st(2, "2026-Q2", 2)))).toBe("vacancy data one quarter newer");
    expect(partPhrase(part("S", "freshness", st(100, "2026-01", 3), st(100, "2026-01", 10)))).toBe("sentiment data seven months older");
    expect(partPhrase(part("U", "freshness", st(6, "2025-01", 2), st(6, "2025-01", 14)))).toBe("unemployment data 12 months older");
    expect(partPhrase(part("V", "added", null, st(2, "2026-Q2", 2)))).toBe("vacancy data now counts");
    expect(partPhrase(part("M", "added", null, st(-0.1, "2026-09", 2)))).toBe("the yearly change in unemployment now counts");
    expect(partPhrase(part("C", "removed", st(2, "2024-Q2", 24), null))).toBe("competition data no longer counts");
    expect(signedTenths(-3)).toBe("\u22120.3");
    expect(signedTenths(12)).toBe("+1.2");
    expect(monthName("2025-11")).toBe("November 2025");
  });

  it("a model-made explanation, end to end", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt("2026-10", [6.5, 6.4, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6.0, 6.0, 5.9, 6.1, 5.9]),
      vacancy: quarterlyEndingAt("2026-Q2", [2.0, 2.2, 2.1, 2.3, 2.4]),
      expectations: monthlyEndingAt("2026-09", [99, 100, 101, 102, 103, 102, 101, 100, 99, 100, 101, 102, 104]),
    });
    const { snapshot: s } = computeCountry(input, "2026-11-22");
    expect(describeChange(s.change.year_before!)).toBe(
      "Up 1.0 since November 2025: sentiment rose from 101.0 to 104.0 (+0.7); unemployment fell 0.5 points (+0.1); " +
        "job seekers per vacancy fell from 2.9 to 2.5 (+0.1); the yearly change in unemployment now counts (+0.1).",
    );
    expect(describeChange(s.change.previous_month!)).toBe("No change since October 2026.");
  });
});
