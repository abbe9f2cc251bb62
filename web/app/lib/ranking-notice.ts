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
 * What a ranking says above its list when its heading is not true of every row, as a message of the catalogues
 * (`rankings.notice`, `rankings.noticeSome`): "No country is stormy right now: these are the 10 lowest scores." when
 * no country has the weather the heading names (stormy for the stormiest, naming rainy too when none is rainy
 * either; sunny or bright for the brightest), and "Only 5 countries are sunny or bright right now: the other 5 are
 * the next highest scores." when only some of the rows have it (stormy or rainy for the stormiest, once a country is
 * stormy). Null when every row has the heading's weather.
 */
export function extremeNoticeMessage(
  type: RankingType,
  counts: StatusCounts,
  shown: number,
):
  | {
      id: "rankings.notice";
      values: { words: "stormy" | "stormyOrRainy" | "sunnyOrBright"; which: "lowest" | "highest"; shown: number };
    }
  | {
      id: "rankings.noticeSome";
      values: { words: "stormyOrRainy" | "sunnyOrBright"; which: "lowest" | "highest"; count: number; rest: number };
    }
  | null {
  const which = type === "stormiest" ? "lowest" : "highest";
  // The rows with the heading's weather: the list is sorted by score, so they are its first ones.
  const fitting = Math.min(shown, type === "stormiest" ? counts.stormy + counts.rainy : counts.sunny + counts.bright);
  if (type === "stormiest" && counts.stormy === 0) {
    return { id: "rankings.notice", values: { words: counts.rainy > 0 ? "stormy" : "stormyOrRainy", which, shown } };
  }
  if (type === "brightest" && fitting === 0) {
    return { id: "rankings.notice", values: { words: "sunnyOrBright", which, shown } };
  }
  if (fitting >= shown) return null;
  const words = type === "stormiest" ? "stormyOrRainy" : "sunnyOrBright";
  return { id: "rankings.noticeSome", values: { words, which, count: fitting, rest: shown - fitting } };
}
