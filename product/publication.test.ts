// The one display gate (product/publication.ts showsScore) and what lists derive from it: the API's `fresh` field
// and the withheld reason are its answer, never a second rule.
import { describe, expect, it } from "vitest";
import { countryByCode } from "../lib/countries.ts";
import type { Snapshot, SubScore } from "../pipeline/model/types.ts";
import { listItem, showsScore, withheldReason } from "./publication.ts";

const sub = (key: SubScore["key"], period: string): SubScore => ({
  key,
  value: 50,
  input: 1,
  period,
  age: 0,
  freshness: 1,
  weight: 0.2,
  effectiveWeight: 0.2,
});
const snapshot = (period: string): Snapshot =>
  ({
    country: "DE",
    score: 6.2,
    status: "cloudy",
    label: "Mixed/average",
    confidence: "high",
    basis: "blended",
    anchor_month: period,
    sub_scores: { U: sub("U", period), V: null, C: null, M: null, S: null },
    yoy: { delta: null, label: null },
  }) as unknown as Snapshot;

const NOW = new Date("2026-11-22T12:00:00Z");
const de = countryByCode("DE")!;

describe("showsScore", () => {
  it("shows a score while an input is within its cut-off, not once every one is past it", () => {
    expect(showsScore(snapshot("2026-09"), NOW)).toBe(true);
    expect(showsScore(snapshot("2020-01"), NOW)).toBe(false);
    expect(showsScore(undefined, NOW)).toBe(false);
  });

  it("shows no score while the operator paused publication, fresh or not", () => {
    expect(showsScore(snapshot("2026-09"), NOW, true)).toBe(false);
  });

  it("is what a list item's fresh field and withheld reason say", () => {
    const fresh = listItem(de, snapshot("2026-09"), NOW);
    expect([fresh.fresh, fresh.score, fresh.withheld_reason]).toEqual([true, 6.2, null]);
    const stale = listItem(de, snapshot("2020-01"), NOW);
    expect([stale.fresh, stale.score, stale.withheld_reason]).toEqual([false, null, "stale"]);
    const paused = listItem(de, snapshot("2026-09"), NOW, true);
    expect([paused.fresh, paused.score, paused.withheld_reason]).toEqual([false, null, "paused"]);
    expect(withheldReason(snapshot("2020-01"), NOW, false)).toBe("stale");
  });
});
