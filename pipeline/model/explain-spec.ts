// "Why it changed" as data (docs/model.md §9): each line's cause (what happened to an input) and effect (why that
// moved the score) as a phrase spec, an id with its values, made from the model's parts. Pure and without words:
// explain-phrases.ts says the specs in English (the API, the feeds, the operator's list), and the pages say the same
// specs in their language through the `why` messages (web/app/lib/why-text.ts, docs/i18n.md).
import { CURRENT_PARAMS } from "./current.ts";
import { roundHalfAway } from "./round.ts";
import type { ChangePart, SubScoreKey, SubScoreState } from "./types.ts";

/** Which way an input or the score moved. */
export type Direction = "up" | "down";

/** A figure as the sentence says it: rounded half away from zero to `decimals` places (never −0). */
export interface Figure {
  value: number;
  decimals: number;
}

/** Whose figures a freshness line names: M reads U's series, so M's data ageing is U's (and the two merge). */
export type FiguresKey = "U" | "V" | "C" | "S";

/** Whether the data count less or more than before (their freshness fell or rose). */
type Counts = "less" | "more";

/** How unemployment moves when its yearly change goes from one value to another (M's value line). */
export type Trend =
  | "nowFalling"
  | "noLongerRising"
  | "nowRising"
  | "noLongerFalling"
  | "risingSlower"
  | "risingFaster"
  | "fallingFaster"
  | "fallingSlower";

/**
 * What happened to an input, one id per way of saying it:
 * - `added` / `removed`: the input starts or stops counting;
 * - `aged` / `younger` / `sameAge`: the same period's data got older, younger, or kept their age but not their weight;
 * - `replaced` / `replacedSameAge`: another period's data took their place, `order` newer or older by the period's
 *   last month (a quarter and its last month are neither), `link` "but" when news and weight disagree (newer data
 *   that count less, older data that count more);
 * - `unemployment` / `vacancyRate`: U's or V's value moved `by` points (null: by less than 0.005, "slightly");
 * - `competition` / `sentiment`: C's or S's value moved from → to;
 * - `trend`: M's value (the yearly change in unemployment, signed) moved from → to.
 * Periods are `YYYY-MM` or `YYYY-Qn`; ages are whole months.
 */
export type CauseSpec =
  | { id: "added" | "removed"; key: SubScoreKey }
  | { id: "aged" | "younger"; figures: FiguresKey; period: string; from_age: number; to_age: number; counts: Counts }
  | { id: "sameAge"; figures: FiguresKey; period: string; age: number; counts: Counts }
  | {
      id: "replaced";
      figures: FiguresKey;
      period: string;
      was: string;
      order: "newer" | "older" | "neither";
      link: "and" | "but";
      from_age: number;
      to_age: number;
      counts: Counts;
    }
  | {
      id: "replacedSameAge";
      figures: FiguresKey;
      period: string;
      was: string;
      order: "newer" | "older" | "neither";
      link: "and" | "but";
      age: number;
      counts: Counts;
    }
  | { id: "unemployment" | "vacancyRate"; direction: Direction; by: Figure | null }
  | { id: "competition" | "sentiment"; direction: Direction; from: Figure; to: Figure }
  | { id: "trend"; from: Figure; to: Figure; trend: Trend };

/**
 * Why a line moved the score, in the direction of its shown number: `up` / `down` (a value lifts or lowers it, data
 * coming or counting more pull it), or, for data counting less or going, `middle` (the score moves toward the middle:
 * only when the line moves it toward 5.5 and the score did end nearer 5.5 than it began) or `othersUp` /
 * `othersDown` (the score leans more on the other inputs, and that lifts or lowers it).
 */
export type EffectSpec = "up" | "down" | "middle" | "othersUp" | "othersDown";

/**
 * What mostly moved a change whose evidence part outweighs its market part (docs/model.md §9), in short: an
 * input that stopped or started counting, or data that aged (count less) or are fresher (count more).
 */
export type EvidenceReason =
  { id: "stopped" | "started"; key: SubScoreKey } | { id: "aged" | "fresher"; figures: FiguresKey };

/** A figure rounded for saying. */
export function figure(x: number, decimals: number): Figure {
  return { value: roundHalfAway(x, decimals), decimals };
}

/** Two values that differ, with enough decimals to show that they do (1, else 2, else 3). */
function decimalsFor(a: number, b: number): number {
  for (const d of [1, 2]) if (roundHalfAway(a, d) !== roundHalfAway(b, d)) return d;
  return 3;
}

/** The last month a period covers, as a month count (`2026-Q2` → June 2026), to tell newer from older; NaN if unknown. */
export function periodEnd(period: string): number {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return Number(q[1]) * 12 + Number(q[2]) * 3 - 1;
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : Number.NaN;
}

const FIGURES: Record<SubScoreKey, FiguresKey> = { U: "U", V: "V", C: "C", M: "U", S: "S" };

/** Ageing within one period, or another period taking its place (newer or older by the period itself, never by its age). */
function freshnessCause(key: SubScoreKey, a: SubScoreState, b: SubScoreState): CauseSpec {
  const counts: Counts = b.freshness < a.freshness ? "less" : "more";
  const figures = FIGURES[key];
  if (a.period === b.period) {
    if (b.age > a.age) return { id: "aged", figures, period: b.period, from_age: a.age, to_age: b.age, counts };
    if (b.age < a.age) return { id: "younger", figures, period: b.period, from_age: a.age, to_age: b.age, counts };
    return { id: "sameAge", figures, period: b.period, age: b.age, counts };
  }
  // Newer or older by the period's last month (a quarter and its last month, e.g. Q1 2026 and March 2026, are neither).
  const ends = Math.sign(periodEnd(b.period) - periodEnd(a.period));
  const order = ends > 0 ? "newer" : ends < 0 ? "older" : "neither";
  // "but" when the news and the weight disagree (newer figures that count less, older ones that count more).
  const link = ends !== 0 && ends > 0 === (counts === "less") ? "but" : "and";
  const replaced = { figures, period: b.period, was: a.period, order, link, counts } as const;
  return b.age === a.age
    ? { id: "replacedSameAge", ...replaced, age: b.age }
    : { id: "replaced", ...replaced, from_age: a.age, to_age: b.age };
}

/** How unemployment moves when its yearly change goes from `a` to `b` points (b < a is the better news). */
function trendOf(a: number, b: number): Trend {
  if (a > 0 && b <= 0) return b < 0 ? "nowFalling" : "noLongerRising";
  if (a < 0 && b >= 0) return b > 0 ? "nowRising" : "noLongerFalling";
  if (a === 0) return b < 0 ? "nowFalling" : "nowRising";
  if (b > 0) return b < a ? "risingSlower" : "risingFaster";
  return b < a ? "fallingFaster" : "fallingSlower";
}

/** How far a rate moved, to one decimal, else two; null when it rounds to 0 at two ("slightly"). */
function movedBy(delta: number): Figure | null {
  const a = Math.abs(delta);
  if (roundHalfAway(a, 1) > 0) return figure(a, 1);
  if (roundHalfAway(a, 2) > 0) return figure(a, 2);
  return null;
}

/**
 * The cause of one part, without its effect on the score: what happened to the input (its value, its data's age or
 * period, or the input coming or going). Parts with the same cause (U's and M's data ageing together) share a line.
 */
export function causeSpec(p: ChangePart): CauseSpec {
  if (p.kind === "added" || p.kind === "removed") return { id: p.kind, key: p.key };
  const from = p.from!;
  const to = p.to!;
  if (p.kind === "freshness") return freshnessCause(p.key, from, to);
  const d = decimalsFor(from.input, to.input);
  const direction: Direction = to.input < from.input ? "down" : "up";
  switch (p.key) {
    case "U":
      return { id: "unemployment", direction, by: movedBy(to.input - from.input) };
    case "V":
      return { id: "vacancyRate", direction, by: movedBy(to.input - from.input) };
    case "C":
      return { id: "competition", direction, from: figure(from.input, d), to: figure(to.input, d) };
    case "S":
      return { id: "sentiment", direction, from: figure(from.input, d), to: figure(to.input, d) };
    case "M":
      return {
        id: "trend",
        from: figure(from.input, d),
        to: figure(to.input, d),
        trend: trendOf(from.input, to.input),
      };
  }
}

/** The score the model pulls thin evidence toward (docs/model.md §4: a raw 50 shrinks to 5.5). */
export const MIDDLE =
  CURRENT_PARAMS.scale.min +
  ((CURRENT_PARAMS.scale.max - CURRENT_PARAMS.scale.min) * CURRENT_PARAMS.shrink.neutral) /
    CURRENT_PARAMS.scale.subScoreMax;

/**
 * Why a line moved the score, from the line's sign as shown (so the words never contradict its number): a value
 * lifts or lowers it; data coming or counting more pull it its way; data counting less or going move it toward the
 * middle when the line moves it toward 5.5 and the whole change left the score nearer 5.5 than it was (docs/model.md
 * §9); otherwise the score leans more on the other inputs, which lift or lower it.
 */
export function effectSpec(p: ChangePart, tenths: number, fromScore: number, toScore: number): EffectSpec {
  const up = tenths > 0;
  const weaker = p.kind === "removed" || (p.kind === "freshness" && p.to!.freshness < p.from!.freshness);
  if (!weaker) return up ? "up" : "down";
  const towardMiddle = up ? fromScore < MIDDLE : fromScore > MIDDLE;
  const nearer = Math.abs(toScore - MIDDLE) < Math.abs(fromScore - MIDDLE);
  if (towardMiddle && nearer) return "middle";
  return up ? "othersUp" : "othersDown";
}

/** The evidence reason of a part that is not a value change (explain.ts: an evidence part). */
export function evidenceReason(p: ChangePart): EvidenceReason {
  if (p.kind === "removed") return { id: "stopped", key: p.key };
  if (p.kind === "added") return { id: "started", key: p.key };
  return { id: p.to!.freshness < p.from!.freshness ? "aged" : "fresher", figures: FIGURES[p.key] };
}
