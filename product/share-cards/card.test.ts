import { describe, expect, it } from "vitest";
import type { Snapshot } from "../../pipeline/model/types.ts";
import { STATUS_STYLE } from "../weather.ts";
import { cardContent, cardTree, type CardNode } from "./card.ts";

const snapshot = (over: Partial<Snapshot>): Snapshot =>
  ({
    country: "GR",
    as_of: "2026-11-22",
    anchor_month: "2026-10",
    score: 7.36,
    status: "bright",
    label: "Rather favorable",
    ...over,
  }) as Snapshot;
const GREECE = { code: "GR", name: "Greece" };

/** Every text of a tree, in order. */
function texts(node: CardNode | string): string[] {
  if (typeof node === "string") return [node];
  const c = node.props.children;
  if (c === undefined) return [];
  return (Array.isArray(c) ? c : [c]).flatMap(texts);
}
function styles(node: CardNode | string): Array<Record<string, string | number>> {
  if (typeof node === "string") return [];
  const c = node.props.children;
  return [node.props.style ?? {}, ...(c === undefined ? [] : (Array.isArray(c) ? c : [c]).flatMap(styles))];
}

describe("share card content", () => {
  it("a scored country: flag, name, score to one decimal, weather, label and the month it describes", () => {
    const tree = cardTree(cardContent(GREECE, snapshot({})), "data:image/svg+xml;base64,AA==");
    const t = texts(tree);
    expect(t).toEqual(
      expect.arrayContaining([
        "Greece",
        "Job market weather · data to October 2026",
        "7.4",
        "/ 10",
        "Bright Job Market",
        "Rather favorable",
        "Job Weather Index",
      ]),
    );
    expect(JSON.stringify(tree)).toContain('"src":"data:image/svg+xml;base64,AA=="');
    // The status colours come from the site's palette: the score block on the status colour with its ink.
    expect(styles(tree)).toContainEqual(
      expect.objectContaining({ background: STATUS_STYLE.bright.fill, color: STATUS_STYLE.bright.ink }),
    );
    expect(tree.props.style).toMatchObject({ background: STATUS_STYLE.bright.tint });
  });

  it("says how much evidence the score rests on next to its confidence, in the pages' words (docs/product.md §9)", () => {
    const u = {
      key: "U",
      value: 60,
      input: 4,
      period: "2026-06",
      age: 5,
      freshness: 0.9,
      weight: 0.2,
      effectiveWeight: 0.18,
    } as const;
    const s = snapshot({
      confidence: "medium",
      cover: 0.397,
      sub_scores: { U: u, V: null, C: null, M: { ...u, key: "M" }, S: null },
    });
    expect(texts(cardTree(cardContent(GREECE, s), "x"))).toContain("Medium confidence · 2 of 5 inputs, 40% cover");
    // The stale card shows no score, so no confidence either.
    expect(cardContent(GREECE, s, "stale").confidence).toBeNull();
  });

  it("a country without data (Liechtenstein) says so and shows no number", () => {
    const content = cardContent(
      { code: "LI", name: "Liechtenstein" },
      snapshot({ country: "LI", anchor_month: null, score: null, status: null, label: null }),
    );
    expect(content).toMatchObject({ score: null, status: null, noScore: { title: "No data to score" } });
    const t = texts(cardTree(content, "x"));
    expect(t).toContain("No official statistics for Liechtenstein in the sources we use.");
    expect(t.join(" ")).not.toMatch(/\d/);
  });

  it("the stale variant of a scored snapshot shows no number and names its latest data", () => {
    const content = cardContent(GREECE, snapshot({}), "stale");
    expect(content).toMatchObject({
      score: null,
      month: null,
      noScore: { title: "Not enough recent data", line: "Its latest data are too old to score." },
    });
    const t = texts(cardTree(content, "x"));
    expect(t).toContain("Job market weather");
    expect(t.join(" ")).not.toContain("7.4");
  });

  it("a published snapshot without a score is the no-score card in both variants", () => {
    const s = snapshot({ score: null, status: null, label: null });
    expect(cardContent(GREECE, s, "published")).toEqual(cardContent(GREECE, s, "stale"));
  });

  it("a card without a score names no month, so it stays the same picture from one month to the next", () => {
    const tree = (anchor: string) =>
      JSON.stringify(cardTree(cardContent(GREECE, snapshot({ anchor_month: anchor }), "stale"), "x"));
    expect(tree("2026-10")).toBe(tree("2026-11"));
    expect(JSON.stringify(cardTree(cardContent(GREECE, snapshot({ anchor_month: "2026-11" })), "x"))).toContain(
      "November 2026",
    );
  });
});
