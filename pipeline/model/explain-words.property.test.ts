// "Why it changed" says what the arithmetic did (docs/model.md §9), checked on generated
// countries through the current model: every month's change against the month before, three months before and a
// year before. Each line's direction word is the sign of its shown part; "toward the middle" is said only when the
// line moves the score toward 5.5 and the score ends nearer 5.5 than it began; the market and evidence parts add
// up to the change, and the head says "mostly because …" exactly when the evidence part is the larger.
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS } from "./current.ts";
import { MIDDLE } from "./explain-spec.ts";
import { SIGNAL_MONTHS, explainChange } from "./explain.ts";
import { changeLines, describeChange } from "./explain-text.ts";
import { monthStates } from "./kernel.ts";
import { RUNS, caseArb } from "./property-cases.ts";
import { tenths } from "./round.ts";
import type { Explanation } from "./types.ts";

/** Every change of a generated country's history over the three windows the product states. */
function changesOf(c: { input: Parameters<typeof monthStates>[0]; asOf: string }): Explanation[] {
  const states = monthStates(c.input, c.asOf, CURRENT_PARAMS);
  const out: Explanation[] = [];
  for (let i = 0; i < states.length; i++) {
    for (const back of [1, SIGNAL_MONTHS, CURRENT_PARAMS.yoy.lagMonths]) {
      const j = i - back;
      if (j < 0 || states[i]!.score === null || states[j]!.score === null) continue;
      const e = explainChange(
        states[j]!.sub_scores,
        states[i]!.sub_scores,
        { from_month: states[j]!.month, to_month: states[i]!.month },
        CURRENT_PARAMS,
      );
      if (e) out.push(e);
    }
  }
  return out;
}

describe("why it changed, in words that match the arithmetic (generated countries)", () => {
  it("each line's direction is its shown sign; 'toward the middle' only where the distance to 5.5 shrank", () => {
    let lines = 0;
    let middles = 0;
    fc.assert(
      fc.property(caseArb({ eei: true }), (c) => {
        for (const e of changesOf(c)) {
          const shown = changeLines(e);
          expect(shown.delta_tenths).toBe(tenths(e.to_score) - tenths(e.from_score));
          for (const l of shown.lines) {
            lines++;
            const up = l.effect === "up" || l.effect === "othersUp";
            const down = l.effect === "down" || l.effect === "othersDown";
            if (l.effect === "middle") {
              middles++;
              // The score ended nearer the middle, and this line moved it that way.
              expect(Math.abs(e.to_score - MIDDLE)).toBeLessThan(Math.abs(e.from_score - MIDDLE));
              expect(Math.sign(l.shown_tenths)).toBe(Math.sign(MIDDLE - e.from_score));
            } else {
              expect(up ? 1 : down ? -1 : 0).toBe(Math.sign(l.shown_tenths));
            }
            // The English words carry the same direction.
            if (l.effect === "middle") expect(l.words).toContain("toward the middle");
            else expect(l.words).not.toContain("toward the middle");
            if (l.effect === "othersUp") expect(l.words).toMatch(/ and rises$/);
            if (l.effect === "othersDown") expect(l.words).toMatch(/ and falls$/);
          }
        }
      }),
      RUNS,
    );
    expect(lines).toBeGreaterThan(100);
    expect(middles).toBeGreaterThan(0);
  });

  it("market + evidence = the change; the shown parts add up; 'mostly because' exactly when evidence outweighs", () => {
    fc.assert(
      fc.property(caseArb({ eei: true }), (c) => {
        for (const e of changesOf(c)) {
          expect(Math.abs(e.market + e.evidence - e.delta)).toBeLessThan(1e-9);
          const shown = changeLines(e);
          expect(shown.market_tenths + shown.evidence_tenths).toBe(shown.delta_tenths);
          const mostly = shown.delta_tenths !== 0 && Math.abs(e.evidence) > Math.abs(e.market);
          expect(describeChange(e).includes(", mostly because "), `${e.market} ${e.evidence}`).toBe(mostly);
        }
      }),
      RUNS,
    );
  });
});
