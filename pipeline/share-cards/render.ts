// Renders share cards: element tree (card.ts) → SVG (satori, with the Inter font of @fontsource/inter) → PNG
// (resvg). Runs in the recalc, before its publish transaction (docs/decisions: share cards). Fonts and flags are
// read once per process, from the installed packages.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";
import { renderAsync } from "@resvg/resvg-js";
import satori from "satori";
import { countryByCode } from "../countries.ts";
import type { Snapshot } from "../model/types.ts";
import { CARD_HEIGHT, CARD_VARIANTS, CARD_WIDTH, cardContent, cardTree, type CardContent, type CardVariant } from "./card.ts";

const require = createRequire(import.meta.url);

interface Assets {
  fonts: Array<{ name: string; data: Buffer; weight: 400 | 700; style: "normal" }>;
  flags: Map<string, string>;
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
  assets = { fonts: [font(400), font(700)], flags: new Map() };
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

/** The card as an SVG document (text drawn as paths: the PNG needs no font). */
export async function cardSvg(content: CardContent): Promise<string> {
  const tree = cardTree(content, flagUri(content.code)) as unknown as Parameters<typeof satori>[0];
  return satori(tree, { width: CARD_WIDTH, height: CARD_HEIGHT, fonts: loadAssets().fonts });
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
}

/**
 * Every card of a set of snapshots: the published card of each country, plus the stale one of each country with a
 * score (see CardVariant). Two at a time at most: satori lays out the next card on this thread while resvg draws
 * the previous one on libuv's pool.
 */
export async function renderShareCards(snapshots: readonly Snapshot[]): Promise<RenderedCard[]> {
  const jobs: Array<{ country: string; variant: CardVariant; content: CardContent }> = [];
  for (const s of snapshots) {
    const country = countryByCode(s.country);
    if (!country) continue;
    for (const variant of s.score !== null ? CARD_VARIANTS : (["published"] as const)) {
      jobs.push({ country: country.code, variant, content: cardContent(country, s, variant) });
    }
  }
  const out: RenderedCard[] = [];
  let drawing: Promise<void> | null = null;
  for (const job of jobs) {
    const svg = await cardSvg(job.content);
    await drawing;
    drawing = drawPng(svg).then((png) => {
      out.push({ country: job.country, variant: job.variant, png, hash: createHash("sha1").update(png).digest("base64url").slice(0, 16) });
    });
  }
  await drawing;
  return out;
}
