// Countries side by side (docs/decisions/020-personal-weights.md): the compare page's address and "why they
// differ", the exact attribution of the difference between two countries' published scores over their inputs
// with the Shapley method the model uses for changes over time (pipeline/model/explain.ts, the blend's own
// arithmetic), rounded for display so the shown parts add up to the shown difference. Pure.
import { countryByCode } from "../lib/countries.ts";
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { explainChange, type SubScoresLike } from "../pipeline/model/explain.ts";
import { roundExplanation } from "../pipeline/model/explain-text.ts";
import type { ChangePart, Explanation, SubScoreKey } from "../pipeline/model/types.ts";

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export type ComparePath =
  | { kind: "ok"; codes: string[] }
  | { kind: "redirect"; path: string }
  /** Covered codes, but one alone or more than COMPARE_MAX: the page explains the 2-to-4 rule with links. */
  | { kind: "count"; codes: string[] }
  /**
   * Covered codes, one of them named more than once (`/compare/de-de`): the page says so, with `codes` (each once,
   * in the visitor's order) to compare or open instead, and `repeated` (the ones named twice or more).
   */
  | { kind: "duplicate"; codes: string[]; repeated: string[] }
  | { kind: "not-found" };

/** `/compare/{a}-{b}…` in the order given (lower case): the page the visitor asked for. */
export function compareAddress(codes: readonly string[]): string {
  return `/compare/${codes.map((c) => c.toLowerCase()).join("-")}`;
}

/** `/compare/{a}-{b}…` for codes in any order and case: its canonical path (lower case, alphabetical). */
export function comparePath(codes: readonly string[]): string {
  return `/compare/${[...codes]
    .map((c) => c.toLowerCase())
    .sort()
    .join("-")}`;
}

/**
 * The countries a compare address names: 2 to 4 covered codes, no duplicate, shown in the order the visitor named
 * them (the page's canonical link is the alphabetical address, `comparePath`). Upper case is sent (301) to the same
 * address in lower case. One covered code alone or more than four is a limit the page explains ("count",
 * docs/product.md: limits are explained, not 404'd), and so is a country named twice ("duplicate": never "Country
 * Not Found" for a country we cover); anything else names no page.
 */
export function readComparePath(param: string): ComparePath {
  const parts = param.split("-");
  const codes: string[] = [];
  const repeated: string[] = [];
  for (const p of parts) {
    const c = /^[a-z]{2}$/i.test(p) ? countryByCode(p) : undefined;
    if (!c) return { kind: "not-found" };
    if (!codes.includes(c.code)) codes.push(c.code);
    else if (!repeated.includes(c.code)) repeated.push(c.code);
  }
  if (repeated.length) return { kind: "duplicate", codes, repeated };
  if (codes.length < COMPARE_MIN || codes.length > COMPARE_MAX) return { kind: "count", codes };
  const lower = param.toLowerCase();
  if (param !== lower) return { kind: "redirect", path: `/compare/${lower}` };
  return { kind: "ok", codes };
}

/** The exact attribution of `higher.score − lower.score` over the inputs (null when either has no score). */
export function explainDifference(
  lower: { code: string; sub_scores: SubScoresLike },
  higher: { code: string; sub_scores: SubScoresLike },
): Explanation | null {
  return explainChange(
    lower.sub_scores,
    higher.sub_scores,
    { from_month: lower.code, to_month: higher.code },
    CURRENT_PARAMS,
  );
}

export interface DifferenceView {
  lower: string;
  higher: string;
  /** The difference as shown (tenths), and each line with its share as shown; shares add up to it. */
  delta_tenths: number;
  /**
   * Each line's input on both sides (`lower`, `higher`; null where a side has none), so a page says the line in its
   * own language (web/app/lib/compare-text.ts, the compare catalogue).
   */
  lines: {
    shown_tenths: number;
    key: SubScoreKey;
    kind: ChangePart["kind"];
    lower: SideInput | null;
    higher: SideInput | null;
  }[];
  names: { lower: string; higher: string };
}

/** One side's input as a line names it: value, period, freshness. */
export interface SideInput {
  input: number;
  period: string;
  freshness: number;
}

const side = (s: ChangePart["from"]): SideInput | null =>
  s ? { input: s.input, period: s.period, freshness: s.freshness } : null;

/** "Why they differ" for two countries, for a page to say in its language; null when either has no score. */
export function differenceView(
  a: { code: string; name: string; score: number | null; sub_scores: SubScoresLike | null },
  b: { code: string; name: string; score: number | null; sub_scores: SubScoresLike | null },
): DifferenceView | null {
  if (a.score === null || b.score === null || !a.sub_scores || !b.sub_scores) return null;
  const [lower, higher] = a.score <= b.score ? [a, b] : [b, a];
  const e = explainDifference(
    { code: lower.code, sub_scores: lower.sub_scores! },
    { code: higher.code, sub_scores: higher.sub_scores! },
  );
  if (!e) return null;
  const shown = roundExplanation(e);
  const names = { lower: lower.name, higher: higher.name };
  const lines = shown.parts
    .filter((p) => p.shown_tenths !== 0)
    .sort((x, y) => Math.abs(y.shown_tenths) - Math.abs(x.shown_tenths))
    .map((p) => ({
      shown_tenths: p.shown_tenths,
      key: p.key,
      kind: p.kind,
      lower: side(p.from),
      higher: side(p.to),
    }));
  return { lower: lower.code, higher: higher.code, delta_tenths: shown.delta_tenths, lines, names };
}
