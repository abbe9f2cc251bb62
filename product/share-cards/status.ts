// One line about the share cards for the data status (`jwi status`, the operator's data status panel) and the
// recalc's summary: how many are served, how many the last publication drew, and why it drew none if it failed.
import type { StatusReport } from "../../pipeline/index.ts";

type CardStatus = NonNullable<StatusReport["published"]["cards"]>;

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** "Share cards: 60 served (2 drawn, 58 unchanged)" or "Share cards: 60 served, 60 older; drawing failed: …". */
export function shareCardsText(cards: CardStatus): string {
  const parts = [`Share cards: ${cards.stored} served`];
  if (cards.error !== null) parts.push(`; drawing failed: ${cards.error}`);
  else if (cards.drawn === null) parts.push(" (this publication was made without drawing them)");
  else parts.push(` (${cards.drawn} drawn, ${cards.reused ?? 0} unchanged)`);
  if (cards.older > 0) parts.push(`; ${plural(cards.older, "card")} from an earlier publication`);
  return parts.join("");
}
