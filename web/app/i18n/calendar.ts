// Month names of a language ("März 2026", "mar 2026", "3. März 2026", "marca 2026" after a preposition), as
// Intl.DateTimeFormat writes them, from a table the server sends with the layout's data (root.tsx) when the page is
// not in English. The first date formatter a page builds makes the browser load ICU's calendar data: tens of
// milliseconds on a phone, inside the task that hydrates the page (docs/decisions/017-page-weight.md, "ICU on first
// use"). Without the table (the server, an error page, a language the page just moved to) Intl answers, as before.
// tests: calendar.test.ts compares the table's words with Intl's for the six languages.

/** Per month (January first), the words with `{y}` for the year and `{d}` for the day. */
export interface MonthNames {
  /** "März {y}" (month long, year). */
  long: string[];
  /** "März {y}" abbreviated: "Mär {y}" (month short, year). */
  short: string[];
  /** "{d}. März {y}" (day, month long, year). */
  day: string[];
  /** "März {y}" as it reads after a preposition ("im März 2026"): the day's form from the month on. */
  after: string[];
}

const LONG = { month: "long", year: "numeric", timeZone: "UTC" } as const;
const SHORT = { month: "short", year: "numeric", timeZone: "UTC" } as const;
const DAY = { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" } as const;

const known = new Map<string, MonthNames>();
const tables = new Map<string, MonthNames>();
const formats = new Map<string, Intl.DateTimeFormat>();

function format(locale: string, kind: "long" | "short" | "day", options: Intl.DateTimeFormatOptions) {
  const key = `${locale}|${kind}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, options);
    formats.set(key, f);
  }
  return f;
}

/** The words after a preposition: the day's form, from the month on ("15. März 2026" → "März 2026"). */
function afterFromIntl(locale: string, year: number, month: number): string {
  const parts = format(locale, "day", DAY).formatToParts(Date.UTC(year, month - 1, 15));
  const from = parts.findIndex((p) => p.type === "month");
  return from < 0
    ? format(locale, "long", LONG).format(Date.UTC(year, month - 1, 1))
    : parts
        .slice(from)
        .map((p) => p.value)
        .join("");
}

/** The table of a language, from Intl (the server builds it; year 2000 and day 15 stand for the placeholders). */
export function monthNamesIn(locale: string): MonthNames {
  const built = tables.get(locale);
  if (built) return built;
  const names: MonthNames = { long: [], short: [], day: [], after: [] };
  for (let m = 1; m <= 12; m++) {
    const at = Date.UTC(2000, m - 1, 15);
    names.long.push(format(locale, "long", LONG).format(at).replace("2000", "{y}"));
    names.short.push(format(locale, "short", SHORT).format(at).replace("2000", "{y}"));
    names.day.push(format(locale, "day", DAY).format(at).replace("2000", "{y}").replace("15", "{d}"));
    names.after.push(afterFromIntl(locale, 2000, m).replace("2000", "{y}"));
  }
  tables.set(locale, names);
  return names;
}

/** The browser learns a language's table from the page (root.tsx); later calls in that language use it. */
export function knowMonthNames(locale: string, names: MonthNames | undefined): void {
  if (names && !known.has(locale)) known.set(locale, names);
}

const fill = (pattern: string, year: number, day?: number) =>
  pattern.replace("{y}", String(year)).replace("{d}", String(day ?? ""));

/** "März 2026" (long) or "Mär 2026" (short) for a month (1–12) of a year. */
export function monthYearIn(locale: string, year: number, month: number, style: "long" | "short" = "long"): string {
  const table = known.get(locale);
  if (table) return fill(table[style][month - 1]!, year);
  return format(locale, style, style === "long" ? LONG : SHORT).format(Date.UTC(year, month - 1, 1));
}

/** "3. März 2026": a day of a month of a year. */
export function dayMonthYearIn(locale: string, year: number, month: number, day: number): string {
  const table = known.get(locale);
  if (table) return fill(table.day[month - 1]!, year, day);
  return format(locale, "day", DAY).format(Date.UTC(year, month - 1, day));
}

/** "März 2026" as it reads after a preposition (Polish: "marca 2026", where the month alone is "marzec 2026"). */
export function monthAfterPrepositionIn(locale: string, year: number, month: number): string {
  const table = known.get(locale);
  if (table) return fill(table.after[month - 1]!, year);
  return afterFromIntl(locale, year, month);
}
