import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { CURRENT_MODEL } from "../pipeline/model/index.ts";
import {
  MAP_STYLE,
  RATING_BANDS,
  STATUS_RANGES,
  STATUS_STYLE,
  STATUSES_BEST_FIRST,
  markerFraction,
} from "./weather.ts";
import { VISIONS, contrastRatio, perceivedDifference } from "./colour-vision.ts";

describe("weather presentation", () => {
  it("the rating key names, for every shown score, the model's label and a band holding its status", () => {
    const { statusOf, labelOf } = CURRENT_MODEL;
    // The pages say each band from the catalogue ("1–3.9 = very tough", rankings.band).
    expect(RATING_BANDS.map((b) => [b.from, b.to, b.label])).toEqual([
      [1, 3.9, "Very tough"],
      [4, 6.9, "Mixed/average"],
      [7, 8.9, "Rather favorable"],
      [9, 10, "Very favorable"],
    ]);
    expect(RATING_BANDS.map((b) => b.statuses)).toEqual([["stormy", "rainy"], ["cloudy"], ["bright"], ["sunny"]]);
    for (let tenths = 10; tenths <= 100; tenths++) {
      const score = tenths / 10;
      const band = RATING_BANDS.filter((b) => score >= b.from && score <= b.to);
      expect(band, String(score)).toHaveLength(1);
      expect(band[0]!.label).toBe(labelOf(score));
      expect(band[0]!.statuses).toContain(statusOf(score));
    }
  });

  it("derives every status range from the current model's thresholds, which apply to the score as shown", () => {
    const { statusOf, params } = CURRENT_MODEL;
    for (const s of STATUSES_BEST_FIRST) {
      const r = STATUS_RANGES[s];
      expect(statusOf(r.from)).toBe(s);
      if (r.to < params.scale.max) {
        expect(statusOf(r.to - 0.1)).toBe(s); // shown one tenth below the next band
        expect(statusOf(r.to - 0.05)).not.toBe(s); // shown as r.to: the next band (6.95 is shown 7.0)
      }
    }
    // The scale the home page says ("stormy below 2, … sunny from 9", home.scale.* in the catalogues), from the model.
    expect(STATUS_RANGES).toEqual({
      stormy: { from: 1, to: 2 },
      rainy: { from: 2, to: 4 },
      cloudy: { from: 4, to: 7 },
      bright: { from: 7, to: 9 },
      sunny: { from: 9, to: 10 },
    });
  });
  it("puts the scale marker at (score - 1) / 9", () => {
    expect(markerFraction(1)).toBe(0);
    expect(markerFraction(10)).toBe(1);
    expect(markerFraction(5.5)).toBeCloseTo(0.5);
    expect(markerFraction(6.9)).toBeCloseTo(5.9 / 9);
  });
});

describe("weather palette (map, legend, scale bar, rankings)", () => {
  const statuses = STATUSES_BEST_FIRST;
  /** CIEDE2000 below ~10 reads as "the same colour" at map scale; 15 is a clear step at a glance. */
  const MIN_DELTA_E = 15;

  for (const vision of VISIONS) {
    it(`keeps every status apart from the others and from "not covered" (${vision})`, () => {
      const named: Array<[string, string]> = [
        ...statuses.map((s): [string, string] => [s, STATUS_STYLE[s].fill]),
        ["not covered", MAP_STYLE.notCovered],
      ];
      const tooClose: string[] = [];
      for (let i = 0; i < named.length; i++) {
        for (let j = i + 1; j < named.length; j++) {
          const d = perceivedDifference(named[i][1], named[j][1], vision);
          if (d < MIN_DELTA_E) tooClose.push(`${named[i][0]}/${named[j][0]}: ΔE ${d.toFixed(1)}`);
        }
      }
      expect(tooClose).toEqual([]);
    });

    it(`keeps every status apart from the sea and the hatch's white (${vision})`, () => {
      for (const s of statuses) {
        expect(perceivedDifference(STATUS_STYLE[s].fill, MAP_STYLE.sea, vision), s).toBeGreaterThanOrEqual(MIN_DELTA_E);
        expect(perceivedDifference(STATUS_STYLE[s].fill, MAP_STYLE.noDataBase, vision), s).toBeGreaterThanOrEqual(
          MIN_DELTA_E,
        );
      }
    });
  }

  it("labels written on a status colour meet WCAG AA (4.5:1)", () => {
    for (const s of statuses)
      expect(contrastRatio(STATUS_STYLE[s].ink, STATUS_STYLE[s].fill), s).toBeGreaterThanOrEqual(4.5);
  });

  it("draws the 'no recent data' hatch and the not-covered coastline visibly (3:1 non-text contrast)", () => {
    expect(contrastRatio(MAP_STYLE.noDataStripe, MAP_STYLE.noDataBase)).toBeGreaterThanOrEqual(3);
    // Land outside the index is told from the sea by its outline.
    expect(perceivedDifference(MAP_STYLE.notCoveredStroke, MAP_STYLE.sea, "normal")).toBeGreaterThanOrEqual(10);
  });

  it("the palette this test guards is the one the site reads (no second copy in the stylesheet)", () => {
    const css = readFileSync(new URL("../web/app/app.css", import.meta.url), "utf8");
    for (const s of statuses) expect(css).not.toContain(`--color-${s}:`);
  });
});
