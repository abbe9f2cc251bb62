import { describe, expect, it } from "vitest";
import type { Observation } from "../types.ts";
import { diffObservations, type StoredValue } from "./diff.ts";

const obs = (geo: string, period: string, value: number, flag: string | null = null): Observation => ({
  dataType: "unemployment",
  table: "une_rt_m",
  geo,
  isAggregate: false,
  period,
  value,
  flag,
  unit: "PC_ACT",
});
const stored = (entries: Array<[string, number, string | null]>, release: string | null = null) =>
  new Map<string, StoredValue>(entries.map(([k, value, flag]) => [k, { value, flag, unit: "PC_ACT", release }]));

describe("diffObservations", () => {
  it("counts new keys as inserted and identical ones as unchanged", () => {
    const d = diffObservations(
      [obs("DE", "2026-01", 3.5), obs("DE", "2026-02", 3.6)],
      stored([["DE|2026-01", 3.5, null]]),
      0.5,
    );
    expect([d.inserted, d.updated, d.unchanged]).toEqual([1, 0, 1]);
    expect(d.toWrite.map((o) => o.period)).toEqual(["2026-02"]);
  });

  it("counts a changed value or flag as updated; warns only beyond the tolerance", () => {
    const d = diffObservations(
      [obs("DE", "2026-01", 3.9), obs("DE", "2026-02", 3.6, "p"), obs("DE", "2026-03", 4.5)],
      stored([
        ["DE|2026-01", 3.5, null],
        ["DE|2026-02", 3.6, null],
        ["DE|2026-03", 3.5, null],
      ]),
      0.5,
    );
    expect([d.inserted, d.updated, d.unchanged]).toEqual([0, 3, 0]);
    expect(d.revisions).toHaveLength(1);
    expect(d.revisions[0]!.detail).toContain("DE 2026-03: 3.5 → 4.5");
  });

  it("treats a change of exactly the tolerance as no revision", () => {
    const d = diffObservations([obs("DE", "2026-01", 4.0)], stored([["DE|2026-01", 3.5, null]]), 0.5);
    expect(d.revisions).toHaveLength(0);
    expect(d.updated).toBe(1);
  });

  it("keeps a value of a later release: an older file never overwrites it, whatever the order of ingestion", () => {
    const newer = stored(
      [
        ["DE|2026-01", 3.5, null],
        ["DE|2026-02", 3.6, null],
      ],
      "2026-09-22T11:00:00",
    );
    const d = diffObservations(
      [obs("DE", "2026-01", 3.9), obs("DE", "2026-03", 3.7)],
      newer,
      0.1,
      "2025-06-06T23:00:00",
    );
    expect([d.inserted, d.updated, d.unchanged, d.olderRelease]).toEqual([1, 0, 0, 1]);
    expect(d.toWrite.map((o) => o.period)).toEqual(["2026-03"]);
    expect(d.revisions).toEqual([]);
    // An undated file ranks before every dated release.
    const undated = diffObservations([obs("DE", "2026-01", 3.9)], newer, 0.1, null);
    expect([undated.updated, undated.olderRelease]).toEqual([0, 1]);
  });

  it("replaces a value of an earlier or equal release, and rewrites an equal value to remember the later release", () => {
    const older = stored(
      [
        ["DE|2026-01", 3.5, null],
        ["DE|2026-02", 3.6, null],
      ],
      "2025-06-06T23:00:00",
    );
    const d = diffObservations(
      [obs("DE", "2026-01", 3.9), obs("DE", "2026-02", 3.6)],
      older,
      0.5,
      "2026-09-22T11:00:00",
    );
    expect([d.inserted, d.updated, d.unchanged, d.olderRelease]).toEqual([0, 1, 1, 0]);
    expect(d.toWrite.map((o) => o.period)).toEqual(["2026-01", "2026-02"]);
    const same = diffObservations([obs("DE", "2026-01", 3.5)], older, 0.5, "2025-06-06T23:00:00");
    expect([same.updated, same.unchanged, same.toWrite.length]).toEqual([0, 1, 0]);
  });
});
