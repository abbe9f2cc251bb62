// Draws share cards off the server's event loop: one worker thread (draw-worker.ts: satori, then resvg, at the
// a lower CPU priority), started at the first card and kept, so its fonts are read once. One card at a time, so it
// never takes more than one core. One draw per key however many ask for it at once (they share its promise). Cards
// a request waits for go first; cards drawn ahead of any request ("background") only when no request's card waits
// (docs/decisions/008-share-cards.md, docs/decisions/017-page-weight.md).
import path from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CardContent } from "./card.ts";

/**
 * What draw-worker.ts answers: the PNG of the card it was sent, or why it could not draw it; its font reads so far
 * and whether it runs below normal CPU priority.
 */
export type DrawAnswer = ({ id: number; png: Uint8Array } | { id: number; error: string }) & {
  fontReads: number;
  lowPriority: boolean;
};

/** `request`: someone waits for the card. `background`: drawn ahead of any request, when the worker has nothing else to do. */
export type DrawPriority = "request" | "background";

export interface DrawerStats {
  /** Worker threads started: one, unless one stopped (a new one is started at the next card). */
  workerStarts: number;
  /** Cards drawn, by priority (a card asked for by several requests at once counts once). */
  drawn: Record<DrawPriority, number>;
  /** Draws that failed. */
  failed: number;
  /** Times the workers read the fonts: once per worker, however many cards it draws. */
  fontReads: number;
  /** Whether the worker runs below normal CPU priority (nice 10, Linux); null before its first card. */
  lowPriority: boolean | null;
}

interface Job {
  key: string;
  content: CardContent;
  priority: DrawPriority;
  sent: boolean;
  promise: Promise<Buffer>;
  resolve(png: Buffer): void;
  reject(err: Error): void;
}

/** The worker's file: the TypeScript source through tsx when this runs unbuilt, else the compiled file beside this chunk (bin/cli-build.mjs). */
function workerLocation(): { file: string; argv: string[] } {
  const here = new URL(import.meta.url);
  if (here.pathname.endsWith(".ts")) {
    return {
      file: fileURLToPath(new URL("../../bin/ts-worker.mjs", here)),
      argv: [new URL("./draw-worker.ts", here).href],
    };
  }
  const ext = path.extname(here.pathname) || ".mjs";
  return { file: fileURLToPath(new URL(`./share-card-worker${ext}`, here)), argv: [] };
}

/** One worker thread drawing cards; `failed` is set once it stopped (every card it held is refused). */
class DrawWorker {
  private readonly worker: Worker;
  private readonly waiting = new Map<number, { resolve(png: Buffer): void; reject(err: Error): void }>();
  private next = 0;
  failed: Error | null = null;
  fontReads = 0;
  lowPriority: boolean | null = null;

  constructor(private readonly onStop: () => void) {
    const { file, argv } = workerLocation();
    this.worker = new Worker(file, { argv });
    // Idle, it keeps no process alive; while it draws, the process waits for it (see draw).
    this.worker.unref();
    this.worker.on("message", (a: DrawAnswer) => {
      this.fontReads = Math.max(this.fontReads, a.fontReads);
      this.lowPriority = a.lowPriority;
      const w = this.waiting.get(a.id);
      if (!w) return;
      this.waiting.delete(a.id);
      if (this.waiting.size === 0) this.worker.unref();
      if ("error" in a) w.reject(new Error(a.error));
      else w.resolve(Buffer.from(a.png.buffer, a.png.byteOffset, a.png.byteLength));
    });
    this.worker.on("error", (err) => this.fail(err));
    this.worker.on("exit", (code) => this.fail(new Error(`the share card worker stopped (exit code ${code})`)));
  }

  private fail(err: Error): void {
    if (!this.failed) {
      this.failed = err;
      this.onStop();
    }
    for (const w of this.waiting.values()) w.reject(this.failed);
    this.waiting.clear();
  }

  draw(content: CardContent): Promise<Buffer> {
    if (this.failed) return Promise.reject(this.failed);
    const id = this.next++;
    return new Promise<Buffer>((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.worker.ref();
      this.worker.postMessage({ id, content });
    });
  }

  async stop(): Promise<void> {
    await this.worker.terminate();
  }
}

export class CardDrawer {
  /** Cards waiting or being drawn, by key: a second ask for a key gets the first one's promise. */
  private readonly jobs = new Map<string, Job>();
  /** Waiting cards, request ones ahead of background ones. */
  private readonly queue: Job[] = [];
  private inFlight = 0;
  private worker: DrawWorker | null = null;
  private closed = false;
  /** Font reads of workers that stopped. */
  private stoppedFontReads = 0;
  private readonly counts = { workerStarts: 0, drawn: { request: 0, background: 0 }, failed: 0 };
  private lowPriority: boolean | null = null;

  /** The PNG of the card `content`, whose key is `key` (key.ts cardKey): drawn once however many ask at once. */
  draw(key: string, content: CardContent, priority: DrawPriority = "request"): Promise<Buffer> {
    if (this.closed) return Promise.reject(new Error("the share card drawer is closed"));
    const pending = this.jobs.get(key);
    if (pending) {
      // A request for a card waiting in the background queue moves it ahead.
      if (priority === "request" && pending.priority === "background" && !pending.sent) {
        this.queue.splice(this.queue.indexOf(pending), 1);
        pending.priority = "request";
        this.enqueue(pending);
        this.pump();
      }
      return pending.promise;
    }
    let resolve!: (png: Buffer) => void;
    let reject!: (err: Error) => void;
    const promise = new Promise<Buffer>((res, rej) => ((resolve = res), (reject = rej)));
    const job: Job = { key, content, priority, sent: false, promise, resolve, reject };
    this.jobs.set(key, job);
    this.enqueue(job);
    this.pump();
    return promise;
  }

  /** Whether nothing is being drawn or waits to be. */
  get idle(): boolean {
    return this.inFlight === 0 && this.queue.length === 0;
  }

  get stats(): DrawerStats {
    return {
      ...this.counts,
      drawn: { ...this.counts.drawn },
      fontReads: this.stoppedFontReads + (this.worker?.fontReads ?? 0),
      lowPriority: this.worker?.lowPriority ?? this.lowPriority,
    };
  }

  /** Stops the worker; cards still waiting are refused. */
  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.queue.splice(0)) {
      this.jobs.delete(job.key);
      job.reject(new Error("the share card drawer is closed"));
    }
    const worker = this.worker;
    this.worker = null;
    await worker?.stop();
  }

  private enqueue(job: Job): void {
    if (job.priority === "background") return void this.queue.push(job);
    const firstBackground = this.queue.findIndex((j) => j.priority === "background");
    this.queue.splice(firstBackground === -1 ? this.queue.length : firstBackground, 0, job);
  }

  /** Sends the next card when the worker is free: one card at a time, request ones first (the queue's order). */
  private pump(): void {
    if (this.inFlight > 0) return;
    const next = this.queue.shift();
    if (next) this.send(next);
  }

  private workerNow(): DrawWorker {
    if (this.worker && !this.worker.failed) return this.worker;
    const worker: DrawWorker = new DrawWorker(() => {
      // A worker that stopped is forgotten; the next card starts another one.
      this.stoppedFontReads += worker.fontReads;
      this.lowPriority = worker.lowPriority;
      if (this.worker === worker) this.worker = null;
    });
    this.counts.workerStarts++;
    this.worker = worker;
    return worker;
  }

  private send(job: Job): void {
    job.sent = true;
    this.inFlight++;
    let drawing: Promise<Buffer>;
    try {
      drawing = this.workerNow().draw(job.content);
    } catch (err) {
      drawing = Promise.reject(err instanceof Error ? err : new Error(String(err)));
    }
    drawing
      .then(
        (png) => {
          this.counts.drawn[job.priority]++;
          job.resolve(png);
        },
        (err: Error) => {
          this.counts.failed++;
          job.reject(err);
        },
      )
      .finally(() => {
        this.inFlight--;
        this.jobs.delete(job.key);
        this.pump();
      });
  }
}
