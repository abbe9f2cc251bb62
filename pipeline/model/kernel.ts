// The one score kernel (docs/model.md §10, docs/decisions/013-model-kernel.md): any released model computed
// from its parameter table (tables.ts). Pure functions of observations + as-of date + table: no I/O, no clock,
// no randomness. The blend is blend.ts's, the very arithmetic the attribution (explain.ts) replays, so the
// attribution's end points are the published scores to the last bit. Browser-safe: it imports nothing of the
// pipeline's storage or parsers (period.ts, round.ts, types.ts, blend.ts, explain.ts, tables.ts only).
import { blendInto, blendPlan, clamp, emptyBlendOut, hasBlock, type BlendPlan } from "./blend.ts";
import {
  SIGNAL_MONTHS,
  explainChange,
  explainHistory,
  explainSnapshots,
  withPlainStates,
  type SubScoresLike,
} from "./explain.ts";
import { monthLabel, monthOfDate, periodEndMonth, periodKind, type PeriodKind } from "./period.ts";
import { roundHalfAway } from "./round.ts";
import type { ScoreModel } from "./score-model.ts";
import {
  FAMILIES,
  SUB_SCORE_KEYS,
  type AnchorTable,
  type Family,
  type LaggedSeries,
  type ModelParams,
  type Threshold,
} from "./tables.ts";
import type {
  Basis,
  Confidence,
  CountryResult,
  Explanation,
  HistoryPoint,
  ModelInput,
  MonthChange,
  MonthState,
  RatingLabel,
  SentimentSource,
  SeriesPoint,
  Snapshot,
  Status,
  SubScore,
  SubScoreKey,
  ValueAt,
  YoyLabel,
} from "./types.ts";

export { clamp };

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
export function freshness(age: number, family: Family, params: ModelParams): number {
  const rule = params.freshness[family];
  if (age <= rule.grace) return 1;
  if (age > rule.cutoff) return 0;
  return 0.5 ** ((age - rule.grace) / rule.halfLife);
}

export function byThreshold<T>(
  score: number,
  table: { readonly thresholds: readonly Threshold<T>[]; readonly otherwise: T },
): T {
  for (const t of table.thresholds) if (score >= t.atLeast) return t.value;
  return table.otherwise;
}

/** The score as shown with these parameters (one decimal, half away from zero). */
export function shownScore(score: number, params: ModelParams): number {
  return roundHalfAway(score, params.display.decimals, params.display.guardDecimals);
}

/** The score the model rates: unrounded (v2) or as shown (v2.1 on: 6.96 is shown 7.0 and is bright). */
function ratedScore(score: number, params: ModelParams): number {
  return params.ratingFrom === "shown score" ? shownScore(score, params) : score;
}

/** Weather status of a score: < 2 stormy, < 4 rainy, < 7 cloudy, < 9 bright, else sunny (of the rated score). */
export function statusOf(score: number, params: ModelParams): Status {
  return byThreshold(ratedScore(score, params), params.status);
}

/** Rating label of a score: >= 9, >= 7, >= 4, else "Very tough" (of the rated score). */
export function labelOf(score: number, params: ModelParams): RatingLabel {
  return byThreshold(ratedScore(score, params), params.label);
}

/** Year-on-year badge: > +0.5 Up, < -0.5 Down, else Same. */
export function yoyLabel(delta: number, params: ModelParams): YoyLabel {
  if (delta > params.yoy.threshold) return "Up";
  if (delta < -params.yoy.threshold) return "Down";
  return "Same";
}

/**
 * The change a badge rates between two scores: unrounded (v2), or, where the rating reads the score as shown (v2.1
 * on), the difference of the two shown scores, the number the badge prints (docs/model.md §6: 6.9 → 7.4 is +0.5,
 * "Same", whatever the unrounded scores). Computed in whole display steps, so +0.5 is exactly 0.5.
 */
export function ratedChange(from: number, to: number, params: ModelParams): number {
  if (params.ratingFrom !== "shown score") return to - from;
  const step = 10 ** params.display.decimals;
  return (Math.round(shownScore(to, params) * step) - Math.round(shownScore(from, params) * step)) / step;
}

/**
 * The input at which a monotone anchor table gives `y` (y clamped to the table's range). Used for the input
 * of a blended S: the index that alone would give the blended sub-score.
 */
export function inverseInterpolate(anchors: AnchorTable, y: number): number {
  if (anchors.length === 0) throw new RangeError("An anchor table needs at least one point.");
  if (Number.isNaN(y)) throw new RangeError("Cannot invert NaN.");
  const first = anchors[0];
  const last = anchors[anchors.length - 1];
  const rising = last[1] >= first[1];
  const lowY = rising ? first : last;
  const highY = rising ? last : first;
  if (y <= lowY[1]) return lowY[0];
  if (y >= highY[1]) return highY[0];
  for (let i = 1; i < anchors.length; i++) {
    const [x0, y0] = anchors[i - 1];
    const [x1, y1] = anchors[i];
    if (y0 === y1 || y < Math.min(y0, y1) || y > Math.max(y0, y1)) continue;
    if (y === y0) return x0;
    if (y === y1) return x1;
    return x0 + ((y - y0) / (y1 - y0)) * (x1 - x0);
  }
  throw new RangeError("The anchor table is not monotone.");
}

// ---------------------------------------------------------------------------------------------------------
// Prepared input: each series sorted once, with end-month indices for binary search and a map end → position.

export interface PreparedSeries {
  /** End-month index of each point, ascending. */
  readonly ends: readonly number[];
  readonly points: readonly SeriesPoint[];
  readonly byEnd: ReadonlyMap<number, number>;
  /**
   * v2.3: months after its end month before a point counts (its table's publication lag; 0 before v2.3). One lag
   * per series: every table that feeds one input has the same lag (tables.ts MODEL_V2_3).
   */
  readonly lag: number;
}

export interface Prepared {
  readonly um: PreparedSeries;
  readonly uq: PreparedSeries;
  readonly vac: PreparedSeries;
  readonly lmb: PreparedSeries;
  /** The Employment Expectations Indicator; empty when the model does not read it (v2). */
  readonly eei: PreparedSeries;
  readonly gdp: PreparedSeries;
  readonly inflation: PreparedSeries;
  readonly euM: PreparedSeries;
  readonly euQ: PreparedSeries;
  /** Earliest end month of any scoring input the model reads (unemployment, vacancy, sentiment); null without any. */
  readonly firstMonth: number | null;
}

export function prepareSeries(
  country: string,
  name: string,
  series: readonly SeriesPoint[],
  kind: PeriodKind | null,
  lag = 0,
): PreparedSeries {
  const rows: { end: number; point: SeriesPoint }[] = [];
  for (const point of series) {
    // A value that is not a finite number is no observation (it never becomes 0).
    if (typeof point.value !== "number" || !Number.isFinite(point.value)) continue;
    const actual = periodKind(point.period);
    if (actual === null || (kind !== null && actual !== kind)) {
      throw new RangeError(
        `${country} ${name}: expected a ${kind ?? "month or quarter"} period, got ${JSON.stringify(point.period)}.`,
      );
    }
    rows.push({ end: periodEndMonth(point.period), point });
  }
  rows.sort((a, b) => a.end - b.end);
  const byEnd = new Map<number, number>();
  rows.forEach((row, i) => {
    if (byEnd.has(row.end)) {
      throw new RangeError(
        `${country} ${name}: two observations end in ${monthLabel(row.end)} (${rows[i - 1].point.period}, ${row.point.period}).`,
      );
    }
    byEnd.set(row.end, i);
  });
  return { ends: rows.map((r) => r.end), points: rows.map((r) => r.point), byEnd, lag };
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

/**
 * Position of the newest point that counts as of `month`: its end month plus the series' publication lag is at or
 * before it (v2.3; with lag 0, lastAtOrBefore). Its age is still `month` minus its end month.
 */
export function lastCounting(s: PreparedSeries, month: number): number {
  return lastAtOrBefore(s, month - s.lag);
}

const EMPTY_SERIES: PreparedSeries = Object.freeze({ ends: [], points: [], byEnd: new Map<number, number>(), lag: 0 });

function prepare(input: ModelInput, params: ModelParams): Prepared {
  const c = input.country;
  const lag = (series: LaggedSeries): number => params.publicationLag?.[series] ?? 0;
  const um = prepareSeries(c, "unemploymentMonthly", input.unemploymentMonthly, "month", lag("unemploymentMonthly"));
  const uq = prepareSeries(
    c,
    "unemploymentQuarterly",
    input.unemploymentQuarterly,
    "quarter",
    lag("unemploymentQuarterly"),
  );
  const vac = prepareSeries(c, "vacancy", input.vacancy, "quarter", lag("vacancy"));
  const lmb = params.sentimentSources.includes("lmb")
    ? prepareSeries(c, "lmb", input.lmb, "month", lag("lmb"))
    : EMPTY_SERIES;
  const eei = params.sentimentSources.includes("eei")
    ? prepareSeries(c, "expectations", input.expectations ?? [], "month", lag("expectations"))
    : EMPTY_SERIES;
  // The first month in which any scoring input counts (its end month plus its publication lag).
  let firstMonth: number | null = null;
  for (const s of [um, uq, vac, lmb, eei]) {
    if (s.ends.length > 0 && (firstMonth === null || s.ends[0] + s.lag < firstMonth)) firstMonth = s.ends[0] + s.lag;
  }
  return {
    um,
    uq,
    vac,
    lmb,
    eei,
    gdp: prepareSeries(c, "gdp", input.gdp, null, lag("gdp")),
    inflation: prepareSeries(c, "inflation", input.inflation, null, lag("inflation")),
    // The EU aggregate is read for the period of the country's chosen unemployment observation, never by month.
    euM: prepareSeries(c, "euUnemploymentMonthly", input.euUnemploymentMonthly, "month"),
    euQ: prepareSeries(c, "euUnemploymentQuarterly", input.euUnemploymentQuarterly, "quarter"),
    firstMonth,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The score as of one month

export interface Context {
  readonly params: ModelParams;
  readonly familyOf: Readonly<Record<SubScoreKey, Family>>;
  readonly plan: BlendPlan;
  /** Scratch arrays for the blend (one evaluation at a time). */
  readonly present: Uint8Array;
  readonly value: Float64Array;
  readonly e: Float64Array;
}

export function contextOf(params: ModelParams): Context {
  const familyOf = {} as Record<SubScoreKey, Family>;
  for (const family of FAMILIES) for (const key of params.blocks[family]) familyOf[key] = family;
  for (const key of SUB_SCORE_KEYS) {
    if (familyOf[key] === undefined) throw new RangeError(`Sub-score ${key} belongs to no block.`);
  }
  const plan = blendPlan(params);
  const n = plan.keys.length;
  return { params, familyOf, plan, present: new Uint8Array(n), value: new Float64Array(n), e: new Float64Array(n) };
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
  /** Positions of the newest barometer and EEI points up to the month (-1: none). */
  lPos: number;
  xPos: number;
  subScores: Record<SubScoreKey, SubScore | null>;
  blend: Blend | null;
}

export function subScore(ctx: Context, key: SubScoreKey, input: number, period: string, age: number): SubScore | null {
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

/** One sentiment source as of `month`: its point, age, freshness (0 past the cut-off) and sub-score. */
function sentimentSource(ctx: Context, s: PreparedSeries, pos: number, month: number) {
  if (pos < 0) return null;
  const point = s.points[pos];
  const age = month - s.ends[pos];
  const f = freshness(age, ctx.familyOf.S, ctx.params);
  if (!(f > 0)) return null;
  return { point, age, f, sub: interpolate(ctx.params.anchors.S, point.value) };
}

/**
 * S from the barometer and/or the EEI (docs/model.md §2). With one source within its cut-off, S is that
 * source's (input = its index value). With both: value = (f_b·S(b) + f_x·S(x)) / (f_b + f_x),
 * freshness = max(f_b, f_x), age and period those of the newer source (the barometer's on a tie), and
 * input = the index that alone would give the blended value (the S table read backwards), so that
 * `value = S-table(input)` holds for every S; the two real values are in the snapshot's `sentiment_sources`.
 */
function sentiment(ctx: Context, prep: Prepared, lPos: number, xPos: number, month: number): SubScore | null {
  const b = sentimentSource(ctx, prep.lmb, lPos, month);
  const x = sentimentSource(ctx, prep.eei, xPos, month);
  if (b === null && x === null) return null;
  if (b === null || x === null) {
    const only = (b ?? x)!;
    return subScore(ctx, "S", only.point.value, only.point.period, only.age);
  }
  const lo = Math.min(b.sub, x.sub);
  const hi = Math.max(b.sub, x.sub);
  const value = Math.min(Math.max((b.f * b.sub + x.f * x.sub) / (b.f + x.f), lo), hi);
  const newer = b.age <= x.age ? b : x;
  const f = Math.max(b.f, x.f);
  const weight = ctx.params.weights.S;
  return {
    key: "S",
    value,
    input: inverseInterpolate(ctx.params.anchors.S, value),
    period: newer.point.period,
    age: newer.age,
    freshness: f,
    weight,
    effectiveWeight: weight * f,
  };
}

function evaluate(prep: Prepared, month: number, ctx: Context): Evaluation {
  const { params, plan } = ctx;

  // Unemployment: the series whose newest observation is more recent; monthly on a tie.
  const mPos = lastCounting(prep.um, month);
  const qPos = lastCounting(prep.uq, month);
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
  const vPos = lastCounting(prep.vac, month);
  const lPos = lastCounting(prep.lmb, month);
  const xPos = lastCounting(prep.eei, month);

  let U: SubScore | null = null;
  let M: SubScore | null = null;
  let V: SubScore | null = null;
  let C: SubScore | null = null;
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
  const S = sentiment(ctx, prep, lPos, xPos, month);
  const subScores: Record<SubScoreKey, SubScore | null> = { U, V, C, M, S };

  // Blend (docs/model.md §4): blend.ts, the arithmetic the attribution replays.
  const { present, value, e } = ctx;
  for (let i = 0; i < plan.keys.length; i++) {
    const s = subScores[plan.keys[i]];
    present[i] = s !== null ? 1 : 0;
    value[i] = s !== null ? s.value : 0;
    e[i] = s !== null ? s.effectiveWeight : 0;
  }
  const out = emptyBlendOut();
  let blend: Blend | null = null;
  if (blendInto(plan, present, value, e, out)) {
    const historical = hasBlock(plan, out.blocks, "historical");
    const sentimentBlock = hasBlock(plan, out.blocks, "sentiment");
    const basis: Basis =
      historical && sentimentBlock ? "blended" : sentimentBlock ? "sentiment-only" : "historical-only";
    let confidence: Confidence = "medium";
    const rules = params.confidence;
    if (out.cover < rules.lowCoverBelow) {
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
    blend = {
      score: out.score,
      status: statusOf(out.score, params),
      label: labelOf(out.score, params),
      confidence,
      basis,
      cover: out.cover,
      raw: out.raw,
      shrunk: out.shrunk,
    };
  }

  return { unemploymentSeries, u, uPos, uPrevPos, vPos, lPos, xPos, subScores, blend };
}

// ---------------------------------------------------------------------------------------------------------
// History: every month from the first scoring input to the as-of month, each scored as of that month

interface Run {
  history: HistoryPoint[];
  /** The sub-scores of every history month (same months as `history`): what the attribution reads. */
  states: MonthState[];
  /** The evaluation of the as-of month. */
  last: Evaluation;
}

function run(prep: Prepared, month: number, ctx: Context): Run {
  const history: HistoryPoint[] = [];
  const states: MonthState[] = [];
  let last: Evaluation | null = null;
  if (prep.firstMonth !== null) {
    for (let t = prep.firstMonth; t <= month; t++) {
      last = evaluate(prep, t, ctx);
      const label = monthLabel(t);
      const score = last.blend?.score ?? null;
      history.push({ month: label, score, status: last.blend?.status ?? null });
      states.push({ month: label, score, sub_scores: last.subScores });
    }
  }
  return { history, states, last: last ?? evaluate(prep, month, ctx) };
}

/** The sub-scores of every month of a country's history up to `asOf` (YYYY-MM-DD), oldest first. */
export function monthStates(input: ModelInput, asOf: string, params: ModelParams): MonthState[] {
  return run(prepare(input, params), monthOfDate(asOf), contextOf(params)).states;
}

/** The attribution of every month of a country's history against the month before and 12 months before. */
export function explainCountryHistory(input: ModelInput, asOf: string, params: ModelParams): MonthChange[] {
  return explainHistory(monthStates(input, asOf, params), params);
}

// ---------------------------------------------------------------------------------------------------------
// Snapshot pieces that only the as-of month needs

export function valueAt(point: SeriesPoint): ValueAt {
  return { value: point.value, period: point.period, flag: point.flag };
}

/** The newest point that counts as of `month` (its publication lag included), or null. */
export function newest(s: PreparedSeries, month: number): SeriesPoint | null {
  const i = lastCounting(s, month);
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

export function averages3y(
  prep: Prepared,
  vPos: number,
  params: ModelParams,
  used: SeriesPoint[],
): Snapshot["averages_3y"] {
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

function sourceOf(
  ctx: Context,
  source: SentimentSource["source"],
  s: PreparedSeries,
  pos: number,
  month: number,
): SentimentSource | null {
  const x = sentimentSource(ctx, s, pos, month);
  if (x === null) return null;
  return { source, value: x.point.value, period: x.point.period, age: x.age, freshness: x.f, sub_score: x.sub };
}

/**
 * Snapshot as of `asOf` (YYYY-MM-DD) and the monthly score history up to it (docs/model.md §6, §7), by the
 * model of `params`. From v2.1 on (`explainsChanges`) the snapshot also carries its sentiment sources, the EEI
 * and the attribution of its monthly and yearly change.
 */
export function computeCountry(input: ModelInput, asOf: string, params: ModelParams): CountryResult {
  const month = monthOfDate(asOf);
  const ctx = contextOf(params);
  const prep = prepare(input, params);
  const { history, states, last: ev } = run(prep, month, ctx);
  const { blend, u, uPos, uPrevPos, vPos, lPos, xPos } = ev;

  // Newest month with any scoring input that counts.
  let anchor: number | null = null;
  for (const s of [prep.um, prep.uq, prep.vac, prep.lmb, prep.eei]) {
    const i = lastCounting(s, month);
    if (i >= 0 && (anchor === null || s.ends[i] > anchor)) anchor = s.ends[i];
  }

  const used: SeriesPoint[] = [];
  const uPoint = u !== null ? u.points[uPos] : null;
  const uPrev = u !== null && uPrevPos >= 0 ? u.points[uPrevPos] : null;
  const vPoint = vPos >= 0 ? prep.vac.points[vPos] : null;
  const lPoint = lPos >= 0 ? prep.lmb.points[lPos] : null;
  const xPoint = xPos >= 0 ? prep.eei.points[xPos] : null;
  const gdpPoint = newest(prep.gdp, month);
  const inflationPoint = newest(prep.inflation, month);
  for (const p of [uPoint, uPrev, vPoint, lPoint, xPoint, gdpPoint, inflationPoint]) if (p !== null) used.push(p);

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

  // The yearly change from the history: score(end) − score(end − 12), end being the anchor month (v2, v2.1)
  // or the as-of month (v2.2 on, and then exactly the change the attribution `change.year_before` explains).
  const end = params.yoyFrom === "as-of month" ? month : anchor;
  let yoy: Snapshot["yoy"] = { delta: null, label: null, from_month: null };
  if (end !== null && prep.firstMonth !== null) {
    const from = end - params.yoy.lagMonths;
    const now = history[end - prep.firstMonth]?.score ?? null;
    const before = from >= prep.firstMonth ? (history[from - prep.firstMonth]?.score ?? null) : null;
    const delta = now !== null && before !== null ? now - before : null;
    const label = now !== null && before !== null ? yoyLabel(ratedChange(before, now, params), params) : null;
    yoy = { delta, label, from_month: monthLabel(from) };
  }

  // Why the score changed: the as-of month against the month before and 12 months before.
  const changeAgainst = (back: number): Explanation | null => {
    const i = states.length - 1;
    const j = i - back;
    if (j < 0 || states[i].score === null || states[j].score === null) return null;
    const e = explainChange(
      states[j].sub_scores,
      states[i].sub_scores,
      { from_month: states[j].month, to_month: states[i].month },
      params,
    );
    return e !== null ? withPlainStates(e) : null;
  };

  const sentimentSources: SentimentSource[] = [];
  if (params.explainsChanges) {
    for (const source of params.sentimentSources) {
      const s =
        source === "lmb" ? sourceOf(ctx, "lmb", prep.lmb, lPos, month) : sourceOf(ctx, "eei", prep.eei, xPos, month);
      if (s !== null) sentimentSources.push(s);
    }
  }

  const ingestIds = [...new Set(used.map((p) => p.ingestId).filter((x): x is number => typeof x === "number"))].sort(
    (a, b) => a - b,
  );

  // Key order is part of the published bytes: v2's snapshot is v2.1's without its three v2.1 fields.
  const explains = params.explainsChanges;
  const snapshot: Snapshot = {
    country: input.country,
    model: params.id,
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
    ...(explains ? { sentiment_sources: sentimentSources } : {}),
    unemployment_series: ev.unemploymentSeries,
    unemployment: uPoint !== null ? valueAt(uPoint) : null,
    unemployment_year_before: uPrev !== null ? valueAt(uPrev) : null,
    unemployment_history_points: uPos + 1,
    vacancy: vPoint !== null ? valueAt(vPoint) : null,
    competition: uPoint !== null && vPoint !== null && vPoint.value > 0 ? uPoint.value / vPoint.value : null,
    lmb: lPoint !== null ? valueAt(lPoint) : null,
    ...(explains ? { eei: xPoint !== null ? valueAt(xPoint) : null } : {}),
    gdp: gdpPoint !== null ? { ...valueAt(gdpPoint), unit: gdpPoint.unit ?? null } : null,
    inflation: inflationPoint !== null ? valueAt(inflationPoint) : null,
    averages_3y: averages,
    eu_average: euAverage,
    yoy,
    ...(explains
      ? {
          change: {
            previous_month: changeAgainst(1),
            three_months: changeAgainst(SIGNAL_MONTHS),
            year_before: changeAgainst(params.yoy.lagMonths),
          },
        }
      : {}),
    ingest_ids: ingestIds,
  };
  return { snapshot, history };
}

// ---------------------------------------------------------------------------------------------------------
// The model object

/**
 * The kernel's functions bound to a table: each takes the table's parameters unless given others (a test's
 * variant, or a visitor's own weights). index.ts modelFunctions gives them for a released table by id.
 */
export function boundTo<R extends CountryResult = CountryResult>(params: ModelParams) {
  return {
    computeCountry: (input: ModelInput, asOf: string, p: ModelParams = params) => computeCountry(input, asOf, p) as R,
    monthStates: (input: ModelInput, asOf: string, p: ModelParams = params) => monthStates(input, asOf, p),
    explainCountryHistory: (input: ModelInput, asOf: string, p: ModelParams = params) =>
      explainCountryHistory(input, asOf, p),
    freshness: (age: number, family: Family, p: ModelParams = params) => freshness(age, family, p),
    shownScore: (score: number, p: ModelParams = params) => shownScore(score, p),
    statusOf: (score: number, p: ModelParams = params) => statusOf(score, p),
    labelOf: (score: number, p: ModelParams = params) => labelOf(score, p),
    yoyLabel: (delta: number, p: ModelParams = params) => yoyLabel(delta, p),
    familyOf: (key: SubScoreKey, p: ModelParams = params): Family => p.subScoreFamily[key],
  };
}

/** The model of a released table: the kernel bound to it. */
export function modelOf<R extends CountryResult = CountryResult>(params: ModelParams): ScoreModel<R> {
  const f = boundTo<R>(params);
  return Object.freeze({
    id: params.id,
    introducedIn: params.introducedIn,
    params,
    computeCountry: f.computeCountry,
    shownScore: (score: number) => shownScore(score, params),
    formatScore: (score: number) => shownScore(score, params).toFixed(params.display.decimals),
    statusOf: (score: number) => statusOf(score, params),
    labelOf: (score: number) => labelOf(score, params),
    familyOf: (key: SubScoreKey) => params.subScoreFamily[key],
    explain: (from: { as_of: string; sub_scores: SubScoresLike }, to: { as_of: string; sub_scores: SubScoresLike }) =>
      explainSnapshots(from, to, params),
    explainHistory: (input: ModelInput, asOf: string) => explainCountryHistory(input, asOf, params),
  });
}
