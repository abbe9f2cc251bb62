// A file's further series (ParsedFile.extraSeries, v2.3: sector vacancy rates) at ingest: each checked for
// plausibility and compared with its own stored series, then said in the upload result.
import { PLAUSIBLE_BANDS } from "./plausibility.ts";
import { plural } from "./sources/eurostat/series.ts";
import { periodEndMonth } from "./model/period.ts";
import { diffObservations } from "./store/diff.ts";
import type { ObservationStore } from "./store/observations.ts";
import type { ExtraSeries, Observation, ParsedFile, UploadResult, UploadWarning } from "./types.ts";

export interface ExtraDiff {
  extra: ExtraSeries;
  /** Its plausible observations. */
  observations: Observation[];
  diff: ReturnType<typeof diffObservations>;
  warnings: UploadWarning[];
}

/**
 * The further series of a parsed file (ParsedFile.extraSeries: sector vacancy rates), each checked for plausibility
 * (values outside the vacancy band or in the future are left out, with a warning) and compared with its stored series.
 * Revisions of context series are not warned about one by one: the headline series carries the file's revisions.
 */
export async function extraDiffs(
  store: ObservationStore,
  parsed: ParsedFile,
  asOfMonth: number,
  release: string | null,
): Promise<ExtraDiff[]> {
  const out: ExtraDiff[] = [];
  for (const extra of parsed.extraSeries ?? []) {
    const band = PLAUSIBLE_BANDS[parsed.dataType];
    const observations: Observation[] = [];
    let dropped = 0;
    for (const o of extra.observations) {
      const ok = Number.isFinite(o.value) && o.value >= band.min && o.value <= band.max;
      if (ok && periodEndMonth(o.period) <= asOfMonth) observations.push(o);
      else dropped++;
    }
    const warnings: UploadWarning[] =
      dropped === 0
        ? []
        : [
            {
              type: "out_of_range",
              detail: `${extra.series}: ${dropped} value(s) outside ${band.min} to ${band.max} (${band.unit}) or after the month of this upload; not stored.`,
            },
          ];
    if (observations.length === 0) continue;
    const existing = await store.existingValues(extra.dataType, parsed.table, extra.series);
    const diff = diffObservations(observations, existing, Number.POSITIVE_INFINITY, release);
    out.push({ extra, observations, diff, warnings });
  }
  return out;
}

/** The further series in the result: each with its values, and one note with their counts. */
export function describeExtras(result: UploadResult, extras: readonly ExtraDiff[]): void {
  const count = (key: "inserted" | "updated" | "unchanged" | "olderRelease") =>
    extras.reduce((n, e) => n + e.diff[key], 0);
  result.extra_series = extras.map((e) => ({
    data_type: e.extra.dataType,
    series: e.extra.series,
    values: e.observations.length,
  }));
  result.notes.push(
    `Stored beside it: ${plural(extras.length, "more series", "more series")} (${count("inserted")} new, ${count("updated")} changed, ${count("unchanged")} unchanged values` +
      `${count("olderRelease") > 0 ? `, ${count("olderRelease")} kept from a later release` : ""}).`,
  );
}
