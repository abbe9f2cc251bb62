// Where a country's share card and badge live (served by api/routes/share.ts) and the badge's copy-paste snippet.
import { CARD_HEIGHT, CARD_WIDTH } from "../../../product/share-cards/card.ts";
import { formatScore } from "../../../product/format.ts";
import type { Status } from "../../../product/weather.ts";

export const SHARE_CARD_SIZE = { width: CARD_WIDTH, height: CARD_HEIGHT } as const;

/** `/og/de.png`: the country's share card (its pages' og:image). */
export function shareCardPath(code: string): string {
  return `/og/${code.toLowerCase()}.png`;
}

/** `/badge/de.svg`: the country's embeddable badge. */
export function badgePath(code: string): string {
  return `/badge/${code.toLowerCase()}.svg`;
}

/** What a page shows right now: its fresh score and status, or nothing. */
export type ShownScore = { score: number; status: Status } | null;

/** Alternative text of a badge: "Job Weather Index for Greece: 7.4 (bright)". */
export function badgeAlt(name: string, shown: ShownScore): string {
  return shown
    ? `Job Weather Index for ${name}: ${formatScore(shown.score)} (${shown.status})`
    : `Job Weather Index for ${name}`;
}

const escapeAttr = (s: string) =>
  s.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;").replace(/>/g, "&gt;");

/** The HTML another site pastes: the badge, linked to the country page, with absolute URLs. */
export function badgeSnippet(origin: string, country: { code: string; name: string }, shown: ShownScore): string {
  const base = origin.replace(/\/+$/, "");
  const page = `${base}/country/${country.code.toLowerCase()}`;
  const img = `${base}${badgePath(country.code)}`;
  return `<a href="${escapeAttr(page)}"><img src="${escapeAttr(img)}" alt="${escapeAttr(badgeAlt(country.name, shown))}"></a>`;
}
