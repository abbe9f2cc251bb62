import { describe, expect, it } from "vitest";
import { LOCALES } from "../../../product/locales.ts";
import { decimalSignOf, QuickNumberFormat } from "./number-format.ts";

// The options FormatJS is handed on the site's pages (web/app/lib/intl-numbers.ts, format.ts) and some it is not.
const OPTIONS: Array<Intl.NumberFormatOptions | undefined> = [
  undefined,
  {},
  { minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { minimumFractionDigits: 2, maximumFractionDigits: 2 },
  { useGrouping: false, minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 1, maximumFractionDigits: 1, signDisplay: "exceptZero" },
  { maximumFractionDigits: 1 },
  { minimumFractionDigits: 1 },
  { style: "percent", minimumFractionDigits: 0, maximumFractionDigits: 0 },
  { style: "percent" },
  { style: "percent", minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { style: "percent", maximumFractionDigits: 2, signDisplay: "exceptZero" },
  { style: "decimal", minimumFractionDigits: 1, maximumFractionDigits: 1, useGrouping: true },
  { signDisplay: "exceptZero" },
  { signDisplay: "always", minimumFractionDigits: 1, maximumFractionDigits: 1 },
  { minimumFractionDigits: 1, maximumFractionDigits: 3 },
  { minimumFractionDigits: 4 },
  { maximumFractionDigits: 0 },
  { maximumSignificantDigits: 2 },
  { useGrouping: "min2", maximumFractionDigits: 2 },
  { style: "currency", currency: "EUR" },
];

const VALUES: number[] = [
  0,
  -0,
  1,
  2,
  5,
  12,
  99,
  100,
  999,
  1000,
  1234,
  12345.678,
  0.05,
  0.15,
  0.25,
  0.35,
  1.005,
  1.45,
  2.5,
  6.45,
  6.55,
  9.95,
  99.95,
  999.4,
  999.5,
  999.94,
  999.95,
  1e21,
  1e-7,
  -1,
  -2.5,
  -0.04,
  0.1 + 0.2,
  1 / 3,
  0.45,
  0.95,
  9.995,
  0.005,
  0.0005,
  123.456789,
  5e-7,
  1e-6,
  NaN,
  Infinity,
  -Infinity,
];

describe("the number formatter FormatJS builds", () => {
  it("writes what Intl.NumberFormat writes, in the six languages, for every option set and value", () => {
    let checked = 0;
    for (const locale of [...LOCALES, "en-GB", "pt-BR"]) {
      for (const options of OPTIONS) {
        const quick = new QuickNumberFormat(locale, options);
        const intl = new Intl.NumberFormat(locale, options);
        for (const value of VALUES) {
          expect(quick.format(value), `${locale} ${JSON.stringify(options)} ${value}`).toBe(intl.format(value));
          checked++;
        }
      }
    }
    expect(checked).toBe(8 * OPTIONS.length * VALUES.length);
  });

  it("agrees with Intl on 24,000 more figures of the shapes the site shows (up to four decimals, ties, signs)", () => {
    let seed = 20261203;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    for (const locale of LOCALES) {
      for (let i = 0; i < 4000; i++) {
        const places = Math.floor(next() * 5);
        // Figures as data carries them (12.35, 0.125, 999.95): a decimal of `places` digits, often a tie.
        const magnitude = Number((next() * 1100).toFixed(places));
        const decimals = Math.floor(next() * 4);
        const options: Intl.NumberFormatOptions = {
          minimumFractionDigits: decimals,
          maximumFractionDigits: decimals + Math.floor(next() * 2),
          signDisplay: next() < 0.5 ? "auto" : "exceptZero",
          ...(next() < 0.3 ? { style: "percent" } : {}),
        };
        const value = ((next() < 0.3 ? -1 : 1) * magnitude) / (options.style === "percent" ? 100 : 1);
        expect(
          new QuickNumberFormat(locale, options).format(value),
          `${locale} ${JSON.stringify(options)} ${value}`,
        ).toBe(new Intl.NumberFormat(locale, options).format(value));
      }
    }
  });

  it("builds no Intl.NumberFormat for the numbers it writes by itself", () => {
    const Real = Intl.NumberFormat;
    let built = 0;
    Intl.NumberFormat = function (...args: ConstructorParameters<typeof Intl.NumberFormat>) {
      built++;
      return new Real(...args);
    } as unknown as typeof Intl.NumberFormat;
    try {
      for (const locale of LOCALES) {
        expect(new QuickNumberFormat(locale).format(3)).toBe("3");
        expect(
          new QuickNumberFormat([locale], { minimumFractionDigits: 1, maximumFractionDigits: 1 }).format(6.45),
        ).toBe(locale === "en" ? "6.5" : "6,5");
      }
      expect(built).toBe(0);
      // And one, once, for a number it cannot write: a group separator.
      const de = new QuickNumberFormat("de");
      expect(de.format(1234)).toBe("1.234");
      expect(de.format(98765)).toBe("98.765");
      expect(built).toBe(1);
    } finally {
      Intl.NumberFormat = Real;
    }
  });

  it("knows the six languages' decimal signs as Intl writes them", () => {
    for (const locale of [...LOCALES, "pt-BR", "de-CH"]) {
      expect(decimalSignOf(locale), locale).toBe(
        new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value,
      );
    }
  });

  it("throws as Intl does on options Intl refuses, when it is built", () => {
    expect(() => new Intl.NumberFormat("en", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(
      RangeError,
    );
    expect(() => new QuickNumberFormat("en", { minimumFractionDigits: 3, maximumFractionDigits: 1 })).toThrow(
      RangeError,
    );
    expect(() => new QuickNumberFormat("en", { maximumFractionDigits: 101 })).toThrow(RangeError);
  });

  it("hands the rest of Intl.NumberFormat's interface to a real one", () => {
    const quick = new QuickNumberFormat("fr", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const intl = new Intl.NumberFormat("fr", { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    expect(quick.formatToParts(1234.5)).toEqual(intl.formatToParts(1234.5));
    expect(quick.resolvedOptions()).toEqual(intl.resolvedOptions());
    expect(quick.formatRange(1, 2)).toBe(intl.formatRange(1, 2));
    expect(quick.format(12345678901234567890n)).toBe(intl.format(12345678901234567890n));
    expect(quick.format("7.25" as unknown as number)).toBe(intl.format("7.25" as unknown as number));
  });
});
