// Month labels of a barometer workbook → `YYYY-MM`. Pure; no workbook types here.

const MIN_YEAR = 1990;
const MAX_YEAR = 2099;

/** Excel day serials (1900 date system) of 1990-01-01 and 2100-01-01. */
const SERIAL_MIN = 32874;
const SERIAL_MAX = 73051;

const MONTH_NAMES: Record<string, number> = {};
const NAMES: ReadonlyArray<readonly string[]> = [
  ["jan", "january", "janv", "janvier", "januar", "jän", "jänner", "enero", "ene", "gennaio", "gen"],
  ["feb", "february", "fev", "févr", "fevr", "février", "fevrier", "februar", "febrero", "febbraio"],
  ["mar", "march", "mars", "mär", "märz", "marz", "mrz", "marzo"],
  ["apr", "april", "avr", "avril", "abril", "abr", "aprile"],
  ["may", "mai", "mayo", "maggio", "mag"],
  ["jun", "june", "juin", "juni", "junio", "giugno", "giu"],
  ["jul", "july", "juil", "juillet", "juli", "julio", "luglio", "lug"],
  ["aug", "august", "aoû", "aout", "août", "agosto", "ago"],
  ["sep", "sept", "september", "septembre", "septiembre", "settembre", "set"],
  ["oct", "october", "octobre", "okt", "oktober", "octubre", "ottobre", "ott"],
  ["nov", "november", "novembre", "noviembre"],
  ["dec", "december", "déc", "décembre", "decembre", "dez", "dezember", "diciembre", "dic", "dicembre"],
];
NAMES.forEach((names, i) => {
  for (const n of names) MONTH_NAMES[foldName(n)] = i + 1;
});

function foldName(name: string): string {
  return name
    .normalize("NFKD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/\.$/, "");
}

function ym(year: number, month: number): string | null {
  if (!Number.isInteger(year) || !Number.isInteger(month)) return null;
  if (year < MIN_YEAR || year > MAX_YEAR || month < 1 || month > 12) return null;
  return `${year}-${String(month).padStart(2, "0")}`;
}

function fullYear(y: string): number {
  const n = Number(y);
  return y.length === 2 ? 2000 + n : n;
}

/**
 * A month label as text: `2024-06`, `2024/06`, `2024.06`, `2024M06`, `2024-06-01` (time allowed),
 * `06/2024`, `6.2024`, `06-2024`, `01.06.2024` (day.month.year), `Jun 2024`, `June 2024`, `Jun-24`,
 * `2024 Jun`, `juin 2024`, `Juni 2024`. Anything else (including `2024` alone) is null.
 */
export function parseMonthLabel(text: string): string | null {
  const s = text.trim().replace(/\s+/g, " ");
  let m: RegExpMatchArray | null;
  // 2024-06, 2024/06, 2024.06, 2024M06, 2024 M06, 2024-06-01, 2024-06-01T00:00:00(.000)(Z)
  if (
    (m = s.match(
      /^(\d{4})\s?(?:[-/.]|M|m)\s?(\d{1,2})(?:[-/.](\d{1,2})(?:[T ]\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?(?:Z|[+-]\d{2}:?\d{2})?)?)?$/,
    ))
  ) {
    if (m[3] !== undefined && (Number(m[3]) < 1 || Number(m[3]) > 31)) return null;
    return ym(Number(m[1]), Number(m[2]));
  }
  // 06/2024, 6.2024, 06-2024
  if ((m = s.match(/^(\d{1,2})\s?[-/.]\s?(\d{4})$/))) return ym(Number(m[2]), Number(m[1]));
  // 01.06.2024 (European day.month.year; slashes are ambiguous between US and EU order and are refused)
  if ((m = s.match(/^(\d{1,2})\.(\d{1,2})\.(\d{4})$/))) {
    if (Number(m[1]) < 1 || Number(m[1]) > 31) return null;
    return ym(Number(m[3]), Number(m[2]));
  }
  // Jun 2024, June 2024, Jun-24, Jun. 2024, June, 2024
  if ((m = s.match(/^(\p{L}+)\.?\s?[-/ ,.']?\s?(\d{4}|\d{2})$/u))) {
    const month = MONTH_NAMES[foldName(m[1])];
    return month ? ym(fullYear(m[2]), month) : null;
  }
  // 2024 Jun, 2024-June
  if ((m = s.match(/^(\d{4})\s?[-/ ,.]?\s?(\p{L}+)\.?$/u))) {
    const month = MONTH_NAMES[foldName(m[2])];
    return month ? ym(Number(m[1]), month) : null;
  }
  return null;
}

const DAY_MS = 86_400_000;

/**
 * A JavaScript Date as exceljs gives it (Excel has no time zone; exceljs reads serials as UTC) →
 * `YYYY-MM`. The date is first rounded to the nearest day: a workbook written by a program that put
 * local midnight into the cell (2025-01-01 00:00 in Berlin = 2024-12-31 23:00 UTC) still says January.
 */
export function monthOfDate(d: Date): string | null {
  const t = d.getTime();
  if (Number.isNaN(t)) return null;
  const day = new Date(Math.round(t / DAY_MS) * DAY_MS);
  return ym(day.getUTCFullYear(), day.getUTCMonth() + 1);
}

/**
 * A number in a month position: an Excel day serial (a date whose cell format was lost) or a
 * `YYYYMM` integer. Barometer values (about 90–110) are never mistaken for either.
 */
export function monthOfNumber(n: number): string | null {
  if (!Number.isFinite(n)) return null;
  if (Number.isInteger(n) && n >= MIN_YEAR * 100 + 1 && n <= MAX_YEAR * 100 + 12) {
    return ym(Math.floor(n / 100), n % 100);
  }
  if (n >= SERIAL_MIN && n < SERIAL_MAX) {
    return monthOfDate(new Date((Math.floor(n) - 25569) * DAY_MS));
  }
  return null;
}

/** A cell value (already unwrapped from formulas and rich text) → `YYYY-MM`, or null. */
export function monthOf(value: unknown): string | null {
  if (value instanceof Date) return monthOfDate(value);
  if (typeof value === "number") return monthOfNumber(value);
  if (typeof value === "string") return parseMonthLabel(value);
  return null;
}

/** `2025-01` → 2025*12 + 0, for ranges and gaps. */
export function monthIndex(period: string): number {
  return Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;
}
