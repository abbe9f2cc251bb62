import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { computeCountry } from "../pipeline/model/kernel.ts";
import { caseArb, RUNS } from "../pipeline/model/property-cases.ts";
import { publicationLagOf } from "../pipeline/model/current.ts";
import { monthLabel, monthOfDate, periodEndMonth } from "../pipeline/model/period.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import { generalSignal, signalFigure, signalOfChange, SIGNAL_RULES } from "./signal.ts";

/**
 * The data month of a snapshot (model v2.4, docs/model.md §6), from its published fields alone: the newest month in
 * which one of the figures its score uses started counting (end month plus the series' publication lag).
 */
function dataMonthOf(s: Snapshot): number | null {
  const starts: number[] = [];
  const lag = (series: Parameters<typeof publicationLagOf>[0]) => publicationLagOf(series, CURRENT_PARAMS);
  const u = s.sub_scores.U;
  if (u)
    starts.push(
      periodEndMonth(u.period) +
        lag(s.unemployment_series === "quarterly" ? "unemploymentQuarterly" : "unemploymentMonthly"),
    );
  const v = s.sub_scores.V;
  if (v && s.vacancy) starts.push(periodEndMonth(s.vacancy.period) + lag("vacancy"));
  for (const src of s.sentiment_sources ?? [])
    starts.push(periodEndMonth(src.period) + lag(src.source === "lmb" ? "lmb" : "expectations"));
  return starts.length > 0 ? Math.max(...starts) : null;
}

describe("general signal: the market part of the change over the three months to the data month (docs/product.md §9)", () => {
  it("reads the market part of the snapshot's three-month change, with the thresholds ±0.3 (generated countries)", () => {
    let signals = 0;
    fc.assert(
      fc.property(caseArb({ eei: true }), (c) => {
        const { snapshot, history } = computeCountry(c.input, c.asOf, CURRENT_PARAMS);
        const r = generalSignal(snapshot);
        const month = snapshot.score === null ? null : dataMonthOf(snapshot);
        const at = (m: string) => history.find((h) => h.month === m)?.score ?? null;
        const to = month === null ? null : at(monthLabel(month));
        const from = month === null ? null : at(monthLabel(month - SIGNAL_RULES.months));
        if (month === null || to === null || from === null) {
          expect(r).toBeNull();
          return;
        }
        signals++;
        expect(month).toBeLessThanOrEqual(monthOfDate(c.asOf));
        expect(r).not.toBeNull();
        expect(r!.from_month).toBe(monthLabel(month - SIGNAL_RULES.months));
        expect(r!.to_month).toBe(monthLabel(month));
        expect(r!.change).toBe(to - from);
        expect(Math.abs(r!.market + r!.evidence - r!.change)).toBeLessThan(1e-9);
        const e = snapshot.change!.three_months!;
        const market = e.parts.filter((p) => p.kind === "value").reduce((a, p) => a + p.contribution, 0);
        expect(r!.market).toBe(market);
        const expected = market >= 0.3 ? "improving" : market <= -0.3 ? "weakening" : "stable";
        expect(r!.signal).toBe(expected);
        expect(r!.text).toBe({ improving: "Improving", stable: "Stable", weakening: "Weakening" }[expected]);
      }),
      RUNS,
    );
    expect(signals).toBeGreaterThan(50);
  });

  it("a rise made of evidence alone is no improving market", () => {
    // Only a weak sentiment reading leaving: a big rise, a market part of 0.
    const e = {
      from_month: "2026-08",
      to_month: "2026-11",
      from_score: 4.5,
      to_score: 6.9,
      delta: 2.4,
      market: 0,
      evidence: 2.4,
      parts: [],
    };
    const r = generalSignal({ score: 6.9, change: { previous_month: null, three_months: e, year_before: null } });
    expect(r).toMatchObject({ signal: "stable", change: 2.4, market: 0, evidence: 2.4 });
    // Without the three-month attribution (a snapshot published before it existed) there is no signal.
    expect(generalSignal({ score: 6.9, change: { previous_month: null, year_before: null } })).toBeNull();
    expect(generalSignal({ score: null, change: { previous_month: null, three_months: e, year_before: null } })).toBe(
      null,
    );
  });

  it("classifies the market part at the thresholds", () => {
    expect(signalOfChange(0.3)).toBe("improving");
    expect(signalOfChange(0.2999)).toBe("stable");
    expect(signalOfChange(-0.3)).toBe("weakening");
    expect(signalOfChange(-0.2999)).toBe("stable");
    expect(signalOfChange(0)).toBe("stable");
  });

  it("prints a market part on the side of the threshold its word is on", () => {
    expect(signalFigure(0.296)).toBe("+0.296");
    expect(signalFigure(0.31)).toBe("+0.31");
    expect(signalFigure(-0.2996)).toBe("\u22120.2996");
    expect(signalFigure(0)).toBe("0.00");
    expect(signalFigure(0.296, false)).toBe("+0.30");
  });
});
