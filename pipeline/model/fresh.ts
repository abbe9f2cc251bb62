// Is a published score still fresh today? (score-v2.md §3) One rule for the API and the site: a score stays
// fresh while at least one sub-score it was computed from is within its family's cut-off as of `now`.
// A publication left without a recalc for too long thus stops showing numbers instead of outdated ones
// (decisions.md: the site pauses by itself when no covered country has a fresh score).
import { ageInMonths } from "./period.ts";
import type { Snapshot, SubScoreKey } from "./types.ts";
import { MODEL_V2, type Family, type ModelV2Params } from "./v2.ts";

function familyOf(key: SubScoreKey, params: ModelV2Params): Family {
  return params.blocks.sentiment.includes(key) ? "sentiment" : "historical";
}

export function isScoreFresh(
  snapshot: Pick<Snapshot, "score" | "sub_scores"> | null | undefined,
  now: Date,
  params: ModelV2Params = MODEL_V2,
): boolean {
  if (!snapshot || snapshot.score === null) return false;
  const month = now.toISOString().slice(0, 7);
  return Object.values(snapshot.sub_scores ?? {}).some(
    (sub) => sub !== null && ageInMonths(sub.period, month) <= params.freshness[familyOf(sub.key, params)].cutoff,
  );
}
