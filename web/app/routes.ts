// Every public route of the site (docs/product.md: no catch-all /{type} ranking route).
import { type RouteConfig, index, route } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("country/:code", "routes/country.tsx"),
  route("job-market/:name", "routes/job-market.tsx"),
  route("brightest", "routes/ranking.tsx", { id: "ranking-brightest" }),
  route("stormiest", "routes/ranking.tsx", { id: "ranking-stormiest" }),
  route("brightest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-brightest" }),
  route("stormiest-markets", "routes/ranking-alias.tsx", { id: "ranking-alias-stormiest" }),
  route("top-regions", "routes/top-regions.tsx"),
  route("your-weather", "routes/your-weather.tsx"),
  route("compare/:codes", "routes/compare.tsx"),
  route("waiting-list/:service", "routes/waiting-list.tsx"),
  route("methodology", "routes/methodology.tsx"),
  route("open-data", "routes/open-data.tsx"),
  route("open-data/api", "routes/open-data-api.tsx"),
  route("contact", "routes/contact.tsx"),
  route("privacy", "routes/privacy.tsx"),
  route("terms", "routes/terms.tsx"),
  route("admin", "routes/admin.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
