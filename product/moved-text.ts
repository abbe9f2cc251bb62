// How a moved country is said, in `jwi recalc`/`jwi ingest` and on the operator page alike: "BG 6.8 → 6.4
// (sunny → cloudy): unemployment rose … (-0.3)". Scores through the one formatter (format.ts).
import type { MovedCountry } from "../pipeline/moved.ts";
import { formatScore } from "./format.ts";

export type { MovedCountry };

const score = (s: number | null) => (s === null ? "no score" : formatScore(s));
const status = (s: string | null) => s ?? "no status";

/** `6.8 → 6.4`, with the statuses when they differ: `6.8 → 6.4 (sunny → cloudy)`. */
export function movedChange(m: MovedCountry): string {
  const statuses = m.status_from === m.status_to ? "" : ` (${status(m.status_from)} → ${status(m.status_to)})`;
  return `${score(m.from)} → ${score(m.to)}${statuses}`;
}

/** One line: `BG 6.8 → 6.4: why`. */
export function movedText(m: MovedCountry): string {
  return `${m.code} ${movedChange(m)}${m.reason ? `: ${m.reason}` : ""}`;
}
