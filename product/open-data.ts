// What the open data offer says about itself (docs/open-data.md): where it lives, under which terms, whom to
// credit. Owned here once: the OpenAPI document (api/v1/openapi.ts), the CSV downloads' documentation and the
// site's /open-data pages all read these texts.

/** The versioned public API's base path; the unversioned /api/… routes stay as the site's contract. */
export const API_V1_BASE = "/api/v1";
/** Where the OpenAPI 3.1 document is served. */
export const OPENAPI_PATH = "/api/openapi.json";
/** The site's pages about the open data. */
export const OPEN_DATA_PAGE = "/open-data";
export const API_REFERENCE_PAGE = "/open-data/api";

/** The licence of the index's own numbers (scores, sub-scores, statuses, labels, changes and their explanation). */
export const INDEX_LICENCE = {
  name: "Creative Commons Attribution 4.0 International (CC BY 4.0)",
  short: "CC BY 4.0",
  spdx: "CC-BY-4.0",
  url: "https://creativecommons.org/licenses/by/4.0/",
} as const;

/** The credit line a re-user is asked to give. */
export const SUGGESTED_CREDIT = "Job Weather Index (CC BY 4.0), computed from Eurostat data. Source: Eurostat.";

export interface SourceTerms {
  /** Whose data. */
  source: string;
  /** The acknowledgement the source asks for. */
  credit: string;
  /** Its reuse terms, in a sentence. */
  terms: string;
  url: string;
}

/**
 * The data behind the index and the terms of each (fixtures/real/SOURCES.md, "Licence of the data"). The index
 * modifies and derives from these data: that is stated wherever they are offered.
 */
export const SOURCE_TERMS: readonly SourceTerms[] = [
  {
    source: "Eurostat",
    credit: "Source: Eurostat",
    terms:
      "© European Union, 1995 – today. Re-use of Eurostat's statistical data, for commercial or non-commercial purposes, is authorised provided the source is acknowledged (Commission Decision 2011/833/EU on the reuse of Commission documents).",
    url: "https://ec.europa.eu/eurostat/about-us/policies/copyright",
  },
  {
    source: "European Commission, DG ECFIN",
    credit: "Source: European Commission, DG ECFIN (Business and Consumer Surveys)",
    terms:
      "The Employment Expectations Indicator of DG ECFIN's surveys is re-usable on the same terms, with acknowledgement of the source (Commission Decision 2011/833/EU).",
    url: "https://economy-finance.ec.europa.eu/",
  },
  {
    source: "IAB, European Labour Market Barometer",
    credit: "Source: IAB / European Network of Public Employment Services",
    terms:
      "Barometer values remain © IAB (Institut für Arbeitsmarkt- und Berufsforschung); they are quoted with their source and are not covered by this site's licence.",
    url: "https://iab.de/en/",
  },
];

/** What the index did to the source data (the "modified data" statement the sources' terms ask for). */
export const DERIVATION_NOTE =
  "The scores, sub-scores, statuses, labels and change explanations are computed by the Job Weather Index from the source data (modified and derived data); the source figures are shown as published, with their periods and flags. The sources are not responsible for the index.";

/** How long answers may be kept (server/http/cache.ts CACHE_PUBLISHED), in words. */
export const CACHING_NOTE =
  "Answers carry an ETag that names the publication and Cache-Control: public, max-age=60, stale-while-revalidate=300. Send If-None-Match to get 304 Not Modified while nothing changed. Scores change when a new publication is made (usually once a day at most).";
