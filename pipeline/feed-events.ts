// What a publication changed, for the feeds (docs/architecture.md, "Feeds"): comparing each country's new
// snapshot with the one of the previous publication, an event when its status changed (a score coming or going
// included) or its score moved by 0.5 or more as shown, with why in one sentence (docs/model.md §9: the two
// snapshots' exact attribution; the change as the difference of the shown scores, the weather when it changed, what
// mostly moved it when that was the evidence rather than the market, and its largest part), ending with the two
// dates the pages name ("data to July 2026, published 28 November 2026"). A scored country the feeds have never
// reported (the first publication: every scored country) gets one start event stating its weather, so a new
// subscriber sees the weather at once. Pure; publish.ts writes the events in the publish transaction, since the
// previous snapshots are replaced there.
import { dataToText, dayName, publishedText } from "./date-words.ts";
import { changeHead, changeLines, mostlyWords, signedTenths, weatherWords } from "./model/explain-text.ts";
import { CURRENT_MODEL } from "./model/index.ts";
import { formatScore, shownChangeTenths } from "./model/round.ts";
import type { Explanation, Snapshot } from "./model/types.ts";

export { dayName };

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

/** How the sentence names the previous publication: by its date, in the pages' words. */
export const sinceUpdate = (publishedAt: string): string => `the update ${publishedText(publishedAt)}`;

const scored = (s: Snapshot) => `${formatScore(s.score!)} out of 10, ${s.status}`;

/** "; data to July 2026, published 28 November 2026." — the two dates of a score, as the pages name them. */
function datesOf(s: Snapshot, publishedAt: string): string {
  return `; ${s.anchor_month ? `${dataToText(s.anchor_month)}, ` : ""}${publishedText(publishedAt)}.`;
}

/** Why a country has no score, as the pages say it (product/no-score.ts): its data are too old, or there are none. */
const noScoreWords = (s: Snapshot) => (s.anchor_month === null ? "no data to score" : "its data are too old to score");

/**
 * The change between two scored snapshots in one sentence: the change as shown since the previous update (with the
 * weather when it changed, and what mostly moved it when that was the evidence), then its largest part and what the
 * others add up to.
 */
export function changeSentence(e: Explanation, since: string): string {
  const c = changeLines(e);
  const head = `${changeHead(c.delta_tenths)} since ${since}${weatherWords(c)}${mostlyWords(c)}`;
  const [first, ...others] = c.lines;
  if (!first) return head;
  const rest = others.reduce((a, l) => a + l.shown_tenths, 0);
  return `${head}: ${first.words} (${signedTenths(first.shown_tenths)})${rest !== 0 ? `; other changes ${signedTenths(rest)}` : ""}`;
}

/**
 * The words of one event, one sentence ending with the new score's two dates. With a score on both sides (same
 * model): the change since the previous update and why (`changeSentence`).
 */
function eventText(from: Snapshot, to: Snapshot, e: Explanation | null, previousAt: string, at: string): string {
  if (to.score === null) return `No score: ${noScoreWords(to)} (was ${scored(from)})${datesOf(to, at)}`;
  if (from.score === null) return `Now ${scored(to)}, after no score in ${sinceUpdate(previousAt)}${datesOf(to, at)}`;
  if (e === null) {
    // Not comparable input by input (another model made one side): the two scores in words.
    const was = `${scored(to)} (was ${scored(from)})`;
    return from.model === to.model
      ? `Now ${was}${datesOf(to, at)}`
      : `Scored by model ${to.model}, was ${from.model}: ${was}${datesOf(to, at)}`;
  }
  return `${changeSentence(e, sinceUpdate(previousAt))}${datesOf(to, at)}`;
}

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
      text: `Job market weather ${scored(to)}${datesOf(to, next.publishedAt)}`,
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
      from.score !== null &&
      to.score !== null &&
      Math.abs(shownChangeTenths(from.score, to.score)) >= FEED_MIN_MOVE_TENTHS;
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
      text: eventText(from, to, explanation, previous.publishedAt, next.publishedAt),
      explanation,
    });
  }
  return events;
}
