// What a country page says when it shows no score (docs/product.md: no page invents a score), decided from the
// page's own data: publication paused, nothing published yet, no scoring input at all, or inputs that are all too old.
import { formatPeriod } from "./format.ts";

export type NoScoreReason = "paused" | "unpublished" | "no-data" | "stale";

export interface NoScoreFacts {
  /** The snapshot's as-of date; null when nothing was published for the country. */
  asOf: string | null;
  /** Newest month with any scoring input (unemployment, vacancies, barometer); null without any. */
  anchorMonth: string | null;
  /** Publication is paused: no score is current (docs/decisions/006-what-the-api-shows.md). */
  paused?: boolean;
}

export function noScoreReason(f: NoScoreFacts): NoScoreReason {
  if (f.paused) return "paused";
  if (f.asOf === null) return "unpublished";
  return f.anchorMonth === null ? "no-data" : "stale";
}

export interface NoScoreText {
  /** Short headline of the score card. */
  title: string;
  /** Why, in one or two sentences. */
  text: string;
  /** Lower-case phrase for page titles: "Liechtenstein Job Market 2026: no data to score". */
  phrase: string;
}

export function noScoreText(name: string, f: NoScoreFacts): NoScoreText {
  switch (noScoreReason(f)) {
    case "paused":
      return {
        title: "Publication is paused",
        text: `We've temporarily stopped publishing updates to make sure we don't display outdated or misleading data, so no score for ${name} is shown. We'll be back once we can dedicate time to delivering accurate, up-to-date insights.`,
        phrase: "publication paused",
      };
    case "unpublished":
      return {
        title: "No score published yet",
        text: `No score has been published for ${name} yet. We show no number rather than a guess.`,
        phrase: "no score yet",
      };
    case "no-data":
      return {
        title: "No data to score",
        text: `No official statistics for ${name} are published in the sources we use (Eurostat's unemployment and job vacancy tables, the Employment Expectations Indicator and the European Labour Market Barometer), so there is nothing to score. We show no number rather than a guess.`,
        phrase: "no data to score",
      };
    case "stale":
      return {
        title: "Not enough recent data",
        text: `Its latest data (${formatPeriod(f.anchorMonth!)}) are too old to score. We only publish a score from recent official statistics, so we show no number rather than a guess.`,
        phrase: "not enough recent data",
      };
  }
}
