import { describe, expect, it } from "vitest";
import type { Snapshot } from "../pipeline/model/types.ts";
import { breakdown, tone } from "./market-grades.ts";
import {
  compareCompetitionWithAverage,
  compareUnemploymentWithEu,
  compareVacancyWithAverage,
} from "./market-comparisons.ts";
import { marketPanel } from "./market-panel.ts";
import { sentimentSources } from "./sentiment-sources.ts";

const snapshot = (over: Partial<Snapshot> = {}): Snapshot =>
  ({
    country: "DE",
    model: "v2",
    as_of: "2026-11-22",
    anchor_month: "2026-07",
    score: 6.2,
    status: "cloudy",
    label: "Mixed/average",
    confidence: "medium",
    basis: "historical-only",
    cover: 0.8,
    raw: 60,
    shrunk: 58,
    sub_scores: { U: null, V: null, C: null, M: null, S: null },
    unemployment_series: "monthly",
    unemployment: { value: 4, period: "2026-07", flag: null },
    unemployment_year_before: null,
    unemployment_history_points: 100,
    vacancy: { value: 2.5, period: "2026-Q2", flag: null },
    competition: 1.6,
    lmb: { value: 101.3, period: "2026-10", flag: null },
    gdp: { value: 0.9, period: "2026-Q2", flag: "p", unit: "CLV_PCH_SM" },
    inflation: { value: 2.9, period: "2026-08", flag: null },
    averages_3y: { vacancy: 2.9, competition: 1.2, vacancy_points: 12, competition_points: 12 },
    eu_average: { unemployment: null, period: null, source: "fixed-thresholds" },
    yoy: { delta: 0.6, label: "Up", from_month: "2025-07" },
    ingest_ids: [],
    ...over,
  }) as Snapshot;

describe("comparisons (docs/product.md §9)", () => {
  it("unemployment vs the fixed rule 6 / 7 when no EU value exists, worded as a rule of thumb, never as an average", () => {
    expect(compareUnemploymentWithEu(5.9, null, null)).toEqual({
      result: "lower",
      text: "below the 6% rule of thumb",
      reference: null,
      basis: "fixed-thresholds",
      eu_period: null,
    });
    expect(compareUnemploymentWithEu(6, null, null)).toMatchObject({
      result: "same",
      text: "within the 6%–7% rule of thumb",
    });
    expect(compareUnemploymentWithEu(7, null, null).result).toBe("same");
    expect(compareUnemploymentWithEu(7.1, null, null)).toMatchObject({
      result: "higher",
      text: "above the 7% rule of thumb",
    });
    // An EU period without an EU value names no period.
    expect(compareUnemploymentWithEu(5, null, "2026-Q2").eu_period).toBeNull();
  });
  it("unemployment vs the EU-27 average of the same period when present (±0.5), named as the EU-27 average", () => {
    expect(compareUnemploymentWithEu(5.3, 5.9, "2026-07")).toEqual({
      result: "lower",
      text: "lower than the EU-27 average",
      reference: 5.9,
      basis: "EU27_2020",
      eu_period: "2026-07",
    });
    expect(compareUnemploymentWithEu(6.4, 5.9, "2026-07")).toMatchObject({
      result: "same",
      text: "close to the EU-27 average",
    });
    expect(compareUnemploymentWithEu(6.5, 5.9, "2026-07")).toMatchObject({
      result: "higher",
      text: "higher than the EU-27 average",
    });
  });
  it("the two yardsticks never share a wording", () => {
    const rates = [3, 5.9, 6, 6.5, 7, 7.1, 12];
    const fixed = new Set(rates.map((r) => compareUnemploymentWithEu(r, null, null).text));
    const eu = new Set(rates.flatMap((r) => [4, 6.1, 9].map((e) => compareUnemploymentWithEu(r, e, "2026-Q2").text)));
    expect(fixed.size).toBe(3);
    expect(eu.size).toBe(3);
    for (const t of fixed) {
      expect(eu.has(t)).toBe(false);
      expect(t).not.toMatch(/average/i);
    }
    for (const t of eu) expect(t).toMatch(/EU-27 average/);
  });
  it("vacancy and competition vs their 3-year averages: in line within ±10 %, decided from the whole percent shown", () => {
    expect(compareVacancyWithAverage(2.5, 2.9)).toMatchObject({ result: "below", difference_pct: -14 });
    expect(compareVacancyWithAverage(2.75, 2.9)).toMatchObject({ result: "same", difference_pct: -5 });
    expect(compareVacancyWithAverage(3.2, 2.9)).toMatchObject({ result: "same", difference_pct: 10 });
    expect(compareVacancyWithAverage(3.3, 2.9)).toMatchObject({ result: "above", difference_pct: 14 });
    // Issue 46 on the bundled data of 1 December 2026: Germany's competition 1.6 against 1.22 (+31 %) is not "in
    // line"; Romania's vacancy rate 0.5 against 0.66 (−24 %) is below; Spain's 12.75 against 12.22 (+4 %) is in line.
    expect(compareCompetitionWithAverage(1.6, 1.2241787259629182)).toMatchObject({
      result: "higher",
      difference_pct: 31,
    });
    expect(compareVacancyWithAverage(0.5, 0.6583333333333332)).toMatchObject({ result: "below", difference_pct: -24 });
    expect(compareCompetitionWithAverage(10.2 / 0.8, 12.219907407407407)).toMatchObject({
      result: "same",
      difference_pct: 4,
    });
    // The edges: +10.4 % shows +10 % and is in line, +10.5 % shows +11 % and is not (half away from zero, after
    // the 9-decimal normalisation: 1.105 / 1 is 1.1050000000000000266 and 1.1 * 1.05 is not exactly 1.155).
    expect(compareCompetitionWithAverage(1.104, 1).result).toBe("same");
    expect(compareCompetitionWithAverage(1.105, 1)).toMatchObject({ result: "higher", difference_pct: 11 });
    expect(compareCompetitionWithAverage(0.895, 1)).toMatchObject({ result: "lower", difference_pct: -11 });
    expect(compareCompetitionWithAverage(0.6, 1.2).result).toBe("lower");
    // No average above 0: the sign alone decides, and no percent is made up.
    expect(compareVacancyWithAverage(0.3, 0)).toMatchObject({ result: "above", difference_pct: null });
  });
  it("snapshot colours and breakdown bars", () => {
    expect([tone.unemployment(4), tone.unemployment(7), tone.unemployment(7.1)]).toEqual(["good", "fair", "poor"]);
    expect([tone.vacancy(3), tone.vacancy(2), tone.vacancy(1.9)]).toEqual(["good", "fair", "poor"]);
    expect([tone.competition(3), tone.competition(5), tone.competition(5.1)]).toEqual(["good", "fair", "poor"]);
    expect([tone.barometer(102), tone.barometer(98), tone.barometer(97.9)]).toEqual(["good", "fair", "poor"]);
    expect([tone.gdp(2), tone.gdp(0), tone.gdp(-0.1)]).toEqual(["good", "fair", "poor"]);
    expect([tone.inflation(2), tone.inflation(4), tone.inflation(4.1)]).toEqual(["good", "fair", "poor"]);
    expect(breakdown.unemployment(-1).bar).toBe(100);
    expect(breakdown.unemployment(6.8)).toMatchObject({ bar: 32, trend: "Stable", level: "average" });
    expect(breakdown.vacancy(5).bar).toBe(100);
    expect(breakdown.vacancy(3.5)).toMatchObject({ level: "high", trend: "Better" });
    expect(breakdown.competition(12).bar).toBe(0);
    expect(breakdown.sentiment(85).bar).toBe(0);
    expect(breakdown.sentiment(104)).toMatchObject({ bar: 70, trend: "Better" });
  });
});

describe("marketPanel", () => {
  it("maps a snapshot to the panel fields of docs/product.md §3", () => {
    const three = {
      from_month: "2026-08",
      to_month: "2026-11",
      from_score: 6.6,
      to_score: 6.2,
      delta: 6.2 - 6.6,
      market: -0.35,
      evidence: 6.2 - 6.6 + 0.35,
      parts: [],
    };
    const p = marketPanel(snapshot({ change: { previous_month: null, three_months: three, year_before: null } }));
    expect(p).toMatchObject({
      unemployment_rate: 4,
      unemployment_period: "2026-07",
      vacancy_rate: 2.5,
      vacancy_period: "2026-Q2",
      competition: 1.6,
      competition_text: "1.6 job seekers per opening",
      lmb_value: 101.3,
      lmb_period: "2026-10",
      gdp_rate: 0.9,
      gdp_unit: "CLV_PCH_SM",
      inflation_rate: 2.9,
      vacancy_three_year_avg: 2.9,
      competition_three_year_avg: 1.2,
      // The market part fell by 0.35 in three months: weakening, whatever its band (docs/product.md §9).
      general_signal: "weakening",
      general_signal_text: "Weakening",
      general_signal_market: -0.35,
      general_signal_from: "2026-08",
      general_signal_to: "2026-11",
      yoy: { delta: 0.6, label: "Up", shown: 0.6, market: null, evidence: null },
      callbacks_per_100: 63,
      time_to_interview_days: 14,
      vacancies_trend: "flat",
    });
    expect(p.comparisons.vacancy_vs_3y?.result).toBe("below");
  });
  it("no attribution of the three months, no general signal: it is never made up from the score's band", () => {
    expect(marketPanel(snapshot({ score: 8.5 })).general_signal).toBeNull();
  });
  it("missing inputs give nulls, never invented numbers", () => {
    const p = marketPanel(
      snapshot({
        vacancy: null,
        competition: null,
        lmb: null,
        score: null,
        averages_3y: { vacancy: null, competition: null, vacancy_points: 0, competition_points: 0 },
      }),
    );
    expect(p.vacancy_rate).toBeNull();
    expect(p.callbacks_per_100).toBeNull();
    expect(p.comparisons.vacancy_vs_3y).toBeNull();
    expect(p.comparisons.competition_vs_3y).toBeNull();
    expect(p.general_signal).toBeNull();
    expect(p.breakdown.sentiment).toBeNull();
    expect(p.tones.competition).toBeNull();
  });
});

describe("sentimentSources (model v2.1: the barometer and the EEI on the country page)", () => {
  const S = (freshness: number) =>
    ({
      key: "S",
      value: 60,
      input: 102,
      period: "2026-10",
      age: 1,
      freshness,
      weight: 0.5,
      effectiveWeight: 0.5 * freshness,
    }) as const;

  it("an EEI past the 12-month cut-off is shown, does not count, and says until when it counted", () => {
    const s = snapshot({
      model: "v2.1",
      lmb: null,
      eei: { value: 92.9, period: "2025-08", flag: null },
      sentiment_sources: [],
    });
    expect(sentimentSources(s)).toEqual([
      {
        source: "eei",
        value: 92.9,
        period: "2025-08",
        age: 15,
        counts: false,
        freshness: 0,
        cutoff_months: 12,
        counts_until: "2026-08",
      },
    ]);
    expect(marketPanel(s)).toMatchObject({ eei_value: 92.9, eei_period: "2025-08", lmb_value: null });
  });

  it("both sources within the cut-off: both count, barometer first, each with its freshness", () => {
    const s = snapshot({
      model: "v2.1",
      lmb: { value: 101.3, period: "2026-10", flag: null },
      eei: { value: 97.8, period: "2026-06", flag: null },
      sentiment_sources: [
        { source: "lmb", value: 101.3, period: "2026-10", age: 1, freshness: 1, sub_score: 56.5 },
        { source: "eei", value: 97.8, period: "2026-06", age: 5, freshness: 0.5, sub_score: 39 },
      ],
    });
    expect(sentimentSources(s).map((x) => [x.source, x.counts, x.freshness, x.age, x.counts_until])).toEqual([
      ["lmb", true, 1, 1, "2027-10"],
      ["eei", true, 0.5, 5, "2027-06"],
    ]);
  });

  it("a v2 snapshot (no sentiment_sources): its barometer counts when S exists, and there is no EEI", () => {
    const fed = snapshot({ sub_scores: { U: null, V: null, C: null, M: null, S: S(0.7) } });
    expect(sentimentSources(fed)).toEqual([
      {
        source: "lmb",
        value: 101.3,
        period: "2026-10",
        age: 1,
        counts: true,
        freshness: 0.7,
        cutoff_months: 12,
        counts_until: "2027-10",
      },
    ]);
    expect(sentimentSources(snapshot())[0]).toMatchObject({ source: "lmb", counts: false });
    expect(sentimentSources(snapshot({ lmb: null }))).toEqual([]);
    expect(marketPanel(snapshot({ lmb: null }))).toMatchObject({
      eei_value: null,
      eei_period: null,
      sentiment_sources: [],
    });
  });
});
