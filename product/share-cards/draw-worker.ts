// A worker thread of render.ts renderShareCards: draws the element trees it is sent (satori, then resvg) and
// answers each with its PNG, moved rather than copied. Its fonts are read once, at its first card. Started from
// the sources through pipeline/ts-worker.mjs, or as share-card-worker.mjs beside the compiled CLI's chunks.
import { parentPort } from "node:worker_threads";
import type { CardNode } from "./card.ts";
import { drawTree, type DrawAnswer } from "./render.ts";

if (!parentPort) throw new Error("draw-worker.ts runs as a worker thread of product/share-cards/render.ts");
const port = parentPort;

port.on("message", async ({ id, tree }: { id: number; tree: CardNode }) => {
  try {
    const png = await drawTree(tree);
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
    const answer: DrawAnswer = { id, png: bytes };
    // A Buffer from resvg owns its memory: hand it over without a copy (a pooled one is copied).
    port.postMessage(answer, png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? [png.buffer as ArrayBuffer] : []);
  } catch (err) {
    const answer: DrawAnswer = { id, error: err instanceof Error ? err.message : String(err) };
    port.postMessage(answer);
  }
});
