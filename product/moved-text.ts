// How a moved country is said, in `jwi recalc`/`jwi ingest` and on the operator page alike: "BG 6.8 → 6.4
// (sunny → cloudy; market −0.3, evidence −0.1): unemployment rose … (−0.3)". Scores through the one formatter
// (format.ts), the parts as the "why it changed" lines show them.
import { signedTenths } from "../pipeline/model/explain-text.ts";
import type { MovedCountry } from "../pipeline/moved.ts";
import { formatScore } from "./format.ts";

export type { MovedCountry };

const score = (s: number | null) => (s === null ? "no score" : formatScore(s));
const status = (s: string | null) => s ?? "no status";

/**
 * The change's market and evidence parts as shown: "market −0.3, evidence −0.1", with "mostly evidence" when the
 * evidence part is the larger (unrounded); empty when the change has no parts.
 */
function movedSplit(m: MovedCountry): string {
  if (m.market_shown === null || m.evidence_shown === null || m.market === null || m.evidence === null) return "";
  const split = `market ${signedTenths(Math.round(m.market_shown * 10))}, evidence ${signedTenths(Math.round(m.evidence_shown * 10))}`;
  return Math.abs(m.evidence) > Math.abs(m.market) ? `${split}: mostly evidence` : split;
}

/**
 * `6.8 → 6.4`, with the statuses when they differ and the market and evidence parts when known:
 * `6.8 → 6.4 (sunny → cloudy; market −0.3, evidence −0.1)`.
 */
export function movedChange(m: MovedCountry): string {
  const notes = [
    m.status_from === m.status_to ? "" : `${status(m.status_from)} → ${status(m.status_to)}`,
    movedSplit(m),
  ].filter(Boolean);
  return `${score(m.from)} → ${score(m.to)}${notes.length ? ` (${notes.join("; ")})` : ""}`;
}

/** One line: `BG 6.8 → 6.4: why`. */
export function movedText(m: MovedCountry): string {
  return `${m.code} ${movedChange(m)}${m.reason ? `: ${m.reason}` : ""}`;
}
