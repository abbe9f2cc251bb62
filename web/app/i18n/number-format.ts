// The number formatter FormatJS builds (`intl.formatNumber`, a plural's `#`, a `{n, number}` argument), made cheap for
// the numbers the site shows most. The first `new Intl.NumberFormat` of a page makes the browser load ICU's number
// data: 20 to 40 ms on a quiet desktop Chromium, four times that on the phone Lighthouse simulates, all of it inside
// the task that hydrates the page (docs/decisions/017-page-weight.md, "ICU on first use").
//
// So this stand-in writes, by itself, what Intl would write identically in the site's six languages: a number under
// 1,000 either side of zero (no group separator), as a decimal or a percentage, with Intl's fraction digits and sign
// (default or "exceptZero") and the language's decimal sign. Anything else (grouping, currencies, significant digits,
// other languages) goes to a real Intl.NumberFormat, built on first need. web/scripts/formatjs-plugin.ts puts it in place of the constructor FormatJS
// calls, in the browser's bundle and the server's alike, so both render the same digits.
// tests: number-format.test.ts compares it with Intl.NumberFormat over the six languages.
import { isLocale } from "../../../product/locales.ts";

/** The decimal sign of each of the site's languages (CLDR's, as every Intl writes it). */
const DECIMAL_SIGN: Record<string, string> = { en: ".", de: ",", fr: ",", es: ",", it: ",", pl: "," };
/** What follows a percentage in each of them: "45%", "45 %" (a no-break space before the sign). */
const PERCENT_SUFFIX: Record<string, string> = {
  en: "%",
  de: "\u00a0%",
  fr: "\u00a0%",
  es: "\u00a0%",
  it: "%",
  pl: "%",
};
/** What the stand-in writes by itself: decimals between a minimum and a maximum, and how the sign shows. */
interface Plain {
  min: number;
  max: number;
  sign: "auto" | "exceptZero";
  percent: boolean;
}

const GROUPINGS = new Set<unknown>([true, false, "auto", "always", "min2"]);
const digits = (x: unknown) => typeof x === "number" && Number.isInteger(x) && x >= 0 && x <= 100;

/**
 * The options as the stand-in reads them, or null when it must ask Intl: a decimal or percent style with fraction
 * digits (Intl's defaults: at least 0, at most 3 for decimals and 0 for percentages, the maximum raised to a larger
 * minimum) and the sign shown as Intl does by default or except on zero. Grouping is moot under 1,000.
 */
function plainOptions(options: Intl.NumberFormatOptions | undefined): Plain | null {
  let min: unknown;
  let max: unknown;
  let sign: Plain["sign"] = "auto";
  let percent = false;
  for (const [key, value] of Object.entries(options ?? {})) {
    if (value === undefined || (key === "useGrouping" && GROUPINGS.has(value))) continue;
    if (key === "style" && (value === "decimal" || value === "percent")) percent = value === "percent";
    else if (key === "minimumFractionDigits" && digits(value)) min = value;
    else if (key === "maximumFractionDigits" && digits(value)) max = value;
    else if (key === "signDisplay" && (value === "auto" || value === "exceptZero")) sign = value;
    else return null;
  }
  const low = (min as number | undefined) ?? 0;
  const high = (max as number | undefined) ?? Math.max(low, percent ? 0 : 3);
  // A minimum over the maximum is Intl's RangeError: the real formatter, built at once, throws it.
  return low <= high ? { min: low, max: high, sign, percent } : null;
}

const decimalSigns = new Map<string, string>();

/** A language's decimal sign: known for the site's six, asked of Intl (once) for any other. */
export function decimalSignOf(locale: string): string {
  if (isLocale(locale)) return DECIMAL_SIGN[locale]!;
  let sign = decimalSigns.get(locale);
  if (sign === undefined) {
    sign = new Intl.NumberFormat(locale).formatToParts(1.5).find((p) => p.type === "decimal")?.value ?? ".";
    decimalSigns.set(locale, sign);
  }
  return sign;
}

/** A plain decimal string times 100, exactly: "0.145" → "14.5", "12.5" → "1250". */
function hundredfold(decimal: string): string {
  const [whole, fraction = ""] = decimal.split(".") as [string, string?];
  const padded = fraction.padEnd(2, "0");
  const digits = (whole + padded.slice(0, 2)).replace(/^0+(?=\d)/, "");
  return padded.length > 2 ? `${digits}.${padded.slice(2)}` : digits;
}

/** A plain decimal string ("12.345") rounded to `decimals` places, ties away from zero: "12.35" for 2. */
function roundedTo(decimal: string, decimals: number): string {
  const [whole, fraction = ""] = decimal.split(".") as [string, string?];
  const kept = fraction.slice(0, decimals).padEnd(decimals, "0");
  let digits = BigInt(whole + kept);
  if ((fraction[decimals] ?? "0") >= "5") digits += 1n;
  const text = digits.toString().padStart(decimals + 1, "0");
  return decimals === 0 ? text : `${text.slice(0, -decimals)}.${text.slice(-decimals)}`;
}

/** Intl.NumberFormat's interface, its work done by hand where that is exact (see above). */
export class QuickNumberFormat {
  readonly #locales: string | string[] | undefined;
  readonly #options: Intl.NumberFormatOptions | undefined;
  readonly #decimalSign: string | null;
  readonly #percentSuffix: string;
  readonly #plain: Plain | null;
  #real: Intl.NumberFormat | null = null;

  constructor(locales?: string | string[], options?: Intl.NumberFormatOptions) {
    this.#locales = locales;
    this.#options = options;
    const locale = typeof locales === "string" ? locales : Array.isArray(locales) ? locales[0] : undefined;
    this.#decimalSign = locale !== undefined && isLocale(locale) ? decimalSignOf(locale) : null;
    this.#percentSuffix = locale !== undefined && isLocale(locale) ? PERCENT_SUFFIX[locale]! : "%";
    this.#plain = this.#decimalSign === null ? null : plainOptions(options);
    // Whatever the stand-in never writes itself is Intl's from the start (and bad options throw here, as Intl's do).
    if (this.#plain === null) this.#real = new Intl.NumberFormat(locales, options);
  }

  /** The real formatter, built on first need. */
  get #intl(): Intl.NumberFormat {
    return (this.#real ??= new Intl.NumberFormat(this.#locales, this.#options));
  }

  format(value: number | bigint | string): string {
    return this.#quick(value) ?? this.#intl.format(value as number);
  }

  #quick(value: unknown): string | null {
    const plain = this.#plain;
    if (plain === null || typeof value !== "number" || !Number.isFinite(value)) return null;
    // Intl rounds the number's shortest decimal form (String(0.15) is "0.15": "0.2" to one decimal, where toFixed,
    // reading the double's exact value, says "0.1"), ties away from zero (ECMA-402's ToIntlMathematicalValue).
    const shortest = String(Math.abs(value));
    if (shortest.includes("e")) return null;
    // A percentage is the number times 100, in decimal: the point moves two places (0.145 is 14.5 %, not 14.499…).
    let text = roundedTo(plain.percent ? hundredfold(shortest) : shortest, plain.max);
    let dot = text.indexOf(".");
    if (dot >= 0 && plain.max > plain.min) {
      // Trailing zeros go, down to the minimum of decimals.
      let end = text.length;
      while (end > dot + 1 + plain.min && text[end - 1] === "0") end--;
      text = text.slice(0, end === dot + 1 ? dot : end);
      dot = text.indexOf(".");
    }
    // Under 1,000 once rounded: no group separator.
    if ((dot < 0 ? text.length : dot) > 3) return null;
    const negative = value < 0 || Object.is(value, -0);
    const zero = /^[0.]*$/.test(text);
    // The six languages write a hyphen-minus and a plus (tests: number-format.test.ts).
    const sign = plain.sign === "exceptZero" ? (zero ? "" : negative ? "-" : "+") : negative ? "-" : "";
    const number = dot < 0 ? text : text.slice(0, dot) + this.#decimalSign! + text.slice(dot + 1);
    return sign + number + (plain.percent ? this.#percentSuffix : "");
  }

  formatToParts(value: number | bigint | string): Intl.NumberFormatPart[] {
    return this.#intl.formatToParts(value as number);
  }

  formatRange(start: number | bigint, end: number | bigint): string {
    return this.#intl.formatRange(start, end);
  }

  formatRangeToParts(start: number | bigint, end: number | bigint): Intl.NumberRangeFormatPart[] {
    return this.#intl.formatRangeToParts(start, end);
  }

  resolvedOptions(): Intl.ResolvedNumberFormatOptions {
    return this.#intl.resolvedOptions();
  }
}
