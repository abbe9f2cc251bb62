import { describe, expect, it } from "vitest";
import { InputError } from "../../lib/errors.ts";
import { ageInMonths, monthLabel, monthOfDate, periodEndMonth, periodKind } from "./period.ts";

describe("periods", () => {
  it("gives a month its own end month and a quarter its third month", () => {
    expect(periodEndMonth("2024-07")).toBe(2024 * 12 + 6);
    expect(periodEndMonth("2024-01")).toBe(2024 * 12);
    expect(periodEndMonth("2026-Q2")).toBe(2026 * 12 + 5);
    expect(periodEndMonth("2026-Q1")).toBe(periodEndMonth("2026-03"));
    expect(periodEndMonth("2026-Q4")).toBe(periodEndMonth("2026-12"));
  });

  it("tells months from quarters and rejects other spellings", () => {
    expect(periodKind("2024-07")).toBe("month");
    expect(periodKind("2024-Q3")).toBe("quarter");
    for (const bad of ["2024M07", "2024Q3", "2024-13", "2024-Q5", "24-07", "2024-7", ""]) {
      expect(periodKind(bad)).toBeNull();
      expect(() => periodEndMonth(bad)).toThrow(RangeError);
    }
  });

  it("computes ages as in the design doc", () => {
    // July data as of any day in November is 4 months old.
    for (const day of ["01", "15", "30"]) expect(ageInMonths("2025-07", `2025-11-${day}`)).toBe(4);
    // 2026-Q2 as of November is 5.
    expect(ageInMonths("2026-Q2", "2026-11-01")).toBe(5);
    expect(ageInMonths("2026-Q2", "2026-11-30")).toBe(5);
    // Across a year boundary, and with a month or a month index as the as-of.
    expect(ageInMonths("2025-11", "2026-02-10")).toBe(3);
    expect(ageInMonths("2025-Q4", "2026-01")).toBe(1);
    expect(ageInMonths("2025-06", periodEndMonth("2025-06"))).toBe(0);
  });

  it("reads as-of dates and rejects impossible ones with an InputError", () => {
    expect(monthOfDate("2025-11-30")).toBe(2025 * 12 + 10);
    expect(monthOfDate("2024-02-29")).toBe(2024 * 12 + 1);
    for (const bad of ["2025-02-29", "2025-04-31", "2025-13-01", "2025-11", "2025-11-1", "today"]) {
      expect(() => monthOfDate(bad)).toThrow(InputError);
    }
  });

  it("writes month indices back as YYYY-MM", () => {
    for (const p of ["1985-01", "2000-12", "2025-07", "2026-10"]) expect(monthLabel(periodEndMonth(p))).toBe(p);
  });
});
