import { describe, expect, it } from "vitest";
import { isScoreFresh } from "./fresh.ts";
import type { Snapshot, SubScore } from "./types.ts";

const sub = (key: SubScore["key"], period: string): SubScore => ({
  key,
  value: 50,
  input: 1,
  period,
  age: 0,
  freshness: 1,
  weight: 0.2,
  effectiveWeight: 0.2,
});
const snap = (score: number | null, subs: Partial<Snapshot["sub_scores"]>): Pick<Snapshot, "score" | "sub_scores"> => ({
  score,
  sub_scores: { U: null, V: null, C: null, M: null, S: null, ...subs },
});

describe("isScoreFresh", () => {
  it("is fresh while a historical input is within 24 months", () => {
    expect(isScoreFresh(snap(6, { U: sub("U", "2026-07") }), new Date("2028-07-15"))).toBe(true);
    expect(isScoreFresh(snap(6, { U: sub("U", "2026-07") }), new Date("2028-08-01"))).toBe(false);
  });
  it("uses the sentiment cut-off (12 months) for S and counts quarters by their end month", () => {
    expect(isScoreFresh(snap(5, { S: sub("S", "2026-01") }), new Date("2027-01-31"))).toBe(true);
    expect(isScoreFresh(snap(5, { S: sub("S", "2026-01") }), new Date("2027-02-01"))).toBe(false);
    expect(isScoreFresh(snap(5, { V: sub("V", "2026-Q2") }), new Date("2028-06-30"))).toBe(true);
  });
  it("is never fresh without a score", () => {
    expect(isScoreFresh(snap(null, {}), new Date("2026-11-22"))).toBe(false);
    expect(isScoreFresh(undefined, new Date("2026-11-22"))).toBe(false);
  });
});
