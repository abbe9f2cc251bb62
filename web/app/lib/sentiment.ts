// What the country page says about its sentiment sources (model v2.1, docs/model.md §2): which source, what
// its 100 means, whether today's score uses it, and, when it is too old, that the history still did. Pure
// text from the market panel's `sentiment_sources` (product/market-panel.ts); shared by both country layouts.
import type { SentimentSourcePanel } from "../../../product/market-panel.ts";
import { formatNumber, formatPeriod } from "../../../product/format.ts";
import type { IntlShape } from "react-intl";
import type { Formatters } from "../i18n/format.ts";

export interface SentimentSourceInfo {
  /** Short label of the metric. */
  label: string;
  /** The source's full name. */
  name: string;
  /** Who publishes it. */
  publisher: string;
  /** What its scale and its 100 mean. */
  scale: string;
  /** The info tip. */
  tip: string;
}

export const SENTIMENT_SOURCE_INFO: Record<SentimentSourcePanel["source"], SentimentSourceInfo> = {
  lmb: {
    label: "Expert barometer",
    name: "European Labour Market Barometer",
    publisher: "IAB and the public employment services",
    scale: "100 = neutral, on a scale of 90 (very poor) to 110 (very good)",
    tip: "European Labour Market Barometer (IAB and public employment services): experts' outlook for the next three months, 90 very poor to 110 very good, 100 neutral.",
  },
  eei: {
    label: "Employment expectations",
    name: "Employment Expectations Indicator (EEI)",
    publisher: "the European Commission's business surveys (DG ECFIN, via Eurostat)",
    scale: "100 = long-term average, standard deviation 10 (two values in three lie between 90 and 110)",
    tip: "Employment Expectations Indicator: managers' employment plans for the next three months in industry, services, retail trade and construction (European Commission business surveys). 100 is the long-term average, the standard deviation is 10.",
  },
};

/** `101.3 (July 2026)`. */
export const sourceValueText = (s: SentimentSourcePanel): string =>
  `${formatNumber(s.value)} (${formatPeriod(s.period)})`;

/**
 * Whether today's score uses the value, in plain words. A value past the cut-off: too old to count today, and
 * (when its last counting month is still in the past of the score) the history months that did use it.
 */
export function countingText(s: SentimentSourcePanel): string {
  const age = s.age === 1 ? "1 month" : `${s.age} months`;
  if (s.counts) {
    if (s.freshness >= 1) return "Counts fully in today's score.";
    return `Counts in today's score with ${Math.round(s.freshness * 100)}% of its weight: it is ${age} old.`;
  }
  return (
    `Too old to count today: ${formatPeriod(s.period)} is ${age} old, past the ${s.cutoff_months}-month cut-off, so today's score ignores it. ` +
    `The score history still uses it for the months up to ${formatPeriod(s.counts_until)}.`
  );
}

/** How today's sentiment sub-score comes from the sources (null when the country has no source at all). */
export function blendText(sources: readonly SentimentSourcePanel[]): string | null {
  if (sources.length === 0) return null;
  const counting = sources.filter((s) => s.counts);
  if (counting.length >= 2) {
    return `Today's sentiment blends both sources: ${counting.map((s) => SENTIMENT_SOURCE_INFO[s.source].name).join(" and ")}, each weighted by how recent it is.`;
  }
  if (counting.length === 1)
    return `Today's sentiment comes from the ${SENTIMENT_SOURCE_INFO[counting[0]!.source].name} alone.`;
  return "No sentiment source is recent enough: today's score rests on official statistics alone.";
}

/**
 * The same texts in the page's language (docs/i18n.md), from the market catalogue (`market.sentiment.*`). English
 * reads word for word as SENTIMENT_SOURCE_INFO, countingText and blendText above (web/app/lib/sentiment.test.ts),
 * which the methodology page and the second country layout still use.
 */
export interface SentimentSourceSaid {
  label: string;
  name: string;
  /** "{name}, from {publisher}. {scale}." */
  about: string;
  tip: string;
}

export function sourceSaid(intl: IntlShape, source: SentimentSourcePanel["source"]): SentimentSourceSaid {
  const t = (key: string, values?: Record<string, string>) =>
    intl.formatMessage({ id: `market.sentiment.${source}.${key}` }, values);
  const name = t("name");
  return { label: t("label"), name, about: t("about", { name }), tip: t("tip") };
}

/** countingText in the page's language. */
export function countingSaid(intl: IntlShape, f: Formatters, s: SentimentSourcePanel): string {
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `market.sentiment.${id}` }, values);
  if (s.counts) {
    if (s.freshness >= 1) return t("counts.full");
    return t("counts.partial", { share: f.percent(Math.round(s.freshness * 100), 0), age: s.age });
  }
  return t("tooOld", {
    period: f.period(s.period),
    age: s.age,
    cutoff: s.cutoff_months,
    until: f.period(s.counts_until),
  });
}

/** blendText in the page's language. */
export function blendSaid(intl: IntlShape, sources: readonly SentimentSourcePanel[]): string | null {
  if (sources.length === 0) return null;
  const names = sources.filter((s) => s.counts).map((s) => sourceSaid(intl, s.source).name);
  if (names.length >= 2)
    return intl.formatMessage({ id: "market.sentiment.blend.both" }, { first: names[0]!, second: names[1]! });
  if (names.length === 1) return intl.formatMessage({ id: "market.sentiment.blend.one" }, { name: names[0]! });
  return intl.formatMessage({ id: "market.sentiment.blend.none" });
}
