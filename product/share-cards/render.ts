// Renders share cards: element tree (card.ts) → SVG (satori, with the Inter font of @fontsource/inter) → PNG
// (resvg). Runs in the recalc, before its publish transaction (docs/decisions/008-share-cards.md). Fonts and flags are
// read once per thread, from the installed packages. A card whose picture is exactly one of the current
// publication's is not drawn again: its bytes are taken over (see cardKey). Many cards to draw (a first
// publication, a new layout) are drawn by this thread and worker threads together (draw-worker.ts), one per
// further core (docs/decisions/017-page-weight.md).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
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

/** A card's element tree drawn as a PNG (satori, then resvg): what the worker threads do too (draw-worker.ts). */
export async function drawTree(tree: CardNode): Promise<Buffer> {
  return drawPng(await treeSvg(tree));
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

/** Fewer cards than this are drawn on this thread alone: a worker's start (loading satori, resvg and the fonts) costs more. */
export const WORKER_MIN_CARDS = 8;

/** How a card set is drawn; tests pin it (the default: one worker per core beyond this thread's, for WORKER_MIN_CARDS or more). */
export interface DrawOptions {
  workers?: number;
  /** Counts the cards the worker threads drew (the rest were drawn here, or taken over). */
  byWorkers?: { drawn: number };
}

function defaultWorkers(cards: number): number {
  if (cards < WORKER_MIN_CARDS) return 0;
  const cores = typeof os.availableParallelism === "function" ? os.availableParallelism() : os.cpus().length;
  return Math.max(0, Math.min(cores - 1, 3));
}

/** The worker's file: the TypeScript source through tsx when this runs unbuilt, else the compiled file beside this chunk (bin/cli-build.mjs). */
function workerLocation(): { file: string; argv: string[] } {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith(".ts")) {
    return { file: fileURLToPath(new URL("../../pipeline/ts-worker.mjs", here)), argv: [new URL("./draw-worker.ts", here).href] };
  }
  const ext = path.extname(here.pathname) || ".mjs";
  return { file: fileURLToPath(new URL(`./share-card-worker${ext}`, here)), argv: [] };
}

/** What draw-worker.ts answers: the PNG of the tree it was sent, or why it could not draw it. */
export type DrawAnswer = { id: number; png: Uint8Array } | { id: number; error: string };

/** A worker thread drawing trees one at a time; `stop` ends it. */
function startDrawer(): { draw(tree: CardNode): Promise<Buffer>; stop(): Promise<void> } {
  const { file, argv } = workerLocation();
  const worker = new Worker(file, { argv });
  const waiting = new Map<number, { resolve(png: Buffer): void; reject(err: Error): void }>();
  let next = 0;
  let failed: Error | null = null;
  const failAll = (err: Error) => {
    failed ??= err;
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  };
  worker.on("message", (a: DrawAnswer) => {
    const w = waiting.get(a.id);
    if (!w) return;
    waiting.delete(a.id);
    if ("error" in a) w.reject(new Error(a.error));
    else w.resolve(Buffer.from(a.png.buffer, a.png.byteOffset, a.png.byteLength));
  });
  worker.on("error", failAll);
  worker.on("exit", (code) => failAll(new Error(`the share card worker stopped (exit code ${code})`)));
  return {
    draw(tree) {
      if (failed) return Promise.reject(failed);
      const id = next++;
      return new Promise<Buffer>((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, tree });
      });
    },
    async stop() {
      await worker.terminate();
    },
  };
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
  options: DrawOptions = {},
): Promise<RenderedCard[]> {
  const slots: Array<{ country: string; variant: CardVariant; key: string; png: Buffer | null; tree: CardNode }> = [];
  for (const s of snapshots) {
    const country = countryByCode(s.country);
    if (!country) continue;
    for (const variant of s.score !== null ? CARD_VARIANTS : (["published"] as const)) {
      const tree = cardTree(cardContent(country, s, variant), flagUri(country.code));
      const key = cardKey(tree);
      slots.push({ country: country.code, variant, key, png: previous.get(key) ?? null, tree });
    }
  }
  const toDraw = slots.filter((s) => s.png === null);
  stats.reused += slots.length - toDraw.length;
  stats.drawn += toDraw.length;

  // One queue, several drawers: this thread (satori here, resvg on libuv's pool, two cards in flight) and the
  // worker threads (two cards in flight each), each taking the next card when done with one, so a slow drawer
  // holds up nothing. A worker that fails gives its card back and stops; this thread draws what is left.
  const queue = [...toDraw];
  const workers = Array.from({ length: Math.min(options.workers ?? defaultWorkers(toDraw.length), toDraw.length) }, startDrawer);
  const drain = async (draw: (tree: CardNode) => Promise<Buffer>) => {
    for (let slot = queue.shift(); slot; slot = queue.shift()) {
      try {
        slot.png = await draw(slot.tree);
        if (options.byWorkers) options.byWorkers.drawn++;
      } catch {
        queue.push(slot);
        return;
      }
    }
  };
  const here = async () => {
    let drawing: Promise<void> = Promise.resolve();
    for (let slot = queue.shift(); slot; slot = queue.shift()) {
      const svg = await treeSvg(slot.tree);
      await drawing;
      const s = slot;
      drawing = drawPng(svg).then((png) => void (s.png = png));
    }
    await drawing;
  };
  try {
    await Promise.all([here(), ...workers.flatMap((w) => [drain(w.draw), drain(w.draw)])]);
    // Cards a failed worker gave back after this thread had finished its share.
    await here();
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
  }
  return slots.map(({ country, variant, key, png }) => ({ country, variant, key, png: png!, hash: createHash("sha1").update(png!).digest("base64url").slice(0, 16) }));
}
