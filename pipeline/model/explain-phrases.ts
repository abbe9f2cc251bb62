// The English words of a change's pieces (docs/model.md §9): months, periods and signed numbers, and each cause,
// effect and reason spec (explain-spec.ts) said in English, the words of the API, the feeds and the operator's list.
import {
  causeSpec,
  type CauseSpec,
  type Direction,
  type EffectSpec,
  type EvidenceReason,
  type Figure,
  type FiguresKey,
  type Trend,
} from "./explain-spec.ts";
import { MONTHS } from "../../lib/month-names.ts";
import { roundHalfAway } from "./round.ts";
import type { ChangePart } from "./types.ts";

/** `2026-10` → "October 2026". */
export function monthName(month: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(month);
  const i = m ? Number(m[2]) - 1 : -1;
  return m && i >= 0 && i < 12 ? `${MONTHS[i]} ${m[1]}` : month;
}

const MINUS = "\u2212";

/** Tenths as text with a sign: 3 → "+0.3", -1 → "−0.1", 0 → "0.0". */
export function signedTenths(t: number): string {
  const text = (Math.abs(t) / 10).toFixed(1);
  return t > 0 ? `+${text}` : t < 0 ? `${MINUS}${text}` : text;
}

/** A number with a proper minus sign. */
function num(x: number, decimals: number): string {
  const r = roundHalfAway(x, decimals);
  return r < 0 ? `${MINUS}${(-r).toFixed(decimals)}` : r.toFixed(decimals);
}

/** A signed number: "+0.1", "−0.3", "0.0". */
function signedNum(x: number, decimals: number): string {
  const r = roundHalfAway(x, decimals);
  return r > 0 ? `+${r.toFixed(decimals)}` : num(r, decimals);
}

/** `2026-10` → "October 2026"; `2026-Q3` → "Q3 2026". */
export function periodName(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  return q ? `Q${q[2]} ${q[1]}` : monthName(period);
}

const monthsOld = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** The figures behind each sub-score, as a reader names them (M's are U's: explain-spec.ts). */
const FIGURES: Record<FiguresKey, string> = {
  U: "unemployment figures",
  V: "vacancy figures",
  C: "competition figures",
  S: "sentiment figures",
};

/** What an input coming or going is, and whether it is one (it) or many (they). */
const COMES: Record<ChangePart["key"], { what: string; one: boolean }> = {
  U: { what: "unemployment figures", one: false },
  V: { what: "vacancy figures", one: false },
  C: { what: "competition figures", one: false },
  M: { what: "the yearly change in unemployment", one: true },
  S: { what: "sentiment figures", one: false },
};

const TRENDS: Record<Trend, string> = {
  nowFalling: "unemployment is now falling",
  noLongerRising: "unemployment is no longer rising",
  nowRising: "unemployment is now rising",
  noLongerFalling: "unemployment is no longer falling",
  risingSlower: "unemployment is rising more slowly",
  risingFaster: "unemployment is rising faster",
  fallingFaster: "unemployment is falling faster",
  fallingSlower: "unemployment is falling more slowly",
};

/** "fell 0.2 points" / "rose 0.04 points" / "rose slightly". */
const moved = (direction: Direction, by: Figure | null) =>
  `${direction === "down" ? "fell" : "rose"} ${by ? `${num(by.value, by.decimals)} points` : "slightly"}`;

const fellRose = (direction: Direction) => (direction === "down" ? "fell" : "rose");

/** A cause in English: what happened to the input(s) (explain-spec.ts `CauseSpec`). */
export function causeWords(c: CauseSpec): string {
  switch (c.id) {
    case "added":
      return `${COMES[c.key].what} now ${COMES[c.key].one ? "counts" : "count"}`;
    case "removed":
      return `${COMES[c.key].what} no longer ${COMES[c.key].one ? "counts" : "count"}`;
    case "aged":
      return `${FIGURES[c.figures]} (${periodName(c.period)}) aged from ${c.from_age} to ${monthsOld(c.to_age)}, so they count ${c.counts}`;
    case "younger":
      return `${FIGURES[c.figures]} (${periodName(c.period)}) went from ${monthsOld(c.from_age)} to ${monthsOld(c.to_age)} old, so they count ${c.counts}`;
    case "sameAge":
      return `${FIGURES[c.figures]} (${periodName(c.period)}) are ${monthsOld(c.age)} old as before but count ${c.counts}`;
    case "replaced":
    case "replacedSameAge": {
      const which = c.order === "neither" ? "" : `${c.order} `;
      const replaced = `${which}${FIGURES[c.figures]} (${periodName(c.period)}) replaced those for ${periodName(c.was)}`;
      return c.id === "replacedSameAge"
        ? `${replaced} ${c.link} are ${monthsOld(c.age)} old as they were, so they count ${c.counts}`
        : `${replaced} ${c.link} are ${monthsOld(c.to_age)} old, not ${c.from_age}, so they count ${c.counts}`;
    }
    case "unemployment":
      return `unemployment ${moved(c.direction, c.by)}: ${c.direction === "down" ? "fewer" : "more"} people out of work`;
    case "vacancyRate":
      return `the vacancy rate ${moved(c.direction, c.by)}: ${c.direction === "down" ? "fewer" : "more"} open posts`;
    case "competition":
      return `job seekers per vacancy ${fellRose(c.direction)} from ${num(c.from.value, c.from.decimals)} to ${num(c.to.value, c.to.decimals)}: ${c.direction === "down" ? "less" : "more"} competition for each opening`;
    case "sentiment":
      return `sentiment ${fellRose(c.direction)} from ${num(c.from.value, c.from.decimals)} to ${num(c.to.value, c.to.decimals)}: ${c.direction === "down" ? "a gloomier" : "a brighter"} hiring outlook`;
    case "trend":
      return `the yearly change in unemployment went from ${signedNum(c.from.value, c.from.decimals)} to ${signedNum(c.to.value, c.to.decimals)} points: ${TRENDS[c.trend]}`;
  }
}

/**
 * The cause of one part in English, without its effect on the score: what happened to the input (its value, its
 * data's age or period, or the input coming or going) and what that means for a job seeker. Parts with the same
 * cause (U's and M's data ageing together) share one line; `changeLines` adds the effect.
 */
export function partPhrase(p: ChangePart): string {
  return causeWords(causeSpec(p));
}

/** "the score moves toward the middle" / "the score leans more on the other inputs and rises" (`EffectSpec`). */
function lessWords(e: EffectSpec): string {
  return e === "middle"
    ? "the score moves toward the middle"
    : `the score leans more on the other inputs and ${e === "othersUp" ? "rises" : "falls"}`;
}

const upDown = (e: EffectSpec) => (e === "up" || e === "othersUp" ? "up" : "down");

/** An effect in English, after its cause (explain-spec.ts `EffectSpec`): how it joins depends on the cause. */
export function effectWords(c: CauseSpec, e: EffectSpec): string {
  const less = e === "middle" || e === "othersUp" || e === "othersDown";
  switch (c.id) {
    case "added":
      return `, and ${COMES[c.key].one ? "it pulls" : "they pull"} the score ${upDown(e)}`;
    case "removed":
      return `, so ${lessWords(e)}`;
    case "aged":
    case "younger":
    case "sameAge":
    case "replaced":
    case "replacedSameAge":
      return less ? ` and ${lessWords(e)}` : ` and pull the score ${upDown(e)}`;
    default:
      return `, so the score ${upDown(e) === "up" ? "rises" : "falls"}`;
  }
}

/** What mostly moved a change, in English ("sentiment figures stopped counting"). */
export function reasonWords(r: EvidenceReason): string {
  switch (r.id) {
    case "stopped":
      return `${COMES[r.key].what} stopped counting`;
    case "started":
      return `${COMES[r.key].what} started counting`;
    case "aged":
      return `${FIGURES[r.figures]} aged and count less`;
    case "fresher":
      return `fresher ${FIGURES[r.figures]} count more`;
  }
}

/**
 * The short phrase a neutral badge carries for a change that is mostly evidence (docs/model.md §9): "mostly older data
 * stopping". The English of the pages' mostly phrase (the market catalogue); the feeds' entry titles say it.
 */
export function mostlyPhrase(r: EvidenceReason): string {
  switch (r.id) {
    case "stopped":
      return "mostly older data stopping";
    case "started":
      return "mostly new data starting";
    case "aged":
      return "mostly data ageing";
    case "fresher":
      return "mostly fresher data";
  }
}
