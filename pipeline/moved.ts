// What a publication moved: each country whose score as shown (one decimal) or status differs from the previous
// publication's, with the largest part of why (the two snapshots' exact attribution, docs/model.md §9, in the
// words of the "why it changed" lines). The recalc summary carries it (`moved`), so `jwi recalc`, `jwi ingest`
// and the operator page all say the same (docs/interfaces.md). Pure, but for reading the current snapshots.
import { changeLines, signedTenths } from "./model/explain-text.ts";
import { CURRENT_MODEL } from "./model/index.ts";
import { formatScore } from "./model/round.ts";
import type { Snapshot } from "./model/types.ts";
import type { ServingDb } from "./serving-db.ts";

export interface MovedCountry {
  code: string;
  /** The score before and after, unrounded (null: no score on that side). */
  from: number | null;
  to: number | null;
  status_from: string | null;
  status_to: string | null;
  /** The largest part of the change, e.g. "unemployment rose from 4.8 % to 5.1 % (-0.3)"; null when none can be named. */
  reason: string | null;
}

/** The snapshots of the current publication by country (empty before the first). */
export function publishedSnapshots(db: ServingDb): Map<string, Snapshot> {
  const rows = db.prepare(`SELECT country, payload FROM snapshots`).all() as Array<{
    country: string;
    payload: string;
  }>;
  return new Map(rows.map((r) => [r.country, JSON.parse(r.payload) as Snapshot]));
}

const shown = (score: number | null) => (score === null ? null : formatScore(score));

function reasonOf(from: Snapshot | undefined, to: Snapshot): string | null {
  if (to.score === null) return "not enough recent data";
  if (!from || from.score === null) return "scored again: enough recent data";
  if (from.model !== to.model || to.model !== CURRENT_MODEL.id) return `scored by model ${to.model}, was ${from.model}`;
  const e = CURRENT_MODEL.explain(from, to);
  const top = e ? changeLines(e).lines[0] : undefined;
  return top ? `${top.words} (${signedTenths(top.shown_tenths)})` : null;
}

/**
 * The countries of `next` whose shown score or status differs from `previous` (in the order of `next`). Before
 * the first publication (`previous` empty) nothing has moved: there is nothing to compare with.
 */
export function movedCountries(previous: ReadonlyMap<string, Snapshot>, next: readonly Snapshot[]): MovedCountry[] {
  if (previous.size === 0) return [];
  const moved: MovedCountry[] = [];
  for (const to of next) {
    const from = previous.get(to.country);
    const fromScore = from?.score ?? null;
    const fromStatus = from?.status ?? null;
    if (shown(fromScore) === shown(to.score) && fromStatus === to.status) continue;
    moved.push({
      code: to.country,
      from: fromScore,
      to: to.score,
      status_from: fromStatus,
      status_to: to.status,
      reason: reasonOf(from, to),
    });
  }
  return moved;
}
