import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "../i18n/catalog.server.ts";
import { timeTicks } from "./history-chart-svg.tsx";

const monthsFrom = (start: string, count: number) => {
  const [y, m] = start.split("-").map(Number);
  return Array.from({ length: count }, (_, i) => {
    const k = y * 12 + m - 1 + i;
    return `${Math.floor(k / 12)}-${String((k % 12) + 1).padStart(2, "0")}`;
  });
};

describe("history chart ticks", () => {
  it("puts 5 years on whole years, evenly spaced, on a wide chart", () => {
    const months = monthsFrom("2021-12", 60);
    const ticks = timeTicks(months, 794, 13);
    expect(ticks.map((t) => t.label)).toEqual(["2022", "2023", "2024", "2025", "2026"]);
    const gaps = ticks.slice(1).map((t, i) => t.index - ticks[i].index);
    expect(new Set(gaps)).toEqual(new Set([12]));
  });

  it("thins to every 2 or 5 years when the chart is narrow or the history long, still evenly", () => {
    const narrow = timeTicks(monthsFrom("2021-12", 60), 248, 14, 4);
    expect(narrow.map((t) => t.label)).toEqual(["2022", "2024", "2026"]);
    const all = timeTicks(monthsFrom("1990-01", 443), 248, 14, 4);
    const gaps = all.slice(1).map((t, i) => t.index - all[i].index);
    expect(new Set(gaps).size).toBe(1);
    expect(all[0].label).toMatch(/^(1990|2000)$/);
  });

  it("uses quarters for a short history and its first month when nothing else fits", () => {
    expect(timeTicks(monthsFrom("2025-11", 13), 794, 13).map((t) => t.label)).toEqual([
      "Q1 2026",
      "Q2 2026",
      "Q3 2026",
      "Q4 2026",
    ]);
    expect(timeTicks(["2026-11"], 794, 13)).toEqual([{ index: 0, label: "Nov 2026" }]);
  });
});

describe("history chart ticks in the page's language", () => {
  it("names quarters as the catalogue does and a lone month with Intl", () => {
    const fr = createIntl({ locale: "fr", messages: messagesFor("fr") });
    const labels = {
      quarter: (q: number, year: number) => fr.formatMessage({ id: "compare.quarter" }, { q, year: String(year) }),
      month: (p: string) =>
        new Intl.DateTimeFormat("fr", { month: "short", year: "numeric", timeZone: "UTC" }).format(
          Date.UTC(Number(p.slice(0, 4)), Number(p.slice(5, 7)) - 1, 1),
        ),
    };
    expect(timeTicks(monthsFrom("2025-11", 13), 794, 13, 8, labels).map((t) => t.label)).toEqual([
      "T1 2026",
      "T2 2026",
      "T3 2026",
      "T4 2026",
    ]);
    expect(timeTicks(["2026-11"], 794, 13, 8, labels)).toEqual([{ index: 0, label: "nov. 2026" }]);
    // English through the catalogue reads as before.
    const en = createIntl({ locale: "en", messages: messagesFor("en") });
    expect(en.formatMessage({ id: "compare.quarter" }, { q: 3, year: "2024" })).toBe("Q3 2024");
  });
});
