// Which parts of a country page have data (docs/product.md §2: a layout that follows its data). Panels show only what
// exists; everything missing is named once, in one line, instead of several "No recent data" blocks.
import type { MarketPanel } from "../../../product/market-panel.ts";

export interface Availability {
  conditions: { unemployment: boolean; vacancy: boolean; competition: boolean };
  /** barometer / eei: the country has a value of that sentiment source (shown even when too old to count). */
  sentiment: { barometer: boolean; eei: boolean; signal: boolean; yoy: boolean; gdp: boolean; inflation: boolean };
  comparisons: { eu: boolean; vacancy: boolean; competition: boolean };
  /** Names of what the page cannot show, in page order ("job vacancy rate", "expert barometer", …). */
  missing: string[];
}

const any = (o: Record<string, boolean>) => Object.values(o).some(Boolean);

export function availabilityOf(panel: MarketPanel | null, hasScore: boolean): Availability {
  const p = panel;
  const conditions = {
    unemployment: p?.unemployment_rate != null,
    vacancy: p?.vacancy_rate != null,
    competition: p?.competition != null,
  };
  const sentiment = {
    barometer: p?.lmb_value != null,
    eei: p?.eei_value != null,
    signal: p?.general_signal_text != null,
    yoy: p?.yoy.label != null && p.yoy.delta != null,
    gdp: p?.gdp_rate != null,
    inflation: p?.inflation_rate != null,
  };
  const comparisons = {
    eu: p?.comparisons.unemployment_vs_eu != null,
    vacancy: p?.comparisons.vacancy_vs_3y != null,
    competition: p?.comparisons.competition_vs_3y != null,
  };
  const missing: string[] = [];
  if (!conditions.unemployment) missing.push("unemployment rate");
  if (!conditions.vacancy) missing.push("job vacancy rate");
  if (!conditions.competition) missing.push("competition (job seekers per opening)");
  if (!sentiment.barometer) missing.push("expert barometer");
  // The signal and the year-on-year change come from the score: without a score the score card says why.
  if (hasScore && !sentiment.yoy) missing.push("year-on-year change");
  if (!sentiment.gdp) missing.push("GDP growth");
  if (!sentiment.inflation) missing.push("inflation");
  // A comparison is missing in its own right only when the figure it compares exists.
  if (conditions.vacancy && !comparisons.vacancy) missing.push("vacancies against their 3-year average");
  if (conditions.competition && !comparisons.competition) missing.push("competition against its 3-year average");
  return { conditions, sentiment, comparisons, missing };
}

export const hasConditions = (a: Availability) => any(a.conditions);
export const hasSentimentData = (a: Availability) => any(a.sentiment);
export const hasComparisons = (a: Availability) => any(a.comparisons);

/** "a, b and c". */
export function listText(items: readonly string[]): string {
  if (items.length <= 1) return items.join("");
  return `${items.slice(0, -1).join(", ")} and ${items[items.length - 1]}`;
}
