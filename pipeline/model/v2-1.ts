// Score model v2.1 (docs/model.md): v2 plus (a) a second sentiment source, the Employment Expectations
// Indicator (EEI), blended with the barometer into S by freshness; (b) status and label from the score as
// shown (one decimal, half away from zero); (c) the exact attribution of every score change (explain.ts),
// published in the snapshot. Every parameter in MODEL_V2_1; pure functions of observations + as-of date.
// No I/O, no clock, no randomness. Released models are never edited: a change of numbers is a new file.
import { blendInto, blendPlan, emptyBlendOut, hasBlock, type BlendPlan } from "./blend.ts";
import { explainChange, explainHistory, explainSnapshots, withPlainStates, type SubScoresLike } from "./explain.ts";
import { monthLabel, monthOfDate } from "./period.ts";
import { roundHalfAway } from "./round.ts";
import type { ScoreModel } from "./score-model.ts";
import type {
  Basis,
  Confidence,
  CountryResultV21,
  Explanation,
  HistoryPoint,
  ModelInput,
  MonthChange,
  MonthState,
  RatingLabel,
  SentimentSource,
  SeriesPoint,
  SnapshotV21,
  Status,
  SubScore,
  SubScoreKey,
  ValueAt,
} from "./types.ts";
import {
  MODEL_V2,
  SUB_SCORE_KEYS,
  averages3y,
  contextOf,
  freshness,
  interpolate,
  labelOf as labelOfUnrounded,
  lastAtOrBefore,
  newest,
  prepareSeries,
  statusOf as statusOfUnrounded,
  subScore,
  valueAt,
  yoyLabel,
  type AnchorTable,
  type Context,
  type Family,
  type ModelV2Params,
  type Prepared,
  type PreparedSeries,
} from "./v2.ts";

export { formatScore, roundScore } from "./round.ts";

// ---------------------------------------------------------------------------------------------------------
// Metadata and parameters

export const id = "v2.1";
export const introducedIn = "0.2.0";

/** The two sentiment sources (docs/model.md §2): the barometer and the Employment Expectations Indicator. */
export type SentimentSourceId = "lmb" | "eei";

/** The scoring data types, each with the freshness family its observations age by. */
export type ScoringDataType = "unemployment" | "vacancy" | "lmb" | "expectations";

export interface ModelV21Params extends ModelV2Params {
  /**
   * Sources of S, in the order the snapshot lists them. Each goes through `anchors.S` (90 → 0, 100 → 50,
   * 110 → 100) and ages by the sentiment freshness rule; with both within their cut-off,
   * S = (f_b·S(b) + f_x·S(x)) / (f_b + f_x) and f_S = max(f_b, f_x).
   */
  readonly sentimentSources: readonly SentimentSourceId[];
  /** The score as shown: `decimals` places, half away from zero, after writing it with `guardDecimals` places. */
  readonly display: { readonly decimals: number; readonly guardDecimals: number };
  /** The freshness family of each sub-score (the block it belongs to). */
  readonly subScoreFamily: Readonly<Record<SubScoreKey, Family>>;
  /** The freshness family of each scoring data type (e.g. for an "old data" warning at ingest). */
  readonly dataTypeFamily: Readonly<Record<ScoringDataType, Family>>;
}

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === "object" && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

function familiesOf(blocks: ModelV2Params["blocks"]): Record<SubScoreKey, Family> {
  const out = {} as Record<SubScoreKey, Family>;
  for (const family of Object.keys(blocks) as Family[]) for (const key of blocks[family]) out[key] = family;
  return out;
}

/** v2's numbers (anchors, weights, freshness, shrink, thresholds, …) unchanged, plus what v2.1 adds. */
export const MODEL_V2_1: ModelV21Params = deepFreeze({
  ...MODEL_V2,
  id,
  sentimentSources: ["lmb", "eei"],
  display: { decimals: 1, guardDecimals: 9 },
  subScoreFamily: familiesOf(MODEL_V2.blocks),
  dataTypeFamily: { unemployment: "historical", vacancy: "historical", lmb: "sentiment", expectations: "sentiment" },
});

// ---------------------------------------------------------------------------------------------------------
// Small pure functions

/** The score as shown with these parameters (one decimal, half away from zero). */
export function shownScore(score: number, params: ModelV21Params = MODEL_V2_1): number {
  return roundHalfAway(score, params.display.decimals, params.display.guardDecimals);
}

/** Weather status of a score, from the score as shown: 6.96 is shown 7.0 and is bright. */
export function statusOf(score: number, params: ModelV21Params = MODEL_V2_1): Status {
  return statusOfUnrounded(shownScore(score, params), params);
}

/** Rating label of a score, from the score as shown: 6.996 is shown 7.0, "Rather favorable". */
export function labelOf(score: number, params: ModelV21Params = MODEL_V2_1): RatingLabel {
  return labelOfUnrounded(shownScore(score, params), params);
}

/** The freshness family (and so the grace, half-life and cut-off) of a sub-score. */
export function familyOf(key: SubScoreKey, params: ModelV21Params = MODEL_V2_1): Family {
  return params.subScoreFamily[key];
}

export { freshness, interpolate, yoyLabel };

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
// Prepared input: v2's, plus the EEI series

interface PreparedV21 extends Prepared {
  readonly eei: PreparedSeries;
}

function prepare(input: ModelInput): PreparedV21 {
  const c = input.country;
  const um = prepareSeries(c, "unemploymentMonthly", input.unemploymentMonthly, "month");
  const uq = prepareSeries(c, "unemploymentQuarterly", input.unemploymentQuarterly, "quarter");
  const vac = prepareSeries(c, "vacancy", input.vacancy, "quarter");
  const lmb = prepareSeries(c, "lmb", input.lmb, "month");
  const eei = prepareSeries(c, "expectations", input.expectations ?? [], "month");
  let firstMonth: number | null = null;
  for (const s of [um, uq, vac, lmb, eei]) {
    if (s.ends.length > 0 && (firstMonth === null || s.ends[0] < firstMonth)) firstMonth = s.ends[0];
  }
  return {
    um,
    uq,
    vac,
    lmb,
    eei,
    gdp: prepareSeries(c, "gdp", input.gdp, null),
    inflation: prepareSeries(c, "inflation", input.inflation, null),
    euM: prepareSeries(c, "euUnemploymentMonthly", input.euUnemploymentMonthly, "month"),
    euQ: prepareSeries(c, "euUnemploymentQuarterly", input.euUnemploymentQuarterly, "quarter"),
    firstMonth,
  };
}

// ---------------------------------------------------------------------------------------------------------
// The score as of one month

interface ContextV21 extends Context {
  readonly params: ModelV21Params;
  readonly plan: BlendPlan;
  /** Scratch arrays for the blend (one evaluation at a time). */
  readonly present: Uint8Array;
  readonly value: Float64Array;
  readonly e: Float64Array;
}

function contextV21(params: ModelV21Params): ContextV21 {
  const plan = blendPlan(params);
  const n = plan.keys.length;
  return { ...contextOf(params), params, plan, present: new Uint8Array(n), value: new Float64Array(n), e: new Float64Array(n) };
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

/** One sentiment source as of `month`: its point, age, freshness (0 past the cut-off) and sub-score. */
function sentimentSource(ctx: ContextV21, s: PreparedSeries, pos: number, month: number) {
  if (pos < 0) return null;
  const point = s.points[pos];
  const age = month - s.ends[pos];
  const f = freshness(age, ctx.familyOf.S, ctx.params);
  if (!(f > 0)) return null;
  return { point, age, f, sub: interpolate(ctx.params.anchors.S, point.value) };
}

/**
 * S from the barometer and/or the EEI (docs/model.md §2). With one source within its cut-off, S is that
 * source's (input = its index value, as in v2). With both: value = (f_b·S(b) + f_x·S(x)) / (f_b + f_x),
 * freshness = max(f_b, f_x), age and period those of the newer source (the barometer's on a tie), and
 * input = the index that alone would give the blended value (the S table read backwards), so that
 * `value = S-table(input)` holds for every S; the two real values are in the snapshot's `sentiment_sources`.
 */
function sentiment(ctx: ContextV21, prep: PreparedV21, lPos: number, xPos: number, month: number): SubScore | null {
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

function evaluate(prep: PreparedV21, month: number, ctx: ContextV21): Evaluation {
  const { params, plan } = ctx;

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
  const xPos = lastAtOrBefore(prep.eei, month);

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
    const basis: Basis = historical && sentimentBlock ? "blended" : sentimentBlock ? "sentiment-only" : "historical-only";
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

function run(prep: PreparedV21, month: number, ctx: ContextV21): Run {
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
export function monthStates(input: ModelInput, asOf: string, params: ModelV21Params = MODEL_V2_1): MonthState[] {
  return run(prepare(input), monthOfDate(asOf), contextV21(params)).states;
}

/** The attribution of every month of a country's history against the month before and 12 months before. */
export function explainCountryHistory(input: ModelInput, asOf: string, params: ModelV21Params = MODEL_V2_1): MonthChange[] {
  return explainHistory(monthStates(input, asOf, params), params);
}

// ---------------------------------------------------------------------------------------------------------
// The country result

function sourceOf(ctx: ContextV21, source: SentimentSource["source"], s: PreparedSeries, pos: number, month: number): SentimentSource | null {
  const x = sentimentSource(ctx, s, pos, month);
  if (x === null) return null;
  return { source, value: x.point.value, period: x.point.period, age: x.age, freshness: x.f, sub_score: x.sub };
}

/** Snapshot as of `asOf` (YYYY-MM-DD) and the monthly score history up to it (docs/model.md §6, §7). */
export function computeCountry(input: ModelInput, asOf: string, params: ModelV21Params = MODEL_V2_1): CountryResultV21 {
  const month = monthOfDate(asOf);
  const ctx = contextV21(params);
  const prep = prepare(input);
  const { history, states, last: ev } = run(prep, month, ctx);
  const { blend, u, uPos, uPrevPos, vPos, lPos, xPos } = ev;

  // Newest month with any scoring input.
  let anchor: number | null = null;
  for (const s of [prep.um, prep.uq, prep.vac, prep.lmb, prep.eei]) {
    const i = lastAtOrBefore(s, month);
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
  let euAverage: SnapshotV21["eu_average"] = { unemployment: null, period: null, source: "fixed-thresholds" };
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
  let yoy: SnapshotV21["yoy"] = { delta: null, label: null, from_month: null };
  if (anchor !== null && prep.firstMonth !== null) {
    const from = anchor - params.yoy.lagMonths;
    const now = history[anchor - prep.firstMonth]?.score ?? null;
    const before = from >= prep.firstMonth ? (history[from - prep.firstMonth]?.score ?? null) : null;
    const delta = now !== null && before !== null ? now - before : null;
    yoy = { delta, label: delta !== null ? yoyLabel(delta, params) : null, from_month: monthLabel(from) };
  }

  // Why the score changed: the as-of month against the month before and 12 months before.
  const changeAgainst = (back: number): Explanation | null => {
    const i = states.length - 1;
    const j = i - back;
    if (j < 0 || states[i].score === null || states[j].score === null) return null;
    const e = explainChange(states[j].sub_scores, states[i].sub_scores, { from_month: states[j].month, to_month: states[i].month }, params);
    return e !== null ? withPlainStates(e) : null;
  };

  const sentimentSources: SentimentSource[] = [];
  for (const source of params.sentimentSources) {
    const s = source === "lmb" ? sourceOf(ctx, "lmb", prep.lmb, lPos, month) : sourceOf(ctx, "eei", prep.eei, xPos, month);
    if (s !== null) sentimentSources.push(s);
  }

  const ingestIds = [...new Set(used.map((p) => p.ingestId).filter((x): x is number => typeof x === "number"))].sort((a, b) => a - b);

  const snapshot: SnapshotV21 = {
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
    sentiment_sources: sentimentSources,
    unemployment_series: ev.unemploymentSeries,
    unemployment: uPoint !== null ? valueAt(uPoint) : null,
    unemployment_year_before: uPrev !== null ? valueAt(uPrev) : null,
    unemployment_history_points: uPos + 1,
    vacancy: vPoint !== null ? valueAt(vPoint) : null,
    competition: uPoint !== null && vPoint !== null && vPoint.value > 0 ? uPoint.value / vPoint.value : null,
    lmb: lPoint !== null ? valueAt(lPoint) : null,
    eei: xPoint !== null ? (valueAt(xPoint) satisfies ValueAt) : null,
    gdp: gdpPoint !== null ? { ...valueAt(gdpPoint), unit: gdpPoint.unit ?? null } : null,
    inflation: inflationPoint !== null ? valueAt(inflationPoint) : null,
    averages_3y: averages,
    eu_average: euAverage,
    yoy,
    change: { previous_month: changeAgainst(1), year_before: changeAgainst(params.yoy.lagMonths) },
    ingest_ids: ingestIds,
  };
  return { snapshot, history };
}

// ---------------------------------------------------------------------------------------------------------
// The model object

export interface ScoreModelV21 extends ScoreModel<ModelV21Params> {
  computeCountry(input: ModelInput, asOf: string, params?: ModelV21Params): CountryResultV21;
  /** The score as shown (one decimal, half away from zero) and as text (`7.0`). */
  shownScore(score: number): number;
  formatScore(score: number): string;
  /** Status and label from the score as shown. Rankings still sort by the unrounded score. */
  statusOf(score: number): Status;
  labelOf(score: number): RatingLabel;
  /** The freshness family of a sub-score. */
  familyOf(key: SubScoreKey): Family;
  /** Why the score changed between two snapshots (e.g. two publications), from their sub-scores alone. */
  explain(from: { as_of: string; sub_scores: SubScoresLike }, to: { as_of: string; sub_scores: SubScoresLike }): Explanation | null;
  /** The attribution of every month of a country's history (month vs month − 1 and month − 12). */
  explainHistory(input: ModelInput, asOf: string): MonthChange[];
}

export const modelV2_1: ScoreModelV21 = Object.freeze({
  id,
  introducedIn,
  params: MODEL_V2_1,
  computeCountry,
  shownScore: (score: number) => shownScore(score, MODEL_V2_1),
  formatScore: (score: number) => shownScore(score, MODEL_V2_1).toFixed(MODEL_V2_1.display.decimals),
  statusOf: (score: number) => statusOf(score, MODEL_V2_1),
  labelOf: (score: number) => labelOf(score, MODEL_V2_1),
  familyOf: (key: SubScoreKey) => familyOf(key, MODEL_V2_1),
  explain: (from: { as_of: string; sub_scores: SubScoresLike }, to: { as_of: string; sub_scores: SubScoresLike }) =>
    explainSnapshots(from, to, MODEL_V2_1),
  explainHistory: (input: ModelInput, asOf: string) => explainCountryHistory(input, asOf, MODEL_V2_1),
});

export { SUB_SCORE_KEYS };
