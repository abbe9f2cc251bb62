// The model's input prepared once per country: each series checked and sorted once by end month (one point per end
// month), with its publication lag (docs/model.md §1) and a map end → position, and the binary-search look-ups of
// the point that counts as of a month. Pure.
import { monthLabel, periodEndMonth, periodKind, type PeriodKind } from "./period.ts";
import type { LaggedSeries, ModelParams } from "./tables.ts";
import type { ModelInput, SeriesPoint } from "./types.ts";

export interface PreparedSeries {
  /** End-month index of each point, ascending. */
  readonly ends: readonly number[];
  readonly points: readonly SeriesPoint[];
  readonly byEnd: ReadonlyMap<number, number>;
  /**
   * v2.3: months after its end month before a point counts (its table's publication lag; 0 before v2.3). One lag
   * per series: every table that feeds one input has the same lag (tables.ts MODEL_V2_3).
   */
  readonly lag: number;
}

export interface Prepared {
  readonly um: PreparedSeries;
  readonly uq: PreparedSeries;
  readonly vac: PreparedSeries;
  readonly lmb: PreparedSeries;
  /** The Employment Expectations Indicator; empty when the model does not read it (v2). */
  readonly eei: PreparedSeries;
  readonly gdp: PreparedSeries;
  readonly inflation: PreparedSeries;
  readonly euM: PreparedSeries;
  readonly euQ: PreparedSeries;
  /** Earliest end month of any scoring input the model reads (unemployment, vacancy, sentiment); null without any. */
  readonly firstMonth: number | null;
}

function prepareSeries(
  country: string,
  name: string,
  series: readonly SeriesPoint[],
  kind: PeriodKind | null,
  lag = 0,
): PreparedSeries {
  const rows: { end: number; point: SeriesPoint }[] = [];
  for (const point of series) {
    // A value that is not a finite number is no observation (it never becomes 0).
    if (typeof point.value !== "number" || !Number.isFinite(point.value)) continue;
    const actual = periodKind(point.period);
    if (actual === null || (kind !== null && actual !== kind)) {
      throw new RangeError(
        `${country} ${name}: expected a ${kind ?? "month or quarter"} period, got ${JSON.stringify(point.period)}.`,
      );
    }
    rows.push({ end: periodEndMonth(point.period), point });
  }
  rows.sort((a, b) => a.end - b.end);
  const byEnd = new Map<number, number>();
  rows.forEach((row, i) => {
    if (byEnd.has(row.end)) {
      throw new RangeError(
        `${country} ${name}: two observations end in ${monthLabel(row.end)} (${rows[i - 1].point.period}, ${row.point.period}).`,
      );
    }
    byEnd.set(row.end, i);
  });
  return { ends: rows.map((r) => r.end), points: rows.map((r) => r.point), byEnd, lag };
}

/** Position of the newest point whose end month is <= month, or -1. O(log n). */
function lastAtOrBefore(s: PreparedSeries, month: number): number {
  let lo = 0;
  let hi = s.ends.length; // invariant: ends[< lo] <= month < ends[>= hi]
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (s.ends[mid] <= month) lo = mid + 1;
    else hi = mid;
  }
  return lo - 1;
}

/**
 * Position of the newest point that counts as of `month`: its end month plus the series' publication lag is at or
 * before it (v2.3; with lag 0, lastAtOrBefore). Its age is still `month` minus its end month.
 */
export function lastCounting(s: PreparedSeries, month: number): number {
  return lastAtOrBefore(s, month - s.lag);
}

const EMPTY_SERIES: PreparedSeries = Object.freeze({ ends: [], points: [], byEnd: new Map<number, number>(), lag: 0 });

/** Every series of a country's input prepared for `params` (a sentiment source the model does not read stays empty). */
export function prepare(input: ModelInput, params: ModelParams): Prepared {
  const c = input.country;
  const lag = (series: LaggedSeries): number => params.publicationLag?.[series] ?? 0;
  const um = prepareSeries(c, "unemploymentMonthly", input.unemploymentMonthly, "month", lag("unemploymentMonthly"));
  const uq = prepareSeries(
    c,
    "unemploymentQuarterly",
    input.unemploymentQuarterly,
    "quarter",
    lag("unemploymentQuarterly"),
  );
  const vac = prepareSeries(c, "vacancy", input.vacancy, "quarter", lag("vacancy"));
  const lmb = params.sentimentSources.includes("lmb")
    ? prepareSeries(c, "lmb", input.lmb, "month", lag("lmb"))
    : EMPTY_SERIES;
  const eei = params.sentimentSources.includes("eei")
    ? prepareSeries(c, "expectations", input.expectations ?? [], "month", lag("expectations"))
    : EMPTY_SERIES;
  // The first month in which any scoring input counts (its end month plus its publication lag).
  let firstMonth: number | null = null;
  for (const s of [um, uq, vac, lmb, eei]) {
    if (s.ends.length > 0 && (firstMonth === null || s.ends[0] + s.lag < firstMonth)) firstMonth = s.ends[0] + s.lag;
  }
  return {
    um,
    uq,
    vac,
    lmb,
    eei,
    gdp: prepareSeries(c, "gdp", input.gdp, null, lag("gdp")),
    inflation: prepareSeries(c, "inflation", input.inflation, null, lag("inflation")),
    // The EU aggregate is read for the period of the country's chosen unemployment observation, never by month.
    euM: prepareSeries(c, "euUnemploymentMonthly", input.euUnemploymentMonthly, "month"),
    euQ: prepareSeries(c, "euUnemploymentQuarterly", input.euUnemploymentQuarterly, "quarter"),
    firstMonth,
  };
}

/** The newest point that counts as of `month` (its publication lag included), or null. */
export function newest(s: PreparedSeries, month: number): SeriesPoint | null {
  const i = lastCounting(s, month);
  return i >= 0 ? s.points[i] : null;
}
