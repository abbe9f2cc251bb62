// Every public route of the site (docs/product.md: no catch-all /{type} ranking route). English keeps its URLs;
// every other language has the same pages under its prefix, /de/…, /fr/… (docs/i18n.md). Unknown prefixes fall
// to the 404 page like any unknown path. The operator area and the old ranking aliases exist in English only.
import { type RouteConfig, type RouteConfigEntry, index, route } from "@react-router/dev/routes";
import { PREFIXED_LOCALES } from "./i18n/locales.ts";

/** Every public page of a language: its name, its path below the language's prefix and its module. */
const PAGES = [
  ["country", "country/:code", "routes/country.tsx"],
  ["job-market", "job-market/:name", "routes/job-market.tsx"],
  ["ranking-brightest", "brightest", "routes/ranking.tsx"],
  ["ranking-stormiest", "stormiest", "routes/ranking.tsx"],
  ["top-regions", "top-regions", "routes/top-regions.tsx"],
  ["your-weather", "your-weather", "routes/your-weather.tsx"],
  ["sectors", "sectors", "routes/sectors.tsx"],
  ["compare", "compare/:codes", "routes/compare.tsx"],
  ["waiting-list", "waiting-list/:service", "routes/waiting-list.tsx"],
  ["methodology", "methodology", "routes/methodology.tsx"],
  ["open-data", "open-data", "routes/open-data.tsx"],
  ["open-data-api", "open-data/api", "routes/open-data-api.tsx"],
  ["contact", "contact", "routes/contact.tsx"],
  ["privacy", "privacy", "routes/privacy.tsx"],
  ["terms", "terms", "routes/terms.tsx"],
] as const;
type PageName = (typeof PAGES)[number][0];

/**
 * The public pages of one language; `p` is its prefix ("" or "de/"), `id` names its routes apart, and `after` places
 * routes of this language only right after the page they belong with, by its name.
 */
function pages(
  p: string,
  id: (name: PageName) => string | undefined,
  after: Partial<Record<PageName, RouteConfigEntry[]>> = {},
): RouteConfigEntry[] {
  return PAGES.flatMap(([name, path, file]) => [route(`${p}${path}`, file, { id: id(name) }), ...(after[name] ?? [])]);
}

/** The old ranking URLs (English only), beside the rankings they redirect to. */
const RANKING_ALIASES = [
  route("brightest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-brightest" }),
  route("stormiest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-stormiest" }),
];

export default [
  index("routes/home.tsx"),
  ...pages("", (name) => (name.startsWith("ranking-") ? name : undefined), { "ranking-stormiest": RANKING_ALIASES }),
  route("admin", "routes/admin.tsx"),
  ...PREFIXED_LOCALES.flatMap((l) => [
    route(l, "routes/home.tsx", { id: `${l}-home` }),
    ...pages(`${l}/`, (name) => `${l}-${name}`),
    route(`${l}/*`, "routes/not-found.tsx", { id: `${l}-not-found` }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
