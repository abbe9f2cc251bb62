// The pictures of the share cards, drawn by the server (docs/decisions/008-share-cards.md). A publication names its
// cards by key (what each says, hashed with the renderer) and draws none. The first request for a card whose key has
// no picture yet draws it off the event loop (product/share-cards/drawer.ts: one worker thread, fonts read once, one
// draw per key however many ask at once), stores it under its key in one short write and answers it; later
// requests, and later publications naming the same key, get the stored bytes. A key names its picture, so a
// picture stored for one publication is right for any other that names the key, and never for one that does not.
// When idle (no card to draw for a request, no visitor's request for a second), the server also draws ahead the
// cards nobody has asked for yet (startDrawingAhead), one at a time.
import type { Logger } from "../lib/logger.ts";
import type { ServingDb } from "../pipeline/serving-db.ts";
import type { CardContent } from "../product/share-cards/card.ts";
import { CardDrawer, type DrawerStats, type DrawPriority } from "../product/share-cards/drawer.ts";
import { PublishedStore } from "./db/published.ts";

export interface DrawAheadOptions {
  /** How often to look for cards without a picture (ms; each look is one small query). */
  intervalMs?: number;
  /** The pause after each card drawn ahead (ms): the cores go back to the pages between two cards. */
  gapMs?: number;
  /** Whether the server is quiet enough to draw a card ahead (server/start.ts: no visitor's request for a second); always, unset. */
  quiet?: () => boolean;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class ShareCardImages {
  private readonly published: PublishedStore;
  private readonly storeStmt;
  private readonly stillToDrawStmt;
  /** Draw and store, by key: a second ask for a key while it is drawn gets the first one's promise. */
  private readonly pending = new Map<string, Promise<Buffer>>();
  /** Keys that failed to draw ahead: left to requests (which retry), not retried in the background. */
  private readonly failedAhead = new Set<string>();
  private ahead: { stop(): Promise<void> } | null = null;

  constructor(
    db: ServingDb,
    private readonly logger: Logger,
    private readonly drawer = new CardDrawer(),
  ) {
    this.published = new PublishedStore(db);
    // Stored only while a publication (current or pending) names the key: a card drawn for a publication that a
    // newer one replaced meanwhile is answered, not kept (each publish deletes the pictures of unnamed keys).
    this.storeStmt = db.prepare(
      `INSERT OR IGNORE INTO share_card_images (card_key, png, drawn_at)
         SELECT ?, ?, ? WHERE EXISTS (SELECT 1 FROM share_cards WHERE card_key = ?) OR EXISTS (SELECT 1 FROM pending_share_cards WHERE card_key = ?)`,
    );
    this.stillToDrawStmt = db
      .prepare(
        `SELECT 1 FROM share_cards WHERE card_key = ? AND NOT EXISTS (SELECT 1 FROM share_card_images WHERE card_key = ?) LIMIT 1`,
      )
      .pluck();
  }

  /** The picture of the card `content`, whose key `key` has none stored: drawn (once, however many ask), stored, returned. */
  draw(key: string, content: CardContent, priority: DrawPriority = "request"): Promise<Buffer> {
    const pending = this.pending.get(key);
    if (pending) {
      // Someone waits for a card being drawn ahead: it goes before the other background cards.
      if (priority === "request") void this.drawer.draw(key, content, "request").catch(() => {});
      return pending;
    }
    const drawing = this.drawer
      .draw(key, content, priority)
      .then((png) => {
        try {
          this.storeStmt.run(key, png, new Date().toISOString(), key, key);
        } catch (err) {
          // Answered all the same; the next request draws it again.
          this.logger.error({ err, key }, "share card drawn but not stored");
        }
        return png;
      })
      .finally(() => this.pending.delete(key));
    this.pending.set(key, drawing);
    return drawing;
  }

  /**
   * Draws ahead, while the server has nothing else to draw and is `quiet`, the cards of the current publication that have no
   * picture yet, so that a social network's crawler rarely waits: one card at a time, in the same worker, after
   * every request's card, with a pause after each (`gapMs`). Looks every `intervalMs` (a publication from a job or
   * a terminal is noticed then). A card that fails is logged and left to requests.
   */
  startDrawingAhead({ intervalMs = 1000, gapMs = 50, quiet = () => true }: DrawAheadOptions = {}): void {
    if (this.ahead) return;
    let stopped = false;
    let running: Promise<void> | null = null;
    const pass = async () => {
      // The list is read once per round; before each card one row says whether it still needs drawing (a request
      // may have drawn it, a publication may have replaced it).
      for (;;) {
        let round: Array<{ key: string; content: CardContent }>;
        try {
          round = this.published.cardsToDraw().filter((c) => !this.failedAhead.has(c.key));
        } catch (err) {
          this.logger.error({ err }, "share cards to draw ahead not readable");
          return;
        }
        if (round.length === 0) return;
        for (const next of round) {
          while (!stopped && !(this.drawer.idle && quiet())) await sleep(gapMs);
          if (stopped) return;
          if (this.stillToDrawStmt.get(next.key, next.key) === undefined) continue;
          try {
            await this.draw(next.key, next.content, "background");
            // Drawn but not stored (the write failed, logged by draw): left to requests rather than drawn again.
            if (this.stillToDrawStmt.get(next.key, next.key) !== undefined) this.failedAhead.add(next.key);
          } catch (err) {
            if (stopped) return;
            this.failedAhead.add(next.key);
            this.logger.error(
              { err, key: next.key, country: next.content.code },
              "share card not drawn ahead: it is drawn at its first request",
            );
          }
          await sleep(gapMs);
        }
      }
    };
    const look = () => {
      running ??= pass().finally(() => (running = null));
    };
    const timer = setInterval(look, intervalMs);
    timer.unref();
    look();
    this.ahead = {
      async stop() {
        stopped = true;
        clearInterval(timer);
        await running;
      },
    };
  }

  /** What the drawer did so far (worker starts, cards drawn by priority, font reads): for tests and the bench. */
  get stats(): DrawerStats {
    return this.drawer.stats;
  }

  /** Stops drawing ahead and the worker thread. */
  async close(): Promise<void> {
    await this.ahead?.stop();
    this.ahead = null;
    await this.drawer.close();
  }
}
