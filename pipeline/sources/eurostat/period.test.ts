import { describe, expect, it } from "vitest";
import { normalisePeriod } from "./period.ts";

describe("normalisePeriod", () => {
  it.each([
    ["2024-06", "2024-06", "M"],
    ["2024M06", "2024-06", "M"],
    ["2024-Q2", "2024-Q2", "Q"],
    ["2024Q2", "2024-Q2", "Q"],
  ])("%s → %s", (label, period, freq) => {
    expect(normalisePeriod(label)).toEqual({ period, freq });
  });

  it.each([
    "2024",
    "2024-13",
    "2024-00",
    "2024M6",
    "2024-Q5",
    "2024-S1",
    "2024-W01",
    "2024-06-01",
    " 2024-06",
    "2024-m06",
  ])("%s is not a month or a quarter", (label) => {
    expect(normalisePeriod(label)).toBeNull();
  });
});
