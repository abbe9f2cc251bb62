// A personal ranking as the API and the /your-weather page show it (docs/decisions/020-personal-weights.md):
// every country with a shown score, ranked by its personal score under the visitor's steps, the published
// score beside it untouched, and what moved it (the exact share of each changed weight). The one place that
// turns published sub-scores into a personal ranking: the API answers it, the page runs it in the browser.
import { largestRemainder } from "../pipeline/model/explain-shown.ts";
import { personalRanking, weightAttribution, type PersonalSubScores } from "../pipeline/model/personal.ts";
import { shownChangeTenths } from "../pipeline/model/round.ts";
import { SUB_SCORE_KEYS } from "../pipeline/model/tables.ts";
import type { Status, SubScoreKey } from "../pipeline/model/types.ts";
import { PERSONAL_MODEL, isIndexSteps, weightVector, type WeightSteps } from "./weights.ts";

/** What a personal ranking reads of a country: its published, shown score and its sub-scores. */
export interface PersonalInput {
  code: string;
  name: string;
  /** The published score (null when none may be shown today: such a country has no personal score either). */
  score: number | null;
  status: Status | null;
  /** The published sub-scores' values and freshness (null when the score is not shown). */
  sub: PersonalSubScores | null;
}

export interface PersonalRowView {
  code: string;
  name: string;
  /** 1-based position by personal score (ties by code); null without a personal score. */
  rank: number | null;
  /** The published score and status, unchanged by any weight. */
  score: number | null;
  status: Status | null;
  personal_score: number | null;
  personal_status: Status | null;
  /** personal − published, unrounded; null when either is missing. */
  difference: number | null;
  /** The exact share of each changed weight in `difference`, largest first; empty with the index's weights. */
  moved_by: { key: SubScoreKey; contribution: number }[];
}

/** The compact sub-scores the page ships to the browser: value and freshness of each present sub-score. */
export function compactSub(
  sub: Readonly<Record<SubScoreKey, { value: number; freshness: number } | null>> | null,
): PersonalSubScores | null {
  if (sub === null) return null;
  const out: Partial<Record<SubScoreKey, { value: number; freshness: number }>> = {};
  for (const k of SUB_SCORE_KEYS) {
    const s = sub[k];
    if (s) out[k] = { value: s.value, freshness: s.freshness };
  }
  return out;
}

/** Every country of `inputs`, ranked ones first (by personal score, ties by code), then the rest by code. */
export function personalRows(inputs: readonly PersonalInput[], steps: WeightSteps): PersonalRowView[] {
  const a = weightVector(steps);
  const shown = (i: PersonalInput) => (i.score === null ? null : i.sub);
  let rank = 0;
  return personalRanking(inputs, shown, a, PERSONAL_MODEL).map(({ item, personal }) => {
    const sub = shown(item);
    const parts = personal && sub ? (weightAttribution(sub, a, PERSONAL_MODEL) ?? []) : [];
    return {
      code: item.code,
      name: item.name,
      rank: personal ? ++rank : null,
      score: item.score,
      status: item.status,
      personal_score: personal?.score ?? null,
      personal_status: personal?.status ?? null,
      difference: personal && item.score !== null ? personal.score - item.score : null,
      moved_by: parts
        .filter((p) => p.contribution !== 0)
        .sort((x, y) => Math.abs(y.contribution) - Math.abs(x.contribution)),
    };
  });
}

/**
 * What moved a row as shown, in whole tenths: each changed weight's share rounded so that the shares add up to the
 * difference of the two shown scores (personal and published, each one decimal; largest remainder, explain-shown.ts),
 * largest first, the shares shown as 0.0 left out. Empty with the index's weights or without a personal score.
 */
export function shownMovedBy(
  row: Pick<PersonalRowView, "moved_by" | "score" | "personal_score">,
): { key: SubScoreKey; tenths: number }[] {
  if (row.score === null || row.personal_score === null || row.moved_by.length === 0) return [];
  const target = shownChangeTenths(row.score, row.personal_score);
  const tenths = largestRemainder(
    row.moved_by.map((p) => p.contribution * 10),
    target,
  );
  return row.moved_by.map((p, i) => ({ key: p.key, tenths: tenths[i]! })).filter((p) => p.tenths !== 0);
}

/** What the API says of a personal ranking under weights of the visitor's own. */
const PERSONAL_NOTE =
  "Your ranking (your weights) — not the index. The published scores never change with your weights.";

/** What it says when the weights asked for are the index's own (every step 2, or no `weights` at all). */
const INDEX_WEIGHTS_NOTE =
  "The index's own weights (every step 2): each personal score equals the published score. Pass weights=… for a ranking under your own.";

/** The note of a personal ranking: the index's weights are named as the index's, never as "your weights". */
export function personalNote(steps: WeightSteps): string {
  return isIndexSteps(steps) ? INDEX_WEIGHTS_NOTE : PERSONAL_NOTE;
}
