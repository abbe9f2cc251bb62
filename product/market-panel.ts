// The country page's market panel (docs/product.md §3 "Market panel inputs", §9 constants), computed from a
// published snapshot. Pure; the API answers it beside the snapshot and the server-rendered site imports it, so
// every threshold, margin and text exists once: the constants in market-panel-rules.ts, the comparisons in
// market-comparisons.ts, the tones and breakdown cards in market-grades.ts, the sentiment sources in
// sentiment-sources.ts. The model's own comparison parameters (the fixed EU thresholds) are read from the current
// model, never repeated here; the 3-year-average band (±10 %) is a product rule (market-panel-rules.ts).
import { periodEndMonth } from "../pipeline/model/period.ts";
import { roundHalfAway } from "../pipeline/model/round.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import type { PublishedSnapshot } from "../pipeline/youth.ts";
import { yoyOf } from "./change-view.ts";
import { formatNumber } from "./format.ts";
import {
  compareCompetitionWithAverage,
  compareUnemploymentWithEu,
  compareVacancyWithAverage,
  type AverageComparison,
  type UnemploymentComparison,
} from "./market-comparisons.ts";
import { breakdown, tone, type BreakdownCard, type Tone } from "./market-grades.ts";
import { PANEL_RULES } from "./market-panel-rules.ts";
import { sentimentSources, type SentimentSourcePanel } from "./sentiment-sources.ts";
import { generalSignal, type GeneralSignal } from "./signal.ts";

/** The figures of the panel that come straight from a source, each with its own Eurostat flag. */
export type PanelFigure =
  "unemployment" | "unemployment_year_before" | "youth_unemployment" | "vacancy" | "lmb" | "eei" | "gdp" | "inflation";

export interface MarketPanel {
  unemployment_rate: number | null;
  unemployment_period: string | null;
  /**
   * The yearly change of the unemployment rate in points (the momentum M reads: the newest rate minus the rate 12
   * months, or 4 quarters, before), and the period it is measured from; null without both.
   */
  unemployment_change: number | null;
  unemployment_change_from: string | null;
  /** The period of the competition figure: the older of its two inputs (the vacancy quarter, as a rule). */
  competition_period: string | null;
  /**
   * Model v2.2 context (never in a score): the under-25s' unemployment rate, its month and the EU-27 rate of that
   * month (null when not stored); null when the country has none within U's 24-month cut-off.
   */
  youth_unemployment_rate: number | null;
  youth_unemployment_period: string | null;
  youth_unemployment_eu_rate: number | null;
  vacancy_rate: number | null;
  /** The vacancy quarter (YYYY-Qn). */
  vacancy_period: string | null;
  /** Job seekers per opening (unemployment ÷ vacancy). */
  competition: number | null;
  competition_text: string | null;
  lmb_value: number | null;
  lmb_period: string | null;
  /** Model v2.1: the newest Employment Expectations Indicator (shown even when too old to count). */
  eei_value: number | null;
  eei_period: string | null;
  /** Model v2.1: the barometer and the EEI where the country has a value, barometer first. */
  sentiment_sources: SentimentSourcePanel[];
  gdp_rate: number | null;
  gdp_period: string | null;
  gdp_unit: string | null;
  inflation_rate: number | null;
  inflation_period: string | null;
  vacancy_three_year_avg: number | null;
  competition_three_year_avg: number | null;
  comparisons: {
    unemployment_vs_eu: UnemploymentComparison | null;
    vacancy_vs_3y: AverageComparison<"above" | "below" | "same"> | null;
    competition_vs_3y: AverageComparison<"higher" | "lower" | "same"> | null;
  };
  /**
   * The market part of the score's change over the last three months, as a word (product/signal.ts); null without
   * both scores or the attribution of that change.
   */
  general_signal: GeneralSignal | null;
  general_signal_text: string | null;
  /** The whole change over the window: score of `general_signal_to` minus score of `general_signal_from`. */
  general_signal_change: number | null;
  /** Its market part, the one the signal reads, and its evidence part (they add up to the change). */
  general_signal_market: number | null;
  general_signal_evidence: number | null;
  general_signal_from: string | null;
  general_signal_to: string | null;
  /**
   * The yearly change (product/change-view.ts `yoyOf`): unrounded, as shown (the difference of the two shown scores),
   * its word decided from the shown number, and its market and evidence parts.
   */
  yoy: {
    delta: number | null;
    label: "Up" | "Down" | "Same" | null;
    shown: number | null;
    market: number | null;
    evidence: number | null;
  };
  /** 100 ÷ competition, rounded (docs/product.md §9). */
  callbacks_per_100: number | null;
  time_to_interview_days: number;
  vacancies_trend: "up" | "down" | "flat";
  /** Colour of each "Current Market Snapshot" line (docs/product.md §9 snapshot colour thresholds). */
  tones: Record<"unemployment" | "vacancy" | "competition" | "barometer" | "gdp" | "inflation", Tone | null>;
  /** The four "Why the Job Market Score is X" cards (docs/product.md §9 breakdown cards). */
  breakdown: Record<"unemployment" | "vacancy" | "competition" | "sentiment", BreakdownCard | null>;
  /**
   * Eurostat's observation flag of each figure (p provisional, e estimated, d definition differs, b break in series,
   * u low reliability; letters may combine): shown beside it (docs/data-sources.md §8); null without one or without
   * the figure.
   */
  flags: Record<PanelFigure, string | null>;
}

/** "12.8 job seekers per opening": the quotient rounded as every shown figure (10.2 / 0.8 = 12.75 is 12.8). */
function competitionText(competition: number): string {
  return `${formatNumber(competition, 1)} job seekers per opening`;
}

/** The older of two periods by their end month (a quarter ends in its third month); null without both. */
function olderPeriod(a: string | undefined, b: string | undefined): string | null {
  if (!a || !b) return null;
  return periodEndMonth(a) <= periodEndMonth(b) ? a : b;
}

/** The market panel of one snapshot. Missing inputs give nulls, never made-up numbers. */
export function marketPanel(s: Snapshot): MarketPanel {
  const u = s.unemployment?.value ?? null;
  const v = s.vacancy?.value ?? null;
  const c = s.competition;
  const b = s.lmb?.value ?? null;
  const g = s.gdp?.value ?? null;
  const i = s.inflation?.value ?? null;
  const vAvg = s.averages_3y?.vacancy ?? null;
  const cAvg = s.averages_3y?.competition ?? null;
  const signal = generalSignal(s);
  const youth = (s as PublishedSnapshot).youth_unemployment ?? null;
  const uBefore = s.unemployment_year_before ?? null;
  return {
    unemployment_rate: u,
    unemployment_period: s.unemployment?.period ?? null,
    unemployment_change: u !== null && uBefore !== null ? u - uBefore.value : null,
    unemployment_change_from: u !== null && uBefore !== null ? uBefore.period : null,
    competition_period:
      c === null ? null : (s.sub_scores.C?.period ?? olderPeriod(s.unemployment?.period, s.vacancy?.period)),
    youth_unemployment_rate: youth?.value ?? null,
    youth_unemployment_period: youth?.period ?? null,
    youth_unemployment_eu_rate: youth?.eu_value ?? null,
    vacancy_rate: v,
    vacancy_period: s.vacancy?.period ?? null,
    competition: c,
    competition_text: c === null ? null : competitionText(c),
    lmb_value: b,
    lmb_period: s.lmb?.period ?? null,
    eei_value: s.eei?.value ?? null,
    eei_period: s.eei?.period ?? null,
    sentiment_sources: sentimentSources(s),
    gdp_rate: g,
    gdp_period: s.gdp?.period ?? null,
    gdp_unit: s.gdp?.unit ?? null,
    inflation_rate: i,
    inflation_period: s.inflation?.period ?? null,
    vacancy_three_year_avg: vAvg === null ? null : roundHalfAway(vAvg, 2),
    competition_three_year_avg: cAvg === null ? null : roundHalfAway(cAvg, 2),
    comparisons: {
      unemployment_vs_eu:
        u === null
          ? null
          : compareUnemploymentWithEu(u, s.eu_average?.unemployment ?? null, s.eu_average?.period ?? null),
      vacancy_vs_3y: v === null || vAvg === null ? null : compareVacancyWithAverage(v, vAvg),
      competition_vs_3y: c === null || cAvg === null ? null : compareCompetitionWithAverage(c, cAvg),
    },
    general_signal: signal?.signal ?? null,
    general_signal_text: signal?.text ?? null,
    general_signal_change: signal?.change ?? null,
    general_signal_market: signal?.market ?? null,
    general_signal_evidence: signal?.evidence ?? null,
    general_signal_from: signal?.from_month ?? null,
    general_signal_to: signal?.to_month ?? null,
    yoy: yoyOf(s),
    callbacks_per_100: c === null || c <= 0 ? null : roundHalfAway(100 / c, 0),
    time_to_interview_days: PANEL_RULES.timeToInterviewDays,
    vacancies_trend: PANEL_RULES.vacanciesTrend,
    tones: {
      unemployment: u === null ? null : tone.unemployment(u),
      vacancy: v === null ? null : tone.vacancy(v),
      competition: c === null ? null : tone.competition(c),
      barometer: b === null ? null : tone.barometer(b),
      gdp: g === null ? null : tone.gdp(g),
      inflation: i === null ? null : tone.inflation(i),
    },
    breakdown: {
      unemployment: u === null ? null : breakdown.unemployment(u),
      vacancy: v === null ? null : breakdown.vacancy(v),
      competition: c === null ? null : breakdown.competition(c),
      sentiment: b === null ? null : breakdown.sentiment(b),
    },
    flags: {
      unemployment: s.unemployment?.flag ?? null,
      unemployment_year_before: uBefore?.flag ?? null,
      youth_unemployment: youth?.flag ?? null,
      vacancy: s.vacancy?.flag ?? null,
      lmb: s.lmb?.flag ?? null,
      eei: s.eei?.flag ?? null,
      gdp: s.gdp?.flag ?? null,
      inflation: s.inflation?.flag ?? null,
    },
  };
}
