// The server's card drawer: a real worker thread drawing real cards (satori, resvg).
import os from "node:os";
import { afterEach, describe, expect, it } from "vitest";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { pngSize } from "../../tests/helpers/png.ts";
import { CardDrawer } from "./drawer.ts";
import { keyShareCards, type KeyedCard } from "./key.ts";
import { renderCard } from "./render.ts";

const snapshot = (country: string, score: number): Snapshot =>
  ({ country, as_of: "2026-11-22", anchor_month: "2026-10", score, status: "cloudy", label: null }) as Snapshot;
const cards = keyShareCards(["DE", "FR", "GR", "PT", "AT", "BE"].map((c, i) => snapshot(c, 3 + i))).filter(
  (c) => c.variant === "published",
);
const card = (code: string): KeyedCard => cards.find((c) => c.country === code)!;

/** This process's CPU priority as the tests found it: the worker's own must not change it. */
const priority = os.getPriority();
let drawer: CardDrawer;
afterEach(async () => {
  await drawer?.close();
});

describe("CardDrawer", () => {
  it("draws in one low-priority worker thread, the same bytes as in this thread, once per key however many ask at once; fonts read once", async () => {
    drawer = new CardDrawer();
    const de = card("DE");
    const asks = await Promise.all(Array.from({ length: 6 }, () => drawer.draw(de.key, de.content)));
    expect(pngSize(asks[0]!)).toEqual({ width: 1200, height: 630 });
    for (const png of asks) expect(png.equals(asks[0]!)).toBe(true);
    expect(asks[0]!.equals(await renderCard(de.content))).toBe(true);
    expect(drawer.stats).toMatchObject({ workerStarts: 1, drawn: { request: 1, background: 0 }, failed: 0 });
    await Promise.all(["FR", "GR"].map((c) => drawer.draw(card(c).key, card(c).content)));
    expect(drawer.stats).toMatchObject({ workerStarts: 1, drawn: { request: 3, background: 0 }, fontReads: 1 });
    // The worker thread runs at nice 10 (Linux), this thread as before: pages and jobs go first on a busy machine.
    expect(drawer.stats.lowPriority).toBe(process.platform === "linux");
    expect(os.getPriority()).toBe(priority);
    expect(drawer.idle).toBe(true);
  });

  it("draws one card at a time, a request's ahead of background cards", async () => {
    drawer = new CardDrawer();
    const done: string[] = [];
    const track = (code: string, p: Promise<Buffer>) => p.then(() => void done.push(code));
    const background = ["FR", "GR", "PT", "AT"].map((c) =>
      track(c, drawer.draw(card(c).key, card(c).content, "background")),
    );
    expect(drawer.idle).toBe(false);
    const request = track("DE", drawer.draw(card("DE").key, card("DE").content));
    // A request for a card waiting in the background queue moves it ahead too.
    const promoted = drawer.draw(card("AT").key, card("AT").content);
    await Promise.all([...background, request, promoted]);
    // FR was already in the worker; DE and AT (asked for by requests) go next, the other background ones after.
    expect(done).toEqual(["FR", "DE", "AT", "GR", "PT"]);
    expect(drawer.stats).toMatchObject({ drawn: { request: 2, background: 3 } });
  });

  it("refuses a card that cannot be drawn, keeps drawing the others, and tries it again when asked again", async () => {
    drawer = new CardDrawer();
    const broken = { ...card("DE"), content: { ...card("DE").content, code: "ZZ" } };
    await expect(drawer.draw(broken.key, broken.content)).rejects.toThrow(/ZZ\.svg/);
    expect(pngSize(await drawer.draw(card("FR").key, card("FR").content))).toEqual({ width: 1200, height: 630 });
    await expect(drawer.draw(broken.key, broken.content)).rejects.toThrow(/ZZ\.svg/);
    expect(drawer.stats).toMatchObject({ workerStarts: 1, failed: 2, drawn: { request: 1 } });
  });

  it("refuses what waits when closed", async () => {
    drawer = new CardDrawer();
    const first = drawer.draw(card("DE").key, card("DE").content, "background");
    const waiting = drawer.draw(card("FR").key, card("FR").content, "background");
    const closing = drawer.close();
    await expect(waiting).rejects.toThrow(/closed/);
    await closing;
    await first.catch(() => {});
    await expect(drawer.draw(card("GR").key, card("GR").content)).rejects.toThrow(/closed/);
  });
});
