// Readings → one value per country and month: two different values for one country (or region) and month are
// refused; Belgium's regional services are averaged into BE where no national Belgium value is given.
import { InputError } from "../../../lib/errors.ts";
import { BELGIAN_REGIONS, type BelgianRegionId } from "./employment-services.ts";
import { fmt, type Reading } from "./read-values.ts";
import { describeTarget, type HeaderTarget } from "./services.ts";

function targetKey(t: HeaderTarget): string {
  return t.kind === "country" ? t.code : `BE:${t.region.id}`;
}

/** Float noise of an average removed (99.95000000000002 → 99.95); six decimals are far below the data's one. */
function round6(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** One reading per (country or region, month); InputError naming the conflicts when one has two different values. */
export function oneValueEach(readings: readonly Reading[]): Map<string, Reading> {
  const byKey = new Map<string, Reading[]>();
  for (const r of readings) {
    const key = `${targetKey(r.target)}|${r.period}`;
    const list = byKey.get(key) ?? [];
    list.push(r);
    byKey.set(key, list);
  }
  const conflicts: string[] = [];
  const single = new Map<string, Reading>();
  for (const [key, list] of byKey) {
    const distinct = [...new Set(list.map((r) => r.value))];
    if (distinct.length > 1) {
      conflicts.push(
        `${describeTarget(list[0].target)} ${list[0].period}: ${list.map((r) => `${fmt(r.value)} (cell ${r.cell}, "${r.header}")`).join(" and ")}`,
      );
    } else {
      single.set(key, list[0]);
    }
  }
  if (conflicts.length > 0) {
    const shown = conflicts.slice(0, 5).join("; ");
    const more = conflicts.length > 5 ? `; and ${conflicts.length - 5} more` : "";
    throw new InputError(
      `The workbook gives different values for the same country and month: ${shown}${more}. Keep one column or row per country and upload again.`,
      { conflicts },
    );
  }
  return single;
}

/**
 * Values by country code and month: countries as read; Belgium's regions averaged into BE (a national Belgium
 * column wins where present), with the notes that say so.
 */
export function countryValues(single: ReadonlyMap<string, Reading>): {
  values: Map<string, Map<string, number>>;
  notes: string[];
} {
  const values = new Map<string, Map<string, number>>(); // code → period → value
  const regionValues = new Map<string, Map<BelgianRegionId, number>>(); // period → region → value
  for (const r of single.values()) {
    if (r.target.kind === "country") {
      const m = values.get(r.target.code) ?? new Map<string, number>();
      m.set(r.period, r.value);
      values.set(r.target.code, m);
    } else {
      const m = regionValues.get(r.period) ?? new Map<BelgianRegionId, number>();
      m.set(r.target.region.id, r.value);
      regionValues.set(r.period, m);
    }
  }
  const notes: string[] = [];
  if (regionValues.size > 0) {
    const be = values.get("BE") ?? new Map<string, number>();
    const nationalKept: string[] = [];
    const regionCounts = new Map<number, string[]>(); // number of regions → periods
    const regionsSeen = new Set<BelgianRegionId>();
    for (const [period, regions] of [...regionValues].sort(([a], [b]) => a.localeCompare(b))) {
      if (be.has(period)) {
        nationalKept.push(period);
        continue;
      }
      const list = [...regions.values()];
      be.set(period, round6(list.reduce((s, x) => s + x, 0) / list.length));
      for (const id of regions.keys()) regionsSeen.add(id);
      const periods = regionCounts.get(list.length) ?? [];
      periods.push(period);
      regionCounts.set(list.length, periods);
    }
    values.set("BE", be);
    if (regionsSeen.size > 0) {
      const names = BELGIAN_REGIONS.filter((r) => regionsSeen.has(r.id)).map((r) => `${r.service} (${r.name})`);
      const counts = [...regionCounts]
        .sort(([a], [b]) => b - a)
        .map(
          ([n, periods]) =>
            `${n} region${n === 1 ? "" : "s"} averaged in ${periods.length} month${periods.length === 1 ? "" : "s"}${
              periods.length <= 3 ? ` (${periods.join(", ")})` : ""
            }`,
        )
        .join(", ");
      notes.push(
        `Belgium (BE) is the plain mean of its regional public employment services present each month: ${names.join(", ")}; ${counts}.`,
      );
    }
    if (nationalKept.length > 0) {
      notes.push(
        `Belgium has a national column as well as regional ones: the national value was kept for ${nationalKept.length} month(s) and the regions were not averaged there.`,
      );
    }
  }
  return { values, notes };
}
