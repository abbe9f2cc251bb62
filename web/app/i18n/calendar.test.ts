import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../product/locales.ts";
import { dayMonthYearIn, knowMonthNames, monthAfterPrepositionIn, monthNamesIn, monthYearIn } from "./calendar.ts";

const YEARS = [1999, 2000, 2015, 2026, 2031];
const DAYS = [1, 2, 9, 10, 15, 28, 31];

describe("month names from the table the server sends", () => {
  it("write what Intl.DateTimeFormat writes, in the six languages, every month, year and day", () => {
    let checked = 0;
    for (const locale of LOCALES) {
      // Before the table is known, Intl answers; after, the table: both must agree with Intl itself.
      const intlLong = new Intl.DateTimeFormat(locale, { month: "long", year: "numeric", timeZone: "UTC" });
      const intlShort = new Intl.DateTimeFormat(locale, { month: "short", year: "numeric", timeZone: "UTC" });
      const intlDay = new Intl.DateTimeFormat(locale, {
        day: "numeric",
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      for (const stage of ["intl", "table"]) {
        if (stage === "table") knowMonthNames(locale, structuredClone(monthNamesIn(locale)));
        for (const year of YEARS) {
          for (let month = 1; month <= 12; month++) {
            const at = (day: number) => Date.UTC(year, month - 1, day);
            expect(monthYearIn(locale, year, month), `${locale} ${year}-${month}`).toBe(intlLong.format(at(1)));
            expect(monthYearIn(locale, year, month, "short")).toBe(intlShort.format(at(1)));
            for (const day of DAYS) {
              if (new Date(at(day)).getUTCMonth() !== month - 1) continue;
              expect(dayMonthYearIn(locale, year, month, day), `${locale} ${year}-${month}-${day}`).toBe(
                intlDay.format(at(day)),
              );
              checked++;
            }
            // After a preposition: the day's form from the month on.
            const parts = intlDay.formatToParts(at(15));
            const from = parts.findIndex((p) => p.type === "month");
            expect(monthAfterPrepositionIn(locale, year, month)).toBe(
              parts
                .slice(from)
                .map((p) => p.value)
                .join(""),
            );
          }
        }
      }
    }
    expect(checked).toBeGreaterThan(6 * 2 * 5 * 12 * 6);
  });

  it("reads Polish months after a preposition in the genitive", () => {
    expect(monthYearIn("pl", 2026, 3)).toBe("marzec 2026");
    expect(monthAfterPrepositionIn("pl", 2026, 3)).toBe("marca 2026");
  });
});
