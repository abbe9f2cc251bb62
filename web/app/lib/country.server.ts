// The data of one country page (/country/{code} and /job-market/{name}), trimmed to what the page shows. Read
// through the one reader (api/read-model.ts): a score that may not be shown today arrives already withheld.
import { BADGE_PAUSED, badgeParts, badgeWidth } from "../../../api/badge.ts";
import { adviceFacts } from "../../../product/advice.ts";
import { changeSpecs } from "../../../product/change-view.ts";
import { historyView } from "../../../product/history-view.ts";
import { noScoreText } from "../../../product/no-score.ts";
import type { CountrySources, PublishedSource, SourceInput } from "../../../pipeline/provenance.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import type { PageSource } from "../components/source-check.tsx";
import type { SiteReader } from "./context.ts";
import { countrySectors } from "./sectors.server.ts";

const HISTORY_RANGES = { "5y": 60, "10y": 120, all: Infinity } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

export function historyRange(value: string | null): HistoryRange {
  return value === "10y" || value === "all" ? value : "5y";
}

/** The inputs a country page shows with their source (the EU-27 comparison's figure is the API's only). */
const PAGE_INPUTS = [
  "unemployment",
  "unemployment_year_before",
  "vacancy",
  "lmb",
  "eei",
  "gdp",
  "inflation",
  "youth_unemployment",
] as const satisfies readonly SourceInput[];
export type PageInput = (typeof PAGE_INPUTS)[number];

/** A published source as the page shows it: without its file and links (the API's; the page builds the links). */
const pageSource = ({ table, series, geo, period, flag, release }: PublishedSource): PageSource => ({
  table,
  series,
  geo,
  period,
  flag,
  release,
});

/** The sources of a snapshot's shown inputs (pipeline/provenance.ts); none before a publication with provenance. */
function pageSources(sources: CountrySources | null): Partial<Record<PageInput, PageSource>> {
  const out: Partial<Record<PageInput, PageSource>> = {};
  for (const input of PAGE_INPUTS) {
    const source = sources?.inputs[input];
    if (source) out[input] = pageSource(source);
  }
  return out;
}

export function loadCountryPage(read: SiteReader, code: string, range: HistoryRange, now: Date) {
  const reading = read.country(code, now);
  if (!reading) return null;
  const { item: country, snapshot, panel, fresh, history } = reading;
  const community = read.communityOf(country.code);
  const months = HISTORY_RANGES[range];
  // Trim leading months without any score, then keep the chosen window. Each month as the chart shows it (its change
  // from the month before, split in whole tenths, and its markers: product/history-view.ts), made from the whole
  // history so the window's first month keeps its change.
  const firstScored = history.findIndex((h) => h.score !== null);
  const scoredHistory = firstScored < 0 ? [] : historyView(history).slice(firstScored);
  const shown = Number.isFinite(months) ? scoredHistory.slice(-months) : scoredHistory;
  return {
    now: now.toISOString(),
    country: { code: country.code, name: country.name, slug: country.slug },
    fresh,
    /** Publication is paused: the score is withheld for that reason (the page says so, not "too old"). */
    paused: country.withheld_reason === "paused",
    score: snapshot?.score ?? null,
    status: snapshot?.status ?? null,
    label: snapshot?.label ?? null,
    confidence: snapshot?.confidence ?? null,
    basis: snapshot?.basis ?? null,
    cover: snapshot?.cover ?? null,
    subScores: snapshot && snapshot.score !== null ? snapshot.sub_scores : null,
    /** What the advice is chosen from (product/advice.ts): the inputs that count and the competition shown. */
    adviceFacts: adviceFacts(snapshot && snapshot.score !== null ? snapshot : null),
    anchorMonth: snapshot?.anchor_month ?? null,
    asOf: snapshot?.as_of ?? null,
    /** When the scores were published (docs/product.md §2 "Dates"); null before the first publication. */
    publishedAt: read.publication()?.published_at ?? null,
    yoyFrom: snapshot?.yoy.from_month ?? null,
    panel,
    /**
     * Where the openings are (model v2.3 §11): the vacancy rate per sector with its trend, compacted, how much older
     * it is than the headline rate, and its source (the figure shown's); context only; empty without any.
     */
    sectors: countrySectors(
      snapshot as PublishedSnapshot | null,
      (reading.sources?.sectors ?? []).map((source) => (source ? pageSource(source) : null)),
    ),
    /** Where each shown input came from (docs/data-sources.md §8), for "Check it at the source". */
    sources: pageSources(reading.sources),
    /** Why the score changed (month and year), as data the page says in its language; null without a shown score. */
    whyChanged: changeSpecs(snapshot),
    history: shown,
    historyMonths: scoredHistory.length,
    range,
    community,
    /** Width in px of the country's badge as /badge/{code}.svg draws it now (the preview <img> names its size). */
    badgeWidth: badgeWidth(
      badgeParts(
        country.name,
        country.withheld_reason === "paused"
          ? { score: null, phrase: BADGE_PAUSED }
          : snapshot && snapshot.score !== null && snapshot.status !== null
            ? { score: snapshot.score, status: snapshot.status }
            : {
                score: null,
                phrase: noScoreText(country.name, {
                  asOf: snapshot?.as_of ?? null,
                  anchorMonth: snapshot?.anchor_month ?? null,
                }).phrase,
              },
      ),
    ),
  };
}

export type CountryPageData = NonNullable<ReturnType<typeof loadCountryPage>>;
