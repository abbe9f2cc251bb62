// The data of one country page (/country/{code} and /job-market/{name}), trimmed to what the page shows. Read
// through the one reader (api/read-model.ts): a score that may not be shown today arrives already withheld.
import { BADGE_PAUSED, badgeParts, badgeWidth } from "../../../api/badge.ts";
import { adviceFacts } from "../../../product/advice.ts";
import { changeSpecs } from "../../../product/change-view.ts";
import { historyView } from "../../../product/history-view.ts";
import { noScoreText } from "../../../product/no-score.ts";
import type { PublishedSnapshot } from "../../../pipeline/youth.ts";
import type { SiteReader } from "./context.ts";
import { countrySectors } from "./sectors.server.ts";

const HISTORY_RANGES = { "5y": 60, "10y": 120, all: Infinity } as const;
export type HistoryRange = keyof typeof HISTORY_RANGES;

export function historyRange(value: string | null): HistoryRange {
  return value === "10y" || value === "all" ? value : "5y";
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
     * Where the openings are (model v2.3 §11): the vacancy rate per sector with its trend, compacted, and how much
     * older it is than the headline rate; context only; empty without any.
     */
    sectors: countrySectors(snapshot as PublishedSnapshot | null),
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
