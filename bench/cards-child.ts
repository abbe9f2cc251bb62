// Child process of bench/cards.ts: what a fresh process pays for share cards. The recalc's job child loads the
// keyer (no satori, no resvg) and keys every card; the server's card worker loads satori and resvg, reads the fonts
// and lays out its first card. Prints JSON.
import { COUNTRIES } from "../lib/countries.ts";
import type { Snapshot } from "../pipeline/model/types.ts";

const snapshots = COUNTRIES.map(
  (c, i) =>
    ({
      country: c.code,
      as_of: "2026-11-22",
      anchor_month: "2026-10",
      score: 1 + (i * 9) / COUNTRIES.length,
      status: "cloudy",
      label: "Mixed/average",
    }) as Snapshot,
);
let t = performance.now();
const { keyShareCards } = await import("../product/share-cards/key.ts");
const keyLoadMs = performance.now() - t;
t = performance.now();
const cards = keyShareCards(snapshots);
const keyFirstMs = performance.now() - t;
t = performance.now();
const { renderCard } = await import("../product/share-cards/render.ts");
const renderLoadMs = performance.now() - t;
t = performance.now();
await renderCard(cards[0]!.content);
const firstCardMs = performance.now() - t;
console.log(JSON.stringify({ keyLoadMs, keyFirstMs, renderLoadMs, firstCardMs, cards: cards.length }));
