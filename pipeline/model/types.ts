// Inputs and outputs of a score model (docs/model.md). Pure data; no I/O.
import type { Period } from "../types.ts";

export type Status = "stormy" | "rainy" | "cloudy" | "bright" | "sunny";
export type RatingLabel = "Very favorable" | "Rather favorable" | "Mixed/average" | "Very tough";
export type Confidence = "high" | "medium" | "low";
export type Basis = "blended" | "sentiment-only" | "historical-only";
export type SubScoreKey = "U" | "V" | "C" | "M" | "S";
export type YoyLabel = "Up" | "Down" | "Same";

/** One stored observation as the model sees it. Series are sorted by period, oldest first. */
export interface SeriesPoint {
  period: Period;
  value: number;
  flag: string | null;
  /** Id of the ingest (file load) the value came from; null in pure tests. */
  ingestId: number | null;
  /** Unit code when it matters (GDP: CLV_PCH_PRE or CLV_PCH_SM). */
  unit?: string;
}

/** Everything the model needs for one country. Each series oldest first, one point per period. */
export interface ModelInput {
  country: string;
  unemploymentMonthly: SeriesPoint[];
  unemploymentQuarterly: SeriesPoint[];
  /** Quarterly job vacancy rate (successor table already preferred by the reader). */
  vacancy: SeriesPoint[];
  /** Monthly barometer index. */
  lmb: SeriesPoint[];
  /**
   * Monthly Employment Expectations Indicator (model v2.1; long-term mean 100). One value per month: where
   * several tables give the same month the reader has already picked one (docs/model.md §1). v2 ignores it.
   */
  expectations: SeriesPoint[];
  /** Context only: never enters the score. */
  gdp: SeriesPoint[];
  /** Context only: never enters the score (successor table already preferred by the reader). */
  inflation: SeriesPoint[];
  /** EU27_2020 aggregate unemployment, for the EU-average comparison (docs/model.md §6). */
  euUnemploymentMonthly: SeriesPoint[];
  euUnemploymentQuarterly: SeriesPoint[];
}

export interface SubScore {
  key: SubScoreKey;
  /** 0..100, from unrounded inputs. */
  value: number;
  /** The input the anchor table reads (u, v, c = u/v, d = u - u(12 months before), b). */
  input: number;
  /** Period of the newest observation used (for C: the older of its two inputs). */
  period: Period;
  /** Age in months of that observation as of the as-of month. */
  age: number;
  /** Freshness factor f in [0, 1]. */
  freshness: number;
  /** Base weight w. */
  weight: number;
  /** e = w × f. */
  effectiveWeight: number;
}

export interface ValueAt {
  value: number;
  period: Period;
  flag: string | null;
}

/** What recalc publishes per country (docs/model.md §7). score is null when nothing recent enough exists. */
export interface Snapshot {
  country: string;
  model: string;
  /** YYYY-MM-DD */
  as_of: string;
  /** Newest month (YYYY-MM) with any scoring input (a quarter counts as its end month); null without inputs. */
  anchor_month: string | null;
  score: number | null;
  status: Status | null;
  label: RatingLabel | null;
  confidence: Confidence | null;
  basis: Basis | null;
  cover: number | null;
  /** The blend before shrinking (0..100) and after (0..100); null without score. */
  raw: number | null;
  shrunk: number | null;
  sub_scores: Record<SubScoreKey, SubScore | null>;
  /** Which unemployment series fed U and M. */
  unemployment_series: "monthly" | "quarterly" | null;
  unemployment: ValueAt | null;
  /** Unemployment 12 months (4 quarters) before the newest one, used by M. */
  unemployment_year_before: ValueAt | null;
  /** Count of unemployment observations in the chosen series up to the as-of month. */
  unemployment_history_points: number;
  vacancy: ValueAt | null;
  competition: number | null;
  lmb: ValueAt | null;
  gdp: (ValueAt & { unit: string | null }) | null;
  inflation: ValueAt | null;
  /** Means over the 3 years (36 months) ending at the newest vacancy quarter; null when fewer than 2 points. */
  averages_3y: {
    vacancy: number | null;
    competition: number | null;
    vacancy_points: number;
    competition_points: number;
  };
  /** EU average unemployment used for the comparison: the EU27_2020 value of the same period, else null (fixed thresholds apply). */
  eu_average: { unemployment: number | null; period: Period | null; source: "EU27_2020" | "fixed-thresholds" };
  yoy: { delta: number | null; label: YoyLabel | null; from_month: string | null };
  /** Sorted, unique ingest ids of every observation the snapshot read. */
  ingest_ids: number[];
  // Fields below were added by model v2.1; snapshots made by v2 do not have them.
  /** v2.1: the newest Employment Expectations Indicator up to the as-of month (shown even past its cut-off). */
  eei?: ValueAt | null;
  /** v2.1: the sentiment sources that fed S (each within its cut-off), barometer first; empty without S. */
  sentiment_sources?: SentimentSource[];
  /** v2.1: why the score changed since the previous month and since 12 months before the as-of month. */
  change?: ScoreChange;
}

/** A sentiment source that fed S (model v2.1, docs/model.md §2). */
export interface SentimentSource {
  source: "lmb" | "eei";
  /** The index value (100 = neutral for the barometer, the long-term mean for the EEI). */
  value: number;
  period: Period;
  age: number;
  freshness: number;
  /** The value through the S anchor table (0..100). */
  sub_score: number;
}

/**
 * A snapshot of a model that explains its changes (a table with `explainsChanges`, v2.1 on): the EEI, the sentiment
 * sources and the change are always there.
 */
interface AttributedSnapshot extends Snapshot {
  eei: ValueAt | null;
  sentiment_sources: SentimentSource[];
  change: ScoreChange;
}

// ---------------------------------------------------------------------------------------------------------
// Attribution of a score change (docs/model.md §9)

/** What one side of a change knew about a sub-score. */
export interface SubScoreState {
  input: number;
  period: Period;
  age: number;
  freshness: number;
  /** The sub-score, 0..100. */
  value: number;
}

/**
 * value: the sub-score's value changed; freshness: its data got older or newer; added / removed: the sub-score
 * exists on one side only (evidence coming or going, which also moves cover and block presence).
 */
export type ChangeKind = "value" | "freshness" | "added" | "removed";

export interface ChangePart {
  key: SubScoreKey;
  kind: ChangeKind;
  from: SubScoreState | null;
  to: SubScoreState | null;
  /** This player's exact Shapley value; the contributions add up to `delta`. */
  contribution: number;
}

export interface Explanation {
  /** YYYY-MM of each side (the month scored, or the as-of month of a snapshot). */
  from_month: string;
  to_month: string;
  from_score: number;
  to_score: number;
  /** to_score - from_score. */
  delta: number;
  /**
   * The market part (docs/model.md §9): the sum of the parts of kind `value`, inputs counted on
   * both sides whose level moved. What the change would be had the evidence stayed as it was.
   */
  market: number;
  /** The evidence part: the sum of every other part (freshness, added, removed). market + evidence = delta. */
  evidence: number;
  /** One part per changed player, in sub-score order (U, V, C, M, S), value before freshness. */
  parts: ChangePart[];
}

interface ScoreChange {
  /** As-of month vs the month before; null when either month has no score. */
  previous_month: Explanation | null;
  /**
   * The window of the general signal, which reads its market part (docs/model.md §6, §9): the country's data month vs
   * three months before (v2.4; v2.1 to v2.3: the as-of month vs three months before). Null when either month has no
   * score; absent from snapshots published before it existed.
   */
  three_months?: Explanation | null;
  /** As-of month vs 12 months before; null when either month has no score. */
  year_before: Explanation | null;
}

/** The sub-scores of one month of a country's history: all the attribution needs. */
export interface MonthState {
  /** YYYY-MM */
  month: string;
  score: number | null;
  sub_scores: Record<SubScoreKey, SubScore | null>;
}

/** Attribution of one month of history against the month before and 12 months before. */
export interface MonthChange {
  month: string;
  previous_month: Explanation | null;
  year_before: Explanation | null;
}

/** An input whose figures started or stopped counting in a month of the history (v2.1 on; docs/model.md §6). */
export interface HistoryEvent {
  /** The input: unemployment (U), vacancies (V), employment expectations or the barometer (the sources of S). */
  input: HistoryInput;
  /** starts: it counts this month and did not the month before; stops: the reverse (its newest figure got too old). */
  change: "starts" | "stops";
  /** The figure's period: the first one counted (starts) or the last one that counted (stops). */
  period: string;
}

export type HistoryInput = "unemployment" | "vacancy" | "expectations" | "barometer";

export interface HistoryPoint {
  /** YYYY-MM */
  month: string;
  score: number | null;
  status: Status | null;
  /**
   * v2.1 on (models that explain their changes): which blocks the month's score rests on (the snapshot's `basis`); null
   * without a score.
   */
  basis?: Basis | null;
  /**
   * v2.1 on: the market and evidence parts of the change from the month before (docs/model.md §6, §9); they add up to
   * score − the month before's score. Null on the first month or when either month has no score.
   */
  market?: number | null;
  evidence?: number | null;
  /** v2.1 on: the inputs that started or stopped counting this month; absent on a month without any. */
  events?: HistoryEvent[];
}

export interface CountryResult {
  snapshot: Snapshot;
  /** Every month from the first month with any scoring input to the as-of month, oldest first. */
  history: HistoryPoint[];
}

/** What a model that explains its changes (v2.1 on) returns for a country. */
export interface AttributedCountryResult extends CountryResult {
  snapshot: AttributedSnapshot;
}
