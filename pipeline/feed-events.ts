// What a publication changed, for the feeds (docs/architecture.md, "Feeds"): comparing each country's new
// snapshot with the one of the previous publication, an event when its status changed (a score coming or going
// included) or its score moved by 0.5 or more as shown, with the words of why (docs/model.md §9: the two
// snapshots' exact attribution, in the model's sentence). A scored country the feeds have never reported (the
// first publication: every scored country) gets one start event stating its weather, so a new subscriber sees
// the weather at once. Pure; publish.ts writes the events in the publish transaction, since the previous
// snapshots are replaced there.
import { describeChange, monthName } from "./model/explain-text.ts";
import { CURRENT_MODEL } from "./model/index.ts";
import { formatScore, tenths } from "./model/round.ts";
import type { Explanation, Snapshot } from "./model/types.ts";

/** A score moving by at least this many tenths, as shown, makes an event (0.5). */
export const FEED_MIN_MOVE_TENTHS = 5;

/** One side of the comparison: a publication and its snapshots by country. */
export interface PublicationSide {
  id: number;
  publishedAt: string;
  snapshots: ReadonlyMap<string, Snapshot>;
}

/** One country's change event of one publication (a row of feed_entries). */
export interface FeedEvent {
  publication_id: number;
  country: string;
  /** The new publication's time: the entry's date. */
  published_at: string;
  /** The publication compared with; 0 (and "" for its time and as-of) in a start event: nothing to compare with. */
  previous_publication_id: number;
  previous_published_at: string;
  from_as_of: string;
  to_as_of: string;
  from_score: number | null;
  to_score: number | null;
  from_status: string | null;
  to_status: string | null;
  /** Why it changed, in words (the model's sentence when both sides have a score). */
  text: string;
  /** The exact attribution between the two snapshots; null when either side has no score or the models differ. */
  explanation: Explanation | null;
}

/** `2026-11-20` → "20 November 2026". */
export function dayName(date: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return d ? `${Number(d[3])} ${monthName(`${d[1]}-${d[2]}`)}` : date;
}

/** How the sentence names the previous publication when it falls in the same month as the new one. */
export const SAME_MONTH = "the previous update";

const scored = (s: Snapshot) => `${formatScore(s.score!)} out of 10, ${s.status}`;

/**
 * The words of one event. With a score on both sides (same model): the model's sentence, since the previous
 * publication's month, or "since the previous update" when both publications fall in the same month.
 */
function eventText(from: Snapshot, to: Snapshot, e: Explanation | null): string {
  if (from.score === null) return `Scored ${scored(to)}; there was no score as of ${dayName(from.as_of)}.`;
  if (to.score === null) return `No score: not enough recent data as of ${dayName(to.as_of)} (was ${scored(from)}).`;
  if (e === null) {
    // Not comparable input by input (another model made one side): the two scores in words.
    const was = `${scored(to)} (was ${scored(from)})`;
    return from.model === to.model ? `Now ${was}.` : `Scored by model ${to.model}, was ${from.model}: ${was}.`;
  }
  return describeChange(e, e.from_month === e.to_month ? { since: SAME_MONTH } : {});
}

/** True for a start event (startEvents): a country's first entry, stating its weather, compared with nothing. */
export const isStartEvent = (e: Pick<FeedEvent, "previous_published_at">): boolean => e.previous_published_at === "";

/**
 * The start events of a publication: one per scored country of `next` that has no entry in the feeds yet
 * (`reported`) and no change event in this publication, stating its status and score. After the first
 * publication every scored country has one; later a country gets one only when first scored (a score coming
 * after "no score" is a change event) or, once, in a data dir whose earlier publications made none.
 */
export function startEvents(
  next: { id: number; publishedAt: string; snapshots: readonly Snapshot[] },
  reported: ReadonlySet<string>,
): FeedEvent[] {
  return next.snapshots
    .filter((to) => to.score !== null && !reported.has(to.country))
    .map((to) => ({
      publication_id: next.id,
      country: to.country,
      published_at: next.publishedAt,
      previous_publication_id: 0,
      previous_published_at: "",
      from_as_of: "",
      to_as_of: to.as_of,
      from_score: null,
      to_score: to.score,
      from_status: null,
      to_status: to.status,
      text: `Job market weather: ${scored(to)} as of ${dayName(to.as_of)}.`,
      explanation: null,
    }));
}

/**
 * The events of a publication against the previous one: a country with a snapshot on both sides whose status
 * changed or whose score moved by FEED_MIN_MOVE_TENTHS or more. Countries in the order of `next`.
 */
export function feedEvents(
  previous: PublicationSide,
  next: { id: number; publishedAt: string; snapshots: readonly Snapshot[] },
): FeedEvent[] {
  const events: FeedEvent[] = [];
  for (const to of next.snapshots) {
    const from = previous.snapshots.get(to.country);
    if (!from) continue;
    const statusChanged = from.status !== to.status || (from.score === null) !== (to.score === null);
    const moved =
      from.score !== null && to.score !== null && Math.abs(tenths(to.score - from.score)) >= FEED_MIN_MOVE_TENTHS;
    if (!statusChanged && !moved) continue;
    const comparable =
      from.score !== null && to.score !== null && from.model === to.model && to.model === CURRENT_MODEL.id;
    const explanation = comparable ? CURRENT_MODEL.explain(from, to) : null;
    events.push({
      publication_id: next.id,
      country: to.country,
      published_at: next.publishedAt,
      previous_publication_id: previous.id,
      previous_published_at: previous.publishedAt,
      from_as_of: from.as_of,
      to_as_of: to.as_of,
      from_score: from.score,
      to_score: to.score,
      from_status: from.status,
      to_status: to.status,
      text: eventText(from, to, explanation),
      explanation,
    });
  }
  return events;
}
