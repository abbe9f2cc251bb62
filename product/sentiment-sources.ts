// The sentiment sources of the country page (docs/model.md §2): the barometer's and the EEI's newest values, whether
// each feeds the published score, and until when it can. Read from a published snapshot.
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { ageInMonths, monthLabel, periodEndMonth } from "../pipeline/model/period.ts";
import type { SentimentSource, Snapshot } from "../pipeline/model/types.ts";

/**
 * One sentiment source of the country page (model v2.1, docs/model.md §2): its newest value up to the as-of
 * month, whether that value feeds the score published as of the snapshot's date, and until when it can.
 */
export interface SentimentSourcePanel {
  /** lmb: the European Labour Market Barometer (100 = neutral); eei: the Employment Expectations Indicator (100 = long-term mean). */
  source: SentimentSource["source"];
  value: number;
  /** YYYY-MM */
  period: string;
  /** Age in months as of the snapshot's as-of date. */
  age: number;
  /** True when the value feeds the score (within the sentiment cut-off). */
  counts: boolean;
  /** Its freshness factor in the score (0 when it does not count). */
  freshness: number;
  /** The sentiment cut-off in months: older values stop counting. */
  cutoff_months: number;
  /** The last month (YYYY-MM) whose score can use this value: its month plus the cut-off. */
  counts_until: string;
}

/**
 * The sentiment sources of a snapshot: each source's newest value (barometer first), counted when the snapshot
 * says it fed S (v2.1's `sentiment_sources`; a v2 snapshot's barometer counts when S exists).
 */
export function sentimentSources(s: Snapshot): SentimentSourcePanel[] {
  const cutoff = CURRENT_PARAMS.freshness.sentiment.cutoff;
  const fed =
    s.sentiment_sources ??
    (s.lmb && s.sub_scores.S
      ? [{ source: "lmb" as const, freshness: s.sub_scores.S.freshness, period: s.lmb.period }]
      : []);
  const out: SentimentSourcePanel[] = [];
  for (const [source, at] of [
    ["lmb", s.lmb],
    ["eei", s.eei ?? null],
  ] as const) {
    if (!at) continue;
    const used = fed.find((f) => f.source === source && f.period === at.period);
    out.push({
      source,
      value: at.value,
      period: at.period,
      age: ageInMonths(at.period, s.as_of),
      counts: used !== undefined,
      freshness: used?.freshness ?? 0,
      cutoff_months: cutoff,
      counts_until: monthLabel(periodEndMonth(at.period) + cutoff),
    });
  }
  return out;
}
