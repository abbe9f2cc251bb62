// The score as of one month (docs/model.md §2, §4): which unemployment series is read, the sub-scores U, V, C, M and
// S, their blend (blend.ts), basis and confidence; and the history, every month scored as of that month (§6). Pure.
import { blendInto, emptyBlendOut, hasBlock } from "./blend.ts";
import { contextOf, type Context } from "./context.ts";
import { explainHistory } from "./explain.ts";
import { monthLabel, monthOfDate } from "./period.ts";
import { lastCounting, prepare, type Prepared, type PreparedSeries } from "./prepared-input.ts";
import { labelOf, statusOf } from "./rating.ts";
import { sentiment, sentimentSource, subScore } from "./sub-scores.ts";
import type { ModelParams } from "./tables.ts";
import type {
  Basis,
  Confidence,
  HistoryEvent,
  HistoryInput,
  HistoryPoint,
  ModelInput,
  MonthChange,
  MonthState,
  RatingLabel,
  Status,
  SubScore,
  SubScoreKey,
} from "./types.ts";

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

export interface Evaluation {
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

/** Unemployment: the series whose newest observation is more recent; monthly on a tie. */
function chooseUnemployment(prep: Prepared, month: number): Pick<Evaluation, "unemploymentSeries" | "u" | "uPos"> {
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
  return { unemploymentSeries, u, uPos };
}

function evaluate(prep: Prepared, month: number, ctx: Context): Evaluation {
  const { params } = ctx;
  const { unemploymentSeries, u, uPos } = chooseUnemployment(prep, month);
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
  const blend = blendOf(ctx, subScores, uPos, unemploymentSeries);

  return { unemploymentSeries, u, uPos, uPrevPos, vPos, lPos, xPos, subScores, blend };
}

/**
 * Blend (docs/model.md §4): blend.ts, the arithmetic the attribution replays; then the basis (which blocks
 * count) and the confidence. Null when no sub-score counts.
 */
function blendOf(
  ctx: Context,
  subScores: Record<SubScoreKey, SubScore | null>,
  uPos: number,
  unemploymentSeries: Evaluation["unemploymentSeries"],
): Blend | null {
  const { params, plan } = ctx;
  const { U, S } = subScores;
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
  return blend;
}

// ---------------------------------------------------------------------------------------------------------
// History: every month from the first scoring input to the as-of month, each scored as of that month

export interface Run {
  history: HistoryPoint[];
  /** The sub-scores of every history month (same months as `history`): what the attribution reads. */
  states: MonthState[];
  /** The evaluation of the as-of month. */
  last: Evaluation;
}

/** The inputs whose starting and stopping the history records, in the order its events list them. */
const HISTORY_INPUTS: readonly HistoryInput[] = ["unemployment", "vacancy", "expectations", "barometer"];

/** The period of each input's figure that counts in an evaluated month (null: none counts), in HISTORY_INPUTS order. */
function countingPeriods(ctx: Context, prep: Prepared, ev: Evaluation, month: number): (string | null)[] {
  return [
    ev.subScores.U?.period ?? null,
    ev.subScores.V?.period ?? null,
    sentimentSource(ctx, prep.eei, ev.xPos, month)?.point.period ?? null,
    sentimentSource(ctx, prep.lmb, ev.lPos, month)?.point.period ?? null,
  ];
}

/**
 * Scores every month from `prep.firstMonth` to `month`; without any scoring input, evaluates `month` alone. A model
 * that explains its changes (v2.1 on) also gives each month its basis and the inputs that started or stopped counting
 * in it (its market and evidence parts are country-result.ts's, from the states).
 */
export function run(prep: Prepared, month: number, ctx: Context): Run {
  const history: HistoryPoint[] = [];
  const states: MonthState[] = [];
  const explains = ctx.params.explainsChanges;
  let last: Evaluation | null = null;
  let before: (string | null)[] | null = null;
  if (prep.firstMonth !== null) {
    for (let t = prep.firstMonth; t <= month; t++) {
      last = evaluate(prep, t, ctx);
      const label = monthLabel(t);
      const score = last.blend?.score ?? null;
      const point: HistoryPoint = { month: label, score, status: last.blend?.status ?? null };
      if (explains) {
        point.basis = last.blend?.basis ?? null;
        point.market = null;
        point.evidence = null;
        const now = countingPeriods(ctx, prep, last, t);
        const events: HistoryEvent[] = [];
        if (before !== null) {
          for (let k = 0; k < HISTORY_INPUTS.length; k++) {
            const was = before[k];
            const is = now[k];
            if (was === null && is !== null) events.push({ input: HISTORY_INPUTS[k], change: "starts", period: is });
            if (was !== null && is === null) events.push({ input: HISTORY_INPUTS[k], change: "stops", period: was });
          }
        }
        if (events.length > 0) point.events = events;
        before = now;
      }
      history.push(point);
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
