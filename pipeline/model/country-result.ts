// The country result (docs/model.md §6, §7): the snapshot as of a date, with the figures it was computed from,
// the EU average and 3-year averages, the yearly change and (v2.1 on) the attribution of its changes, and the
// monthly score history. Pure.
import { explainChange, SIGNAL_MONTHS, withPlainStates } from "./explain.ts";
import { contextOf, type Context } from "./context.ts";
import { run, type Evaluation } from "./evaluate.ts";
import { monthLabel, monthOfDate } from "./period.ts";
import { lastCounting, newest, prepare, type Prepared, type PreparedSeries } from "./prepared-input.ts";
import { ratedChange, yoyLabel } from "./rating.ts";
import { sentimentSource } from "./sub-scores.ts";
import type { ModelParams } from "./tables.ts";
import type {
  CountryResult,
  Explanation,
  HistoryPoint,
  ModelInput,
  MonthState,
  SentimentSource,
  SeriesPoint,
  Snapshot,
  ValueAt,
} from "./types.ts";

function valueAt(point: SeriesPoint): ValueAt {
  return { value: point.value, period: point.period, flag: point.flag };
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

function averages3y(prep: Prepared, vPos: number, params: ModelParams, used: SeriesPoint[]): Snapshot["averages_3y"] {
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

/** The sentiment sources of the as-of month, each within its cut-off, in the model's order (v2.1 on; none before). */
function sentimentSourcesOf(ctx: Context, prep: Prepared, ev: Evaluation, month: number): SentimentSource[] {
  const sentimentSources: SentimentSource[] = [];
  if (ctx.params.explainsChanges) {
    for (const source of ctx.params.sentimentSources) {
      const s =
        source === "lmb"
          ? sourceOf(ctx, "lmb", prep.lmb, ev.lPos, month)
          : sourceOf(ctx, "eei", prep.eei, ev.xPos, month);
      if (s !== null) sentimentSources.push(s);
    }
  }
  return sentimentSources;
}

/** Newest month with any scoring input that counts as of `month`; null without any. */
function anchorMonth(prep: Prepared, month: number): number | null {
  let anchor: number | null = null;
  for (const s of [prep.um, prep.uq, prep.vac, prep.lmb, prep.eei]) {
    const i = lastCounting(s, month);
    if (i >= 0 && (anchor === null || s.ends[i] > anchor)) anchor = s.ends[i];
  }
  return anchor;
}

/** EU average: the aggregate of the same period as the chosen unemployment observation (added to `used`). */
function euAverageOf(
  prep: Prepared,
  ev: Evaluation,
  uPoint: SeriesPoint | null,
  used: SeriesPoint[],
): Snapshot["eu_average"] {
  const { u, uPos } = ev;
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
  return euAverage;
}

/** The yearly change from the history: score(end) − score(end − the yoy lag), its badge and the month it is from. */
function yearlyChange(
  prep: Prepared,
  history: readonly HistoryPoint[],
  end: number | null,
  params: ModelParams,
): Snapshot["yoy"] {
  let yoy: Snapshot["yoy"] = { delta: null, label: null, from_month: null };
  if (end !== null && prep.firstMonth !== null) {
    const from = end - params.yoy.lagMonths;
    const now = history[end - prep.firstMonth]?.score ?? null;
    const before = from >= prep.firstMonth ? (history[from - prep.firstMonth]?.score ?? null) : null;
    const delta = now !== null && before !== null ? now - before : null;
    const label = now !== null && before !== null ? yoyLabel(ratedChange(before, now, params), params) : null;
    yoy = { delta, label, from_month: monthLabel(from) };
  }
  return yoy;
}

/**
 * The country's data month (v2.4, docs/model.md §6): the newest month at which one of the observations its score uses
 * started counting (its end month plus its series' publication lag); null without a score.
 */
function dataMonth(ctx: Context, prep: Prepared, ev: Evaluation, month: number): number | null {
  let newestStart: number | null = null;
  const started = (s: PreparedSeries, pos: number) => {
    const at = s.ends[pos] + s.lag;
    if (newestStart === null || at > newestStart) newestStart = at;
  };
  const { U, V, S } = ev.subScores;
  if (U !== null && ev.u !== null) started(ev.u, ev.uPos);
  if (V !== null) started(prep.vac, ev.vPos);
  if (S !== null) {
    if (sentimentSource(ctx, prep.lmb, ev.lPos, month) !== null) started(prep.lmb, ev.lPos);
    if (sentimentSource(ctx, prep.eei, ev.xPos, month) !== null) started(prep.eei, ev.xPos);
  }
  return newestStart;
}

/**
 * Why the score changed: the month at index `i` of `states` against `back` months before; null without both scores
 * (or when the earlier month precedes the history).
 */
function changeAgainst(
  states: readonly MonthState[],
  back: number,
  params: ModelParams,
  i = states.length - 1,
): Explanation | null {
  const j = i - back;
  if (i < 0 || i >= states.length || j < 0 || states[i].score === null || states[j].score === null) return null;
  const e = explainChange(
    states[j].sub_scores,
    states[i].sub_scores,
    { from_month: states[j].month, to_month: states[i].month },
    params,
  );
  return e !== null ? withPlainStates(e) : null;
}

/**
 * Each month's market and evidence parts of its change from the month before (v2.1 on, docs/model.md §6): the
 * attribution of the two months' sub-scores, split by kind (explain.ts `splitParts`); they add up to the change.
 */
function withMonthParts(history: HistoryPoint[], states: readonly MonthState[], params: ModelParams): void {
  for (let i = 1; i < states.length; i++) {
    if (states[i].score === null || states[i - 1].score === null) continue;
    const e = explainChange(
      states[i - 1].sub_scores,
      states[i].sub_scores,
      { from_month: states[i - 1].month, to_month: states[i].month },
      params,
    );
    if (e === null) continue;
    history[i].market = e.market;
    history[i].evidence = e.evidence;
  }
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
  if (params.explainsChanges) withMonthParts(history, states, params);
  const { blend, u, uPos, uPrevPos, vPos, lPos, xPos } = ev;
  const anchor = anchorMonth(prep, month);

  const used: SeriesPoint[] = [];
  const uPoint = u !== null ? u.points[uPos] : null;
  const uPrev = u !== null && uPrevPos >= 0 ? u.points[uPrevPos] : null;
  const vPoint = vPos >= 0 ? prep.vac.points[vPos] : null;
  const lPoint = lPos >= 0 ? prep.lmb.points[lPos] : null;
  const xPoint = xPos >= 0 ? prep.eei.points[xPos] : null;
  const gdpPoint = newest(prep.gdp, month);
  const inflationPoint = newest(prep.inflation, month);
  for (const p of [uPoint, uPrev, vPoint, lPoint, xPoint, gdpPoint, inflationPoint]) if (p !== null) used.push(p);
  const euAverage = euAverageOf(prep, ev, uPoint, used);
  const averages = averages3y(prep, vPos, params, used);

  // The general signal's window ends at the as-of month (v2.1 to v2.3) or at the country's data month (v2.4).
  const dataAt = params.signalWindowEnds === "data month" ? dataMonth(ctx, prep, ev, month) : month;
  const signalEnd = dataAt !== null && prep.firstMonth !== null ? dataAt - prep.firstMonth : -1;
  // The yearly change ends in the anchor month (v2, v2.1) or the as-of month (v2.2 on, and then it is exactly the
  // change the attribution `change.year_before` explains).
  const yoy = yearlyChange(prep, history, params.yoyFrom === "as-of month" ? month : anchor, params);
  const sentimentSources = sentimentSourcesOf(ctx, prep, ev, month);
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
            previous_month: changeAgainst(states, 1, params),
            three_months: changeAgainst(states, SIGNAL_MONTHS, params, signalEnd),
            year_before: changeAgainst(states, params.yoy.lagMonths, params),
          },
        }
      : {}),
    ingest_ids: ingestIds,
  };
  return { snapshot, history };
}
