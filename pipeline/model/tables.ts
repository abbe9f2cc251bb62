// The released score models as parameter tables (docs/model.md §10, docs/decisions/013-model-kernel.md).
// A model is its table: every number of the formula plus the few switches in which released models differ.
// One kernel (kernel.ts) computes any model from its table. A released table is never edited (a test pins
// a hash of each): a change of numbers or switches is a new table with a new id, added to TABLES.
//
// Data only, no functions beyond freezing: the site's browser bundle may import this file (the thresholds,
// weights and cut-offs it shows) and the blend (blend.ts) without pulling the pipeline.
import type { RatingLabel, Status, SubScoreKey } from "./types.ts";

/** A block of sub-scores; each block has its own freshness rule (docs/model.md §3, §4). */
export type Family = "historical" | "sentiment";
export const FAMILIES: readonly Family[] = Object.freeze(["historical", "sentiment"] as const);
/** The inputs' sub-scores, in the order every list of them follows: the one list of the keys (docs/model.md §2). */
export const SUB_SCORE_KEYS = Object.freeze(["U", "V", "C", "M", "S"] as const) satisfies readonly SubScoreKey[];

/** Piecewise-linear anchor table: `[input, sub-score]` pairs, inputs strictly increasing. */
export type AnchorTable = readonly (readonly [input: number, subScore: number])[];

export interface FreshnessRule {
  /** Months during which f = 1. */
  readonly grace: number;
  /** Months after the grace period in which f halves. */
  readonly halfLife: number;
  /** Older than this many months: f = 0 and the sub-score is missing. */
  readonly cutoff: number;
}

export interface Threshold<T> {
  readonly atLeast: number;
  readonly value: T;
}

/** The two sentiment sources (docs/model.md §2): the barometer and the Employment Expectations Indicator. */
type SentimentSourceId = "lmb" | "eei";

/** The scoring data types, each with the freshness family its observations age by. */
type ScoringDataType = "unemployment" | "vacancy" | "lmb" | "expectations";

/**
 * The series a model reads (the inputs of ModelInput, types.ts) and the two context figures published beside the
 * score (youth unemployment, sector vacancy rates): what a publication lag is kept for (v2.3).
 */
export type LaggedSeries =
  | "unemploymentMonthly"
  | "unemploymentQuarterly"
  | "vacancy"
  | "lmb"
  | "expectations"
  | "gdp"
  | "inflation"
  | "youthUnemployment"
  | "sectorVacancy";

/** Every parameter and switch of one released model. */
export interface ModelParams {
  readonly id: string;
  /** Project version that introduced the model. */
  readonly introducedIn: string;
  readonly anchors: Readonly<Record<SubScoreKey, AnchorTable>>;
  /** Base weights w (historical block 0.5 in all, sentiment block 0.5). */
  readonly weights: Readonly<Record<SubScoreKey, number>>;
  /** Block membership; a block is present when any of its sub-scores is. */
  readonly blocks: Readonly<Record<Family, readonly SubScoreKey[]>>;
  readonly freshness: Readonly<Record<Family, FreshnessRule>>;
  /** M compares the newest unemployment value with the one this many months earlier (12 months = 4 quarters). */
  readonly momentumLagMonths: number;
  /** shrunk = neutral + (raw - neutral) × (base + coverWeight × cover). */
  readonly shrink: { readonly neutral: number; readonly base: number; readonly coverWeight: number };
  /** score = min + (max - min) × shrunk / subScoreMax. */
  readonly scale: { readonly min: number; readonly max: number; readonly subScoreMax: number };
  /** Highest threshold first; below every threshold: `otherwise`. */
  readonly status: { readonly thresholds: readonly Threshold<Status>[]; readonly otherwise: Status };
  readonly label: { readonly thresholds: readonly Threshold<RatingLabel>[]; readonly otherwise: RatingLabel };
  /** Yearly change: delta > threshold "Up", < -threshold "Down", else "Same"; over lagMonths. */
  readonly yoy: { readonly threshold: number; readonly lagMonths: number };
  readonly confidence: {
    /** cover below this: low. */
    readonly lowCoverBelow: number;
    /** high needs U and S with at least this freshness ... */
    readonly highMinFreshness: number;
    /** ... and this many unemployment points (12 months of history) in the chosen series. */
    readonly highMinHistoryPoints: { readonly monthly: number; readonly quarterly: number };
  };
  /** EU comparison: fixed thresholds when the EU27_2020 value of the same period is missing (docs/product.md §9). */
  readonly euAverage: {
    readonly aggregate: string;
    readonly fixedLowerBelow: number;
    readonly fixedHigherAbove: number;
  };
  /** 3-year averages: window ending at the newest vacancy quarter (inclusive); null below minPoints. */
  readonly averages: { readonly windowMonths: number; readonly minPoints: number };
  /** Margins of the "vs 3-year average" comparisons (docs/product.md §9). */
  readonly margins: { readonly vacancy: number; readonly competition: number };
  /** The score as shown: `decimals` places, half away from zero, after writing it with `guardDecimals` places. */
  readonly display: { readonly decimals: number; readonly guardDecimals: number };
  /** The freshness family of each sub-score (the block it belongs to). */
  readonly subScoreFamily: Readonly<Record<SubScoreKey, Family>>;
  /** The freshness family of each scoring data type (e.g. for an "old data" warning at ingest). */
  readonly dataTypeFamily: Readonly<Record<ScoringDataType, Family>>;

  // The switches: how released models differ beyond their numbers.
  /**
   * Sources of S, in the order the snapshot lists them (v2: the barometer only; v2.1 on: barometer and EEI).
   * Each goes through `anchors.S` and ages by the sentiment rule; with two within their cut-off,
   * S = (f_b·S(b) + f_x·S(x)) / (f_b + f_x) and f_S = max(f_b, f_x). A series not listed is not read.
   */
  readonly sentimentSources: readonly SentimentSourceId[];
  /** Status and label from the unrounded score (v2) or from the score as shown (v2.1 on: 6.96 → 7.0 → bright). */
  readonly ratingFrom: "score" | "shown score";
  /**
   * The yearly change: score(end) − score(end − lagMonths), where end is the newest month with any scoring
   * input (v2, v2.1: "anchor month") or the as-of month itself (v2.2 on: "as-of month", the one number that
   * the badge, "since a year ago" and the attribution all show; docs/model.md §6).
   */
  readonly yoyFrom: "anchor month" | "as-of month";
  /** The snapshot carries the sentiment sources, the EEI and the attribution of its changes (v2.1 on). */
  readonly explainsChanges: boolean;
  /**
   * v2.3: each series' usual publication delay in whole months. An observation of period P counts as of month A
   * only when end_month(P) + lag <= A, for the current snapshot and every month of the history alike (its age stays
   * A - end_month(P)). Absent (v2 to v2.2): every lag is 0, an observation counts from its own end month.
   */
  readonly publicationLag?: Readonly<Record<LaggedSeries, number>>;
  /**
   * v2.4: the cover of a score with no sub-score of the historical block present (sentiment alone: a country or a
   * month scored from the EEI or the barometer only) is measured against both blocks ("both blocks": the historical
   * block counts as present with nothing in it), so such a score is pulled at least halfway to neutral. Absent (v2 to
   * v2.3): against the blocks present, as every other score.
   */
  readonly sentimentOnlyCover?: "both blocks";
  /**
   * v2.4: the general signal's three months end at the country's data month ("data month": the newest month at which
   * one of the observations its score uses started counting, its end month plus its publication lag) instead of the
   * as-of month. Absent (v2.1 to v2.3): they end at the as-of month.
   */
  readonly signalWindowEnds?: "data month";
}

/** Frozen all the way down (a released table cannot be edited at run time either). */
function frozen<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) frozen(child);
    Object.freeze(value);
  }
  return value;
}

/** The formula's numbers, the same in every released model so far (each table below holds its own copy). */
const FORMULA_2025 = () =>
  ({
    anchors: {
      U: [
        [2, 100],
        [4, 80],
        [6, 60],
        [8, 40],
        [12, 15],
        [18, 0],
      ],
      V: [
        [0.5, 0],
        [1, 20],
        [2, 45],
        [3, 70],
        [4, 90],
        [5, 100],
      ],
      C: [
        [0.5, 100],
        [1, 85],
        [2, 65],
        [4, 40],
        [8, 15],
        [15, 0],
      ],
      M: [
        [-1, 100],
        [0, 50],
        [1, 0],
      ],
      S: [
        [90, 0],
        [100, 50],
        [110, 100],
      ],
    },
    weights: { U: 0.2, V: 0.125, C: 0.125, M: 0.05, S: 0.5 },
    blocks: { historical: ["U", "V", "C", "M"], sentiment: ["S"] },
    freshness: {
      historical: { grace: 3, halfLife: 6, cutoff: 24 },
      sentiment: { grace: 2, halfLife: 3, cutoff: 12 },
    },
    momentumLagMonths: 12,
    shrink: { neutral: 50, base: 0.5, coverWeight: 0.5 },
    scale: { min: 1, max: 10, subScoreMax: 100 },
    status: {
      thresholds: [
        { atLeast: 9, value: "sunny" },
        { atLeast: 7, value: "bright" },
        { atLeast: 4, value: "cloudy" },
        { atLeast: 2, value: "rainy" },
      ],
      otherwise: "stormy",
    },
    label: {
      thresholds: [
        { atLeast: 9, value: "Very favorable" },
        { atLeast: 7, value: "Rather favorable" },
        { atLeast: 4, value: "Mixed/average" },
      ],
      otherwise: "Very tough",
    },
    yoy: { threshold: 0.5, lagMonths: 12 },
    confidence: { lowCoverBelow: 0.25, highMinFreshness: 0.5, highMinHistoryPoints: { monthly: 12, quarterly: 4 } },
    euAverage: { aggregate: "EU27_2020", fixedLowerBelow: 6, fixedHigherAbove: 7 },
    averages: { windowMonths: 36, minPoints: 2 },
    margins: { vacancy: 0.2, competition: 0.5 },
    display: { decimals: 1, guardDecimals: 9 },
    subScoreFamily: { U: "historical", V: "historical", C: "historical", M: "historical", S: "sentiment" },
    dataTypeFamily: { unemployment: "historical", vacancy: "historical", lmb: "sentiment", expectations: "sentiment" },
  }) as const;

/** Model v2 (0.1.0): the barometer alone is S; status from the unrounded score; yoy from the anchor month. */
const MODEL_V2: ModelParams = frozen({
  id: "v2",
  introducedIn: "0.1.0",
  ...FORMULA_2025(),
  sentimentSources: ["lmb"],
  ratingFrom: "score",
  yoyFrom: "anchor month",
  explainsChanges: false,
});

/** Model v2.1 (0.2.0): v2's numbers; S from barometer and EEI; status from the score as shown; attribution. */
const MODEL_V2_1: ModelParams = frozen({
  id: "v2.1",
  introducedIn: "0.2.0",
  ...FORMULA_2025(),
  sentimentSources: ["lmb", "eei"],
  ratingFrom: "shown score",
  yoyFrom: "anchor month",
  explainsChanges: true,
});

/**
 * Model v2.2 (0.3.0): v2.1's numbers; the yearly change runs from the as-of month, so the badge, "since a year
 * ago" and the attribution show one number (docs/model.md §6). Its reading rules (series per table, release
 * ordering, NACE B-T) live in the store and the parsers (docs/model.md §1), not in the formula.
 */
const MODEL_V2_2: ModelParams = frozen({
  ...MODEL_V2_1,
  id: "v2.2",
  introducedIn: "0.3.0",
  yoyFrom: "as-of month",
});

/**
 * Model v2.3 (0.4.0): v2.2's numbers; an observation counts only once it could have been published (its table's
 * usual publication lag), for today's score and every month of the history (docs/model.md §1, §6). Its other
 * reading rules (ei_lmjv_q_r2 below the two job vacancy tables, the data browser's workbook, DG ECFIN's release
 * from its newest month) and the sector context live in the parsers, the store and recalc, not in the formula.
 */
const MODEL_V2_3: ModelParams = frozen({
  ...MODEL_V2_2,
  id: "v2.3",
  introducedIn: "0.4.0",
  publicationLag: {
    unemploymentMonthly: 1,
    unemploymentQuarterly: 2,
    vacancy: 3,
    lmb: 0,
    expectations: 0,
    gdp: 2,
    inflation: 1,
    youthUnemployment: 1,
    sectorVacancy: 3,
  },
});

/**
 * Model v2.4 (0.5.0): v2.3's numbers and lags; a score from sentiment alone measures its cover against both blocks
 * (thin evidence is never sunny or stormy), and the general signal reads the three months to the country's data month
 * (docs/model.md §4, §6).
 */
const MODEL_V2_4: ModelParams = frozen({
  ...MODEL_V2_3,
  id: "v2.4",
  introducedIn: "0.5.0",
  sentimentOnlyCover: "both blocks",
  signalWindowEnds: "data month",
});

/** Every released table by id. A snapshot keeps the id of the model that made it. */
export const TABLES = frozen({
  v2: MODEL_V2,
  "v2.1": MODEL_V2_1,
  "v2.2": MODEL_V2_2,
  "v2.3": MODEL_V2_3,
  "v2.4": MODEL_V2_4,
}) satisfies Readonly<Record<string, ModelParams>>;
export type ModelId = keyof typeof TABLES;
