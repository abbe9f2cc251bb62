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
  const notice = extremeNoticeMessage(type, counts, shown);
  if (!notice) return null;
  const { which } = notice.values;
  const words = { stormy: "stormy", stormyOrRainy: "stormy or rainy", sunnyOrBright: "sunny or bright" }[
    notice.values.words
  ];
  return `No country is ${words} right now: ${shown === 1 ? `this is the ${which} score` : `these are the ${shown} ${which} scores`}.`;
}

/** The same notice as a message of the catalogues: `rankings.notice` with its values (the page translates it). */
export function extremeNoticeMessage(
  type: RankingType,
  counts: StatusCounts,
  shown: number,
): {
  id: "rankings.notice";
  values: { words: "stormy" | "stormyOrRainy" | "sunnyOrBright"; which: "lowest" | "highest"; shown: number };
} | null {
  let words: "stormy" | "stormyOrRainy" | "sunnyOrBright";
  if (type === "stormiest") {
    if (counts.stormy > 0) return null;
    words = counts.rainy > 0 ? "stormy" : "stormyOrRainy";
  } else {
    if (counts.sunny > 0 || counts.bright > 0) return null;
    words = "sunnyOrBright";
  }
  const which = type === "stormiest" ? "lowest" : "highest";
  return { id: "rankings.notice", values: { words, which, shown } };
}
