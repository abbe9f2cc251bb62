// The chart's months (product/history-view.ts): each month's change from the month before as shown, split into market
// (rounded half away from zero) and evidence (the rest), whether it is mostly evidence, and its markers.
import { describe, expect, it } from "vitest";
import { historyView } from "./history-view.ts";
import type { HistoryPoint } from "./shapes.ts";

const point = (month: string, score: number | null, market: number | null, evidence: number | null): HistoryPoint => ({
  month,
  score,
  status: score === null ? null : "cloudy",
  basis: score === null ? null : "blended",
  market,
  evidence,
});

describe("historyView", () => {
  it("splits each month's shown change into its market part rounded and the rest, and marks a change that is mostly evidence", () => {
    const months = historyView([
      point("2026-09", 6.0, null, null),
      // +0.16 of evidence, +0.003 of market: shown 6.0 → 6.2 (+0.2): market 0.0, evidence +0.2; mostly evidence.
      point("2026-10", 6.163, 0.003, 0.16),
      // A market move: −0.34 of market, +0.02 of evidence: 6.2 → 5.8 (−0.4): market −0.3, evidence −0.1.
      point("2026-11", 5.843, -0.34, 0.02),
      { ...point("2026-12", 5.843, 0, 0), events: [{ input: "expectations", change: "stops", period: "2025-11" }] },
      point("2027-01", null, null, null),
    ]);
    expect(months[0]!.change).toBeNull();
    expect(months[1]!.change).toEqual({ delta: 2, market: 0, evidence: 2 });
    expect(months[1]!.mostly_evidence).toBe(true);
    expect(months[2]!.change).toEqual({ delta: -4, market: -3, evidence: -1 });
    expect(months[2]!.mostly_evidence).toBe(false);
    expect(months[3]!.events).toEqual([{ input: "expectations", change: "stops", period: "2025-11" }]);
    expect(months[2]!.events).toBeUndefined();
    expect(months[4]).toMatchObject({ score: null, change: null, mostly_evidence: false, basis: null });
    // Every change shown adds up.
    for (const m of months) if (m.change) expect(m.change.market + m.change.evidence).toBe(m.change.delta);
  });

  it("reads a publication made before the history kept its parts as months without a split", () => {
    const months = historyView([
      { month: "2026-09", score: 6, status: "cloudy" },
      { month: "2026-10", score: 6.3, status: "cloudy" },
    ]);
    expect(months.map((m) => [m.basis, m.change, m.mostly_evidence])).toEqual([
      [null, null, false],
      [null, null, false],
    ]);
  });
});
