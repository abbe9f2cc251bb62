// Number and date formatting shared by server and browser. Everything that depends on "now" takes it as an
// argument (the loader's time), so the server's HTML and the hydrated page always agree.

import { MONTHS } from "../lib/month-names.ts";
import { formatDecimal } from "../pipeline/model/round.ts";

/** The score as shown: one decimal, half away from zero (the model's rule: 6.95 is shown 7.0 and is bright). */
export { formatScore } from "../pipeline/model/round.ts";

/**
 * A figure to `digits` places as every page, API text, CSV and card writes it: normalised to 9 decimals, then half
 * away from zero (pipeline/model/round.ts `formatDecimal`): 10.2 / 0.8 = 12.75 is "12.8", never toFixed's "12.7".
 */
export function formatNumber(value: number, digits = 1): string {
  return formatDecimal(value, digits);
}

export function formatPercent(value: number, digits = 1): string {
  return `${formatDecimal(value, digits)}%`;
}

/** `2026-07` → "July 2026"; `2026-Q2` → "Q2 2026"; anything else unchanged. */
export function formatPeriod(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  if (m) return `${MONTHS[Number(m[2]) - 1]} ${m[1]}`;
  const q = /^(\d{4})-Q([1-4])$/.exec(period);
  if (q) return `Q${q[2]} ${q[1]}`;
  return period;
}

/** `2026-07` → "Jul 2026" (chart axes). */
export function shortMonth(period: string): string {
  const m = /^(\d{4})-(\d{2})$/.exec(period);
  return m ? `${MONTHS[Number(m[2]) - 1].slice(0, 3)} ${m[1]}` : period;
}

/** An ISO date or timestamp → "22 November 2026" (UTC). */
export function formatDate(iso: string): string {
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return `${d.getUTCDate()} ${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/** "November 2026" for a timestamp (UTC). */
export function monthYear(iso: string): string {
  const d = new Date(iso);
  return `${MONTHS[d.getUTCMonth()]} ${d.getUTCFullYear()}`;
}

/**
 * "data to July 2026" (the newest month of input a score rests on) and "published 25 November 2026" (when the scores
 * were published): the two dates a page, a share card or a feed entry names (docs/product.md §2 "Dates"), one
 * wording for all of them (pipeline/date-words.ts, where the feeds' sentences are written).
 */
export { dataToText, publishedText } from "../pipeline/date-words.ts";

/**
 * How long ago `iso` was, relative to `nowIso` (the loader's clock), as a value and unit for Intl.RelativeTimeFormat,
 * or null for "just now". The site says it in the page's language (web/app/components/community.tsx).
 */
export function relativeTimeParts(
  iso: string,
  nowIso: string,
): { value: number; unit: Intl.RelativeTimeFormatUnit } | null {
  const seconds = Math.round((new Date(iso).getTime() - new Date(nowIso).getTime()) / 1000);
  // A timestamp ahead of the page's clock (clock skew between writer and reader) reads as "just now".
  if (seconds > 0) return null;
  const abs = Math.abs(seconds);
  if (abs < 45) return null;
  if (abs < 3600) return { value: Math.round(seconds / 60), unit: "minute" };
  if (abs < 86_400) return { value: Math.round(seconds / 3600), unit: "hour" };
  if (abs < 30 * 86_400) return { value: Math.round(seconds / 86_400), unit: "day" };
  if (abs < 365 * 86_400) return { value: Math.round(seconds / (30 * 86_400)), unit: "month" };
  return { value: Math.round(seconds / (365 * 86_400)), unit: "year" };
}
