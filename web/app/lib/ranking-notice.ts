// What a ranking says above its list when its end of the scale is empty (/stormiest when nothing is
// stormy). The lists themselves stay as docs/product.md §2 says: the 10 lowest or highest scores.
import type { RankingType } from "../../../product/options.ts";
import { STATUSES_BEST_FIRST, type Status } from "../../../product/weather.ts";

export type StatusCounts = Record<Status, number>;

export function statusCounts(countries: ReadonlyArray<{ status: Status | null }>): StatusCounts {
  const counts = Object.fromEntries(STATUSES_BEST_FIRST.map((s) => [s, 0])) as StatusCounts;
  for (const c of countries) if (c.status) counts[c.status] += 1;
  return counts;
}

/**
 * "No country is stormy right now: these are the 10 lowest scores." when no country has the weather the
 * heading names (stormy for the stormiest, naming rainy too when none is rainy either; sunny or bright for the
 * brightest); null when the heading is true of at least one country.
 */
export function extremeNotice(type: RankingType, counts: StatusCounts, shown: number): string | null {
  let words: string;
  if (type === "stormiest") {
    if (counts.stormy > 0) return null;
    words = counts.rainy > 0 ? "stormy" : "stormy or rainy";
  } else {
    if (counts.sunny > 0 || counts.bright > 0) return null;
    words = "sunny or bright";
  }
  const which = type === "stormiest" ? "lowest" : "highest";
  return `No country is ${words} right now: ${shown === 1 ? `this is the ${which} score` : `these are the ${shown} ${which} scores`}.`;
}
