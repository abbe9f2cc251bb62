import { describe, expect, it } from "vitest";
import { EXPECTATIONS_TABLE_PREFERENCE, buildModelInputs } from "./recalc.ts";
import type { StoredObservation } from "./store/observations.ts";
import type { DataType } from "./types.ts";

// "expectations" is compared as a string: the data type list may not name it yet.
const EXPECTATIONS = "expectations" as DataType;

const obs = (table: string, geo: string, period: string, value: number, ingestId: number, dataType: DataType = EXPECTATIONS): StoredObservation => ({
  dataType,
  table,
  geo,
  isAggregate: false,
  period,
  value,
  flag: null,
  unit: "INDEX",
  ingestId,
});

function permutations<T>(xs: T[]): T[][] {
  if (xs.length <= 1) return [xs];
  return xs.flatMap((x, i) => permutations([...xs.slice(0, i), ...xs.slice(i + 1)]).map((rest) => [x, ...rest]));
}

describe("buildModelInputs: employment expectations", () => {
  it("routes expectations observations into the model input", () => {
    const de = buildModelInputs([obs("ecfin_eei", "DE", "2025-08", 92.9, 1)]).find((i) => i.country === "DE")!;
    expect(de.expectations).toEqual([{ period: "2025-08", value: 92.9, flag: null, ingestId: 1, unit: "INDEX" }]);
    expect(de.lmb).toEqual([]);
  });

  it("prefers teibs030, then ei_bsee_m_r2, then DG ECFIN's file for the same month, in any ingest order", () => {
    expect(EXPECTATIONS_TABLE_PREFERENCE).toEqual(["teibs030", "ei_bsee_m_r2", "ecfin_eei"]);
    const rows = [
      obs("ecfin_eei", "ES", "2025-08", 105.8, 1),
      obs("ei_bsee_m_r2", "ES", "2025-08", 105.6, 2),
      obs("teibs030", "ES", "2025-08", 105.7, 3),
      obs("ecfin_eei", "ES", "2025-07", 104.1, 1),
      obs("ei_bsee_m_r2", "ES", "2025-07", 104.0, 2),
      obs("ecfin_eei", "ES", "2025-06", 103.0, 1),
    ];
    for (const order of permutations(rows)) {
      const es = buildModelInputs(order).find((i) => i.country === "ES")!;
      expect(es.expectations.map((p) => [p.period, p.value])).toEqual([
        ["2025-06", 103.0],
        ["2025-07", 104.0],
        ["2025-08", 105.7],
      ]);
    }
  });

  it("keeps the successor rule of other data types", () => {
    const rows = [
      obs("prc_hicp_minr", "FR", "2025-06", 1.1, 2, "inflation"),
      obs("prc_hicp_manr", "FR", "2025-06", 1.0, 1, "inflation"),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      expect(buildModelInputs(order).find((i) => i.country === "FR")!.inflation.map((p) => p.value)).toEqual([1.1]);
    }
  });
});
