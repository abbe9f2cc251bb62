import { describe, expect, it } from "vitest";
import fc from "fast-check";
import {
  describeChange,
  monthName,
  partPhrase,
  periodEnd,
  periodName,
  roundExplanation,
  signedTenths,
} from "./explain-text.ts";
import { splitParts } from "./explain.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "./test-helpers.ts";
import type { ChangePart, Explanation, SubScoreKey, SubScoreState } from "./types.ts";
import { modelFunctions } from "./index.ts";

const { computeCountry } = modelFunctions("v2.1");

const st = (input: number, period: string, age: number, value = 50, freshness = 1): SubScoreState => ({
  input,
  period,
  age,
  freshness,
  value,
});

function explanation(
  parts: Array<[SubScoreKey, ChangePart["kind"], SubScoreState | null, SubScoreState | null, number]>,
): Explanation {
  const delta = parts.reduce((s, p) => s + p[4], 0);
  return {
    from_month: "2026-10",
    to_month: "2026-11",
    from_score: 6,
    to_score: 6 + delta,
    delta,
    ...splitParts(parts.map(([, kind, , , contribution]) => ({ kind, contribution }))),
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

describe("one story per change (model v2.4 pages)", () => {
  it("the market number is the market part rounded, and the value lines add up to it (Germany, +0.003)", () => {
    // Germany's year to December 2026 on the bundled data: a market part of +0.0026, the old employment expectations
    // (89.1) stopping +3.15. Rounded as one group the market lines took +0.1 and the head said "moved +0.1".
    const u = [st(3.9, "2025-11", 1, 81), st(4, "2026-07", 5, 80, 0.7937)] as const;
    const v = [st(2.6, "2025-Q3", 3, 60), st(2.5, "2026-Q2", 6, 57.5, 0.7071)] as const;
    const c = [st(1.5, "2025-Q3", 3, 75), st(1.6, "2026-Q2", 6, 73, 0.7071)] as const;
    const m = [st(0.5, "2025-11", 1, 25), st(0.2, "2026-07", 5, 40, 0.7937)] as const;
    const e = {
      ...explanation([
        ["U", "value", ...u, -0.02564265065529317],
        ["U", "freshness", ...u, -0.15697116179794732],
        ["V", "value", ...v, -0.03781166454642203],
        ["V", "freshness", ...v, -0.024275678359096622],
        ["C", "value", ...c, -0.030249331637137517],
        ["C", "freshness", ...c, -0.10476220228602356],
        ["M", "value", ...m, 0.09627837507236589],
        ["M", "freshness", ...m, 0.03089063996218063],
        ["S", "removed", st(89.1, "2025-11", 1, 0), null, 3.145689349329992],
      ]),
      from_month: "2025-12",
      to_month: "2026-12",
      from_score: 4.08925,
      to_score: 6.982395675082618,
      delta: 6.982395675082618 - 4.08925,
    };
    const shown = roundExplanation(e);
    expect(shown.delta_tenths).toBe(29);
    expect(shown.market_tenths).toBe(0);
    expect(shown.parts.filter((p) => p.kind === "value").reduce((a, p) => a + p.shown_tenths, 0)).toBe(0);
    expect(shown.parts.reduce((a, p) => a + p.shown_tenths, 0)).toBe(29);
    expect(describeChange(e)).toMatch(
      /^Up 2\.9 since December 2025, from cloudy to bright, mostly because sentiment figures stopped counting \(on the same inputs the market moved 0\.0\): /,
    );
  });

  it("within the badge's ±0.5 the head gives the number and never calls it up or down (the Netherlands, −0.5)", () => {
    const e = explanation([["U", "value", st(3.8, "2026-09", 1, 82), st(4.2, "2026-10", 1, 78), -0.5]]);
    expect(describeChange(e)).toMatch(/^\u22120\.5 since October 2026, which the index counts as no change: /);
    const up = explanation([["U", "value", st(4.2, "2026-09", 1, 78), st(3.6, "2026-10", 1, 84), 0.6]]);
    expect(describeChange(up)).toMatch(/^Up 0\.6 since October 2026: /);
  });
});

describe("describeChange: the exact words", () => {
  it("up: a value change and data getting older, with proper minus signs", () => {
    const e = explanation([
      ["U", "value", st(6.1, "2026-09", 1), st(5.9, "2026-10", 1), 0.34],
      ["V", "freshness", st(2.4, "2026-Q2", 2, 50, 1), st(2.4, "2026-Q2", 5, 50, 0.8), -0.12],
    ]);
    expect(describeChange(e)).toBe(
      "+0.2 since October 2026, which the index counts as no change: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3); " +
        "vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less and the score leans more on the other inputs and falls (\u22120.1).",
    );
  });

  it("down: evidence going, and U's and M's ageing merged into one phrase", () => {
    const e = explanation([
      ["U", "freshness", st(6, "2026-06", 4, 50, 1), st(6, "2026-06", 5, 50, 0.9), -0.06],
      ["M", "freshness", st(-0.2, "2026-06", 4, 50, 1), st(-0.2, "2026-06", 5, 50, 0.9), -0.02],
      ["S", "removed", st(103, "2025-10", 12), null, -0.45],
    ]);
    expect(roundExplanation(e).parts.map((p) => p.shown_tenths)).toEqual([-1, 0, -4]);
    expect(describeChange(e)).toBe(
      "\u22120.5 since October 2026, which the index counts as no change, mostly because sentiment figures stopped counting (on the same inputs the market moved 0.0): " +
        "sentiment figures no longer count, so the score moves toward the middle (\u22120.4); " +
        "unemployment figures (June 2026) aged from 4 to 5 months, so they count less and the score moves toward the middle (\u22120.1).",
    );
  });

  it("'mostly because' names the evidence line that moved the score most as shown, one the sentence lists", () => {
    // The Netherlands in November 2026: vacancy figures ageing moved the score more (−0.020) than unemployment
    // figures ageing net of M's (−0.039 + 0.025), but only the latter shows (−0.1); the head names it, not a line
    // shown as 0.0 that the sentence leaves out.
    const e = explanation([
      ["U", "freshness", st(4, "2026-07", 3, 80, 1), st(4, "2026-07", 4, 80, 0.89), -0.039],
      ["V", "freshness", st(4, "2025-Q4", 10, 90, 0.45), st(4, "2025-Q4", 11, 90, 0.4), -0.02],
      ["C", "freshness", st(1, "2025-Q4", 10, 85, 0.45), st(1, "2025-Q4", 11, 85, 0.4), -0.016],
      ["M", "freshness", st(0.2, "2026-07", 3, 40, 1), st(0.2, "2026-07", 4, 40, 0.89), 0.025],
      ["S", "freshness", st(104.6, "2025-11", 11, 73, 0.125), st(104.6, "2025-11", 12, 73, 0.1), -0.009],
    ]);
    expect(roundExplanation(e).parts.map((p) => p.shown_tenths)).toEqual([-1, 0, 0, 0, 0]);
    expect(describeChange(e)).toBe(
      "\u22120.1 since October 2026, which the index counts as no change, mostly because unemployment figures aged and count less (on the same inputs the market moved 0.0): " +
        "unemployment figures (July 2026) aged from 3 to 4 months, so they count less and the score moves toward the middle (\u22120.1).",
    );
  });

  it("no change at all, and no change overall with parts that cancel", () => {
    expect(describeChange(explanation([]))).toBe("No change since October 2026.");
    const e = explanation([
      ["U", "value", st(6.2, "2026-09", 1), st(6.1, "2026-10", 1), 0.12],
      ["V", "value", st(2.4, "2026-Q2", 2), st(2.1, "2026-Q3", 2), -0.12],
    ]);
    expect(describeChange(e)).toBe(
      "No change since October 2026: unemployment fell 0.1 points: fewer people out of work, so the score rises (+0.1); " +
        "the vacancy rate fell 0.3 points: fewer open posts, so the score falls (\u22120.1).",
    );
  });

  it("each kind of part: its cause in words (value, freshness, a period replacing another, coming, going)", () => {
    const part = (
      key: SubScoreKey,
      kind: ChangePart["kind"],
      from: SubScoreState | null,
      to: SubScoreState | null,
    ): ChangePart => ({ key, kind, from, to, contribution: 0 });
    // Values: what moved and what it means for a job seeker.
    expect(partPhrase(part("U", "value", st(6.1, "2026-09", 1), st(5.9, "2026-10", 1)))).toBe(
      "unemployment fell 0.2 points: fewer people out of work",
    );
    expect(partPhrase(part("U", "value", st(6.02, "2026-09", 1), st(6.06, "2026-10", 1)))).toBe(
      "unemployment rose 0.04 points: more people out of work",
    );
    expect(partPhrase(part("U", "value", st(6.001, "2026-09", 1), st(6.003, "2026-10", 1)))).toBe(
      "unemployment rose slightly: more people out of work",
    );
    expect(partPhrase(part("V", "value", st(2.4, "2026-Q2", 2), st(2.1, "2026-Q3", 2)))).toBe(
      "the vacancy rate fell 0.3 points: fewer open posts",
    );
    expect(partPhrase(part("C", "value", st(3.14, "2026-Q2", 4), st(2.8, "2026-Q3", 1)))).toBe(
      "job seekers per vacancy fell from 3.1 to 2.8: less competition for each opening",
    );
    expect(partPhrase(part("C", "value", st(3.12, "2026-Q2", 4), st(3.14, "2026-Q3", 1)))).toBe(
      "job seekers per vacancy rose from 3.12 to 3.14: more competition for each opening",
    );
    expect(partPhrase(part("S", "value", st(101.23, "2026-09", 1), st(99.5, "2026-10", 1)))).toBe(
      "sentiment fell from 101.2 to 99.5: a gloomier hiring outlook",
    );
    const m = (a: number, b: number) => partPhrase(part("M", "value", st(a, "2026-09", 1), st(b, "2026-10", 1)));
    expect(m(0.1, -0.3)).toBe(
      "the yearly change in unemployment went from +0.1 to \u22120.3 points: unemployment is now falling",
    );
    expect(m(-0.2, 0.3)).toBe(
      "the yearly change in unemployment went from \u22120.2 to +0.3 points: unemployment is now rising",
    );
    expect(m(0.7, 0.5)).toBe(
      "the yearly change in unemployment went from +0.7 to +0.5 points: unemployment is rising more slowly",
    );
    expect(m(0.2, 0.5)).toBe(
      "the yearly change in unemployment went from +0.2 to +0.5 points: unemployment is rising faster",
    );
    expect(m(-0.3, -0.8)).toBe(
      "the yearly change in unemployment went from \u22120.3 to \u22120.8 points: unemployment is falling faster",
    );
    expect(m(-0.8, -0.3)).toBe(
      "the yearly change in unemployment went from \u22120.8 to \u22120.3 points: unemployment is falling more slowly",
    );
    expect(m(0.4, 0)).toBe(
      "the yearly change in unemployment went from +0.4 to 0.0 points: unemployment is no longer rising",
    );
    // Freshness: the same figures ageing (or getting younger), then what that does to their weight.
    const f = (key: SubScoreKey, a: SubScoreState, b: SubScoreState) => partPhrase(part(key, "freshness", a, b));
    expect(f("V", st(2, "2026-Q2", 2, 50, 1), st(2, "2026-Q2", 5, 50, 0.8))).toBe(
      "vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less",
    );
    expect(f("S", st(100, "2026-01", 3, 50, 1), st(100, "2026-01", 10, 50, 0.4))).toBe(
      "sentiment figures (January 2026) aged from 3 to 10 months, so they count less",
    );
    expect(f("U", st(6, "2026-09", 2, 50, 0.9), st(6, "2026-09", 1, 50, 1))).toBe(
      "unemployment figures (September 2026) went from 2 months to 1 month old, so they count more",
    );
    expect(f("C", st(2, "2026-Q2", 2, 50, 1), st(2, "2026-Q2", 2, 50, 0.9))).toBe(
      "competition figures (Q2 2026) are 2 months old as before but count less",
    );
    // A period replacing another: named newer or older by the period, never by its age.
    expect(f("V", st(2, "2025-Q3", 2, 50, 1), st(2, "2026-Q2", 5, 50, 0.8))).toBe(
      "newer vacancy figures (Q2 2026) replaced those for Q3 2025 but are 5 months old, not 2, so they count less",
    );
    expect(f("V", st(2, "2026-Q1", 5, 50, 0.8), st(2, "2026-Q2", 2, 50, 1))).toBe(
      "newer vacancy figures (Q2 2026) replaced those for Q1 2026 and are 2 months old, not 5, so they count more",
    );
    expect(f("U", st(6, "2026-08", 1, 50, 1), st(6, "2026-07", 2, 50, 0.9))).toBe(
      "older unemployment figures (July 2026) replaced those for August 2026 and are 2 months old, not 1, so they count less",
    );
    expect(f("S", st(100, "2026-08", 1, 50, 0.9), st(100, "2026-09", 1, 50, 1))).toBe(
      "newer sentiment figures (September 2026) replaced those for August 2026 and are 1 month old as they were, so they count more",
    );
    expect(f("U", st(6, "2026-03", 2, 50, 1), st(6, "2026-Q1", 3, 50, 0.9))).toBe(
      "unemployment figures (Q1 2026) replaced those for March 2026 and are 3 months old, not 2, so they count less",
    );
    // Inputs starting or stopping to count.
    expect(partPhrase(part("V", "added", null, st(2, "2026-Q2", 2)))).toBe("vacancy figures now count");
    expect(partPhrase(part("M", "added", null, st(-0.1, "2026-09", 2)))).toBe(
      "the yearly change in unemployment now counts",
    );
    expect(partPhrase(part("C", "removed", st(2, "2024-Q2", 24), null))).toBe("competition figures no longer count");
    expect(partPhrase(part("M", "removed", st(0.1, "2024-06", 24), null))).toBe(
      "the yearly change in unemployment no longer counts",
    );
    expect(signedTenths(-3)).toBe("\u22120.3");
    expect(signedTenths(12)).toBe("+1.2");
    expect(monthName("2025-11")).toBe("November 2025");
    expect(periodName("2026-Q3")).toBe("Q3 2026");
  });

  it("each line ends with why it moved the score, in the direction of its number", () => {
    const line = (
      score: number,
      p: [SubScoreKey, ChangePart["kind"], SubScoreState | null, SubScoreState | null, number],
    ) => {
      const e = { ...explanation([p]), from_score: score };
      return describeChange({ ...e, to_score: score + p[4] });
    };
    const old = st(2, "2026-Q2", 2, 80, 1);
    const aged = st(2, "2026-Q2", 3, 80, 0.9);
    // Counting less: toward the middle (5.5) when the score moves that way and ends nearer it, else leaning on the
    // other inputs, which move it up or down. A change made only of evidence says so in its head.
    expect(line(7, ["V", "freshness", old, aged, -0.2])).toBe(
      "\u22120.2 since October 2026, which the index counts as no change, from bright to cloudy, mostly because vacancy figures aged and count less " +
        "(on the same inputs the market moved 0.0): vacancy figures (Q2 2026) aged from 2 to 3 months, so they count less and the score moves toward the middle (\u22120.2).",
    );
    expect(line(7, ["V", "freshness", old, aged, 0.2])).toContain(
      "vacancy figures (Q2 2026) aged from 2 to 3 months, so they count less and the score leans more on the other inputs and rises (+0.2).",
    );
    // Past the middle: 5.6 → 5.0 moved toward 5.5 but ended further from it.
    expect(line(5.6, ["V", "freshness", old, aged, -0.6])).toContain(
      "so they count less and the score leans more on the other inputs and falls (\u22120.6)",
    );
    expect(line(4, ["V", "freshness", old, aged, 0.2])).toContain(
      "so they count less and the score moves toward the middle (+0.2)",
    );
    // Counting more pulls the score its way.
    expect(line(7, ["V", "freshness", aged, old, 0.2])).toContain(
      "went from 3 months to 2 months old, so they count more and pull the score up (+0.2)",
    );
    expect(line(7, ["V", "freshness", aged, old, -0.2])).toContain(
      "so they count more and pull the score down (\u22120.2)",
    );
    // Coming and going.
    expect(line(7, ["S", "added", null, old, 0.3])).toContain(
      "sentiment figures now count, and they pull the score up (+0.3)",
    );
    expect(line(7, ["M", "added", null, old, -0.3])).toContain(
      "the yearly change in unemployment now counts, and it pulls the score down (\u22120.3)",
    );
    expect(line(7, ["S", "removed", old, null, -0.3])).toContain(
      "sentiment figures no longer count, so the score moves toward the middle (\u22120.3)",
    );
    expect(line(7, ["S", "removed", old, null, 0.3])).toContain(
      "sentiment figures no longer count, so the score leans more on the other inputs and rises (+0.3)",
    );
    // Values lift or lower it.
    expect(line(7, ["C", "value", st(3, "2026-Q1", 2), st(3.5, "2026-Q2", 2), -0.3])).toContain(
      "job seekers per vacancy rose from 3.0 to 3.5: more competition for each opening, so the score falls (\u22120.3)",
    );
  });

  it("never calls a newer period older, nor an older one newer, whatever the ages (property)", () => {
    const period = fc.oneof(
      fc.tuple(fc.integer({ min: 2000, max: 2030 }), fc.integer({ min: 1, max: 4 })).map(([y, q]) => `${y}-Q${q}`),
      fc
        .tuple(fc.integer({ min: 2000, max: 2030 }), fc.integer({ min: 1, max: 12 }))
        .map(([y, m]) => `${y}-${String(m).padStart(2, "0")}`),
      fc.constantFrom("2026-Q1", "2026-03", "2026-Q2", "2026-06"), // a quarter and its last month: neither newer nor older
    );
    const side = fc.record({
      period,
      age: fc.integer({ min: 0, max: 40 }),
      freshness: fc.double({ min: 0.01, max: 1, noNaN: true }),
    });
    fc.assert(
      fc.property(fc.constantFrom<SubScoreKey>("U", "V", "C", "M", "S"), side, side, (key, a, b) => {
        fc.pre(a.freshness !== b.freshness);
        const words = partPhrase({
          key,
          kind: "freshness",
          from: st(1, a.period, a.age, 50, a.freshness),
          to: st(1, b.period, b.age, 50, b.freshness),
          contribution: 0,
        });
        const later = periodEnd(b.period) > periodEnd(a.period);
        const earlier = periodEnd(b.period) < periodEnd(a.period);
        expect(/\bolder\b/.test(words)).toBe(earlier);
        expect(/\bnewer\b/.test(words)).toBe(later);
        if (a.period !== b.period)
          expect(words).toContain(`(${periodName(b.period)}) replaced those for ${periodName(a.period)}`);
        expect(words).toMatch(b.freshness < a.freshness ? /count less$/ : /count more$/);
      }),
    );
  });

  it("a model-made explanation, end to end", () => {
    const input = makeInput({
      unemploymentMonthly: monthlyEndingAt(
        "2026-10",
        [6.5, 6.4, 6.4, 6.3, 6.3, 6.2, 6.2, 6.1, 6.0, 6.0, 5.9, 6.1, 5.9],
      ),
      vacancy: quarterlyEndingAt("2026-Q2", [2.0, 2.2, 2.1, 2.3, 2.4]),
      expectations: monthlyEndingAt("2026-09", [99, 100, 101, 102, 103, 102, 101, 100, 99, 100, 101, 102, 104]),
    });
    const { snapshot: s } = computeCountry(input, "2026-11-22");
    expect(describeChange(s.change.year_before!)).toBe(
      "Up 1.0 since November 2025: sentiment rose from 101.0 to 104.0: a brighter hiring outlook, so the score rises (+0.7); " +
        "unemployment fell 0.5 points: fewer people out of work, so the score rises (+0.1); " +
        "job seekers per vacancy fell from 2.9 to 2.5: less competition for each opening, so the score rises (+0.1); " +
        "the yearly change in unemployment now counts, and it pulls the score up (+0.1).",
    );
    expect(describeChange(s.change.previous_month!)).toBe("No change since October 2026.");
  });
});
