// Inputs and outputs of a score model (design/score-v2.md). Pure data; no I/O.
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
  /** Context only: never enters the score. */
  gdp: SeriesPoint[];
  /** Context only: never enters the score (successor table already preferred by the reader). */
  inflation: SeriesPoint[];
  /** EU27_2020 aggregate unemployment, for the EU-average comparison (score-v2.md §6). */
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

/** What recalc publishes per country (score-v2.md §7). score is null when nothing recent enough exists. */
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
  averages_3y: { vacancy: number | null; competition: number | null; vacancy_points: number; competition_points: number };
  /** EU average unemployment used for the comparison: the EU27_2020 value of the same period, else null (fixed thresholds apply). */
  eu_average: { unemployment: number | null; period: Period | null; source: "EU27_2020" | "fixed-thresholds" };
  yoy: { delta: number | null; label: YoyLabel | null; from_month: string | null };
  /** Sorted, unique ingest ids of every observation the snapshot read. */
  ingest_ids: number[];
}

export interface HistoryPoint {
  /** YYYY-MM */
  month: string;
  score: number | null;
  status: Status | null;
}

export interface CountryResult {
  snapshot: Snapshot;
  /** Every month from the first month with any scoring input to the as-of month, oldest first. */
  history: HistoryPoint[];
}
