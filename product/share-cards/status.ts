// One line about the share cards for the data status (`jwi status`, the operator's data status panel): how many
// are served, how many of them are drawn and how many the server draws at their first request, and why the current
// publication keyed none if it failed (docs/decisions/008-share-cards.md).
import type { StatusReport } from "../../pipeline/index.ts";

type CardStatus = NonNullable<StatusReport["published"]["cards"]>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/**
 * "Share cards: 62 served (60 drawn, 2 to draw on first request)", or with "; keying failed: …; 62 cards from an
 * earlier publication" when the current publication could not key them.
 */
export function shareCardsText(cards: CardStatus): string {
  const parts = [
    `Share cards: ${cards.stored} served (${cards.drawn} drawn, ${cards.to_draw} to draw on first request)`,
  ];
  if (cards.error !== null) parts.push(`; keying failed: ${cards.error}`);
  else if (cards.keyed === null) parts.push("; this publication was made without keying them");
  if (cards.older > 0) parts.push(`; ${plural(cards.older, "card")} from an earlier publication`);
  return parts.join("");
}

/** The recalc's line about its cards (`jwi recalc`): "Share cards: 62 keyed, 60 already drawn, 2 to draw on first request." */
export function recalcCardsText(cards: {
  keyed: number;
  drawn: number;
  to_draw: number;
  error: string | null;
}): string {
  if (cards.error !== null) return `Share cards not keyed (the previous ones stay): ${cards.error}`;
  return `Share cards: ${cards.keyed} keyed, ${cards.drawn} already drawn, ${cards.to_draw} to draw on first request.`;
}
