// The "General signal" (docs/product.md §9, docs/model.md §6, §9): the *market part* of the score's change over the
// three months to the country's data month (model v2.4: the newest month in which one of the figures its score uses
// started counting; v2.1 to v2.3: the as-of month), read from the snapshot's attribution of that change
// (`change.three_months`, whose months the reading names).
// Improving when the market part is +0.3 or more, Weakening when it is −0.3 or less, else Stable. A score that moves
// because data started, stopped counting or aged (the evidence part) is not a market that improved: Germany's rise
// when an old, weak sentiment reading stopped counting reads "Stable", with the evidence named beside it. One function,
// used wherever the signal appears (the country pages, the API's `signal` and market panel, the CSV).
import { SIGNAL_MONTHS, marketAndEvidence } from "../pipeline/model/explain.ts";
import { formatDecimal, roundHalfAway } from "../pipeline/model/round.ts";
import type { Snapshot } from "../pipeline/model/types.ts";

export type GeneralSignal = "improving" | "stable" | "weakening";

export const SIGNAL_RULES = {
  /** The window: the data month (v2.4; before, the as-of month) against the month this many months before. */
  months: SIGNAL_MONTHS,
  /** Improving from this market part up (score points). */
  improvingFrom: 0.3,
  /** Weakening from this market part down (score points). */
  weakeningFrom: -0.3,
} as const;

const SIGNAL_TEXT: Record<GeneralSignal, string> = {
  improving: "Improving",
  stable: "Stable",
  weakening: "Weakening",
};

export interface SignalReading {
  signal: GeneralSignal;
  text: string;
  /** The market part of the change over the window, unrounded: what the signal reads. */
  market: number;
  /** The evidence part of that change, unrounded (market + evidence = change). */
  evidence: number;
  /** Score of `to_month` minus score of `from_month`, unrounded. */
  change: number;
  from_month: string;
  to_month: string;
}

/** The signal of a market part, in score points. */
export function signalOfChange(market: number): GeneralSignal {
  if (market >= SIGNAL_RULES.improvingFrom) return "improving";
  if (market <= SIGNAL_RULES.weakeningFrom) return "weakening";
  return "stable";
}

/**
 * The general signal of a snapshot: the market part of its change over its window (`change.three_months`). Null without a
 * score, when either month has no score, or for a snapshot published before the attribution of that change existed:
 * no signal is made up.
 */
export function generalSignal(s: Pick<Snapshot, "score" | "change"> | null | undefined): SignalReading | null {
  const e = s?.score != null ? (s.change?.three_months ?? null) : null;
  if (!e) return null;
  const { market, evidence } = marketAndEvidence(e);
  const signal = signalOfChange(market);
  return {
    signal,
    text: SIGNAL_TEXT[signal],
    market,
    evidence,
    change: e.delta,
    from_month: e.from_month,
    to_month: e.to_month,
  };
}

/**
 * A signed part as the tooltip prints it: two decimals, with a proper minus; a market part (`rated`) gets more when
 * two would put it on the other side of a threshold (0.296 is printed "+0.296", never "+0.30" beside "Stable").
 */
export function signalFigure(x: number, rated = true): string {
  let d = 2;
  const side = signalOfChange(x);
  const at = (decimals: number) => roundHalfAway(x, decimals);
  while (rated && d < 6 && signalOfChange(at(d)) !== side) d++;
  const text = formatDecimal(Math.abs(x), d);
  return Number(text) === 0 ? text : `${x > 0 ? "+" : "\u2212"}${text}`;
}
