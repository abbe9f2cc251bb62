// The "General signal" (docs/product.md §9): the direction of the score over the last three months, read from
// the published monthly history. Improving when the score rose by 0.3 or more, Weakening when it fell by 0.3 or
// more, else Stable. It used to be the score band (7+ "improving"), which read as a trend and could say
// "Improving" beside a year-on-year "Down"; now it is a trend. One function, used wherever the signal appears.
import { monthLabel, monthOfDate, periodEndMonth } from "../pipeline/model/period.ts";
import { formatPeriod } from "./format.ts";

export type GeneralSignal = "improving" | "stable" | "weakening";

export const SIGNAL_RULES = {
  /** The window: the as-of month against the month this many months before. */
  months: 3,
  /** Improving from this change up (score points). */
  improvingFrom: 0.3,
  /** Weakening from this change down (score points). */
  weakeningFrom: -0.3,
} as const;

export const SIGNAL_TEXT: Record<GeneralSignal, string> = {
  improving: "Improving",
  stable: "Stable",
  weakening: "Weakening",
};

export interface SignalReading {
  signal: GeneralSignal;
  text: string;
  /** Score of `to_month` minus score of `from_month` (unrounded). */
  change: number;
  from_month: string;
  to_month: string;
}

/** The signal of a change in score points. */
export function signalOfChange(change: number): GeneralSignal {
  if (change >= SIGNAL_RULES.improvingFrom) return "improving";
  if (change <= SIGNAL_RULES.weakeningFrom) return "weakening";
  return "stable";
}

/**
 * The general signal as of a month (`YYYY-MM`, or a date `YYYY-MM-DD`): the score of that month against the score
 * three months before, both from the history. Null when either month has no score: no signal is made up.
 */
export function generalSignal(
  history: ReadonlyArray<{ month: string; score: number | null }>,
  asOf: string,
): SignalReading | null {
  const toIndex = /^\d{4}-\d{2}$/.test(asOf) ? periodEndMonth(asOf) : monthOfDate(asOf);
  const to_month = monthLabel(toIndex);
  const from_month = monthLabel(toIndex - SIGNAL_RULES.months);
  const to = history.find((h) => h.month === to_month)?.score ?? null;
  const from = history.find((h) => h.month === from_month)?.score ?? null;
  if (to === null || from === null) return null;
  const change = to - from;
  const signal = signalOfChange(change);
  return { signal, text: SIGNAL_TEXT[signal], change, from_month, to_month };
}

/** The tooltip's words: what the signal is and, when known, the change it read. */
export function signalExplanation(reading: Pick<SignalReading, "change" | "from_month" | "to_month"> | null): string {
  const rule = `The direction of the score over the last ${SIGNAL_RULES.months} months: Improving when it rose by ${SIGNAL_RULES.improvingFrom} or more, Weakening when it fell by ${Math.abs(SIGNAL_RULES.weakeningFrom)} or more, otherwise Stable.`;
  if (!reading) return rule;
  const sign = reading.change >= 0 ? "+" : "−";
  return `${rule} Here: ${sign}${Math.abs(reading.change).toFixed(2)} from ${formatPeriod(reading.from_month)} to ${formatPeriod(reading.to_month)}.`;
}
