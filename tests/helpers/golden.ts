// Golden comparison of `jwi recalc --json` output: scores within 0.001, statuses (and score presence) exact.
import type { RecalcCountry } from "../../pipeline/recalc.ts";

/** One country of `jwi recalc --json` (the recalc summary without the display-only fields). */
export type GoldenCountry = Omit<RecalcCountry, "name" | "yoy_label">;

export interface GoldenRecalc {
  model: string;
  as_of: string;
  countries: GoldenCountry[];
}

export const SCORE_TOLERANCE = 0.001;

/** Every difference that matters, in words; empty when the run matches the golden file. */
export function compareGolden(expected: GoldenRecalc, actual: GoldenRecalc): string[] {
  const problems: string[] = [];
  if (expected.model !== actual.model) problems.push(`model ${expected.model} → ${actual.model}`);
  if (expected.as_of !== actual.as_of) problems.push(`as_of ${expected.as_of} → ${actual.as_of}`);
  const got = new Map(actual.countries.map((c) => [c.code, c]));
  for (const e of expected.countries) {
    const a = got.get(e.code);
    if (!a) {
      problems.push(`${e.code}: missing from the output`);
      continue;
    }
    got.delete(e.code);
    if ((e.score === null) !== (a.score === null)) problems.push(`${e.code}: score ${e.score} → ${a.score}`);
    else if (e.score !== null && a.score !== null && Math.abs(e.score - a.score) > SCORE_TOLERANCE) {
      problems.push(`${e.code}: score moved ${e.score.toFixed(4)} → ${a.score.toFixed(4)}`);
    }
    for (const key of ["status", "label", "confidence", "basis", "anchor_month"] as const) {
      if (e[key] !== a[key]) problems.push(`${e.code}: ${key} ${e[key]} → ${a[key]}`);
    }
  }
  for (const extra of got.keys()) problems.push(`${extra}: not in the golden file`);
  return problems;
}
