// What moved a personal score, as shown (product/personal-view.ts): the shares add up to the difference of the two
// shown scores (largest remainder), where rounding each share alone would not (Cyprus under U:0,M:2,V:5,C:2,S:2 read
// "7.2 vs index 7.6, parts −0.3 and −0.2").
import { describe, expect, it } from "vitest";
import { shownMovedBy } from "./personal-view.ts";

describe("shownMovedBy", () => {
  it("rounds the shares so that they add up to the difference of the shown scores", () => {
    const row = {
      score: 7.63,
      personal_score: 7.2,
      moved_by: [
        { key: "V" as const, contribution: -0.26 },
        { key: "U" as const, contribution: -0.17 },
      ],
    };
    // Alone: −0.3 and −0.2, which add up to −0.5 beside 7.6 → 7.2.
    expect(shownMovedBy(row)).toEqual([
      { key: "V", tenths: -2 },
      { key: "U", tenths: -2 },
    ]);
  });

  it("leaves out shares shown as 0.0 and says nothing moved with the index's weights", () => {
    expect(shownMovedBy({ score: 6, personal_score: 6.04, moved_by: [{ key: "S", contribution: 0.04 }] })).toEqual([]);
    expect(shownMovedBy({ score: 6, personal_score: 6, moved_by: [] })).toEqual([]);
    expect(shownMovedBy({ score: 6, personal_score: null, moved_by: [{ key: "S", contribution: 0.4 }] })).toEqual([]);
  });
});
