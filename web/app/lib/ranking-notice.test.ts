import { describe, expect, it } from "vitest";
import { extremeNotice, statusCounts } from "./ranking-notice.ts";

describe("ranking notice", () => {
  const counts = (statuses: Array<"stormy" | "rainy" | "cloudy" | "bright" | "sunny" | null>) =>
    statusCounts(statuses.map((status) => ({ status })));

  it("says so when no country is stormy, naming rainy too when none is rainy either", () => {
    expect(extremeNotice("stormiest", counts(["rainy", "cloudy", null]), 10)).toBe(
      "No country is stormy right now: these are the 10 lowest scores.",
    );
    expect(extremeNotice("stormiest", counts(["cloudy", "bright"]), 2)).toBe(
      "No country is stormy or rainy right now: these are the 2 lowest scores.",
    );
    expect(extremeNotice("stormiest", counts(["stormy", "cloudy"]), 10)).toBeNull();
  });

  it("does the same for the brightest end when no country is sunny or bright", () => {
    expect(extremeNotice("brightest", counts(["bright", "cloudy"]), 10)).toBeNull();
    expect(extremeNotice("brightest", counts(["sunny"]), 10)).toBeNull();
    expect(extremeNotice("brightest", counts(["cloudy", "rainy"]), 1)).toBe(
      "No country is sunny or bright right now: this is the highest score.",
    );
    expect(extremeNotice("brightest", counts(["cloudy", "rainy"]), 10)).toBe(
      "No country is sunny or bright right now: these are the 10 highest scores.",
    );
  });
});
