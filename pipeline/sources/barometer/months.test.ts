import { describe, expect, it } from "vitest";
import { monthIndex, monthOf, monthOfDate, monthOfNumber, parseMonthLabel } from "./months.ts";

describe("parseMonthLabel", () => {
  it.each([
    ["2024-06", "2024-06"],
    ["2024-6", "2024-06"],
    ["2024/06", "2024-06"],
    ["2024.06", "2024-06"],
    ["2024M06", "2024-06"],
    ["2024m6", "2024-06"],
    ["2024-06-01", "2024-06"],
    ["2024-06-30", "2024-06"],
    ["2024-06-01T00:00:00.000Z", "2024-06"],
    ["2024-06-01 00:00:00", "2024-06"],
    ["06/2024", "2024-06"],
    ["6/2024", "2024-06"],
    ["06.2024", "2024-06"],
    ["06-2024", "2024-06"],
    ["01.06.2024", "2024-06"],
    ["Jun 2024", "2024-06"],
    ["June 2024", "2024-06"],
    ["JUNE 2024", "2024-06"],
    ["Jun. 2024", "2024-06"],
    ["Jun-24", "2024-06"],
    ["June, 2024", "2024-06"],
    ["2024 Jun", "2024-06"],
    ["Sept 2024", "2024-09"],
    ["juin 2024", "2024-06"],
    ["Juni 2024", "2024-06"],
    ["März 2025", "2025-03"],
    ["Dez 2025", "2025-12"],
    ["décembre 2025", "2025-12"],
    ["  Jan   2025 ", "2025-01"],
  ])("%j → %s", (label, expected) => {
    expect(parseMonthLabel(label)).toBe(expected);
  });

  it.each([
    "2024",
    "2024-13",
    "2024-00",
    "13/2024",
    "2024-Q2",
    "2024Q2",
    "Q2 2024",
    "01/06/2024", // US or European order: ambiguous, refused
    "Total",
    "Germany 2024",
    "100.5",
    "101,3",
    "1899-12",
    "2024-06-45",
    "",
  ])("%j is not a month", (label) => {
    expect(parseMonthLabel(label)).toBeNull();
  });
});

describe("months from cell values", () => {
  it("reads Dates with their UTC parts", () => {
    expect(monthOfDate(new Date(Date.UTC(2025, 0, 1)))).toBe("2025-01");
    expect(monthOfDate(new Date(Date.UTC(2025, 0, 31, 11, 0)))).toBe("2025-01");
    // local midnight of 2025-01-01 written from UTC+1 arrives as 2024-12-31 23:00 UTC
    expect(monthOfDate(new Date(Date.UTC(2024, 11, 31, 23, 0)))).toBe("2025-01");
    expect(monthOfDate(new Date(Number.NaN))).toBeNull();
  });

  it("reads Excel day serials and YYYYMM integers, never barometer values", () => {
    expect(monthOfNumber(45658)).toBe("2025-01"); // 2025-01-01
    expect(monthOfNumber(45688)).toBe("2025-01"); // 2025-01-31
    expect(monthOfNumber(45689)).toBe("2025-02");
    expect(monthOfNumber(45658.5)).toBe("2025-01");
    expect(monthOfNumber(202506)).toBe("2025-06");
    expect(monthOfNumber(202513)).toBeNull();
    expect(monthOfNumber(100.5)).toBeNull();
    expect(monthOfNumber(80)).toBeNull();
    expect(monthOfNumber(120)).toBeNull();
    expect(monthOfNumber(2025)).toBeNull();
  });

  it("dispatches on the value's type", () => {
    expect(monthOf(new Date(Date.UTC(2026, 9, 1)))).toBe("2026-10");
    expect(monthOf("2026M10")).toBe("2026-10");
    expect(monthOf(46296)).toBe("2026-10"); // 2026-10-01
    expect(monthOf(true)).toBeNull();
    expect(monthOf(null)).toBeNull();
  });

  it("orders months with monthIndex", () => {
    expect(monthIndex("2026-01") - monthIndex("2025-12")).toBe(1);
    expect(monthIndex("2026-10") - monthIndex("2025-01")).toBe(21);
  });
});
