// Renders share cards: element tree (card.ts) → SVG (satori, with the Inter font of @fontsource/inter) → PNG
// (resvg). Runs in the recalc, before its publish transaction (docs/decisions/008-share-cards.md). Fonts and flags are
// read once per process, from the installed packages. A card whose picture is exactly one of the current
// publication's is not drawn again: its bytes are taken over (see cardKey).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { countryByCode } from "../../pipeline/countries.ts";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { CARD_HEIGHT, CARD_VARIANTS, CARD_WIDTH, cardContent, cardTree, type CardContent, type CardNode, type CardVariant } from "./card.ts";

const require = createRequire(import.meta.url);

interface Assets {
  fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }>;
  flags: Map<string, string>;
  /** What, besides the element tree, decides the picture: the font files and the two renderers' versions. */
  renderer: string;
}

let assets: Assets | null = null;

function loadAssets(): Assets {
  if (assets) return assets;
  // satori reads .woff (not .woff2); the latin subset covers every name and text on the card.
  const font = (weight: 400 | 700) => ({
    name: "Inter",
    data: readFileSync(require.resolve(`@fontsource/inter/files/inter-latin-${weight}-normal.woff`)),
    weight,
    style: "normal" as const,
  });
  const fonts = [font(400), font(700)];
  const version = (pkg: string) => (JSON.parse(readFileSync(require.resolve(`${pkg}/package.json`), "utf8")) as { version: string }).version;
  const renderer = createHash("sha1");
  for (const f of fonts) renderer.update(f.data);
  renderer.update(`satori ${version("satori")} resvg ${version("@resvg/resvg-js")} ${CARD_WIDTH}x${CARD_HEIGHT}`);
  assets = { fonts, flags: new Map(), renderer: renderer.digest("hex") };
  return assets;
}

/** The flag of a country as a data URI (country-flag-icons' 3:2 SVG; its package exports no path to them). */
function flagUri(code: string): string {
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

/**
 * Everything that decides a card's picture, hashed: its element tree (texts, colours, layout, the flag's bytes)
 * and the renderer (fonts, satori and resvg versions). Equal keys draw equal PNGs, so a card can be taken over
 * from the previous publication without drawing it; a change of layout, text, font or library changes the key.
 */
function cardKey(tree: CardNode): string {
  return createHash("sha1").update(loadAssets().renderer).update(JSON.stringify(tree)).digest("base64url");
}

async function treeSvg(tree: CardNode): Promise<string> {
  return satori(tree as unknown as Parameters<typeof satori>[0], { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadAssets().fonts });
}

/** The card as an SVG document (text drawn as paths: the PNG needs no font). */
export async function cardSvg(content: CardContent): Promise<string> {
  return treeSvg(cardTree(content, flagUri(content.code)));
}

/** SVG → PNG, off the main thread (libuv's pool). The SVG holds no text, so no system font is loaded. */
async function drawPng(svg: string): Promise<Buffer> {
  const png = await renderAsync(svg, { fitTo: { mode: "original" }, font: { loadSystemFonts: false } });
  return png.asPng();
}

/** One card as a PNG of CARD_WIDTH × CARD_HEIGHT. */
export async function renderCard(content: CardContent): Promise<Buffer> {
  return drawPng(await cardSvg(content));
}

export interface RenderedCard {
  country: string;
  variant: CardVariant;
  png: Buffer;
  /** Hash of the PNG (the route's ETag is the publication id plus this). */
  hash: string;
  /** What decided the picture (cardKey): the next recalc takes the bytes over when its key is the same. */
  key: string;
}

export interface RenderStats {
  /** Cards drawn now. */
  drawn: number;
  /** Cards taken over from the previous publication (same key). */
  reused: number;
}

/**
 * Every card of a set of snapshots: the published card of each country, plus the stale one of each country with a
 * score (see CardVariant). `previous` maps keys of already drawn cards to their PNGs (publish.ts storedCards):
 * those are taken over, not drawn. Two at a time at most: satori lays out the next card on this thread while
 * resvg draws the previous one on libuv's pool.
 */
export async function renderShareCards(
  snapshots: readonly Snapshot[],
  previous: ReadonlyMap<string, Buffer> = new Map(),
  stats: RenderStats = { drawn: 0, reused: 0 },
): Promise<RenderedCard[]> {
  const out: RenderedCard[] = [];
  const done = (job: { country: string; variant: CardVariant; key: string }, png: Buffer) =>
    out.push({ ...job, png, hash: createHash("sha1").update(png).digest("base64url").slice(0, 16) });
  let drawing: Promise<void> | null = null;
  for (const s of snapshots) {
    const country = countryByCode(s.country);
    if (!country) continue;
    for (const variant of s.score !== null ? CARD_VARIANTS : (["published"] as const)) {
      const tree = cardTree(cardContent(country, s, variant), flagUri(country.code));
      const job = { country: country.code, variant, key: cardKey(tree) };
      const kept = previous.get(job.key);
      if (kept) {
        stats.reused++;
        await drawing; // keep the output in input order
        drawing = null;
        done(job, kept);
        continue;
      }
      stats.drawn++;
      const svg = await treeSvg(tree);
      await drawing;
      drawing = drawPng(svg).then((png) => void done(job, png));
    }
  }
  await drawing;
  return out;
}
