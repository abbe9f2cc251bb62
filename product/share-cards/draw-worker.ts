// The worker thread of drawer.ts: draws the cards it is sent (satori, then resvg: render.ts) and answers each with
// its PNG, moved rather than copied. Its fonts are read once, at its first card; every answer says how many times
// they were read (key.ts fontReadCount), so the server and the bench can show it. Started from the sources through
// pipeline/ts-worker.mjs, or as share-card-worker.mjs beside the compiled CLI's chunks (bin/cli-build.mjs).
import { parentPort } from "node:worker_threads";
import type { CardContent } from "./card.ts";
import type { DrawAnswer } from "./drawer.ts";
import { fontReadCount } from "./key.ts";
import { renderCard } from "./render.ts";

if (!parentPort) throw new Error("draw-worker.ts runs as a worker thread of product/share-cards/drawer.ts");
const port = parentPort;

port.on("message", async ({ id, content }: { id: number; content: CardContent }) => {
  try {
    const png = await renderCard(content);
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
    const answer: DrawAnswer = { id, png: bytes, fontReads: fontReadCount() };
    // A Buffer from resvg owns its memory: hand it over without a copy (a pooled one is copied).
    port.postMessage(answer, png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? [png.buffer as ArrayBuffer] : []);
  } catch (err) {
    const answer: DrawAnswer = { id, error: err instanceof Error ? err.message : String(err), fontReads: fontReadCount() };
    port.postMessage(answer);
  }
});
