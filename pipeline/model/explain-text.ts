// "Why it changed" for people (docs/model.md §9): the exact parts of a score change rounded for display so that
// they add up to the change as shown, and one plain English sentence. Pure.
//
//   Up 0.2 since October 2026: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3);
//   vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less and the score moves toward the middle (−0.1).
//
// Each line says what happened to an input and why that moved the score (cause and effect); a period that
// replaces another is called newer or older by the period itself, never by its age (docs/model.md §9).
//
// Display rounding: the change is shown to one decimal (half away from zero, as the score); the parts are
// rounded with the largest-remainder method in whole tenths, so the shown parts add up exactly to the shown
// change. Negative numbers use the minus sign "−" (U+2212).
import { roundHalfAway, tenths } from "./round.ts";
import { CURRENT_PARAMS } from "./current.ts";
import type { ChangePart, Explanation, SubScoreState } from "./types.ts";

export interface ShownPart extends ChangePart {
  /** The contribution as shown, in whole tenths (an integer: parts add up exactly). */
  shown_tenths: number;
  /** shown_tenths / 10. */
  shown: number;
}

export interface ShownExplanation {
  delta_tenths: number;
  delta: number;
  parts: ShownPart[];
}

/** Tenths of x, snapped to the integer when float noise is all that separates them (0.3 × 10). */
function exactTenths(x: number): number {
  const t = x * 10;
  const r = Math.round(t);
  return Math.abs(t - r) < 1e-9 ? r : t;
}

/**
 * The parts rounded to tenths so that they add up to the change as shown (largest remainder): every part
 * is first rounded down; the tenths still missing go to the parts with the largest remainders (ties: the
 * larger part, then the earlier one), or are taken from the smallest remainders when too many.
 */
export function roundExplanation(e: Explanation): ShownExplanation {
  const target = tenths(e.delta);
  const xs = e.parts.map((p) => exactTenths(p.contribution));
  const shown = xs.map((x) => Math.floor(x));
  let need = target - shown.reduce((a, b) => a + b, 0);
  const order = xs
    .map((x, i) => i)
    .sort((i, j) => xs[j] - shown[j] - (xs[i] - shown[i]) || Math.abs(xs[j]) - Math.abs(xs[i]) || i - j);
  if (order.length > 0) {
    for (let n = 0; need > 0; n++, need--) shown[order[n % order.length]]++;
    for (let n = 0; need < 0; n++, need++) shown[order[order.length - 1 - (n % order.length)]]--;
  }
  return {
    delta_tenths: target,
    delta: target / 10,
    parts: e.parts.map((p, i) => ({ ...p, shown_tenths: shown[i], shown: shown[i] / 10 })),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Words

const MONTHS = [
  "January", "February", "March", "April", "May", "June", "July", "August", "September", "October", "November", "December",
];

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

/** Two values that differ, with enough decimals to show that they do (1, else 2, else 3). */
function decimalsFor(a: number, b: number): number {
  for (const d of [1, 2]) if (roundHalfAway(a, d) !== roundHalfAway(b, d)) return d;
  return 3;
}

/** "fell 0.2 points" / "rose 0.04 points" / "rose slightly". */
function moved(delta: number, unit: string): string {
  const verb = delta < 0 ? "fell" : "rose";
  const a = Math.abs(delta);
  if (roundHalfAway(a, 1) > 0) return `${verb} ${num(a, 1)} ${unit}`;
  if (roundHalfAway(a, 2) > 0) return `${verb} ${num(a, 2)} ${unit}`;
  return `${verb} slightly`;
}

/** `2026-10` → "October 2026"; `2026-Q3` → "Q3 2026". */
export function periodName(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  return q ? `Q${q[2]} ${q[1]}` : monthName(period);
}

/** The last month a period covers, as a month count (`2026-Q2` → June 2026), to tell newer from older; NaN if unknown. */
export function periodEnd(period: string): number {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return Number(q[1]) * 12 + Number(q[2]) * 3 - 1;
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  return m ? Number(m[1]) * 12 + Number(m[2]) - 1 : Number.NaN;
}

const monthsOld = (n: number) => (n === 1 ? "1 month" : `${n} months`);

/** The figures behind each sub-score, as a reader names them. M reads U's series: its ageing merges with U's. */
const FIGURES: Record<ChangePart["key"], string> = {
  U: "unemployment figures",
  V: "vacancy figures",
  C: "competition figures",
  M: "unemployment figures",
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

/**
 * What happened to an input's data between the two sides: ageing within one period, or another period taking
 * its place (named newer or older by the period itself, never by its age), then "so they count less/more".
 */
function freshnessCause(key: ChangePart["key"], a: SubScoreState, b: SubScoreState): string {
  const counts = b.freshness < a.freshness ? "so they count less" : "so they count more";
  const figures = FIGURES[key];
  if (a.period === b.period) {
    const when = periodName(b.period);
    if (b.age > a.age) return `${figures} (${when}) aged from ${a.age} to ${monthsOld(b.age)}, ${counts}`;
    if (b.age < a.age) return `${figures} (${when}) went from ${monthsOld(a.age)} to ${monthsOld(b.age)} old, ${counts}`;
    return `${figures} (${when}) are ${monthsOld(b.age)} old as before but ${b.freshness < a.freshness ? "count less" : "count more"}`;
  }
  // Newer or older by the period's last month (a quarter and its last month, e.g. Q1 2026 and March 2026, are neither).
  const ends = Math.sign(periodEnd(b.period) - periodEnd(a.period));
  const which = ends > 0 ? "newer " : ends < 0 ? "older " : "";
  const replaced = `${which}${figures} (${periodName(b.period)}) replaced those for ${periodName(a.period)}`;
  // "but" when the news and the weight disagree (newer figures that count less, older ones that count more).
  const link = ends !== 0 && ends > 0 === b.freshness < a.freshness ? "but" : "and";
  if (b.age === a.age) return `${replaced} ${link} are ${monthsOld(b.age)} old as they were, ${counts}`;
  return `${replaced} ${link} are ${monthsOld(b.age)} old, not ${a.age}, ${counts}`;
}

/** How unemployment moves when its yearly change goes from `a` to `b` points (b < a is the better news). */
function trend(a: number, b: number): string {
  if (a > 0 && b <= 0) return b < 0 ? "unemployment is now falling" : "unemployment is no longer rising";
  if (a < 0 && b >= 0) return b > 0 ? "unemployment is now rising" : "unemployment is no longer falling";
  if (a === 0) return b < 0 ? "unemployment is now falling" : "unemployment is now rising";
  if (b > 0) return b < a ? "unemployment is rising more slowly" : "unemployment is rising faster";
  return b < a ? "unemployment is falling faster" : "unemployment is falling more slowly";
}

/**
 * The cause of one part, without its effect on the score: what happened to the input (its value, its data's
 * age or period, or the input coming or going) and what that means for a job seeker. Parts with the same
 * cause (U's and M's data ageing together) share one line; `changeLines` adds the effect.
 */
export function partPhrase(p: ChangePart): string {
  if (p.kind === "added") return `${COMES[p.key].what} now ${COMES[p.key].one ? "counts" : "count"}`;
  if (p.kind === "removed") return `${COMES[p.key].what} no longer ${COMES[p.key].one ? "counts" : "count"}`;
  const from = p.from!;
  const to = p.to!;
  if (p.kind === "freshness") return freshnessCause(p.key, from, to);
  const d = decimalsFor(from.input, to.input);
  const down = to.input < from.input;
  switch (p.key) {
    case "U":
      return `unemployment ${moved(to.input - from.input, "points")}: ${down ? "fewer" : "more"} people out of work`;
    case "V":
      return `the vacancy rate ${moved(to.input - from.input, "points")}: ${down ? "fewer" : "more"} open posts`;
    case "C":
      return `job seekers per vacancy ${down ? "fell" : "rose"} from ${num(from.input, d)} to ${num(to.input, d)}: ${down ? "less" : "more"} competition for each opening`;
    case "M":
      return (
        `the yearly change in unemployment went from ${signedNum(from.input, d)} to ${signedNum(to.input, d)} points: ` +
        trend(from.input, to.input)
      );
    case "S":
      return `sentiment ${down ? "fell" : "rose"} from ${num(from.input, d)} to ${num(to.input, d)}: ${down ? "a gloomier" : "a brighter"} hiring outlook`;
  }
}

/** The score the model pulls thin evidence toward (docs/model.md §4: a raw 50 shrinks to 5.5). */
const MIDDLE =
  CURRENT_PARAMS.scale.min + ((CURRENT_PARAMS.scale.max - CURRENT_PARAMS.scale.min) * CURRENT_PARAMS.shrink.neutral) / CURRENT_PARAMS.scale.subScoreMax;

/**
 * Why a line moved the score, from the line's sign as shown (so the words never contradict its number): a value
 * lifts or lowers it; data counting more pulls it its way; data counting less or going leaves the score nearer
 * the middle, or leaning more on the other inputs when it moves away from the middle.
 */
function effect(p: ChangePart, tenths: number, fromScore: number): string {
  const up = tenths > 0;
  const weaker = p.kind === "removed" || (p.kind === "freshness" && p.to!.freshness < p.from!.freshness);
  if (weaker) {
    const towardMiddle = up ? fromScore < MIDDLE : fromScore > MIDDLE;
    const lead = p.kind === "removed" ? ", so" : " and";
    return towardMiddle ? `${lead} the score moves toward the middle` : `${lead} the score leans more on the other inputs`;
  }
  if (p.kind === "added") return `, and ${COMES[p.key].one ? "it pulls" : "they pull"} the score ${up ? "up" : "down"}`;
  if (p.kind === "freshness") return ` and pull the score ${up ? "up" : "down"}`;
  return `, so the score ${up ? "rises" : "falls"}`;
}

/** One line of the sentence: the words of one or more parts (merged when their words are equal) and their sum. */
export interface ChangeLine {
  /** Cause and effect: what happened to the input(s), then why that moved the score (its sign as shown). */
  words: string;
  /** The merged parts' contributions as shown, in whole tenths (the lines add up to the change as shown). */
  shown_tenths: number;
  /** The parts behind the line, in sub-score order (one, or two when U's and M's data age together). */
  parts: ShownPart[];
}

/**
 * The lines of the sentence: each part that shows as non-zero, with parts of the same words merged (U's and M's
 * unemployment figures ageing), largest first. Their shown tenths add up to `delta_tenths` exactly: a part
 * left out shows as zero.
 */
export function changeLines(e: Explanation): { delta_tenths: number; lines: ChangeLine[] } {
  const shown = roundExplanation(e);
  const byWords = new Map<string, ChangeLine>();
  for (const p of shown.parts) {
    const words = partPhrase(p);
    const line = byWords.get(words);
    if (line) {
      line.shown_tenths += p.shown_tenths;
      line.parts.push(p);
    } else {
      byWords.set(words, { words, shown_tenths: p.shown_tenths, parts: [p] });
    }
  }
  const lines = [...byWords.values()]
    .map((line, i) => ({ line, i }))
    .filter((x) => x.line.shown_tenths !== 0)
    .sort((a, b) => Math.abs(b.line.shown_tenths) - Math.abs(a.line.shown_tenths) || a.i - b.i)
    .map((x) => ({ ...x.line, words: x.line.words + effect(x.line.parts[0]!, x.line.shown_tenths, e.from_score) }));
  return { delta_tenths: shown.delta_tenths, lines };
}

/** "Up 0.4", "Down 0.1", "No change": the change as shown. */
export function changeHead(deltaTenths: number): string {
  return deltaTenths > 0 ? `Up ${(deltaTenths / 10).toFixed(1)}` : deltaTenths < 0 ? `Down ${(-deltaTenths / 10).toFixed(1)}` : "No change";
}

/**
 * One sentence: the change as shown since the older side's month, then each part that shows as non-zero,
 * largest first (parts with the same words, e.g. U's and M's unemployment figures ageing, are merged).
 * `since` replaces the older side's month name (e.g. a date, when two publications fall in the same month).
 */
export function describeChange(e: Explanation, opts: { since?: string } = {}): string {
  const { delta_tenths, lines } = changeLines(e);
  const listed = lines.map((l) => `${l.words} (${signedTenths(l.shown_tenths)})`);
  const since = `since ${opts.since ?? monthName(e.from_month)}`;
  const head = changeHead(delta_tenths);
  return listed.length > 0 ? `${head} ${since}: ${listed.join("; ")}.` : `${head} ${since}.`;
}
