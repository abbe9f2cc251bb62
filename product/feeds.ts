// Where the Atom feeds live (api/routes/feeds.ts serves them; the pages advertise them in their head).
import { PRODUCT_NAME } from "./brand.ts";

/** `/feeds/all.atom` for all countries, `/feeds/{code}.atom` (lower case) for one. */
export const feedPath = (code: string | null): string =>
  code ? `/feeds/${code.toLowerCase()}.atom` : "/feeds/all.atom";

/**
 * The feed's title: "Job Weather Index: Germany", "Job Weather Index: all countries". No count: the feed of all
 * countries holds the changes of those with a score (30 entries of the first publication for 31 covered countries),
 * so "all 31 countries" over it promised entries that are not there.
 */
export const feedTitle = (name: string | null): string => `${PRODUCT_NAME}: ${name ?? "all countries"}`;
