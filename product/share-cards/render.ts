// Draws share cards: element tree (card.ts, with its flag: key.ts) → SVG (satori, with the Inter font of
// @fontsource/inter) → PNG (resvg). The server draws a card the first time it is asked for, in a worker thread
// (drawer.ts, draw-worker.ts), never the recalc (docs/decisions/008-share-cards.md). All of it runs on the calling
// thread (resvg's synchronous call, not libuv's pool), so the worker's lower CPU priority covers the whole drawing.
// Loading this module loads satori and resvg; the fonts are read once per thread (key.ts loadAssets).
import { Resvg } from "@resvg/resvg-js";
import satori from "satori";
import { CARD_HEIGHT, CARD_WIDTH, type CardContent } from "./card.ts";
import { contentTree, loadAssets } from "./key.ts";

/** The card as an SVG document (text drawn as paths: the PNG needs no font). */
export async function cardSvg(content: CardContent): Promise<string> {
  const tree = contentTree(content);
  return satori(tree as unknown as Parameters<typeof satori>[0], {
    width: CARD_WIDTH,
    height: CARD_HEIGHT,
    fonts: loadAssets().fonts,
  });
}

/** SVG → PNG on this thread. The SVG holds no text, so no system font is loaded. */
function drawPng(svg: string): Buffer {
  return new Resvg(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } }).render().asPng();
}

/** One card as a PNG of CARD_WIDTH × CARD_HEIGHT: the same bytes for the same key (key.ts cardKey) on every machine. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  return drawPng(await cardSvg(content));
}
