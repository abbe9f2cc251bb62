import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { pngSize } from "../../tests/helpers/png.ts";
import { cardContent } from "./card.ts";
import { cardSvg, renderCard, renderShareCards } from "./render.ts";

const snapshot = (country: string, score: number | null): Snapshot =>
  ({
    country,
    as_of: "2026-11-22",
    anchor_month: score === null ? null : "2026-10",
    score,
    status: score === null ? null : score >= 7 ? "bright" : "cloudy",
    label: null,
  }) as Snapshot;

describe("share card rendering", () => {
  it("draws a 1200 × 630 PNG; another country or another score draws another image", async () => {
    const gr = await renderCard(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)));
    expect(pngSize(gr)).toEqual({ width: 1200, height: 630 });
    expect(gr.length).toBeGreaterThan(10_000);
    const pt = await renderCard(cardContent({ code: "PT", name: "Portugal" }, snapshot("PT", 7.4)));
    expect(pt.equals(gr)).toBe(false);
    const gr2 = await renderCard(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 6.1)));
    expect(gr2.equals(gr)).toBe(false);
    // Same input, same bytes: a card only changes when what it says changes.
    expect((await renderCard(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)))).equals(gr)).toBe(true);
  });

  it("embeds the flag and draws every text as paths (the PNG needs no font)", async () => {
    const svg = await cardSvg(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)));
    expect(svg).toMatch(/<image[^>]+href="data:image\/svg\+xml;base64,/);
    expect(svg).not.toContain("<text");
  });

  it("renders the published card of every country and the stale one of each country with a score", async () => {
    const cards = await renderShareCards([snapshot("DE", 6.9), snapshot("LI", null), snapshot("XX", 5)]);
    expect(cards.map((c) => `${c.country}/${c.variant}`)).toEqual(["DE/published", "DE/stale", "LI/published"]);
    for (const c of cards) {
      expect(pngSize(c.png)).toEqual({ width: 1200, height: 630 });
      expect(c.hash).toMatch(/^[\w-]{16}$/);
    }
    expect(cards[0]!.png.equals(cards[1]!.png)).toBe(false);
    expect(cards[0]!.hash).not.toBe(cards[1]!.hash);
    expect(new Set(cards.map((c) => c.key)).size).toBe(3);
  });

  it("takes over a card whose key is already drawn, and draws only what changed", async () => {
    const first = await renderShareCards([snapshot("DE", 6.9), snapshot("LI", null)]);
    // A stand-in image under each key, to see which ones were taken over.
    const previous = new Map(first.map((c) => [c.key, Buffer.from(`kept ${c.country}/${c.variant}`)]));
    const stats = { drawn: 0, reused: 0 };
    const next = await renderShareCards([snapshot("DE", 7.2), snapshot("LI", null)], previous, stats);
    expect(stats).toEqual({ drawn: 1, reused: 2 });
    expect(next.map((c) => `${c.country}/${c.variant}`)).toEqual(["DE/published", "DE/stale", "LI/published"]);
    // DE's score changed: drawn again. Its stale card (no number) and Liechtenstein's did not: taken over.
    expect(pngSize(next[0]!.png)).toEqual({ width: 1200, height: 630 });
    expect(next[0]!.key).not.toBe(first[0]!.key);
    expect(next[1]!.png.toString()).toBe("kept DE/stale");
    expect(next[2]!.png.toString()).toBe("kept LI/published");
    expect(next[1]!.key).toBe(first[1]!.key);
  });

  it("draws the same pictures, in the same order, with worker threads as on this thread alone", async () => {
    const set = [snapshot("DE", 6.9), snapshot("FR", 3.1), snapshot("LI", null), snapshot("GR", 7.4), snapshot("PT", 5.5)];
    const alone = await renderShareCards(set, new Map(), undefined, { workers: 0 });
    const byWorkers = { drawn: 0 };
    const shared = await renderShareCards(set, new Map(), undefined, { workers: 2, byWorkers });
    expect(byWorkers.drawn).toBeGreaterThan(0);
    expect(shared.map((c) => `${c.country}/${c.variant}`)).toEqual(alone.map((c) => `${c.country}/${c.variant}`));
    expect(shared.map((c) => c.hash)).toEqual(alone.map((c) => c.hash));
    for (const c of shared) expect(pngSize(c.png)).toEqual({ width: 1200, height: 630 });
  });
});
