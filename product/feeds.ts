// Where the Atom feeds live (api/routes/feeds.ts serves them; the pages advertise them in their head).
import { PRODUCT_NAME } from "./brand.ts";

/** `/feeds/all.atom` for all countries, `/feeds/{code}.atom` (lower case) for one. */
export const feedPath = (code: string | null): string =>
  code ? `/feeds/${code.toLowerCase()}.atom` : "/feeds/all.atom";

/** The feed's title: "Job Weather Index: Germany", "Job Weather Index: all 31 countries". */
export const feedTitle = (name: string | null, countries: number): string =>
  `${PRODUCT_NAME}: ${name ?? `all ${countries} countries`}`;
