// What the country page says about its sentiment sources (model v2.1, docs/model.md §2): which source, what
// its 100 means, whether today's score uses it, and, when it is too old, that the history still did. Said from the
// market catalogue (`market.sentiment.*`, docs/i18n.md) about the market panel's `sentiment_sources`
// (product/market-panel.ts); shared by both country layouts.
import type { SentimentSourcePanel } from "../../../product/sentiment-sources.ts";
import type { IntlShape } from "react-intl";
import type { Formatters } from "../i18n/format.ts";

/** A sentiment source as the page says it (`market.sentiment.<source>.*`). */
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

/**
 * Whether today's score uses the value, in plain words. A value past the cut-off: too old to count today, and the
 * history months that did use it.
 */
export function countingSaid(intl: IntlShape, f: Formatters, s: SentimentSourcePanel): string {
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `market.sentiment.${id}` }, values);
  if (s.counts) {
    if (s.freshness >= 1) return t("counts.full");
    return t("counts.partial", { share: f.percent(s.freshness * 100, 0), age: s.age });
  }
  return t("tooOld", {
    period: f.period(s.period),
    age: s.age,
    cutoff: s.cutoff_months,
    until: f.periodAfterPreposition(s.counts_until),
  });
}

/** How today's sentiment sub-score comes from the sources (null when the country has no source at all). */
export function blendSaid(intl: IntlShape, sources: readonly SentimentSourcePanel[]): string | null {
  if (sources.length === 0) return null;
  const names = sources.filter((s) => s.counts).map((s) => sourceSaid(intl, s.source).name);
  if (names.length >= 2)
    return intl.formatMessage({ id: "market.sentiment.blend.both" }, { first: names[0]!, second: names[1]! });
  if (names.length === 1) return intl.formatMessage({ id: "market.sentiment.blend.one" }, { name: names[0]! });
  return intl.formatMessage({ id: "market.sentiment.blend.none" });
}
