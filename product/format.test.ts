import { describe, expect, it } from "vitest";
import { ageInMonths } from "../pipeline/model/period.ts";
import { dataToText, formatPeriod, formatScore, publishedText, relativeTimeParts } from "./format.ts";

describe("format", () => {
  it("names the two dates for what they are", () => {
    expect(dataToText("2026-07")).toBe("data to July 2026");
    expect(publishedText("2026-11-25T09:14:00.000Z")).toBe("published 25 November 2026");
  });

  it("shows scores to one decimal", () => {
    expect(formatScore(6.930994)).toBe("6.9");
    expect(formatScore(7)).toBe("7.0");
    // As the model rounds for status and label (half away from zero on the decimal value), not toFixed's binary:
    expect(formatScore(6.96)).toBe("7.0");
    expect(formatScore(1.95)).toBe("2.0"); // (1.95).toFixed(1) is "1.9"
    expect(formatScore(6.9499999999999)).toBe("7.0");
    expect(formatScore(6.949999)).toBe("6.9");
  });
  it("names months and quarters", () => {
    expect(formatPeriod("2026-07")).toBe("July 2026");
    expect(formatPeriod("2026-Q2")).toBe("Q2 2026");
  });
  it("counts data ages in months from the period's end month", () => {
    // The score card's data ages: the model's month count (ageInMonths), said from the catalogue.
    expect(ageInMonths("2026-07", "2026-11-22")).toBe(4);
    expect(ageInMonths("2026-Q2", "2026-11-22")).toBe(5);
    expect(ageInMonths("2026-11", "2026-11-22")).toBe(0);
  });
  it("gives relative dates against the loader's clock, for Intl.RelativeTimeFormat", () => {
    const now = "2026-11-22T12:00:00.000Z";
    expect(relativeTimeParts("2026-11-22T11:59:50.000Z", now)).toBeNull();
    expect(relativeTimeParts("2026-11-22T09:00:00.000Z", now)).toEqual({ value: -3, unit: "hour" });
    expect(relativeTimeParts("2026-11-21T12:00:00.000Z", now)).toEqual({ value: -1, unit: "day" });
    expect(relativeTimeParts("2026-11-12T12:00:00.000Z", now)).toEqual({ value: -10, unit: "day" });
    expect(relativeTimeParts("2026-11-23T12:00:00.000Z", now)).toBeNull();
  });
});
