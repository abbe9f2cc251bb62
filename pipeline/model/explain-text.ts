// "Why it changed" for people (docs/model.md §9): the exact parts of a score change rounded for display so that
// they add up to the change as shown, and one plain English sentence. Pure.
//
//   Up 0.4 since October 2026: unemployment fell 0.2 points (+0.3); vacancy data one quarter older (−0.1).
//
// Display rounding: the change is shown to one decimal (half away from zero, as the score); the parts are
// rounded with the largest-remainder method in whole tenths, so the shown parts add up exactly to the shown
// change. Negative numbers use the minus sign "−" (U+2212).
import { roundHalfAway, tenths } from "./round.ts";
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
const SMALL = ["zero", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine"];

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

function count(n: number, unit: string): string {
  return `${n < SMALL.length ? SMALL[n] : String(n)} ${unit}${n === 1 ? "" : "s"}`;
}

/** "one month older", "one quarter older", "two months newer". */
function aged(from: SubScoreState, to: SubScoreState): string {
  const d = to.age - from.age;
  if (d === 0) return to.freshness < from.freshness ? "counting less" : "counting more";
  const n = Math.abs(d);
  const quarters = from.period.includes("Q") && to.period.includes("Q") && n % 3 === 0;
  return `${quarters ? count(n / 3, "quarter") : count(n, "month")} ${d > 0 ? "older" : "newer"}`;
}

const DATA: Record<ChangePart["key"], string> = {
  U: "unemployment data",
  V: "vacancy data",
  C: "competition data",
  // M reads the same unemployment series as U (same age): its freshness reads, and merges, as U's.
  M: "unemployment data",
  S: "sentiment data",
};

const COMES: Record<ChangePart["key"], string> = {
  U: "unemployment data",
  V: "vacancy data",
  C: "competition data",
  M: "the yearly change in unemployment",
  S: "sentiment data",
};

/** The words for one part, without its contribution. */
export function partPhrase(p: ChangePart): string {
  if (p.kind === "added") return `${COMES[p.key]} now counts`;
  if (p.kind === "removed") return `${COMES[p.key]} no longer counts`;
  const from = p.from!;
  const to = p.to!;
  if (p.kind === "freshness") return `${DATA[p.key]} ${aged(from, to)}`;
  const d = decimalsFor(from.input, to.input);
  switch (p.key) {
    case "U":
      return `unemployment ${moved(to.input - from.input, "points")}`;
    case "V":
      return `the vacancy rate ${moved(to.input - from.input, "points")}`;
    case "C":
      return `job seekers per vacancy ${to.input < from.input ? "fell" : "rose"} from ${num(from.input, d)} to ${num(to.input, d)}`;
    case "M":
      return `the yearly change in unemployment went from ${signedNum(from.input, d)} to ${signedNum(to.input, d)} points`;
    case "S":
      return `sentiment ${to.input < from.input ? "fell" : "rose"} from ${num(from.input, d)} to ${num(to.input, d)}`;
  }
}

/** One line of the sentence: the words of one or more parts (merged when their words are equal) and their sum. */
export interface ChangeLine {
  words: string;
  /** The merged parts' contributions as shown, in whole tenths (the lines add up to the change as shown). */
  shown_tenths: number;
  /** The parts behind the line, in sub-score order (one, or two when U's and M's data age together). */
  parts: ShownPart[];
}

/**
 * The lines of the sentence: each part that shows as non-zero, with parts of the same words merged (U's and M's
 * unemployment data getting older), largest first. Their shown tenths add up to `delta_tenths` exactly: a part
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
    .map((x) => x.line);
  return { delta_tenths: shown.delta_tenths, lines };
}

/** "Up 0.4", "Down 0.1", "No change": the change as shown. */
export function changeHead(deltaTenths: number): string {
  return deltaTenths > 0 ? `Up ${(deltaTenths / 10).toFixed(1)}` : deltaTenths < 0 ? `Down ${(-deltaTenths / 10).toFixed(1)}` : "No change";
}

/**
 * One sentence: the change as shown since the older side's month, then each part that shows as non-zero,
 * largest first (parts with the same words, e.g. U's and M's unemployment data getting older, are merged).
 * `since` replaces the older side's month name (e.g. a date, when two publications fall in the same month).
 */
export function describeChange(e: Explanation, opts: { since?: string } = {}): string {
  const { delta_tenths, lines } = changeLines(e);
  const listed = lines.map((l) => `${l.words} (${signedTenths(l.shown_tenths)})`);
  const since = `since ${opts.since ?? monthName(e.from_month)}`;
  const head = changeHead(delta_tenths);
  return listed.length > 0 ? `${head} ${since}: ${listed.join("; ")}.` : `${head} ${since}.`;
}
