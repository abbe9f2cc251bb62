// Summaries of community moods (docs/product.md): an average or a share is shown only from a minimum number of
// experiences; below it the page says how many there are instead (in the page's language: forms.community.tooFew,
// market.mood.tooFew and market.mood.average, compare.card.moodTooFew, with ICU plurals): the country page and
// compare say the same of one country.
import { roundHalfAway } from "../../../pipeline/model/round.ts";

/** The one minimum: averages and shares of moods need at least this many experiences. */
export const MOOD_SUMMARY_MIN_EXPERIENCES = 5;

export function canSummarise(count: number): boolean {
  return count >= MOOD_SUMMARY_MIN_EXPERIENCES;
}

/** Share of moods "OK or better" (3 and above), in whole percent; null below the minimum. */
export function okOrBetterPercent(summary: { count: number; neutral: number; positive: number }): number | null {
  if (!canSummarise(summary.count)) return null;
  return roundHalfAway(((summary.neutral + summary.positive) * 100) / summary.count, 0);
}
