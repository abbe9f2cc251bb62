import { describe, expect, it } from "vitest";
import { MOOD_SUMMARY_MIN_EXPERIENCES, canSummarise, okOrBetterPercent, tooFewText } from "./community.ts";

describe("community mood summaries", () => {
  it("gives a share only from the minimum number of experiences", () => {
    expect(MOOD_SUMMARY_MIN_EXPERIENCES).toBe(5);
    expect(canSummarise(4)).toBe(false);
    expect(canSummarise(5)).toBe(true);
    expect(okOrBetterPercent({ count: 1, neutral: 0, positive: 1 })).toBeNull();
    expect(okOrBetterPercent({ count: 5, neutral: 1, positive: 2 })).toBe(60);
  });
  it("says how many experiences there are below it", () => {
    expect(tooFewText(1)).toBe("1 experience so far: too few for an average or a percentage.");
    expect(tooFewText(2, "an average")).toBe("2 experiences so far: too few for an average.");
  });
});
