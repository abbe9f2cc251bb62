// "Why it changed" for people (docs/model.md §9): the exact parts of a score change rounded for display so that
// they add up to the change as shown, and one plain English sentence. Pure.
//
//   Up 0.2 since October 2026: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3);
//   vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less and the score moves toward the middle (−0.1).
//
// Each line says what happened to an input and why that moved the score (cause and effect); a period that
// replaces another is called newer or older by the period itself, never by its age (docs/model.md §9). The
// pieces are data first (explain-spec.ts: a cause and an effect per line); this file says them in English, the
// words of the API, the feeds and the operator's list. The pages say the same specs in their own language
// (web/app/lib/why-text.ts), checked against these words by web/app/lib/why-text.test.ts.
//
// Display rounding: the change is shown as the difference of the two scores as shown (each one decimal, half away
// from zero), so the number stated beside them is their difference (6.85 → 6.84 is shown 6.9 → 6.8: "Down 0.1", not
// "No change"); the parts are rounded with the largest-remainder method in whole tenths, so the shown parts add up
// exactly to the shown change. Negative numbers use the minus sign "−" (U+2212).
//
// Market and evidence (docs/model.md §9): a change whose evidence part outweighs its market part says so in its
// head ("Up 2.4 since November 2025, mostly because sentiment figures stopped counting (on the same inputs the market
// moved −0.1)"), so nobody reads a rise of data coming and going as a market that improved.
import { CURRENT_PARAMS } from "./current.ts";
import { marketAndEvidence } from "./explain.ts";
import { statusOf } from "./kernel.ts";
import {
  causeSpec,
  effectSpec,
  evidenceReason,
  periodEnd,
  type CauseSpec,
  type Direction,
  type EffectSpec,
  type EvidenceReason,
  type Figure,
  type FiguresKey,
  type Trend,
} from "./explain-spec.ts";
import { roundHalfAway, shownChangeTenths } from "./round.ts";
import type { ChangePart, Explanation, Status } from "./types.ts";

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
 * The parts rounded to tenths so that they add up to the change as shown, the difference of the two scores as
 * shown (largest remainder): every part is first rounded down; the tenths still missing go to the parts with the
 * largest remainders (ties: the larger part, then the earlier one), or are taken from the smallest remainders when
 * too many. The shown change is the floor or the ceiling of the exact one, so no part's sign flips.
 */
export function roundExplanation(e: Explanation): ShownExplanation {
  const target = shownChangeTenths(e.from_score, e.to_score);
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
  "January",
  "February",
  "March",
  "April",
  "May",
  "June",
  "July",
  "August",
  "September",
  "October",
  "November",
  "December",
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

/** `2026-10` → "October 2026"; `2026-Q3` → "Q3 2026". */
export function periodName(period: string): string {
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  return q ? `Q${q[2]} ${q[1]}` : monthName(period);
}

export { periodEnd };

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

/** One line of the sentence: the words of one or more parts (merged when their words are equal) and their sum. */
export interface ChangeLine {
  /** Cause and effect: what happened to the input(s), then why that moved the score (its sign as shown). */
  words: string;
  /** The same as data, for saying it in another language (explain-spec.ts). */
  cause: CauseSpec;
  effect: EffectSpec;
  /** The merged parts' contributions as shown, in whole tenths (the lines add up to the change as shown). */
  shown_tenths: number;
  /** The parts behind the line, in sub-score order (one, or two when U's and M's data age together). */
  parts: ShownPart[];
}

/** A change as shown: its lines, its market and evidence parts, and the weather on each side. */
export interface ChangeLines {
  /** The change as shown (the difference of the two shown scores), in whole tenths. */
  delta_tenths: number;
  lines: ChangeLine[];
  /** The market part as shown: the value lines' shown tenths (they and `evidence_tenths` add up to `delta_tenths`). */
  market_tenths: number;
  /** The evidence part as shown: every other line's shown tenths. */
  evidence_tenths: number;
  /**
   * When the evidence part outweighs the market part (unrounded) and the change shows: what mostly moved it, the
   * evidence line that moved the score most in the change's direction; else null.
   */
  mostly: EvidenceReason | null;
  /** The weather of each side's shown score (the same on both sides unless the change crossed a band). */
  from_status: Status;
  to_status: Status;
}

/**
 * The lines of the sentence: each part that shows as non-zero, with parts of the same words merged (U's and M's
 * unemployment figures ageing), largest first. Their shown tenths add up to `delta_tenths` exactly: a part
 * left out shows as zero.
 */
export function changeLines(e: Explanation): ChangeLines {
  const shown = roundExplanation(e);
  const byWords = new Map<string, { words: string; cause: CauseSpec; shown_tenths: number; parts: ShownPart[] }>();
  let market_tenths = 0;
  for (const p of shown.parts) {
    if (p.kind === "value") market_tenths += p.shown_tenths;
    const cause = causeSpec(p);
    const words = causeWords(cause);
    const line = byWords.get(words);
    if (line) {
      line.shown_tenths += p.shown_tenths;
      line.parts.push(p);
    } else {
      byWords.set(words, { words, cause, shown_tenths: p.shown_tenths, parts: [p] });
    }
  }
  const groups = [...byWords.values()];
  return {
    delta_tenths: shown.delta_tenths,
    lines: groups
      .map((line, i) => ({ line, i }))
      .filter((x) => x.line.shown_tenths !== 0)
      .sort((a, b) => Math.abs(b.line.shown_tenths) - Math.abs(a.line.shown_tenths) || a.i - b.i)
      .map(({ line }) => {
        const effect = effectSpec(line.parts[0]!, line.shown_tenths, e.from_score, e.to_score);
        return { ...line, words: line.words + effectWords(line.cause, effect), effect };
      }),
    market_tenths,
    evidence_tenths: shown.delta_tenths - market_tenths,
    mostly: mostlyEvidence(e, shown.delta_tenths, groups),
    from_status: statusOf(e.from_score, CURRENT_PARAMS),
    to_status: statusOf(e.to_score, CURRENT_PARAMS),
  };
}

/**
 * What mostly moved a change whose evidence part is larger in size than its market part (docs/model.md §9): the
 * evidence line (data starting, stopping, ageing) that moved the score most in the change's direction as shown (its
 * shown tenths, then its exact parts), so the cause the head names is one the sentence lists whenever an evidence
 * line shows: a line shown as 0.0 is not named before one shown as −0.1, however close it came. Null when the market
 * part is the larger, or when the change shows as none.
 */
function mostlyEvidence(
  e: Explanation,
  deltaTenths: number,
  groups: ReadonlyArray<{ shown_tenths: number; parts: readonly ChangePart[] }>,
): EvidenceReason | null {
  const { market, evidence } = marketAndEvidence(e);
  if (deltaTenths === 0 || !(Math.abs(evidence) > Math.abs(market))) return null;
  const direction = Math.sign(deltaTenths);
  let best: { part: ChangePart; shown: number; exact: number } | null = null;
  for (const g of groups) {
    if (g.parts.some((p) => p.kind === "value")) continue;
    const shown = g.shown_tenths * direction;
    const exact = g.parts.reduce((a, p) => a + p.contribution, 0) * direction;
    if (exact <= 0) continue;
    if (best === null || shown > best.shown || (shown === best.shown && exact > best.exact))
      best = { part: g.parts[0]!, shown, exact };
  }
  return best === null ? null : evidenceReason(best.part);
}

const STATUS_WORDS: Record<Status, string> = {
  stormy: "stormy",
  rainy: "rainy",
  cloudy: "cloudy",
  bright: "bright",
  sunny: "sunny",
};

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

/** "Up 0.4", "Down 0.1", "No change": the change as shown. */
export function changeHead(deltaTenths: number): string {
  return deltaTenths > 0
    ? `Up ${(deltaTenths / 10).toFixed(1)}`
    : deltaTenths < 0
      ? `Down ${(-deltaTenths / 10).toFixed(1)}`
      : "No change";
}

/**
 * The clause a change that is mostly evidence adds after its head: ", mostly because sentiment figures stopped
 * counting (on the same inputs the market moved −0.1)"; empty otherwise.
 */
export function mostlyWords(c: Pick<ChangeLines, "mostly" | "market_tenths">): string {
  return c.mostly
    ? `, mostly because ${reasonWords(c.mostly)} (on the same inputs the market moved ${signedTenths(c.market_tenths)})`
    : "";
}

/**
 * One sentence: the change as shown since the older side's month (with the weather when it changed, and what mostly
 * moved it when that was the evidence rather than the market), then each part that shows as non-zero, largest
 * first (parts with the same words, e.g. U's and M's unemployment figures ageing, are merged). `since` replaces the
 * older side's month name (e.g. a date, when two publications fall in the same month).
 */
export function describeChange(e: Explanation, opts: { since?: string } = {}): string {
  const c = changeLines(e);
  const listed = c.lines.map((l) => `${l.words} (${signedTenths(l.shown_tenths)})`);
  const since = `since ${opts.since ?? monthName(e.from_month)}`;
  const head = `${changeHead(c.delta_tenths)} ${since}${weatherWords(c)}${mostlyWords(c)}`;
  return listed.length > 0 ? `${head}: ${listed.join("; ")}.` : `${head}.`;
}

/** ", from bright to cloudy" when the change crossed a weather band; empty otherwise. */
export function weatherWords(c: Pick<ChangeLines, "from_status" | "to_status">): string {
  return c.from_status !== c.to_status ? `, from ${STATUS_WORDS[c.from_status]} to ${STATUS_WORDS[c.to_status]}` : "";
}
