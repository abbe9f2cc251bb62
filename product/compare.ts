// Countries side by side (docs/decisions/020-personal-weights.md): the compare page's address and "why they
// differ", the exact attribution of the difference between two countries' published scores over their inputs
// with the Shapley method the model uses for changes over time (pipeline/model/explain.ts, the blend's own
// arithmetic), rounded for display so the shown parts add up to the shown difference. Pure.
import { countryByCode } from "../lib/countries.ts";
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { explainChange, type SubScoresLike } from "../pipeline/model/explain.ts";
import { periodName, roundExplanation, signedTenths } from "../pipeline/model/explain-text.ts";
import { roundHalfAway } from "../pipeline/model/round.ts";
import type { ChangePart, Explanation, SubScoreKey } from "../pipeline/model/types.ts";

export const COMPARE_MIN = 2;
export const COMPARE_MAX = 4;

export type ComparePath =
  | { kind: "ok"; codes: string[] }
  | { kind: "redirect"; path: string }
  /** Covered codes, but one alone or more than COMPARE_MAX: the page explains the 2-to-4 rule with links. */
  | { kind: "count"; codes: string[] }
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
 * docs/product.md: limits are explained, not 404'd); anything else names no page.
 */
export function readComparePath(param: string): ComparePath {
  const parts = param.split("-");
  const codes: string[] = [];
  for (const p of parts) {
    const c = /^[a-z]{2}$/i.test(p) ? countryByCode(p) : undefined;
    if (!c || codes.includes(c.code)) return { kind: "not-found" };
    codes.push(c.code);
  }
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

const NAME: Record<SubScoreKey, string> = {
  U: "unemployment",
  M: "the yearly change in unemployment",
  V: "the vacancy rate",
  C: "job seekers per vacancy",
  S: "sentiment",
};

const MINUS = "\u2212";
const num = (x: number, d: number) => {
  const r = roundHalfAway(x, d);
  return r < 0 ? `${MINUS}${(-r).toFixed(d)}` : r.toFixed(d);
};
const UNIT: Record<SubScoreKey, (x: number) => string> = {
  U: (x) => `${num(x, 1)}%`,
  M: (x) => `${x > 0 ? "+" : ""}${num(x, 1)} points`,
  V: (x) => `${num(x, 1)}%`,
  C: (x) => num(x, 1),
  S: (x) => num(x, 1),
};

/** One input's part in plain words: what differs between the two countries. */
export function differencePhrase(p: ChangePart, names: { lower: string; higher: string }): string {
  if (p.kind === "added")
    return `only ${names.higher} has ${NAME[p.key] === "sentiment" ? "a sentiment survey" : `a figure for ${NAME[p.key]}`}`;
  if (p.kind === "removed")
    return `only ${names.lower} has ${NAME[p.key] === "sentiment" ? "a sentiment survey" : `a figure for ${NAME[p.key]}`}`;
  const a = p.from!;
  const b = p.to!;
  if (p.kind === "freshness") {
    const [newer, n, o] = b.freshness > a.freshness ? [names.higher, b, a] : [names.lower, a, b];
    return `${newer}'s figure for ${NAME[p.key]} is more recent (${periodName(n.period)} vs ${periodName(o.period)}), so it counts more`;
  }
  return `${NAME[p.key]}: ${UNIT[p.key](b.input)} in ${names.higher} vs ${UNIT[p.key](a.input)} in ${names.lower}`;
}

export interface DifferenceView {
  lower: string;
  higher: string;
  /** The difference as shown (tenths), and each line with its share as shown; shares add up to it. */
  delta_tenths: number;
  /**
   * Each line's input on both sides (`lower`, `higher`; null where a side has none), so a page can say the line in
   * its own language; `words` and `sentence` are the English ones (the API's and the tests').
   */
  lines: {
    words: string;
    shown_tenths: number;
    key: SubScoreKey;
    kind: ChangePart["kind"];
    lower: SideInput | null;
    higher: SideInput | null;
  }[];
  names: { lower: string; higher: string };
  sentence: string;
}

/** One side's input as a line names it: value, period, freshness. */
export interface SideInput {
  input: number;
  period: string;
  freshness: number;
}

const side = (s: ChangePart["from"]): SideInput | null =>
  s ? { input: s.input, period: s.period, freshness: s.freshness } : null;

/** "Why they differ" for two countries, in words; null when either has no score. */
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
      words: differencePhrase(p, names),
      shown_tenths: p.shown_tenths,
      key: p.key,
      kind: p.kind,
      lower: side(p.from),
      higher: side(p.to),
    }));
  const head =
    shown.delta_tenths === 0
      ? `${higher.name} and ${lower.name} score the same as shown`
      : `${higher.name} scores ${(shown.delta_tenths / 10).toFixed(1)} higher than ${lower.name}`;
  const sentence = lines.length
    ? `${head}: ${lines.map((l) => `${l.words} (${signedTenths(l.shown_tenths)})`).join("; ")}.`
    : `${head}.`;
  return { lower: lower.code, higher: higher.code, delta_tenths: shown.delta_tenths, lines, names, sentence };
}
