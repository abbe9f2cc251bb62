// A country's score history as its chart shows it (docs/product.md §2 "Score history", docs/model.md §6): each month's
// score, weather and basis, its change from the month before as shown with its market and evidence parts (the parts
// add up to the change as shown, the market part rounded half away from zero, explain-shown.ts `shownSplit`), whether
// that change is mostly evidence (explain.ts `isMostlyEvidence`, the one rule: the chart draws it dashed and its
// tooltip is neutral), and the inputs that started or stopped counting in it (the chart's markers). Derived on the
// server from the published history, in whole tenths, so the page's payload stays small. Pure.
import { isMostlyEvidence } from "../pipeline/model/explain.ts";
import { shownSplit } from "../pipeline/model/explain-shown.ts";
import type { Basis, HistoryEvent, Status } from "../pipeline/model/types.ts";
import type { HistoryPoint } from "./shapes.ts";

export interface ChartMonth {
  /** YYYY-MM */
  month: string;
  score: number | null;
  status: Status | null;
  basis: Basis | null;
  /**
   * The change from the month before as shown (the difference of the two shown scores) and its market and evidence
   * parts as shown, in whole tenths (market + evidence = delta); null on the first month, when either month has no
   * score, or when the publication did not keep the parts.
   */
  change: { delta: number; market: number; evidence: number } | null;
  /** The change is mostly evidence (its evidence part larger in size than its market part, unrounded). */
  mostly_evidence: boolean;
  /** Inputs that started or stopped counting this month; absent in a month without any. */
  events?: HistoryEvent[];
}

/** The chart's months of a published history (or of any months, e.g. the compare page's common axis). */
export function historyView(
  points: readonly (Pick<HistoryPoint, "month" | "score" | "status"> & Partial<HistoryPoint>)[],
): ChartMonth[] {
  return points.map((h, i) => {
    const before = i > 0 ? points[i - 1]!.score : null;
    const parts =
      h.score !== null && before !== null && typeof h.market === "number" && typeof h.evidence === "number"
        ? { market: h.market, evidence: h.evidence }
        : null;
    const month: ChartMonth = {
      month: h.month,
      score: h.score,
      status: h.status,
      basis: h.basis ?? null,
      change: parts ? shownSplit(before!, h.score!, parts) : null,
      mostly_evidence: parts !== null && isMostlyEvidence(parts),
    };
    if (h.events && h.events.length > 0) month.events = h.events;
    return month;
  });
}
