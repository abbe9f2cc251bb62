// Scores and signed shares in the page's locale ("6.5" / "6,5", "+0.3" / "+0,3"), with the typographic minus the
// English pages use; the rounding is the index's own (pipeline/model/round.ts), only the digits are localised.
import type { IntlShape } from "react-intl";
import { roundHalfAway, roundScore } from "../../../pipeline/model/round.ts";
import { formatDate, formatPeriod } from "../../../product/format.ts";
import { dayMonthYearIn, monthYearIn } from "../i18n/calendar.ts";

const ONE_DECIMAL = { minimumFractionDigits: 1, maximumFractionDigits: 1 } as const;

/** A score as shown: one decimal, "6.5" in English, "6,5" in German. */
export function scoreIn(intl: IntlShape, score: number): string {
  return intl.formatNumber(roundScore(score), ONE_DECIMAL);
}

/**
 * A figure to `decimals` places in the page's notation ("12.8" / "12,8"), rounded as every shown figure: normalised to
 * 9 decimals, then half away from zero (pipeline/model/round.ts), so 10.2 / 0.8 is 12.8 in every language. Every
 * `intl.formatNumber` of a figure with fixed decimals goes through here.
 */
export function fixedIn(intl: IntlShape, x: number, decimals = 1): string {
  return intl.formatNumber(roundHalfAway(x, decimals), {
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
  });
}

/** A number with one decimal and its sign: "+0.3", "−0.2" (U+2212), "0.0". */
export function signedIn(intl: IntlShape, x: number): string {
  const r = roundHalfAway(x, 1);
  const digits = intl.formatNumber(Math.abs(r), ONE_DECIMAL);
  return r > 0 ? `+${digits}` : r < 0 ? `\u2212${digits}` : digits;
}

/** A number with one decimal as the explanations round it (half away from zero) and a proper minus: "7.4", "−0.3". */
export function decimalIn(intl: IntlShape, x: number): string {
  const r = roundHalfAway(x, 1);
  const digits = intl.formatNumber(Math.abs(r), ONE_DECIMAL);
  return r < 0 ? `\u2212${digits}` : digits;
}

/** `2026-07` → "July 2026" / "Juli 2026"; `2026-Q2` → "Q2 2026" (`compare.quarter`); anything else unchanged. */
export function periodIn(intl: IntlShape, period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  // English by hand (product/format.ts), other languages from the page's month names (i18n/calendar.ts), both as
  // Intl writes them: no date formatter built while the page hydrates.
  if (m) return intl.locale === "en" ? formatPeriod(period) : monthYearIn(intl.locale, Number(m[1]), Number(m[2]));
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return intl.formatMessage({ id: "compare.quarter" }, { q: Number(q[2]), year: q[1] });
  return period;
}

/** A day in the page's language: "20 November 2026" in English (product/format.ts formatDate), "20. November 2026" in German. */
export function dayIn(intl: IntlShape, iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime()) || intl.locale.startsWith("en")) return formatDate(iso);
  return dayMonthYearIn(intl.locale, d.getUTCFullYear(), d.getUTCMonth() + 1, d.getUTCDate());
}
