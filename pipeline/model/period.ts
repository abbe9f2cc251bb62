// Month arithmetic for normalised periods (docs/model.md §1). Pure; shared by every model version.
//
// A month index is `year * 12 + (month - 1)`: consecutive months differ by one, so the age formula of the
// design doc, `(asof_year*12 + asof_month) - (end_year*12 + end_month)`, is a plain subtraction of indices.
import { InputError } from "../../lib/errors.ts";
import type { Period } from "../types.ts";

export type PeriodKind = "month" | "quarter";

const MONTH_RE = /^(\d{4})-(0[1-9]|1[0-2])$/;
const QUARTER_RE = /^(\d{4})-Q([1-4])$/;
const DATE_RE = /^(\d{4})-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/** `month` for `YYYY-MM`, `quarter` for `YYYY-Qn`, null for anything else. */
export function periodKind(period: string): PeriodKind | null {
  if (MONTH_RE.test(period)) return "month";
  if (QUARTER_RE.test(period)) return "quarter";
  return null;
}

/** Month index of a period's end month: a month is its own end month, a quarter ends in its third month. */
export function periodEndMonth(period: Period): number {
  const m = MONTH_RE.exec(period);
  if (m) return Number(m[1]) * 12 + Number(m[2]) - 1;
  const q = QUARTER_RE.exec(period);
  if (q) return Number(q[1]) * 12 + Number(q[2]) * 3 - 1;
  throw new RangeError(`Not a normalised period (YYYY-MM or YYYY-Qn): ${JSON.stringify(period)}`);
}

function daysInMonth(year: number, month: number): number {
  if (month === 2) return year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : 28;
  return month === 4 || month === 6 || month === 9 || month === 11 ? 30 : 31;
}

/** Month index of an as-of date `YYYY-MM-DD` (the day does not matter, but it must exist). */
export function monthOfDate(date: string): number {
  const d = DATE_RE.exec(date);
  if (!d || Number(d[3]) > daysInMonth(Number(d[1]), Number(d[2]))) {
    throw new InputError(`The as-of date must be a real date written YYYY-MM-DD, got ${JSON.stringify(date)}.`);
  }
  return Number(d[1]) * 12 + Number(d[2]) - 1;
}

/** `YYYY-MM` of a month index. */
export function monthLabel(index: number): string {
  const year = Math.floor(index / 12);
  const month = index - year * 12 + 1;
  return `${String(year).padStart(4, "0")}-${month < 10 ? "0" : ""}${month}`;
}

/**
 * Age in months of an observation as of a month: as-of month index minus the period's end month index.
 * `asOf` is a month index, a month `YYYY-MM` or a date `YYYY-MM-DD`.
 * July data as of any day in November is 4 months old; 2026-Q2 as of November 2026 is 5.
 */
export function ageInMonths(period: Period, asOf: number | string): number {
  const asOfMonth = typeof asOf === "number" ? asOf : MONTH_RE.test(asOf) ? periodEndMonth(asOf) : monthOfDate(asOf);
  return asOfMonth - periodEndMonth(period);
}

/** The as-of date of a recalc (`--as-of`): today when unset. */
export function parseAsOf(value: string | undefined, now: Date): string {
  if (value === undefined) return now.toISOString().slice(0, 10);
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))) : null;
  if (!m || !date || date.toISOString().slice(0, 10) !== value) {
    throw new InputError(`--as-of must be a date as YYYY-MM-DD (got "${value}").`);
  }
  return value;
}
