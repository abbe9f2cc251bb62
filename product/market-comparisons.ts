// The market panel's comparisons (docs/product.md §9): unemployment against the EU-27 average or the fixed rule of
// thumb, vacancies and competition against their 3-year averages (within ±10 % is "in line"), each with its result
// and its words.
import { roundHalfAway } from "../pipeline/model/round.ts";
import { PANEL_RULES } from "./market-panel-rules.ts";

interface Comparison<R extends string> {
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

/** A comparison with a 3-year average: the result is decided from the difference in whole percent it carries. */
export type AverageComparison<R extends string> = Comparison<R> & {
  /**
   * The figure against its average in whole percent ((figure − average) ÷ average, normalised and rounded half away
   * from zero: +31 for 1.6 against 1.22); null when the average is not above 0 (then the sign alone decides).
   */
  difference_pct: number | null;
};

/**
 * Where a figure stands against its 3-year average (docs/product.md §9): above or below when it differs from it by
 * more than ±10 % (PANEL_RULES.averageBandPercent) as shown in whole percent, else in line. A relative band, because
 * the spec's absolute margins (0.2 points, 0.5 job seekers) meant opposite things for different countries.
 */
function againstAverage(value: number, avg: number): { side: -1 | 0 | 1; pct: number | null } {
  if (!(avg > 0)) return { side: value > avg ? 1 : value < avg ? -1 : 0, pct: null };
  const pct = roundHalfAway(((value - avg) / avg) * 100, 0);
  const band = PANEL_RULES.averageBandPercent;
  return { side: pct > band ? 1 : pct < -band ? -1 : 0, pct };
}

export function compareVacancyWithAverage(rate: number, avg: number): AverageComparison<"above" | "below" | "same"> {
  const { side, pct } = againstAverage(rate, avg);
  const result = side > 0 ? "above" : side < 0 ? "below" : "same";
  const text =
    result === "above"
      ? "more openings than its 3-year average"
      : result === "below"
        ? "fewer openings than its 3-year average"
        : "in line with its 3-year average";
  return { result, text, reference: avg, difference_pct: pct };
}

export function compareCompetitionWithAverage(
  value: number,
  avg: number,
): AverageComparison<"higher" | "lower" | "same"> {
  const { side, pct } = againstAverage(value, avg);
  const result = side > 0 ? "higher" : side < 0 ? "lower" : "same";
  const text =
    result === "higher"
      ? "more competition than its 3-year average"
      : result === "lower"
        ? "less competition than its 3-year average"
        : "competition in line with its 3-year average";
  return { result, text, reference: avg, difference_pct: pct };
}
