// The two dates a page, a share card or a feed entry names, in the same words everywhere (docs/product.md §2
// "Dates"): "data to July 2026" (the newest month of input a score rests on) and "published 25 November 2026" (when
// the scores were published). Here, in the pipeline, because the feeds' sentences are written when a publication is
// made (pipeline/feed-events.ts); product/format.ts hands the same functions to the pages.
import { monthName, periodName } from "./model/explain-text.ts";

/** `2026-11-20` or an ISO timestamp in UTC (`2026-11-22T06:00:00Z`) → "20 November 2026"; anything else unchanged. */
export function dayName(date: string): string {
  const d = /^(\d{4})-(\d{2})-(\d{2})/.exec(date);
  return d ? `${Number(d[3])} ${monthName(`${d[1]}-${d[2]}`)}` : date;
}

/**
 * "data to July 2026": the newest month of input a score rests on (`YYYY-MM`). Never a bare month, which reads as
 * the publication's.
 */
export function dataToText(month: string): string {
  return `data to ${periodName(month)}`;
}

/** "published 25 November 2026": when the scores were published (an ISO timestamp, UTC). */
export function publishedText(iso: string): string {
  const d = new Date(iso);
  return `published ${Number.isNaN(d.getTime()) ? iso : dayName(d.toISOString())}`;
}
