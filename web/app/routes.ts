// Every public route of the site (docs/product.md: no catch-all /{type} ranking route). English keeps its URLs;
// every other language has the same pages under its prefix, /de/…, /fr/… (docs/i18n.md). Unknown prefixes fall
// to the 404 page like any unknown path. The operator area and the old ranking aliases exist in English only.
import { type RouteConfig, index, route } from "@react-router/dev/routes";
import { PREFIXED_LOCALES } from "./i18n/locales.ts";

/** The public pages of one language; `p` is its prefix ("" or "de/"), `id` names its routes apart. */
function pages(p: string, id: (name: string) => string | undefined) {
  const opts = (name: string) => ({ id: id(name) });
  return [
    route(`${p}country/:code`, "routes/country.tsx", opts("country")),
    route(`${p}job-market/:name`, "routes/job-market.tsx", opts("job-market")),
    route(`${p}brightest`, "routes/ranking.tsx", opts("ranking-brightest")),
    route(`${p}stormiest`, "routes/ranking.tsx", opts("ranking-stormiest")),
    route(`${p}top-regions`, "routes/top-regions.tsx", opts("top-regions")),
    route(`${p}your-weather`, "routes/your-weather.tsx", opts("your-weather")),
    route(`${p}sectors`, "routes/sectors.tsx", opts("sectors")),
    route(`${p}compare/:codes`, "routes/compare.tsx", opts("compare")),
    route(`${p}waiting-list/:service`, "routes/waiting-list.tsx", opts("waiting-list")),
    route(`${p}methodology`, "routes/methodology.tsx", opts("methodology")),
    route(`${p}open-data`, "routes/open-data.tsx", opts("open-data")),
    route(`${p}open-data/api`, "routes/open-data-api.tsx", opts("open-data-api")),
    route(`${p}contact`, "routes/contact.tsx", opts("contact")),
    route(`${p}privacy`, "routes/privacy.tsx", opts("privacy")),
    route(`${p}terms`, "routes/terms.tsx", opts("terms")),
  ];
}

export default [
  index("routes/home.tsx"),
  ...pages("", (name) => (name.startsWith("ranking-") ? name : undefined)).slice(0, 4),
  route("brightest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-brightest" }),
  route("stormiest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-stormiest" }),
  ...pages("", (name) => (name.startsWith("ranking-") ? name : undefined)).slice(4),
  route("admin", "routes/admin.tsx"),
  ...PREFIXED_LOCALES.flatMap((l) => [
    route(l, "routes/home.tsx", { id: `${l}-home` }),
    ...pages(`${l}/`, (name) => `${l}-${name}`),
    route(`${l}/*`, "routes/not-found.tsx", { id: `${l}-not-found` }),
  ]),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
