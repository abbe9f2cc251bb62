// Builders for model tests (not a test file itself). Pure.
import { monthLabel, periodEndMonth } from "./period.ts";
import type { ModelInput, SeriesPoint } from "./types.ts";

export function pt(
  period: string,
  value: number,
  ingestId: number | null = null,
  flag: string | null = null,
): SeriesPoint {
  return { period, value, flag, ingestId };
}

/** `YYYY-Qn` of the quarter that ends in month index `end` (end must be a quarter's third month). */
export function quarterOfEnd(end: number): string {
  const year = Math.floor(end / 12);
  return `${year}-Q${(end - year * 12 + 1) / 3}`;
}

/** Consecutive monthly points starting at `start` (YYYY-MM). */
export function monthly(start: string, values: readonly number[], ingestId: number | null = null): SeriesPoint[] {
  const first = periodEndMonth(start);
  return values.map((v, i) => pt(monthLabel(first + i), v, ingestId));
}

/** Consecutive quarterly points starting at `start` (YYYY-Qn). */
export function quarterly(start: string, values: readonly number[], ingestId: number | null = null): SeriesPoint[] {
  const first = periodEndMonth(start);
  return values.map((v, i) => pt(quarterOfEnd(first + 3 * i), v, ingestId));
}

/** Monthly points ending at `end` (YYYY-MM), oldest first. */
export function monthlyEndingAt(end: string, values: readonly number[], ingestId: number | null = null): SeriesPoint[] {
  const last = periodEndMonth(end);
  return monthly(monthLabel(last - values.length + 1), values, ingestId);
}

/** Quarterly points ending at quarter `end` (YYYY-Qn), oldest first. */
export function quarterlyEndingAt(
  end: string,
  values: readonly number[],
  ingestId: number | null = null,
): SeriesPoint[] {
  const last = periodEndMonth(end);
  return quarterly(quarterOfEnd(last - 3 * (values.length - 1)), values, ingestId);
}

export function makeInput(partial: Partial<ModelInput> = {}): ModelInput {
  return {
    country: "XX",
    unemploymentMonthly: [],
    unemploymentQuarterly: [],
    vacancy: [],
    lmb: [],
    expectations: [],
    gdp: [],
    inflation: [],
    euUnemploymentMonthly: [],
    euUnemploymentQuarterly: [],
    ...partial,
  };
}
