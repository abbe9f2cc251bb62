// Draws share cards: element tree (card.ts, with its flag: key.ts) → SVG (satori, with the Inter font of
// @fontsource/inter) → PNG (resvg). The server draws a card the first time it is asked for, in a worker thread
// (drawer.ts, draw-worker.ts), never the recalc (docs/decisions/008-share-cards.md). Loading this module loads
// satori and resvg; the fonts are read once per thread (key.ts loadAssets).
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card.ts";
import { contentTree, loadAssets } from "./key.ts";

/** The card as an SVG document (text drawn as paths: the PNG needs no font). */
export async function cardSvg(content: CardContent): Promise<string> {
  const tree = contentTree(content);
  return satori(tree as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadAssets().fonts });
}

/** SVG → PNG, off this thread (libuv's pool). The SVG holds no text, so no system font is loaded. */
async function drawPng(svg: string): Promise<Buffer> {
  const png = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return png.asPng();
}

/** One card as a PNG of CARD_WIDTH × CARD_HEIGHT: the same bytes for the same key (key.ts cardKey) on every machine. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  return drawPng(await cardSvg(content));
}
