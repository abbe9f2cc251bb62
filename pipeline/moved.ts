// What a publication moved: each country whose score as shown (one decimal) or status differs from the previous
// publication's, with the largest part of why (the two snapshots' exact attribution, docs/model.md §9, in the
// words of the "why it changed" lines) and the change's market and evidence parts (docs/model.md §9), so a rise
// of data coming and going is never read as a market that moved. The recalc summary carries it (`moved`), so
// `jwi recalc`, `jwi ingest` and the operator page all say the same (docs/interfaces.md). Pure, but for reading the
// current snapshots.
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
  /**
   * The change's market part (inputs counted on both sides whose level moved) and evidence part (data that started,
   * stopped counting or aged), unrounded, adding up to to − from; null when the change cannot be explained input by
   * input (a score coming or going, another model).
   */
  market: number | null;
  evidence: number | null;
  /** The same as shown, one decimal each, adding up to the change as shown (the difference of the shown scores). */
  market_shown: number | null;
  evidence_shown: number | null;
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

type Why = Pick<MovedCountry, "reason" | "market" | "evidence" | "market_shown" | "evidence_shown">;

const UNSPLIT = { market: null, evidence: null, market_shown: null, evidence_shown: null } as const;

function whyOf(from: Snapshot | undefined, to: Snapshot): Why {
  if (to.score === null)
    return { reason: to.anchor_month === null ? "no data to score" : "its data are too old to score", ...UNSPLIT };
  if (!from || from.score === null) return { reason: "scored again: enough recent data", ...UNSPLIT };
  if (from.model !== to.model || to.model !== CURRENT_MODEL.id)
    return { reason: `scored by model ${to.model}, was ${from.model}`, ...UNSPLIT };
  const e = CURRENT_MODEL.explain(from, to);
  if (!e) return { reason: null, ...UNSPLIT };
  const c = changeLines(e);
  const top = c.lines[0];
  return {
    reason: top ? `${top.words} (${signedTenths(top.shown_tenths)})` : null,
    market: e.market,
    evidence: e.evidence,
    market_shown: c.market_tenths / 10,
    evidence_shown: c.evidence_tenths / 10,
  };
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
      ...whyOf(from, to),
    });
  }
  return moved;
}
