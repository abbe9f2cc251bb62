// The parts of the country and job-market pages that never change once rendered, as static parts
// (components/static-part.tsx): the browser hydrates the page without their code and loads it only to show another
// country's. Advice, comparison insights, where the openings are (the sector tables), why it changed, follow links.
// The server renders them from the modules themselves (country-static-parts.server.ts, imported by entry.server.tsx
// only, so that no static import puts their code into the pages' scripts).
import { staticPart } from "./static-part.tsx";

export const AdviceList = staticPart("AdviceList", () => import("./market-advice.tsx").then((m) => m.AdviceList));
export const ComparisonInsights = staticPart("ComparisonInsights", () =>
  import("./comparison-insights.tsx").then((m) => m.ComparisonInsights),
);
export const WhereOpenings = staticPart("WhereOpenings", () =>
  import("./sector-context.tsx").then((m) => m.WhereOpenings),
);
export const WhyChanged = staticPart("WhyChanged", () => import("./why-changed.tsx").then((m) => m.WhyChanged));
export const FollowLinks = staticPart("FollowLinks", () => import("./follow-links.tsx").then((m) => m.FollowLinks));

/**
 * The parts' code, loaded while a navigation to a country or job-market page fetches its data (the routes'
 * clientLoader), so that the new page renders them at once.
 */
export const loadCountryParts = (): Promise<unknown> =>
  Promise.all([AdviceList, ComparisonInsights, WhereOpenings, WhyChanged, FollowLinks].map((p) => p.preload()));
