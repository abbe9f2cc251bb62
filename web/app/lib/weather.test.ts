import { describe, expect, it } from "vitest";
import { MODEL_V2, statusOf } from "../../../pipeline/model/v2.ts";
import { STATUS_RANGES, STATUSES_BEST_FIRST, markerFraction, statusScaleSentence } from "./weather.ts";

describe("weather presentation", () => {
  it("derives every status range from the model's thresholds", () => {
    for (const s of STATUSES_BEST_FIRST) {
      const r = STATUS_RANGES[s];
      expect(statusOf(r.from)).toBe(s);
      if (r.to < MODEL_V2.scale.max) expect(statusOf(r.to - 1e-9)).toBe(s);
    }
    expect(statusScaleSentence()).toBe("stormy below 2, rainy below 4, cloudy below 7, bright below 9, sunny from 9");
  });
  it("puts the scale marker at (score - 1) / 9", () => {
    expect(markerFraction(1)).toBe(0);
    expect(markerFraction(10)).toBe(1);
    expect(markerFraction(5.5)).toBeCloseTo(0.5);
    expect(markerFraction(6.9)).toBeCloseTo(5.9 / 9);
  });
});
