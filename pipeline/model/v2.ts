// Score model v2 (docs/model.md): every parameter in MODEL_V2, and pure functions of observations + as-of.
// No I/O, no clock, no randomness. Released models are never edited: a change of numbers is a new file (v3).
import type { Period } from "../types.ts";
import { monthLabel, monthOfDate, periodEndMonth, periodKind, type PeriodKind } from "./period.ts";
import type { ScoreModel } from "./score-model.ts";
import type {
  Basis,
  Confidence,
  CountryResult,
  HistoryPoint,
  ModelInput,
  RatingLabel,
  SeriesPoint,
  Snapshot,
  Status,
  SubScore,
  SubScoreKey,
  ValueAt,
  YoyLabel,
} from "./types.ts";

export { ageInMonths, monthLabel, monthOfDate, periodEndMonth } from "./period.ts";
export type { ScoreModel } from "./score-model.ts";

// ---------------------------------------------------------------------------------------------------------
// Metadata and parameters

export const id = "v2";
export const introducedIn = "0.1.0";

/** A block of sub-scores; each block has its own freshness rule (docs/model.md §3, §4). */
export type Family = "historical" | "sentiment";
export const FAMILIES: readonly Family[] = Object.freeze(["historical", "sentiment"] as const);
export const SUB_SCORE_KEYS: readonly SubScoreKey[] = Object.freeze(["U", "V", "C", "M", "S"] as const);

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

export interface ModelV2Params {
  readonly id: string;
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
  /** Year-on-year: delta > threshold "Up", < -threshold "Down", else "Same"; over lagMonths. */
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
  readonly euAverage: { readonly aggregate: string; readonly fixedLowerBelow: number; readonly fixedHigherAbove: number };
  /** 3-year averages: window ending at the newest vacancy quarter (inclusive); null below minPoints. */
  readonly averages: { readonly windowMonths: number; readonly minPoints: number };
  /** Margins of the "vs 3-year average" comparisons (docs/product.md §9). */
  readonly margins: { readonly vacancy: number; readonly competition: number };
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

export const MODEL_V2: ModelV2Params = deepFreeze({
  id,
  anchors: {
    U: [[2, 100], [4, 80], [6, 60], [8, 40], [12, 15], [18, 0]],
    V: [[0.5, 0], [1, 20], [2, 45], [3, 70], [4, 90], [5, 100]],
    C: [[0.5, 100], [1, 85], [2, 65], [4, 40], [8, 15], [15, 0]],
    M: [[-1, 100], [0, 50], [1, 0]],
    S: [[90, 0], [100, 50], [110, 100]],
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
});

// ---------------------------------------------------------------------------------------------------------
// Small pure functions

/** Piecewise-linear interpolation on an anchor table, clamped at both ends. */
export function interpolate(anchors: AnchorTable, x: number): number {
  if (anchors.length === 0) throw new RangeError("An anchor table needs at least one point.");
  if (Number.isNaN(x)) throw new RangeError("Cannot interpolate NaN.");
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  if (x <= first[0]) return first[1];
  if (x >= last[0]) return last[1];
  let i = 1;
  while (anchors[i][0] < x) i++;
  const x0 = anchors[i - 1][0];
  const y0 = anchors[i - 1][1];
  const x1 = anchors[i][0];
  const y1 = anchors[i][1];
  // t in [0, 1], so y stays between y0 and y1 even after rounding: monotone across segment joins.
  const t = (x - x0) / (x1 - x0);
  const y = y0 + t * (y1 - y0);
  return Math.min(Math.max(y, Math.min(y0, y1)), Math.max(y0, y1));
}

/** Freshness factor f in [0, 1] of an observation `age` months old; 0 past the cutoff (sub-score missing). */
export function freshness(age: number, family: Family, params: ModelV2Params = MODEL_V2): number {
  const rule = params.freshness[family];
  if (age <= rule.grace) return 1;
  if (age > rule.cutoff) return 0;
  return 0.5 ** ((age - rule.grace) / rule.halfLife);
}

export function byThreshold<T>(score: number, table: { readonly thresholds: readonly Threshold<T>[]; readonly otherwise: T }): T {
  for (const t of table.thresholds) if (score >= t.atLeast) return t.value;
  return table.otherwise;
}

/** Weather status of an unrounded score: < 2 stormy, < 4 rainy, < 7 cloudy, < 9 bright, else sunny. */
export function statusOf(score: number, params: ModelV2Params = MODEL_V2): Status {
  return byThreshold(score, params.status);
}

/** Rating label of an unrounded score: >= 9, >= 7, >= 4, else "Very tough". */
export function labelOf(score: number, params: ModelV2Params = MODEL_V2): RatingLabel {
  return byThreshold(score, params.label);
}

/** Year-on-year badge: > +0.5 Up, < -0.5 Down, else Same. */
export function yoyLabel(delta: number, params: ModelV2Params = MODEL_V2): YoyLabel {
  if (delta > params.yoy.threshold) return "Up";
  if (delta < -params.yoy.threshold) return "Down";
  return "Same";
}

// ---------------------------------------------------------------------------------------------------------
// Prepared input: each series sorted once, with end-month indices for binary search and a map end → position.

export interface PreparedSeries {
  /** End-month index of each point, ascending. */
  readonly ends: readonly number[];
  readonly points: readonly SeriesPoint[];
  readonly byEnd: ReadonlyMap<number, number>;
}

export interface Prepared {
  readonly um: PreparedSeries;
  readonly uq: PreparedSeries;
  readonly vac: PreparedSeries;
  readonly lmb: PreparedSeries;
  readonly gdp: PreparedSeries;
  readonly inflation: PreparedSeries;
  readonly euM: PreparedSeries;
  readonly euQ: PreparedSeries;
  /** Earliest end month of any scoring input (unemployment, vacancy, barometer); null without any. */
  readonly firstMonth: number | null;
}

export function prepareSeries(country: string, name: string, series: readonly SeriesPoint[], kind: PeriodKind | null): PreparedSeries {
  const rows: { end: number; point: SeriesPoint }[] = [];
  for (const point of series) {
    // A value that is not a finite number is no observation (it never becomes 0).
    if (typeof point.value !== "number" || !Number.isFinite(point.value)) continue;
    const actual = periodKind(point.period);
    if (actual === null || (kind !== null && actual !== kind)) {
      throw new RangeError(`${country} ${name}: expected a ${kind ?? "month or quarter"} period, got ${JSON.stringify(point.period)}.`);
    }
    rows.push({ end: periodEndMonth(point.period), point });
  }
  rows.sort((a, b) => a.end - b.end);
  const byEnd = new Map<number, number>();
  rows.forEach((row, i) => {
    if (byEnd.has(row.end)) {
      throw new RangeError(`${country} ${name}: two observations end in ${monthLabel(row.end)} (${rows[i - 1].point.period}, ${row.point.period}).`);
    }
    byEnd.set(row.end, i);
  });
  return { ends: rows.map((r) => r.end), points: rows.map((r) => r.point), byEnd };
}

function prepare(input: ModelInput): Prepared {
  const c = input.country;
  const um = prepareSeries(c, "unemploymentMonthly", input.unemploymentMonthly, "month");
  const uq = prepareSeries(c, "unemploymentQuarterly", input.unemploymentQuarterly, "quarter");
  const vac = prepareSeries(c, "vacancy", input.vacancy, "quarter");
  const lmb = prepareSeries(c, "lmb", input.lmb, "month");
  let firstMonth: number | null = null;
  for (const s of [um, uq, vac, lmb]) {
    if (s.ends.length > 0 && (firstMonth === null || s.ends[0] < firstMonth)) firstMonth = s.ends[0];
  }
  return {
    um,
    uq,
    vac,
    lmb,
    gdp: prepareSeries(c, "gdp", input.gdp, null),
    inflation: prepareSeries(c, "inflation", input.inflation, null),
    euM: prepareSeries(c, "euUnemploymentMonthly", input.euUnemploymentMonthly, "month"),
    euQ: prepareSeries(c, "euUnemploymentQuarterly", input.euUnemploymentQuarterly, "quarter"),
    firstMonth,
  };
}

/** Position of the newest point whose end month is <= month, or -1. O(log n). */
export function lastAtOrBefore(s: PreparedSeries, month: number): number {
  let lo = 0;
  let hi = s.ends.length; // invariant: ends[< lo] <= month < ends[>= hi]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.ends[mid] <= month) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

// ---------------------------------------------------------------------------------------------------------
// The score as of one month

export interface Context {
  readonly params: ModelV2Params;
  readonly familyOf: Readonly<Record<SubScoreKey, Family>>;
}

export function contextOf(params: ModelV2Params): Context {
  const familyOf = {} as Record<SubScoreKey, Family>;
  for (const family of FAMILIES) for (const key of params.blocks[family]) familyOf[key] = family;
  for (const key of SUB_SCORE_KEYS) {
    if (familyOf[key] === undefined) throw new RangeError(`Sub-score ${key} belongs to no block.`);
  }
  return { params, familyOf };
}

interface Blend {
  score: number;
  status: Status;
  label: RatingLabel;
  confidence: Confidence;
  basis: Basis;
  cover: number;
  raw: number;
  shrunk: number;
}

interface Evaluation {
  unemploymentSeries: "monthly" | "quarterly" | null;
  /** The chosen unemployment series and the positions of its newest point and of the year-before point (-1: none). */
  u: PreparedSeries | null;
  uPos: number;
  uPrevPos: number;
  vPos: number;
  lPos: number;
  subScores: Record<SubScoreKey, SubScore | null>;
  blend: Blend | null;
}

export function subScore(ctx: Context, key: SubScoreKey, input: number, period: Period, age: number): SubScore | null {
  const f = freshness(age, ctx.familyOf[key], ctx.params);
  if (!(f > 0)) return null;
  const weight = ctx.params.weights[key];
  return {
    key,
    value: interpolate(ctx.params.anchors[key], input),
    input,
    period,
    age,
    freshness: f,
    weight,
    effectiveWeight: weight * f,
  };
}

export function clamp(x: number, lo: number, hi: number): number {
  return Math.min(Math.max(x, lo), hi);
}

function evaluate(prep: Prepared, month: number, ctx: Context): Evaluation {
  const { params } = ctx;

  // Unemployment: the series whose newest observation is more recent; monthly on a tie.
  const mPos = lastAtOrBefore(prep.um, month);
  const qPos = lastAtOrBefore(prep.uq, month);
  let unemploymentSeries: Evaluation["unemploymentSeries"] = null;
  let u: PreparedSeries | null = null;
  let uPos = -1;
  if (mPos >= 0 && (qPos < 0 || prep.um.ends[mPos] >= prep.uq.ends[qPos])) {
    unemploymentSeries = "monthly";
    u = prep.um;
    uPos = mPos;
  } else if (qPos >= 0) {
    unemploymentSeries = "quarterly";
    u = prep.uq;
    uPos = qPos;
  }
  const vPos = lastAtOrBefore(prep.vac, month);
  const lPos = lastAtOrBefore(prep.lmb, month);

  let U: SubScore | null = null;
  let M: SubScore | null = null;
  let V: SubScore | null = null;
  let C: SubScore | null = null;
  let S: SubScore | null = null;
  let uPrevPos = -1;
  let ageU = 0;
  if (u !== null) {
    const point = u.points[uPos];
    ageU = month - u.ends[uPos];
    U = subScore(ctx, "U", point.value, point.period, ageU);
    uPrevPos = u.byEnd.get(u.ends[uPos] - params.momentumLagMonths) ?? -1;
    if (uPrevPos >= 0) M = subScore(ctx, "M", point.value - u.points[uPrevPos].value, point.period, ageU);
  }
  if (vPos >= 0) {
    const point = prep.vac.points[vPos];
    const ageV = month - prep.vac.ends[vPos];
    V = subScore(ctx, "V", point.value, point.period, ageV);
    if (u !== null && point.value > 0) {
      const uPoint = u.points[uPos];
      const older = ageU > ageV ? uPoint : point;
      C = subScore(ctx, "C", uPoint.value / point.value, older.period, Math.max(ageU, ageV));
    }
  }
  if (lPos >= 0) {
    const point = prep.lmb.points[lPos];
    S = subScore(ctx, "S", point.value, point.period, month - prep.lmb.ends[lPos]);
  }
  const subScores: Record<SubScoreKey, SubScore | null> = { U, V, C, M, S };

  // Blend (docs/model.md §4). Sums run in the fixed order of the blocks, so the result never depends on key order.
  let sumE = 0;
  let sumEX = 0;
  let sumW = 0;
  const present: Record<Family, boolean> = { historical: false, sentiment: false };
  for (const family of FAMILIES) {
    const members = params.blocks[family];
    if (!members.some((k) => subScores[k] !== null)) continue;
    present[family] = true;
    for (const key of members) {
      sumW += params.weights[key];
      const s = subScores[key];
      if (s !== null) {
        sumE += s.effectiveWeight;
        sumEX += s.effectiveWeight * s.value;
      }
    }
  }

  let blend: Blend | null = null;
  if (sumE > 0 && sumW > 0) {
    const top = params.scale.subScoreMax;
    const { neutral } = params.shrink;
    const raw = clamp(sumEX / sumE, 0, top);
    const cover = clamp(sumE / sumW, 0, 1);
    const shrunk = clamp(neutral + (raw - neutral) * (params.shrink.base + params.shrink.coverWeight * cover), 0, top);
    const score = clamp(params.scale.min + ((params.scale.max - params.scale.min) * shrunk) / top, params.scale.min, params.scale.max);
    const basis: Basis = present.historical && present.sentiment ? "blended" : present.sentiment ? "sentiment-only" : "historical-only";
    let confidence: Confidence = "medium";
    const rules = params.confidence;
    if (cover < rules.lowCoverBelow) {
      confidence = "low";
    } else if (
      U !== null &&
      S !== null &&
      U.freshness >= rules.highMinFreshness &&
      S.freshness >= rules.highMinFreshness &&
      uPos + 1 >= rules.highMinHistoryPoints[unemploymentSeries === "quarterly" ? "quarterly" : "monthly"]
    ) {
      confidence = "high";
    }
    blend = { score, status: statusOf(score, params), label: labelOf(score, params), confidence, basis, cover, raw, shrunk };
  }

  return { unemploymentSeries, u, uPos, uPrevPos, vPos, lPos, subScores, blend };
}

// ---------------------------------------------------------------------------------------------------------
// Snapshot pieces that only the as-of month needs

export function valueAt(point: SeriesPoint): ValueAt {
  return { value: point.value, period: point.period, flag: point.flag };
}

export function newest(s: PreparedSeries, month: number): SeriesPoint | null {
  const i = lastAtOrBefore(s, month);
  return i >= 0 ? s.points[i] : null;
}

/** Unemployment of the quarter ending in `end`: the quarterly value, else the mean of its three monthly values. */
function quarterUnemployment(prep: Prepared, end: number): { value: number; points: SeriesPoint[] } | null {
  const q = prep.uq.byEnd.get(end);
  if (q !== undefined) return { value: prep.uq.points[q].value, points: [prep.uq.points[q]] };
  const points: SeriesPoint[] = [];
  for (let m = end - 2; m <= end; m++) {
    const i = prep.um.byEnd.get(m);
    if (i === undefined) return null;
    points.push(prep.um.points[i]);
  }
  return { value: (points[0].value + points[1].value + points[2].value) / 3, points };
}

export function averages3y(prep: Prepared, vPos: number, params: ModelV2Params, used: SeriesPoint[]): Snapshot["averages_3y"] {
  let vSum = 0;
  let vN = 0;
  let cSum = 0;
  let cN = 0;
  const vUsed: SeriesPoint[] = [];
  const cUsed: SeriesPoint[] = [];
  if (vPos >= 0) {
    const from = prep.vac.ends[vPos] - params.averages.windowMonths + 1;
    let start = vPos;
    while (start > 0 && prep.vac.ends[start - 1] >= from) start--;
    for (let j = start; j <= vPos; j++) {
      const v = prep.vac.points[j];
      vSum += v.value;
      vN++;
      vUsed.push(v);
      const u = v.value > 0 ? quarterUnemployment(prep, prep.vac.ends[j]) : null;
      if (u !== null) {
        cSum += u.value / v.value;
        cN++;
        cUsed.push(v, ...u.points);
      }
    }
  }
  const min = params.averages.minPoints;
  if (vN >= min) used.push(...vUsed);
  if (cN >= min) used.push(...cUsed);
  return {
    vacancy: vN >= min ? vSum / vN : null,
    competition: cN >= min ? cSum / cN : null,
    vacancy_points: vN,
    competition_points: cN,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The country result

/** Snapshot as of `asOf` (YYYY-MM-DD) and the monthly score history up to it (docs/model.md §6, §7). */
export function computeCountry(input: ModelInput, asOf: string, params: ModelV2Params = MODEL_V2): CountryResult {
  const month = monthOfDate(asOf);
  const ctx = contextOf(params);
  const prep = prepare(input);

  // History: every month from the first scoring input to the as-of month, each scored as of that month.
  const history: HistoryPoint[] = [];
  let ev: Evaluation | null = null;
  if (prep.firstMonth !== null) {
    for (let t = prep.firstMonth; t <= month; t++) {
      ev = evaluate(prep, t, ctx);
      history.push({ month: monthLabel(t), score: ev.blend?.score ?? null, status: ev.blend?.status ?? null });
    }
  }
  if (ev === null) ev = evaluate(prep, month, ctx);
  const { blend, u, uPos, uPrevPos, vPos, lPos } = ev;

  // Newest month with any scoring input.
  let anchor: number | null = null;
  for (const s of [prep.um, prep.uq, prep.vac, prep.lmb]) {
    const i = lastAtOrBefore(s, month);
    if (i >= 0 && (anchor === null || s.ends[i] > anchor)) anchor = s.ends[i];
  }

  const used: SeriesPoint[] = [];
  const uPoint = u !== null ? u.points[uPos] : null;
  const uPrev = u !== null && uPrevPos >= 0 ? u.points[uPrevPos] : null;
  const vPoint = vPos >= 0 ? prep.vac.points[vPos] : null;
  const lPoint = lPos >= 0 ? prep.lmb.points[lPos] : null;
  const gdpPoint = newest(prep.gdp, month);
  const inflationPoint = newest(prep.inflation, month);
  for (const p of [uPoint, uPrev, vPoint, lPoint, gdpPoint, inflationPoint]) if (p !== null) used.push(p);

  // EU average: the aggregate of the same period as the chosen unemployment observation.
  let euAverage: Snapshot["eu_average"] = { unemployment: null, period: null, source: "fixed-thresholds" };
  if (u !== null && uPoint !== null) {
    const eu = ev.unemploymentSeries === "monthly" ? prep.euM : prep.euQ;
    const i = eu.byEnd.get(u.ends[uPos]);
    if (i !== undefined) {
      const euPoint = eu.points[i];
      euAverage = { unemployment: euPoint.value, period: euPoint.period, source: "EU27_2020" };
      used.push(euPoint);
    }
  }

  const averages = averages3y(prep, vPos, params, used);

  // Year-on-year from the history: score(anchor month) - score(anchor month - 12).
  let yoy: Snapshot["yoy"] = { delta: null, label: null, from_month: null };
  if (anchor !== null && prep.firstMonth !== null) {
    const from = anchor - params.yoy.lagMonths;
    const now = history[anchor - prep.firstMonth]?.score ?? null;
    const before = from >= prep.firstMonth ? (history[from - prep.firstMonth]?.score ?? null) : null;
    const delta = now !== null && before !== null ? now - before : null;
    yoy = { delta, label: delta !== null ? yoyLabel(delta, params) : null, from_month: monthLabel(from) };
  }

  const ingestIds = [...new Set(used.map((p) => p.ingestId).filter((x): x is number => typeof x === "number"))].sort((a, b) => a - b);

  const snapshot: Snapshot = {
    country: input.country,
    model: id,
    as_of: asOf,
    anchor_month: anchor !== null ? monthLabel(anchor) : null,
    score: blend?.score ?? null,
    status: blend?.status ?? null,
    label: blend?.label ?? null,
    confidence: blend?.confidence ?? null,
    basis: blend?.basis ?? null,
    cover: blend?.cover ?? null,
    raw: blend?.raw ?? null,
    shrunk: blend?.shrunk ?? null,
    sub_scores: ev.subScores,
    unemployment_series: ev.unemploymentSeries,
    unemployment: uPoint !== null ? valueAt(uPoint) : null,
    unemployment_year_before: uPrev !== null ? valueAt(uPrev) : null,
    unemployment_history_points: uPos + 1,
    vacancy: vPoint !== null ? valueAt(vPoint) : null,
    competition: uPoint !== null && vPoint !== null && vPoint.value > 0 ? uPoint.value / vPoint.value : null,
    lmb: lPoint !== null ? valueAt(lPoint) : null,
    gdp: gdpPoint !== null ? { ...valueAt(gdpPoint), unit: gdpPoint.unit ?? null } : null,
    inflation: inflationPoint !== null ? valueAt(inflationPoint) : null,
    averages_3y: averages,
    eu_average: euAverage,
    yoy,
    ingest_ids: ingestIds,
  };
  return { snapshot, history };
}

export const modelV2: ScoreModel<ModelV2Params> = Object.freeze({
  id,
  introducedIn,
  params: MODEL_V2,
  computeCountry,
});
