// The market panel's comparisons (docs/product.md §9): unemployment against the EU-27 average or the fixed rule of
// thumb, vacancies and competition against their 3-year averages, each with its result and its words.
import { PANEL_RULES } from "./market-panel-rules.ts";

export interface Comparison<R extends string> {
  result: R;
  text: string;
  /** What the value was compared with. */
  reference: number | null;
}

/** Unemployment compared, with the yardstick it was compared with. */
export type UnemploymentComparison = Comparison<"lower" | "higher" | "same"> & {
  basis: "EU27_2020" | "fixed-thresholds";
  eu_period: string | null;
};

/**
 * Unemployment against one yardstick, named in its text (docs/product.md §9 and its decision): the EU-27 average
 * of the same period when one is stored ("lower than the EU-27 average"), else the fixed rule of thumb, worded as
 * such ("below the 6% rule of thumb"), never as an average: two yardsticks never read the same.
 */
export function compareUnemploymentWithEu(
  rate: number,
  eu: number | null,
  euPeriod: string | null,
): UnemploymentComparison {
  const lowerBelow = eu === null ? PANEL_RULES.unemploymentLowerThan : eu - PANEL_RULES.euMargin;
  const higherAbove = eu === null ? PANEL_RULES.unemploymentHigherThan : eu + PANEL_RULES.euMargin;
  const result = rate < lowerBelow ? "lower" : rate > higherAbove ? "higher" : "same";
  if (eu === null) {
    const low = `${PANEL_RULES.unemploymentLowerThan}%`;
    const high = `${PANEL_RULES.unemploymentHigherThan}%`;
    const text =
      result === "lower"
        ? `below the ${low} rule of thumb`
        : result === "higher"
          ? `above the ${high} rule of thumb`
          : `within the ${low}–${high} rule of thumb`;
    return { result, text, reference: null, basis: "fixed-thresholds", eu_period: null };
  }
  const text =
    result === "lower"
      ? "lower than the EU-27 average"
      : result === "higher"
        ? "higher than the EU-27 average"
        : "close to the EU-27 average";
  return { result, text, reference: eu, basis: "EU27_2020", eu_period: euPeriod };
}

export function compareVacancyWithAverage(rate: number, avg: number): Comparison<"above" | "below" | "same"> {
  const result =
    rate > avg + PANEL_RULES.vacancyMargin ? "above" : rate < avg - PANEL_RULES.vacancyMargin ? "below" : "same";
  const text =
    result === "above"
      ? "more openings than its 3-year average"
      : result === "below"
        ? "fewer openings than its 3-year average"
        : "in line with its 3-year average";
  return { result, text, reference: avg };
}

export function compareCompetitionWithAverage(value: number, avg: number): Comparison<"higher" | "lower" | "same"> {
  const result =
    value > avg + PANEL_RULES.competitionMargin
      ? "higher"
      : value < avg - PANEL_RULES.competitionMargin
        ? "lower"
        : "same";
  const text =
    result === "higher"
      ? "more competition than its 3-year average"
      : result === "lower"
        ? "less competition than its 3-year average"
        : "competition in line with its 3-year average";
  return { result, text, reference: avg };
}
