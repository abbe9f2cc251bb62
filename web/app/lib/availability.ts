// Which parts of a country page have data (docs/product.md §2: a layout that follows its data). Panels show only what
// exists; everything missing is named once, in one line, instead of several "No recent data" blocks.
import type { MarketPanel } from "../../../product/market-panel.ts";

export interface Availability {
  /** momentum: the yearly change of unemployment (the model's input M), shown beside the rate. */
  conditions: { unemployment: boolean; momentum: boolean; vacancy: boolean; competition: boolean };
  /** barometer / eei: the country has a value of that sentiment source (shown even when too old to count). */
  sentiment: { barometer: boolean; eei: boolean; signal: boolean; yoy: boolean; gdp: boolean; inflation: boolean };
  comparisons: { eu: boolean; vacancy: boolean; competition: boolean };
  /** What the page cannot show, in page order; named by the market catalogue (`market.missing.<key>`). */
  missing: MissingFigure[];
}

/** The figures a country page can lack (their names: `market.missing.<key>`, "job vacancy rate", …). */
export type MissingFigure =
  | "unemployment"
  | "momentum"
  | "vacancy"
  | "competition"
  | "barometer"
  | "yoy"
  | "gdp"
  | "inflation"
  | "vacancyVs3y"
  | "competitionVs3y";

const any = (o: Record<string, boolean>) => Object.values(o).some(Boolean);

export function availabilityOf(panel: MarketPanel | null, hasScore: boolean): Availability {
  const p = panel;
  const conditions = {
    unemployment: p?.unemployment_rate != null,
    momentum: p?.unemployment_change != null,
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
  const missing: MissingFigure[] = [];
  if (!conditions.unemployment) missing.push("unemployment");
  // The yearly change is missing in its own right only when the rate it changes exists.
  else if (!conditions.momentum) missing.push("momentum");
  if (!conditions.vacancy) missing.push("vacancy");
  if (!conditions.competition) missing.push("competition");
  if (!sentiment.barometer) missing.push("barometer");
  // The signal and the year-on-year change come from the score: without a score the score card says why.
  if (hasScore && !sentiment.yoy) missing.push("yoy");
  if (!sentiment.gdp) missing.push("gdp");
  if (!sentiment.inflation) missing.push("inflation");
  // A comparison is missing in its own right only when the figure it compares exists.
  if (conditions.vacancy && !comparisons.vacancy) missing.push("vacancyVs3y");
  if (conditions.competition && !comparisons.competition) missing.push("competitionVs3y");
  return { conditions, sentiment, comparisons, missing };
}

export const hasConditions = (a: Availability) => any(a.conditions);
export const hasComparisons = (a: Availability) => any(a.comparisons);

export { listIn } from "./list-in.ts";
