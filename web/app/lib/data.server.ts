// What the site's loaders read: the one reader of published data (api/read-model.ts, the API's own, handed to
// every loader through the load context), trimmed to what pages show. No rule lives here: freshness, rankings,
// regions and the paused state come from the reader (product/publication.ts). Server-only (.server suffix).
import { inputCounts, type InputCounts } from "../../../product/evidence.ts";
import type { RankingType } from "../../../product/options.ts";
import type { CountryListItem } from "../../../product/shapes.ts";
import type { SiteReader } from "./context.ts";

/** A country as the site's lists show it (no emoji flag: the site draws SVG flags). */
export type SiteCountry = Omit<CountryListItem, "flag">;

const site = ({ flag: _flag, ...rest }: CountryListItem): SiteCountry => rest;

export interface Overview {
  publication: { model: string; as_of: string; published_at: string } | null;
  /** The operator paused publication, or no covered country has a score that may be shown. */
  paused: boolean;
  pausedBy: "operator" | "no-fresh-scores" | null;
  countries: SiteCountry[];
  scoredCount: number;
}

export function getOverview(read: SiteReader, now: Date): Overview {
  const countries = read.countries(now).map(site);
  const state = read.publicationState(now);
  const pub = read.publication();
  return {
    publication: pub ? { model: pub.model, as_of: pub.as_of, published_at: pub.published_at } : null,
    paused: state.paused,
    pausedBy: state.reason,
    countries,
    scoredCount: countries.filter((c) => c.score !== null).length,
  };
}

export function rankingOf(read: SiteReader, type: RankingType, now: Date): SiteCountry[] {
  return read.ranking(type, now).map(site);
}

/** For how many countries each input counts in today's scores (product/evidence.ts `inputCounts`). */
export function countingToday(read: SiteReader, now: Date): InputCounts {
  return inputCounts(read.countries(now).map((c) => read.country(c.code, now)?.snapshot ?? null));
}

/**
 * Every table the pipeline reads, with what it feeds, its lag and its links (the methodology's list): the pipeline's
 * declarations, read on the server only, so the page's bundle does not carry them.
 */
export { sourceTables } from "../../../pipeline/provenance.ts";
