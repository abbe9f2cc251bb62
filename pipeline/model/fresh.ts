// Is a published score still fresh today? (docs/model.md §3) A score stays fresh while at least one sub-score it
// was computed from is within its family's cut-off as of `now`. A publication left without a recalc for too long
// thus stops showing numbers instead of outdated ones (docs/product.md: the site pauses by itself when no covered
// country has a fresh score).
import { familyOfSubScore, withinCutoff } from "./current.ts";
import type { Snapshot } from "./types.ts";

export function isScoreFresh(snapshot: Pick<Snapshot, "score" | "sub_scores"> | null | undefined, now: Date): boolean {
  if (!snapshot || snapshot.score === null) return false;
  return Object.values(snapshot.sub_scores ?? {}).some(
    (sub) => sub !== null && withinCutoff(sub.period, familyOfSubScore(sub.key), now),
  );
}
