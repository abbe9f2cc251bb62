import { describe, expect, it } from "vitest";
import { ageInMonths } from "../pipeline/model/period.ts";
import {
  ageText,
  dataToText,
  formatPeriod,
  formatScore,
  publishedText,
  relativeTime,
  retentionText,
} from "./format.ts";

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
    // The score card's data ages: the model's month count (ageInMonths) in words.
    expect(ageText(ageInMonths("2026-07", "2026-11-22"))).toBe("4 months old");
    expect(ageText(ageInMonths("2026-Q2", "2026-11-22"))).toBe("5 months old");
    expect(ageText(ageInMonths("2026-11", "2026-11-22"))).toBe("this month");
    expect(ageText(1)).toBe("1 month old");
    expect(ageText(0)).toBe("this month");
  });
  it("gives relative dates against the loader's clock", () => {
    const now = "2026-11-22T12:00:00.000Z";
    expect(relativeTime("2026-11-22T11:59:50.000Z", now)).toBe("just now");
    expect(relativeTime("2026-11-22T09:00:00.000Z", now)).toBe("3 hours ago");
    expect(relativeTime("2026-11-21T12:00:00.000Z", now)).toBe("yesterday");
    expect(relativeTime("2026-11-12T12:00:00.000Z", now)).toBe("10 days ago");
    expect(relativeTime("2026-11-23T12:00:00.000Z", now)).toBe("just now");
  });
});

describe("retentionText", () => {
  it("says whole years in months, anything else in days", () => {
    expect(retentionText(365)).toBe("12 months");
    expect(retentionText(730)).toBe("24 months");
    expect(retentionText(90)).toBe("90 days");
    expect(retentionText(1)).toBe("1 day");
  });
});
