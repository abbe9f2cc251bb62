import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADVICE, adviceFor, countingInputs, type AdviceInput } from "./advice.ts";
import { STATUSES_BEST_FIRST } from "./weather.ts";

const INPUTS: AdviceInput[] = ["openings", "competition", "sentiment"];
/** Words that claim something about openings or competition (the inputs a page may list as not available). */
const CLAIMS: Record<AdviceInput, RegExp> = {
  openings: /openings/i,
  competition: /seekers|compete/i,
  sentiment: /experts|barometer|expectations/i,
};

describe("advice only where the data supports it (docs/product.md §9)", () => {
  it("every item that rests on an input has a variant without the claim", () => {
    for (const s of STATUSES_BEST_FIRST) {
      for (const item of ADVICE[s]) {
        if (item.rests_on.length > 0) {
          expect(item.without, item.title).toBeDefined();
          expect(item.without!.rests_on).toEqual([]);
        }
      }
    }
  });
  it("never shows a claim about an input that does not count, whatever counts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES_BEST_FIRST),
        fc.record({ openings: fc.boolean(), competition: fc.boolean(), sentiment: fc.boolean() }),
        (status, counting) => {
          const items = adviceFor(status, counting);
          expect(items).toHaveLength(3);
          for (const item of items) {
            for (const k of INPUTS) {
              if (!counting[k]) {
                expect(item.rests_on).not.toContain(k);
                expect(item.text, `${status} "${item.title}" without ${k}`).not.toMatch(CLAIMS[k]);
              }
            }
          }
        },
      ),
    );
  });
  it("keeps the claim when its inputs count (Romania's data), drops it when not (Cyprus's)", () => {
    const all = { openings: true, competition: true, sentiment: true };
    expect(adviceFor("bright", all)[2]!.text).toMatch(/^With more openings than seekers/);
    expect(adviceFor("bright", { ...all, openings: false, competition: false })[2]!.text).toBe(
      "In a rather favorable market you can ask about salary, remote work and training before you accept.",
    );
  });
  it("reads the inputs that count from the sub-scores (V openings, C competition, S sentiment)", () => {
    const sub = {
      key: "V",
      value: 1,
      input: 1,
      period: "2026-Q2",
      age: 5,
      freshness: 1,
      weight: 0.125,
      effectiveWeight: 0.125,
    } as const;
    expect(countingInputs({ U: null, V: sub, C: null, M: null, S: null })).toEqual({
      openings: true,
      competition: false,
      sentiment: false,
    });
    expect(countingInputs(null)).toEqual({ openings: false, competition: false, sentiment: false });
  });
});
