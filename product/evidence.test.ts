import { describe, expect, it } from "vitest";
import type { Snapshot, SubScore, SubScoreKey } from "../pipeline/model/types.ts";
import { confidenceWithEvidence, evidenceFrom, evidenceOf, evidenceText } from "./evidence.ts";

const sub = (key: SubScoreKey): SubScore => ({
  key,
  value: 50,
  input: 1,
  period: "2026-06",
  age: 5,
  freshness: 0.8,
  weight: 0.2,
  effectiveWeight: 0.16,
});
const subs = (...keys: SubScoreKey[]): Snapshot["sub_scores"] => {
  const all: Snapshot["sub_scores"] = { U: null, V: null, C: null, M: null, S: null };
  for (const k of keys) all[k] = sub(k);
  return all;
};

describe("evidence: how much a score rests on (docs/product.md §9)", () => {
  it("counts the inputs that count today and keeps the cover", () => {
    // Cyprus: unemployment and its trend only, no vacancy data: 2 of 5 inputs at 40 % cover.
    expect(evidenceOf({ score: 7.66, cover: 0.397, sub_scores: subs("U", "M") })).toEqual({
      inputs: 2,
      of: 5,
      cover: 0.397,
    });
    // Romania: unemployment, vacancies, competition and the trend at 84 %.
    expect(evidenceText(evidenceOf({ score: 3.63, cover: 0.84, sub_scores: subs("U", "V", "C", "M") })!)).toBe(
      "4 of 5 inputs, 84% cover",
    );
  });
  it("says nothing without a score (a withheld score has no evidence to show)", () => {
    expect(evidenceOf({ score: null, cover: null, sub_scores: subs() })).toBeNull();
    expect(evidenceOf(null)).toBeNull();
    expect(evidenceFrom(null, subs("U"))).toBeNull();
  });
  it("puts the evidence next to the confidence, so two 'Medium confidence' scores read apart", () => {
    const cy = confidenceWithEvidence("medium", evidenceFrom(0.397, subs("U", "M")));
    const ro = confidenceWithEvidence("medium", evidenceFrom(0.84, subs("U", "V", "C", "M")));
    expect(cy).toBe("Medium confidence · 2 of 5 inputs, 40% cover");
    expect(ro).toBe("Medium confidence · 4 of 5 inputs, 84% cover");
    expect(confidenceWithEvidence("high", null)).toBe("High confidence");
  });
});
