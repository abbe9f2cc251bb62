// Pure comparison of a file's observations with what the store already holds (no I/O).
import { compareRelease } from "../sources/series-key.ts";
import type { Observation, UploadWarning } from "../types.ts";

export interface StoredValue {
  value: number;
  flag: string | null;
  unit: string;
  /** The release of the file the stored value came from (normalised); null when it had none. */
  release: string | null;
}

export interface ObservationDiff {
  /** New keys and changed rows: what the store must write. */
  toWrite: Observation[];
  inserted: number;
  updated: number;
  unchanged: number;
  /**
   * Values of this file that a later release already holds: kept as stored, never written (docs/model.md §1,
   * "Releases": within one series the later release wins, whatever the order of ingestion).
   */
  olderRelease: number;
  /** Changes larger than the tolerance (in percentage points). */
  revisions: UploadWarning[];
}

export const observationKey = (o: { geo: string; period: string }): string => `${o.geo}|${o.period}`;

/** Values equal to 1e-9 are the same value (JSON number noise never counts as a revision). */
const EPSILON = 1e-9;

/**
 * Compares a file's values (all of one series, from one file whose release is `release`) with the stored ones of
 * that series. A stored value of a later release is kept (olderRelease); one of the same or an earlier release is
 * replaced when it differs (updated). An identical value from a later release is rewritten too, silently
 * (counted unchanged), so that the store remembers the later release for the next file to compare against.
 */
export function diffObservations(
  incoming: readonly Observation[],
  existing: ReadonlyMap<string, StoredValue>,
  tolerancePp: number,
  release: string | null = null,
): ObservationDiff {
  const toWrite: Observation[] = [];
  const revisions: UploadWarning[] = [];
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  let olderRelease = 0;
  for (const o of incoming) {
    const before = existing.get(observationKey(o));
    if (!before) {
      inserted++;
      toWrite.push(o);
      continue;
    }
    const order = compareRelease(release, before.release);
    if (order < 0) {
      olderRelease++;
      continue;
    }
    const delta = o.value - before.value;
    const same = Math.abs(delta) <= EPSILON && before.flag === o.flag && before.unit === o.unit;
    if (same) {
      unchanged++;
      if (order > 0) toWrite.push(o);
      continue;
    }
    updated++;
    toWrite.push(o);
    if (Math.abs(delta) > tolerancePp + EPSILON) {
      revisions.push({
        type: "revision",
        detail: `${o.geo} ${o.period}: ${before.value} → ${o.value} (${delta > 0 ? "+" : ""}${round(delta)} pp, tolerance ${tolerancePp} pp)`,
      });
    }
  }
  return { toWrite, inserted, updated, unchanged, olderRelease, revisions };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
