// Pure comparison of a file's observations with what the store already holds (no I/O).
import type { Observation, UploadWarning } from "../types.ts";

export interface StoredValue {
  value: number;
  flag: string | null;
  unit: string;
}

export interface ObservationDiff {
  /** New keys and changed rows: what the store must write. */
  toWrite: Observation[];
  inserted: number;
  updated: number;
  unchanged: number;
  /** Changes larger than the tolerance (in percentage points). */
  revisions: UploadWarning[];
}

export const observationKey = (o: { geo: string; period: string }): string => `${o.geo}|${o.period}`;

/** Values equal to 1e-9 are the same value (JSON number noise never counts as a revision). */
const EPSILON = 1e-9;

export function diffObservations(
  incoming: readonly Observation[],
  existing: ReadonlyMap<string, StoredValue>,
  tolerancePp: number,
): ObservationDiff {
  const toWrite: Observation[] = [];
  const revisions: UploadWarning[] = [];
  let inserted = 0;
  let updated = 0;
  let unchanged = 0;
  for (const o of incoming) {
    const before = existing.get(observationKey(o));
    if (!before) {
      inserted++;
      toWrite.push(o);
      continue;
    }
    const delta = o.value - before.value;
    const same = Math.abs(delta) <= EPSILON && before.flag === o.flag && before.unit === o.unit;
    if (same) {
      unchanged++;
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
  return { toWrite, inserted, updated, unchanged, revisions };
}

const round = (x: number): number => Math.round(x * 1000) / 1000;
