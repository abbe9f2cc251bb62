// What decides a share card's picture, without drawing it: the fonts, the flags, the renderer's identity and each
// card's key. Cheap (no satori, no resvg): the recalc keys every card of a publication and publishes the keys with
// the snapshots; the server draws a key's PNG on first request (render.ts, in a worker thread: drawer.ts) and
// stores it by key (docs/decisions/008-share-cards.md). Fonts and flags are read once per thread.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { countryByCode } from "../../lib/countries.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import {
  CARD_HEIGHT,
  CARD_VARIANTS,
  CARD_WIDTH,
  cardContent,
  cardTree,
  type CardContent,
  type CardNode,
  type CardVariant,
} from "./card.ts";

const require = createRequire(import.meta.url);

export interface Assets {
  fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }>;
  flags: Map<string, string>;
  /** What, besides the element tree, decides the picture: the font files and the two renderers' versions. */
  renderer: string;
}

let assets: Assets | null = null;
let fontReads = 0;

/** The fonts, the renderer's identity and the flags read so far: read once per thread, at its first card. */
export function loadAssets(): Assets {
  if (assets) return assets;
  // satori reads .woff (not .woff2); the latin subset covers every name and text on the card.
  const font = (weight: 400 | 700) => ({
    name: "Inter",
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: "normal" as const,
  });
  const fonts = [font(400), font(700)];
  fontReads++;
  const version = (pkg: string) =>
    (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;
  const renderer = createHash("sha1");
  for (const f of fonts) renderer.update(f.data);
  renderer.update(`satori ${version("satori")} resvg ${version("@resvg/resvg-js")} ${CARD_WIDTH}x${CARD_HEIGHT}`);
  assets = { fonts, flags: new Map(), renderer: renderer.digest("hex") };
  return assets;
}

/** How many times this thread has read the card fonts: 1 once it keyed or drew a card (the bench and tests show it). */
export function fontReadCount(): number {
  return fontReads;
}

/** The flag of a country as a data URI (country-flag-icons' 3:2 SVG; its package exports no path to them). */
export function flagUri(code: string): string {
  const a = loadAssets();
  let uri = a.flags.get(code);
  if (!uri) {
    const dir = path.dirname(require.resolve("country-flag-icons/package.json"));
    const svg = readFileSync(path.join(dir, "3x2", `${code.toUpperCase()}.svg`));
    uri = `data:image/svg+xml;base64,${svg.toString("base64")}`;
    a.flags.set(code, uri);
  }
  return uri;
}

/** A card's element tree: its content laid out, with its country's flag. */
export function contentTree(content: CardContent): CardNode {
  return cardTree(content, flagUri(content.code));
}

/**
 * Everything that decides a card's picture, hashed: its element tree (texts, colours, layout, the flag's bytes)
 * and the renderer (fonts, satori and resvg versions). Equal keys draw equal PNGs, so a PNG stored under a key is
 * the picture of every card with that key, in any publication; a change of layout, text, font or library changes
 * the key.
 */
export function cardKey(content: CardContent): string {
  return createHash("sha1")
    .update(loadAssets().renderer)
    .update(JSON.stringify(contentTree(content)))
    .digest("base64url");
}

/** A card a publication names: what it says (drawn by the server on first request) and its key. */
export interface KeyedCard {
  country: string;
  variant: CardVariant;
  key: string;
  content: CardContent;
}

/**
 * The cards of a set of snapshots, keyed, none drawn: the published card of each country, plus the stale one of
 * each country with a score (see CardVariant). About a tenth of a millisecond per card once the fonts are read.
 */
export function keyShareCards(snapshots: readonly Snapshot[]): KeyedCard[] {
  const out: KeyedCard[] = [];
  for (const s of snapshots) {
    const country = countryByCode(s.country);
    if (!country) continue;
    for (const variant of s.score !== null ? CARD_VARIANTS : (["published"] as const)) {
      const content = cardContent(country, s, variant);
      out.push({ country: country.code, variant, key: cardKey(content), content });
    }
  }
  return out;
}
