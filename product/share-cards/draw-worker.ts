// The worker thread of drawer.ts: draws the cards it is sent (satori, then resvg: render.ts) and answers each with
// its PNG, moved rather than copied. Its fonts are read once, at its first card; every answer says how many times
// they were read (key.ts fontReadCount), so the server and the bench can show it. The thread runs below normal CPU
// priority (nice 10, this thread only): on a busy machine the pages, the API and the jobs go first (about ten to
// one), and a card still gets drawn. Started from the sources through bin/ts-worker.mjs, or as share-card-worker.mjs
// beside the compiled CLI's chunks (bin/cli-build.mjs).
import { readlinkSync } from "node:fs";
import os from "node:os";
import { parentPort } from "node:worker_threads";
import type { CardContent } from "./card.ts";
import type { DrawAnswer } from "./drawer.ts";
import { fontReadCount } from "./key.ts";
import { renderCard } from "./render.ts";

if (!parentPort) throw new Error("draw-worker.ts runs as a worker thread of product/share-cards/drawer.ts");
const port = parentPort;

/** Lowers this thread's CPU priority (Linux: a thread is named by its id in /proc/thread-self); false where it cannot. */
function lowerPriority(): boolean {
  try {
    const tid = Number(readlinkSync("/proc/thread-self").split("/").pop());
    if (!Number.isInteger(tid) || tid <= 0) return false;
    os.setPriority(tid, os.constants.priority.PRIORITY_BELOW_NORMAL);
    return os.getPriority(tid) === os.constants.priority.PRIORITY_BELOW_NORMAL;
  } catch {
    return false;
  }
}
const lowPriority = lowerPriority();

port.on("message", async ({ id, content }: { id: number; content: CardContent }) => {
  try {
    const png = await renderCard(content);
    const bytes = new Uint8Array(png.buffer, png.byteOffset, png.byteLength);
    const answer: DrawAnswer = { id, png: bytes, fontReads: fontReadCount(), lowPriority };
    // A Buffer from resvg owns its memory: hand it over without a copy (a pooled one is copied).
    port.postMessage(
      answer,
      png.byteOffset === 0 && png.byteLength === png.buffer.byteLength ? [png.buffer as ArrayBuffer] : [],
    );
  } catch (err) {
    const answer: DrawAnswer = {
      id,
      error: err instanceof Error ? err.message : String(err),
      fontReads: fontReadCount(),
      lowPriority,
    };
    port.postMessage(answer);
  }
});
