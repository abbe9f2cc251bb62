// "Why it changed" for people (docs/model.md §9): the exact parts of a score change rounded for display so that
// they add up to the change as shown, and one plain English sentence. Pure.
//
//   Up 0.2 since October 2026: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3);
//   vacancy figures (Q2 2026) aged from 2 to 5 months, so they count less and the score moves toward the middle (−0.1).
//
// Each line says what happened to an input and why that moved the score (cause and effect); a period that
// replaces another is called newer or older by the period itself, never by its age (docs/model.md §9). The
// pieces are data first (explain-spec.ts: a cause and an effect per line); explain-phrases.ts says them in English,
// the words of the API, the feeds and the operator's list, and this file joins them into lines and a sentence. The
// pages say the same specs in their own language (web/app/lib/why-text.ts), checked against these words by
// web/app/lib/why-text.test.ts.
//
// Display rounding (explain-shown.ts): the change is shown as the difference of the two scores as shown (each one
// decimal, half away from zero), so the number stated beside them is their difference (6.85 → 6.84 is shown 6.9 →
// 6.8: "Down 0.1", not "No change"); the parts are rounded with the largest-remainder method in whole tenths, so the
// shown parts add up exactly to the shown change. Negative numbers use the minus sign "−" (U+2212).
//
// Market and evidence (docs/model.md §9): a change whose evidence part outweighs its market part says so in its
// head ("Up 2.4 since November 2025, mostly because sentiment figures stopped counting (on the same inputs the market
// moved −0.1)"), so nobody reads a rise of data coming and going as a market that improved.
import { CURRENT_PARAMS } from "./current.ts";
import { isMostlyEvidence, marketAndEvidence } from "./explain.ts";
import { causeWords, effectWords, monthName, reasonWords, signedTenths } from "./explain-phrases.ts";
import { roundExplanation, type ShownPart } from "./explain-shown.ts";
import {
  causeSpec,
  effectSpec,
  evidenceReason,
  periodEnd,
  type CauseSpec,
  type EffectSpec,
  type EvidenceReason,
} from "./explain-spec.ts";
import { statusOf, yoyLabel } from "./rating.ts";
import type { ChangePart, Explanation, Status } from "./types.ts";

export { roundExplanation } from "./explain-shown.ts";
export { monthName, mostlyPhrase, partPhrase, periodName, signedTenths } from "./explain-phrases.ts";
export { periodEnd };

/** One line of the sentence: the words of one or more parts (merged when their words are equal) and their sum. */
interface ChangeLine {
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
  /**
   * The market part as shown: the market part rounded half away from zero (the value lines add up to it; it and
   * `evidence_tenths` add up to `delta_tenths`; explain-shown.ts).
   */
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
  for (const p of shown.parts) {
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
    market_tenths: shown.market_tenths,
    evidence_tenths: shown.evidence_tenths,
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
  if (deltaTenths === 0 || !isMostlyEvidence(marketAndEvidence(e))) return null;
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

/** "Up 0.4", "Down 0.1", "No change": the change as shown. */
export function changeHead(deltaTenths: number): string {
  return deltaTenths > 0
    ? `Up ${(deltaTenths / 10).toFixed(1)}`
    : deltaTenths < 0
      ? `Down ${(-deltaTenths / 10).toFixed(1)}`
      : "No change";
}

/**
 * How the page words a change as shown: "up", "down", "same" (it shows, but within the badge's ±0.5 the index calls it
 * the same: yoyLabel of the shown number) or "none" (0.0). One word per change per page (docs/model.md §9).
 */
export function ratedDirection(deltaTenths: number): "up" | "down" | "same" | "none" {
  if (deltaTenths === 0) return "none";
  const label = yoyLabel(deltaTenths / 10, CURRENT_PARAMS);
  return label === "Up" ? "up" : label === "Down" ? "down" : "same";
}

/**
 * The head of a change as the page says it, with its word the badge's: "Up 0.6 since October 2026", "−0.5 since
 * December 2025, which the index counts as no change", "No change since October 2026".
 */
export function ratedHead(deltaTenths: number, since: string): string {
  return ratedDirection(deltaTenths) === "same"
    ? `${signedTenths(deltaTenths)} ${since}, which the index counts as no change`
    : `${changeHead(deltaTenths)} ${since}`;
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
  const head = `${ratedHead(c.delta_tenths, since)}${weatherWords(c)}${mostlyWords(c)}`;
  return listed.length > 0 ? `${head}: ${listed.join("; ")}.` : `${head}.`;
}

/** ", from bright to cloudy" when the change crossed a weather band; empty otherwise. */
export function weatherWords(c: Pick<ChangeLines, "from_status" | "to_status">): string {
  return c.from_status !== c.to_status ? `, from ${STATUS_WORDS[c.from_status]} to ${STATUS_WORDS[c.to_status]}` : "";
}
