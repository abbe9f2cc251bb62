import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { pngSize } from "../../tests/helpers/png.ts";
import { cardContent } from "./card.ts";
import { cardKey, keyShareCards } from "./key.ts";
import { cardSvg, renderCard } from "./render.ts";

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
    // Same input, same bytes: a card only changes when what it says changes (what lets a key name its picture).
    expect((await renderCard(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)))).equals(gr)).toBe(true);
  });

  it("embeds the flag and draws every text as paths (the PNG needs no font)", async () => {
    const svg = await cardSvg(cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)));
    expect(svg).toMatch(/<image[^>]+href="data:image\/svg\+xml;base64,/);
    expect(svg).not.toContain("<text");
  });

  it("refuses a card whose country has no flag (what a broken card looks like to the server)", async () => {
    await expect(
      renderCard({ ...cardContent({ code: "GR", name: "Greece" }, snapshot("GR", 7.4)), code: "ZZ" }),
    ).rejects.toThrow(/ZZ\.svg/);
  });
});

describe("share card keys", () => {
  it("keys the published card of every country and the stale one of each country with a score, drawing nothing", () => {
    const cards = keyShareCards([snapshot("DE", 6.9), snapshot("LI", null), snapshot("XX", 5)]);
    expect(cards.map((c) => `${c.country}/${c.variant}`)).toEqual(["DE/published", "DE/stale", "LI/published"]);
    for (const c of cards) expect(c.key).toMatch(/^[\w-]{27}$/);
    expect(new Set(cards.map((c) => c.key)).size).toBe(3);
    expect(cards[0]!.content).toMatchObject({ code: "DE", name: "Germany", score: 6.9, status: "cloudy" });
    expect(cards[1]!.content).toMatchObject({ code: "DE", score: null, noScore: { title: expect.any(String) } });
  });

  it("a key changes with what the card says, and only then", () => {
    const [de, deStale] = keyShareCards([snapshot("DE", 6.9)]);
    const [de2, deStale2] = keyShareCards([snapshot("DE", 7.2)]);
    expect(de2!.key).not.toBe(de!.key);
    // The stale card names no score and no month: the same picture, the same key.
    expect(deStale2!.key).toBe(deStale!.key);
    expect(cardKey(de!.content)).toBe(de!.key);
    // Nothing in the key but what the card says: another snapshot date with the same texts keys the same.
    expect(keyShareCards([{ ...snapshot("DE", 6.9), as_of: "2026-11-23" }])[0]!.key).toBe(de!.key);
  });
});
