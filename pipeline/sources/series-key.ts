// Series and releases (docs/model.md §1, "Series" and "Releases"; docs/decisions/015-series-and-releases.md).
// A series is the code of every pinned dimension of a table (s_adj, nace, sizeclas, unit, age, sex, …): two
// series of one table (SA and NSA, B-T and A-T) are stored side by side and never mixed period by period.
// A release is the file's own stamp (JSON-stat `updated`, SDMX-CSV `LAST UPDATE`): within one series the later
// release wins per period, whatever the order in which the files were ingested. Pure: no I/O.
import type { PinRule, TableConfig } from "./eurostat/tables.ts";

/** Dimensions left out of the key: the table fixes them (a table has one frequency). */
const IMPLIED = new Set(["freq"]);

const keyedPins = (config: TableConfig): PinRule[] => config.pins.filter((p) => !IMPLIED.has(p.dimension));

/**
 * The stable key of a series: `dim=CODE` for every pin of the table in the table's listed order, joined by `,`
 * (`s_adj=SA,age=TOTAL,sex=T,unit=PC_ACT`). An optional pin the file lacks counts as its first code (the file is
 * then already single along it: a jvs file without sizeclas is sizeclas=TOTAL). A table without pins (the
 * barometer) has the one series `""`.
 */
export function seriesKey(config: TableConfig | undefined, codes: ReadonlyArray<readonly [string, string]>): string {
  if (config === undefined) return "";
  const byDimension = new Map(codes);
  return keyedPins(config)
    .map((p) => `${p.dimension}=${byDimension.get(p.dimension) ?? p.codes[0]}`)
    .join(",");
}

/**
 * The series of a row stored before series were recorded (model v2.1 stores): the table's first choice on every
 * pin, but the unit as the row says it (GDP's CLV_PCH_PRE or CLV_PCH_SM is recoverable from the row itself).
 */
export function legacySeriesKey(config: TableConfig | undefined, unit: string): string {
  if (config === undefined) return "";
  const codes = keyedPins(config).map((p): [string, string] =>
    p.dimension === config.unitDimension && p.codes.includes(unit) ? [p.dimension, unit] : [p.dimension, p.codes[0]!],
  );
  return seriesKey(config, codes);
}

/** `dim=CODE,…` → its pairs (a key of `""` has none). */
export function seriesCodes(key: string): Array<[string, string]> {
  if (key === "") return [];
  return key.split(",").map((part) => {
    const at = part.indexOf("=");
    return [part.slice(0, at), part.slice(at + 1)];
  });
}

const isNace = (dimension: string): boolean => dimension.startsWith("nace");

/**
 * How much a series is preferred within its table, as a vector compared element by element (lower first): the
 * NACE pin's order, then s_adj's (SA before NSA), then the other pins in the table's listed order. A code the
 * pin does not list ranks after every listed one.
 */
export function seriesPreference(config: TableConfig | undefined, key: string): number[] {
  if (config === undefined) return [];
  const codes = new Map(seriesCodes(key));
  const pins = keyedPins(config);
  const ordered = [
    ...pins.filter((p) => isNace(p.dimension)),
    ...pins.filter((p) => p.dimension === "s_adj"),
    ...pins.filter((p) => !isNace(p.dimension) && p.dimension !== "s_adj"),
  ];
  return ordered.map((p) => {
    const at = p.codes.indexOf(codes.get(p.dimension) ?? p.codes[0]!);
    return at < 0 ? p.codes.length : at;
  });
}

export function compareSeriesPreference(a: readonly number[], b: readonly number[]): number {
  for (let i = 0; i < Math.max(a.length, b.length); i++) {
    const d = (a[i] ?? 0) - (b[i] ?? 0);
    if (d !== 0) return d;
  }
  return 0;
}

/**
 * A file's release as stored and compared: `YYYY-MM-DDTHH:MM:SS`, Eurostat's wall clock (Luxembourg time). The
 * offset of a JSON-stat `updated` (`2026-09-22T11:00:00+0200`) is dropped, because the data browser's `LAST
 * UPDATE` (`22/09/26 11:00:00`, read as `2026-09-22T11:00:00`) writes the same release without one: the same
 * release compares equal in both formats. A date alone is its midnight. Null when there is none or it is not a date.
 */
export function normaliseRelease(stamp: string | null | undefined): string | null {
  if (stamp === null || stamp === undefined) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2}))?)?/.exec(stamp.trim());
  if (!m) return null;
  const [, y, mo, d, h = "00", mi = "00", s = "00"] = m;
  const date = new Date(`${y}-${mo}-${d}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${y}-${mo}-${d}`) return null;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}`;
}

/**
 * Orders two releases (normalised): negative when `a` is older. A file without a release ranks before every
 * dated one; two undated files rank equal (the later ingestion then wins).
 */
export function compareRelease(a: string | null, b: string | null): number {
  if (a === b) return 0;
  if (a === null) return -1;
  if (b === null) return 1;
  return a < b ? -1 : 1;
}
