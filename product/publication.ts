// The rules every reader of published scores applies, once: which score may be shown today (the freshness
// gate), how a country is listed, how rankings and regions are made, when the site is paused and why.
// The API and the site call these through one reader (api/read-model.ts); docs/decisions/006-what-the-api-shows.md
// says why the API withholds a stale score exactly as the site does.
import { COUNTRIES, REGIONS, flagOf, type Country } from "../lib/countries.ts";
import { CURRENT_MODEL } from "../pipeline/model/index.ts";
import { isScoreFresh } from "../pipeline/model/fresh.ts";
import { SUB_SCORE_KEYS } from "../pipeline/model/tables.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import { yoyOf } from "./change-view.ts";
import { evidenceOf } from "./evidence.ts";
import { noScoreReason } from "./no-score.ts";
import { RANKING_SIZE, type RankingType } from "./options.ts";
import type { CountryListItem, PausedReason, RankingItem, RegionRow, WithheldReason } from "./shapes.ts";

/**
 * Is this snapshot's score shown at `now`? The one display gate of every published read (the API, the pages, the
 * share cards and badges): not while the operator paused publication, and only while at least one input it was
 * computed from is within its cut-off (docs/model.md §3, pipeline/model/fresh.ts `isScoreFresh`): a publication left
 * without a recalc for too long stops showing numbers. Its answer is the API's `fresh` field.
 */
export function showsScore(snapshot: Snapshot | undefined | null, now: Date, paused = false): snapshot is Snapshot {
  return !paused && isScoreFresh(snapshot, now);
}

/**
 * A snapshot whose score may not be shown today, with everything derived from that score withheld: the score,
 * status, label, confidence, basis, cover, the sub-scores, the year-on-year change and its explanation. The inputs
 * (values, periods) stay, so that a reader can see why.
 */
export function withheld(s: Snapshot): Snapshot {
  return {
    ...s,
    score: null,
    status: null,
    label: null,
    confidence: null,
    basis: null,
    cover: null,
    raw: null,
    shrunk: null,
    sub_scores: Object.fromEntries(SUB_SCORE_KEYS.map((k) => [k, null])) as Snapshot["sub_scores"],
    yoy: { delta: null, label: null, from_month: s.yoy?.from_month ?? null },
    ...("change" in s ? { change: null } : {}),
  } as Snapshot;
}

/**
 * Why a published country shows no score, the one reason every reader gives (product/no-score.ts words it):
 * "paused" while the operator paused publication (no score is current then, docs/decisions/006-what-the-api-shows.md),
 * "stale" when every input it was (or would have been) computed from passed its cut-off, "no-data" when the country
 * has no scoring input at all; null when the score is shown or nothing was published for the country.
 */
export function withheldReason(s: Snapshot | undefined | null, now: Date, paused: boolean): WithheldReason | null {
  if (!s) return null;
  if (paused) return "paused";
  if (s.score === null) return noScoreReason({ asOf: s.as_of, anchorMonth: s.anchor_month }) as "no-data" | "stale";
  return showsScore(s, now) ? null : "stale";
}

/** A country as lists show it: its score only when it may be shown today and publication is not paused. */
export function listItem(c: Country, s: Snapshot | undefined, now: Date, paused = false): CountryListItem {
  const fresh = showsScore(s, now, paused);
  return {
    code: c.code,
    name: c.name,
    flag: flagOf(c.code),
    slug: c.slug,
    region: c.region,
    fresh,
    score: fresh ? s.score : null,
    status: fresh ? s.status : null,
    label: fresh ? s.label : null,
    confidence: fresh ? s.confidence : null,
    basis: fresh ? s.basis : null,
    evidence: fresh ? evidenceOf(s) : null,
    anchor_month: s?.anchor_month ?? null,
    yoy: fresh ? yoyOf(s) : { delta: null, label: null, shown: null, market: null, evidence: null },
    withheld_reason: withheldReason(s, now, paused),
  };
}

/** Every covered country, in the product's fixed order; while `paused` (by the operator) none with a score. */
export function listAll(snapshots: ReadonlyMap<string, Snapshot>, now: Date, paused = false): CountryListItem[] {
  return COUNTRIES.map((c) => listItem(c, snapshots.get(c.code), now, paused));
}

/**
 * brightest: the 10 highest shown scores, descending; stormiest: the 10 lowest, ascending. Countries without a
 * shown score are left out; the unrounded score decides (docs/model.md §5), then the country code.
 */
export function ranking(type: RankingType, items: readonly CountryListItem[]): RankingItem[] {
  const scored = items.filter((c): c is CountryListItem & { score: number } => c.score !== null);
  scored.sort((a, b) => (type === "brightest" ? b.score - a.score : a.score - b.score) || a.code.localeCompare(b.code));
  return scored.slice(0, RANKING_SIZE).map((c, i) => ({ ...c, rank: i + 1 }));
}

/** The regions of /top-regions, best average first; a region without any shown score last. */
export function regions(items: readonly CountryListItem[]): RegionRow[] {
  const rows = REGIONS.map(({ id, name }): RegionRow => {
    const members = items.filter((c) => c.region === id).sort((a, b) => a.name.localeCompare(b.name));
    const scored = members
      .filter((c) => c.score !== null)
      .sort((a, b) => b.score! - a.score! || a.code.localeCompare(b.code));
    const average = scored.length ? scored.reduce((sum, c) => sum + c.score!, 0) / scored.length : null;
    return {
      id,
      name,
      average,
      status: average === null ? null : CURRENT_MODEL.statusOf(average),
      scored: scored.length,
      total: members.length,
      best: scored[0] ?? null,
      worst: scored.length > 1 ? scored[scored.length - 1]! : null,
      countries: members,
    };
  });
  return rows.sort((a, b) => (b.average ?? -1) - (a.average ?? -1));
}

/**
 * The site pauses when the operator says so, or by itself when no covered country has a score it may show. Either
 * way every public surface shows the paused notice and no score (docs/product.md, "Paused").
 */
export function pausedReason(operatorPaused: boolean, items: readonly CountryListItem[]): PausedReason | null {
  if (operatorPaused) return "operator";
  return items.some((c) => c.score !== null) ? null : "no-fresh-scores";
}
