// The country page's market panel (docs/product.md §3 "Market panel inputs", §9 constants), computed from a
// published snapshot. Pure; the API answers it beside the snapshot and the server-rendered site imports it, so
// every threshold, margin and text below exists once. The model's own comparison parameters (the fixed EU
// thresholds, the 3-year-average margins) are read from the current model, never repeated here.
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { ageInMonths, monthLabel, periodEndMonth } from "../pipeline/model/period.ts";
import type { SentimentSource, Snapshot } from "../pipeline/model/types.ts";
import type { PublishedSnapshot } from "../pipeline/youth.ts";
import { yoyOf } from "./change-view.ts";
import { generalSignal, type GeneralSignal } from "./signal.ts";

/** The panel's constants (docs/product.md §9). */
export const PANEL_RULES = {
  /** Fixed EU-average thresholds used when no EU27_2020 value of the same period was ingested (the model's). */
  unemploymentLowerThan: CURRENT_PARAMS.euAverage.fixedLowerBelow,
  unemploymentHigherThan: CURRENT_PARAMS.euAverage.fixedHigherAbove,
  /**
   * With an EU27_2020 value e: "lower" below e − 0.5, "higher" above e + 0.5, else "same". The half-width 0.5
   * is the one the fixed thresholds imply (6 and 7 around 6.5); decision recorded here, the spec gives no margin.
   */
  euMargin: 0.5,
  vacancyMargin: CURRENT_PARAMS.margins.vacancy,
  competitionMargin: CURRENT_PARAMS.margins.competition,
  timeToInterviewDays: 14,
  vacanciesTrend: "flat",
  /** Breakdown cards: "Stable" within this distance of the baseline. */
  stableWithin: 0.5,
} as const;

export type Tone = "good" | "fair" | "poor";
export type { GeneralSignal };

export interface Comparison<R extends string> {
  result: R;
  text: string;
  /** What the value was compared with. */
  reference: number | null;
}

export interface BreakdownCard {
  value: number;
  /** Bar fill, 0..100. */
  bar: number;
  baseline: number;
  level: "high" | "low" | "average";
  /** Relative to the baseline, from a job seeker's point of view. */
  trend: "Stable" | "Better" | "Worse";
  text: string;
}

/**
 * One sentiment source of the country page (model v2.1, docs/model.md §2): its newest value up to the as-of
 * month, whether that value feeds the score published as of the snapshot's date, and until when it can.
 */
export interface SentimentSourcePanel {
  /** lmb: the European Labour Market Barometer (100 = neutral); eei: the Employment Expectations Indicator (100 = long-term mean). */
  source: SentimentSource["source"];
  value: number;
  /** YYYY-MM */
  period: string;
  /** Age in months as of the snapshot's as-of date. */
  age: number;
  /** True when the value feeds the score (within the sentiment cut-off). */
  counts: boolean;
  /** Its freshness factor in the score (0 when it does not count). */
  freshness: number;
  /** The sentiment cut-off in months: older values stop counting. */
  cutoff_months: number;
  /** The last month (YYYY-MM) whose score can use this value: its month plus the cut-off. */
  counts_until: string;
}

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
    unemployment_vs_eu:
      | (Comparison<"lower" | "higher" | "same"> & {
          basis: "EU27_2020" | "fixed-thresholds";
          eu_period: string | null;
        })
      | null;
    vacancy_vs_3y: Comparison<"above" | "below" | "same"> | null;
    competition_vs_3y: Comparison<"higher" | "lower" | "same"> | null;
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
}

const clamp = (x: number, lo = 0, hi = 100) => Math.min(hi, Math.max(lo, x));
const round = (x: number, digits: number) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

/**
 * Unemployment against one yardstick, named in its text (docs/product.md §9 and its decision): the EU-27 average
 * of the same period when one is stored ("lower than the EU-27 average"), else the fixed rule of thumb, worded as
 * such ("below the 6% rule of thumb"), never as an average: two yardsticks never read the same.
 */
export function compareUnemploymentWithEu(
  rate: number,
  eu: number | null,
  euPeriod: string | null,
): NonNullable<MarketPanel["comparisons"]["unemployment_vs_eu"]> {
  const lowerBelow = eu === null ? PANEL_RULES.unemploymentLowerThan : eu - PANEL_RULES.euMargin;
  const higherAbove = eu === null ? PANEL_RULES.unemploymentHigherThan : eu + PANEL_RULES.euMargin;
  const result = rate < lowerBelow ? "lower" : rate > higherAbove ? "higher" : "same";
  if (eu === null) {
    const low = `${PANEL_RULES.unemploymentLowerThan}%`;
    const high = `${PANEL_RULES.unemploymentHigherThan}%`;
    const text =
      result === "lower"
        ? `below the ${low} rule of thumb`
        : result === "higher"
          ? `above the ${high} rule of thumb`
          : `within the ${low}–${high} rule of thumb`;
    return { result, text, reference: null, basis: "fixed-thresholds", eu_period: null };
  }
  const text =
    result === "lower"
      ? "lower than the EU-27 average"
      : result === "higher"
        ? "higher than the EU-27 average"
        : "close to the EU-27 average";
  return { result, text, reference: eu, basis: "EU27_2020", eu_period: euPeriod };
}

export function compareVacancyWithAverage(rate: number, avg: number): Comparison<"above" | "below" | "same"> {
  const result =
    rate > avg + PANEL_RULES.vacancyMargin ? "above" : rate < avg - PANEL_RULES.vacancyMargin ? "below" : "same";
  const text =
    result === "above"
      ? "more openings than its 3-year average"
      : result === "below"
        ? "fewer openings than its 3-year average"
        : "in line with its 3-year average";
  return { result, text, reference: avg };
}

export function compareCompetitionWithAverage(value: number, avg: number): Comparison<"higher" | "lower" | "same"> {
  const result =
    value > avg + PANEL_RULES.competitionMargin
      ? "higher"
      : value < avg - PANEL_RULES.competitionMargin
        ? "lower"
        : "same";
  const text =
    result === "higher"
      ? "more competition than its 3-year average"
      : result === "lower"
        ? "less competition than its 3-year average"
        : "competition in line with its 3-year average";
  return { result, text, reference: avg };
}

/** Spec §9 snapshot colour thresholds. */
export const tone = {
  unemployment: (v: number): Tone => (v <= 4 ? "good" : v <= 7 ? "fair" : "poor"),
  vacancy: (v: number): Tone => (v >= 3 ? "good" : v >= 2 ? "fair" : "poor"),
  competition: (v: number): Tone => (v <= 3 ? "good" : v <= 5 ? "fair" : "poor"),
  barometer: (v: number): Tone => (v >= 102 ? "good" : v >= 98 ? "fair" : "poor"),
  gdp: (v: number): Tone => (v >= 2 ? "good" : v >= 0 ? "fair" : "poor"),
  inflation: (v: number): Tone => (v <= 2 ? "good" : v <= 4 ? "fair" : "poor"),
};

function trend(value: number, baseline: number, lowerIsGood: boolean): BreakdownCard["trend"] {
  if (Math.abs(value - baseline) <= PANEL_RULES.stableWithin) return "Stable";
  return value < baseline === lowerIsGood ? "Better" : "Worse";
}

/** Spec §9 breakdown cards (the /job-market page). */
export const breakdown = {
  unemployment(rate: number): BreakdownCard {
    const level = rate > 7 ? "high" : rate < 6 ? "low" : "average";
    return {
      value: rate,
      bar: clamp((10 - rate) * 10),
      baseline: 6.5,
      level,
      trend: trend(rate, 6.5, true),
      text:
        level === "low"
          ? "Below 6%: more jobs available"
          : level === "high"
            ? "Above 7%: fewer jobs available"
            : "Around the European norm",
    };
  },
  vacancy(rate: number): BreakdownCard {
    const level = rate > 3 ? "high" : rate < 2 ? "low" : "average";
    return {
      value: rate,
      bar: clamp(rate * 25),
      baseline: 2.5,
      level,
      trend: trend(rate, 2.5, false),
      text:
        level === "high"
          ? "Above 3%: many open positions"
          : level === "low"
            ? "Below 2%: few open positions"
            : "An average number of open positions",
    };
  },
  competition(value: number): BreakdownCard {
    const level = value > 5 ? "high" : value < 3 ? "low" : "average";
    return {
      value,
      bar: clamp((10 - value) * 10),
      baseline: 4,
      level,
      trend: trend(value, 4, true),
      text:
        level === "high"
          ? "Above 5 job seekers per opening: high competition"
          : level === "low"
            ? "Below 3 job seekers per opening: low competition"
            : "Average competition per opening",
    };
  },
  sentiment(value: number): BreakdownCard {
    const level =
      value > 100 + PANEL_RULES.stableWithin ? "high" : value < 100 - PANEL_RULES.stableWithin ? "low" : "average";
    return {
      value,
      bar: clamp((value - 90) * 5),
      baseline: 100,
      level,
      trend: trend(value, 100, false),
      text:
        level === "high"
          ? "Experts expect hiring to grow (above 100)"
          : level === "low"
            ? "Experts expect hiring to slow (below 100)"
            : "Experts expect a neutral outlook (around 100)",
    };
  },
};

export function competitionText(competition: number): string {
  return `${competition.toFixed(1)} job seekers per opening`;
}

/**
 * The sentiment sources of a snapshot: each source's newest value (barometer first), counted when the snapshot
 * says it fed S (v2.1's `sentiment_sources`; a v2 snapshot's barometer counts when S exists).
 */
export function sentimentSources(s: Snapshot): SentimentSourcePanel[] {
  const cutoff = CURRENT_PARAMS.freshness.sentiment.cutoff;
  const fed =
    s.sentiment_sources ??
    (s.lmb && s.sub_scores.S
      ? [{ source: "lmb" as const, freshness: s.sub_scores.S.freshness, period: s.lmb.period }]
      : []);
  const out: SentimentSourcePanel[] = [];
  for (const [source, at] of [
    ["lmb", s.lmb],
    ["eei", s.eei ?? null],
  ] as const) {
    if (!at) continue;
    const used = fed.find((f) => f.source === source && f.period === at.period);
    out.push({
      source,
      value: at.value,
      period: at.period,
      age: ageInMonths(at.period, s.as_of),
      counts: used !== undefined,
      freshness: used?.freshness ?? 0,
      cutoff_months: cutoff,
      counts_until: monthLabel(periodEndMonth(at.period) + cutoff),
    });
  }
  return out;
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
    vacancy_three_year_avg: vAvg === null ? null : round(vAvg, 2),
    competition_three_year_avg: cAvg === null ? null : round(cAvg, 2),
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
    callbacks_per_100: c === null || c <= 0 ? null : Math.round(100 / c),
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
  };
}
