// Child process of bench/cards.ts: the first rendering of every share card in a fresh process, as a recalc job
// (its own process) pays it: loading satori and resvg, reading the fonts, starting the layout engine. Prints JSON.
import { COUNTRIES } from "../pipeline/countries.ts";
import type { Snapshot } from "../pipeline/model/types.ts";

const snapshots = COUNTRIES.map(
  (c, i) => ({ country: c.code, as_of: "2026-11-22", anchor_month: "2026-10", score: 1 + (i * 9) / COUNTRIES.length, status: "cloudy", label: "Mixed/average" }) as Snapshot,
);
const t0 = performance.now();
const { renderShareCards } = await import("../product/share-cards/render.ts");
const loadMs = performance.now() - t0;
const t1 = performance.now();
const cards = await renderShareCards(snapshots);
const firstMs = performance.now() - t1;
console.log(JSON.stringify({ loadMs, firstMs, cards: cards.length }));
