// How much evidence a score rests on (docs/product.md §9 "Evidence"): how many of the model's five inputs
// (U, V, C, M, S, docs/model.md §2) count today and the cover of the blend (docs/model.md §4), said next to the
// confidence. One formatter for every place that shows a confidence: rankings, the map's tooltip, the share
// card and both country layouts, so "Medium confidence" never hides that one score rests on 2 inputs and
// another on 4.
import { roundHalfAway } from "../pipeline/model/round.ts";
import { SUB_SCORE_KEYS as INPUT_KEYS } from "../pipeline/model/tables.ts";
import type { Snapshot, SubScoreKey } from "../pipeline/model/types.ts";

export interface Evidence {
  /** Inputs (sub-scores) that count in today's score. */
  inputs: number;
  /** Inputs the model has (5). */
  of: number;
  /** The blend's cover, 0..1. */
  cover: number;
}

/** The evidence of a snapshot's score; null without a score (or when the score is withheld). */
export function evidenceOf(s: Pick<Snapshot, "score" | "cover" | "sub_scores"> | null | undefined): Evidence | null {
  if (!s || s.score === null) return null;
  return evidenceFrom(s.cover, s.sub_scores);
}

/** The same from a score's cover and sub-scores (null when either is unknown). */
export function evidenceFrom(cover: number | null, subScores: Snapshot["sub_scores"] | null): Evidence | null {
  if (cover === null || subScores === null) return null;
  const inputs = INPUT_KEYS.filter((k) => subScores[k] != null).length;
  return { inputs, of: INPUT_KEYS.length, cover };
}

/** The cover in whole percent, rounded as every shown figure (normalised, half away from zero). */
export function coverPercent(e: Evidence): number {
  return roundHalfAway(e.cover * 100, 0);
}

/** "3 of 5 inputs, 40% cover". */
export function evidenceText(e: Evidence): string {
  return `${e.inputs} of ${e.of} inputs, ${coverPercent(e)}% cover`;
}

const CONFIDENCE_TEXT: Record<string, string> = {
  high: "High confidence",
  medium: "Medium confidence",
  low: "Low confidence",
};

/** "Medium confidence". */
function confidenceText(confidence: string): string {
  return CONFIDENCE_TEXT[confidence] ?? `${confidence} confidence`;
}

/** "Medium confidence · 3 of 5 inputs, 40% cover" (the confidence alone when the evidence is unknown). */
export function confidenceWithEvidence(confidence: string, evidence: Evidence | null): string {
  return evidence ? `${confidenceText(confidence)} · ${evidenceText(evidence)}` : confidenceText(confidence);
}

/**
 * For how many countries each input counts in today's scores (a shown score whose sub-score exists), and each
 * sentiment source: what the home page, the methodology and "your weather" say counts *today*, so that no page
 * promises a barometer no country has (docs/product.md §9 "Evidence").
 */
export interface InputCounts {
  /** Covered countries. */
  total: number;
  /** Countries with a score shown today. */
  scored: number;
  U: number;
  V: number;
  C: number;
  M: number;
  S: number;
  /** Countries whose sentiment counts through the barometer, and through the Employment Expectations Indicator. */
  lmb: number;
  eei: number;
}

/** The counts over every covered country's snapshot as the reader shows it today (withheld: no score). */
export function inputCounts(
  snapshots: ReadonlyArray<Pick<Snapshot, "score" | "sub_scores" | "sentiment_sources"> | null>,
): InputCounts {
  const scored = snapshots.filter((s): s is NonNullable<typeof s> => s !== null && s.score !== null);
  const having = (k: SubScoreKey) => scored.filter((s) => s.sub_scores[k] != null).length;
  const source = (id: "lmb" | "eei") => scored.filter((s) => s.sentiment_sources?.some((x) => x.source === id)).length;
  return {
    total: snapshots.length,
    scored: scored.length,
    U: having("U"),
    V: having("V"),
    C: having("C"),
    M: having("M"),
    S: having("S"),
    lmb: source("lmb"),
    eei: source("eei"),
  };
}
