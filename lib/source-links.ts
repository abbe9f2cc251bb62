// Where a figure can be checked at its source (docs/data-sources.md §8): the Eurostat data browser's view of a table,
// the query of Eurostat's dissemination API that returns one country's series, and DG ECFIN's page of its surveys.
// One builder of each address, shared by the updater (pipeline/fetch/eurostat.ts asks the same API), the published
// provenance (pipeline/provenance.ts), the API and the pages. Pure and browser-safe.
import { countryByCode } from "./countries.ts";

/** Eurostat's dissemination API, the data endpoint the updater asks (JWI_EUROSTAT_BASE_URL overrides it there). */
export const DEFAULT_EUROSTAT_BASE_URL = "https://ec.europa.eu/eurostat/api/dissemination/statistics/1.0/data";

/** DG ECFIN's business and consumer surveys, where its Employment Expectations Indicator is published. */
export const ECFIN_SURVEYS_URL =
  "https://economy-finance.ec.europa.eu/economic-forecast-and-surveys/business-and-consumer-surveys_en";

/** The Eurostat data browser's view of a table (the form docs/data-sources.md §8 fixes). */
export function eurostatBrowserUrl(table: string): string {
  return `https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(table)}/default/table`;
}

/**
 * `{base}/{table}?format=JSON&lang=EN&{dimension}={code}…`: a query of Eurostat's dissemination API, the pairs in
 * their order (a dimension may repeat: `nace_r2_1=B-T&nace_r2_1=A-T`).
 */
export function eurostatDataUrl(
  baseUrl: string,
  table: string,
  pairs: ReadonlyArray<readonly [dimension: string, code: string]>,
): string {
  const params = new URLSearchParams({ format: "JSON", lang: "EN" });
  for (const [dimension, code] of pairs) params.append(dimension, code);
  return `${baseUrl.replace(/\/+$/, "")}/${encodeURIComponent(table)}?${params.toString()}`;
}

/**
 * The API query that returns one geo's series of a table: `geo` (Eurostat's code: EL for Greece) and each pinned
 * dimension with its code.
 */
function eurostatSeriesUrl(
  table: string,
  eurostatGeo: string,
  series: Readonly<Record<string, string>>,
  baseUrl = DEFAULT_EUROSTAT_BASE_URL,
): string {
  return eurostatDataUrl(baseUrl, table, [["geo", eurostatGeo], ...Object.entries(series)]);
}

/** The tables stored from files that are not Eurostat's: DG ECFIN's EEI and the barometer (their readers name them). */
const NOT_EUROSTAT: Readonly<Record<string, "ecfin" | "barometer">> = { ecfin_eei: "ecfin", lmb: "barometer" };

/** Whether a table is one of Eurostat's (not DG ECFIN's file, not the barometer). */
export const isEurostatTable = (table: string): boolean => !Object.hasOwn(NOT_EUROSTAT, table);

/**
 * Where to check one series at its source: the table's view in Eurostat's data browser (DG ECFIN's survey page for
 * its EEI; none for the barometer) and the API query of `geo`'s series (a product code or an aggregate; Greece is
 * asked as EL), none when the table is not Eurostat's.
 */
export function sourceLinks(
  table: string,
  geo: string,
  series: Readonly<Record<string, string>>,
): { browser_url: string | null; api_url: string | null } {
  if (isEurostatTable(table)) {
    const eurostatGeo = countryByCode(geo)?.eurostatGeo ?? geo;
    return { browser_url: eurostatBrowserUrl(table), api_url: eurostatSeriesUrl(table, eurostatGeo, series) };
  }
  return { browser_url: NOT_EUROSTAT[table] === "ecfin" ? ECFIN_SURVEYS_URL : null, api_url: null };
}
