import { describe, expect, it } from "vitest";
import { EXPECTATIONS_TABLES, buildModelInputs, readSeries } from "./recalc.ts";
import type { StoredObservation } from "./store/observations.ts";
import type { DataType } from "./types.ts";

// "expectations" is compared as a string: the data type list may not name it yet.
const EXPECTATIONS = "expectations" as DataType;

const obs = (
  table: string,
  geo: string,
  period: string,
  value: number,
  ingestId: number,
  dataType: DataType = EXPECTATIONS,
  release: string | null = null,
  series = "",
): StoredObservation => ({
  dataType,
  table,
  series,
  geo,
  isAggregate: false,
  period,
  value,
  flag: null,
  unit: "INDEX",
  release,
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

  it("reads the EEI's three doors as one series: per month the later release wins, in any ingest order", () => {
    expect(EXPECTATIONS_TABLES).toEqual(["teibs030", "ei_bsee_m_r2", "ecfin_eei"]);
    const rows = [
      // DG ECFIN's long file states no release: a dated Eurostat release wins wherever both have the month.
      obs("ecfin_eei", "ES", "2025-08", 105.8, 5),
      obs("ei_bsee_m_r2", "ES", "2025-08", 105.6, 2, EXPECTATIONS, "2025-09-29T11:00:00"),
      obs("teibs030", "ES", "2025-08", 105.7, 3, EXPECTATIONS, "2025-09-01T11:00:00"),
      obs("ecfin_eei", "ES", "2025-07", 104.1, 5),
      obs("teibs030", "ES", "2025-07", 104.0, 3, EXPECTATIONS, "2025-09-01T11:00:00"),
      obs("ecfin_eei", "ES", "2025-06", 103.0, 5),
      // Equal releases: the later ingestion (the higher ingest id) wins.
      obs("teibs030", "ES", "2025-05", 102.0, 3, EXPECTATIONS, "2025-09-01T11:00:00"),
      obs("ei_bsee_m_r2", "ES", "2025-05", 102.2, 4, EXPECTATIONS, "2025-09-01T11:00:00"),
    ];
    for (const order of permutations(rows.slice(0, 6)).map((p) => [...p, ...rows.slice(6)])) {
      const es = buildModelInputs(order).find((i) => i.country === "ES")!;
      expect(es.expectations.map((p) => [p.period, p.value])).toEqual([
        ["2025-05", 102.2],
        ["2025-06", 103.0],
        ["2025-07", 104.0],
        ["2025-08", 105.6],
      ]);
    }
  });

  it("keeps the successor rule of other data types", () => {
    const rows = [
      obs("prc_hicp_minr", "FR", "2025-06", 1.1, 2, "inflation"),
      obs("prc_hicp_manr", "FR", "2025-06", 1.0, 1, "inflation"),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      expect(
        buildModelInputs(order)
          .find((i) => i.country === "FR")!
          .inflation.map((p) => p.value),
      ).toEqual([1.1]);
    }
  });
});

describe("buildModelInputs: one series per table and country (v2.2)", () => {
  const sa = "indic_em=JVR,nace_r2_1=B-T,sizeclas=TOTAL,s_adj=SA";
  const nsa = "indic_em=JVR,nace_r2_1=B-T,sizeclas=TOTAL,s_adj=NSA";
  const at = "indic_em=JVR,nace_r2_1=A-T,sizeclas=TOTAL,s_adj=SA";
  const vac = (series: string, period: string, value: number) =>
    obs("jvs_q_r21", "PL", period, value, 1, "vacancy", null, series);

  it("never mixes two series period by period: the preferred one is read for all its periods", () => {
    const rows = [
      vac(nsa, "2025-Q4", 9),
      vac(nsa, "2026-Q1", 9),
      vac(nsa, "2026-Q2", 9),
      vac(sa, "2025-Q4", 1),
      vac(sa, "2026-Q1", 1),
    ];
    for (const order of [rows, [...rows].reverse()]) {
      const pl = buildModelInputs(order, "2026-11-22").find((i) => i.country === "PL")!;
      // SA before NSA: NSA's 2026-Q2 is not read beside SA's quarters.
      expect(pl.vacancy.map((p) => [p.period, p.value])).toEqual([
        ["2025-Q4", 1],
        ["2026-Q1", 1],
      ]);
    }
    expect(readSeries(rows, "2026-11-22").get("vacancy|jvs_q_r21|PL")).toBe(sa);
  });

  it("prefers the NACE pin order before seasonal adjustment", () => {
    // jvs_q_r21's NACE pin order is the table's (tables.ts); whichever aggregate it lists first wins over the other.
    const rows = [vac(at, "2026-Q1", 2), vac(nsa, "2026-Q1", 3)];
    const chosen = readSeries(rows, "2026-11-22").get("vacancy|jvs_q_r21|PL")!;
    const pl = buildModelInputs(rows, "2026-11-22").find((i) => i.country === "PL")!;
    expect(pl.vacancy.map((p) => p.value)).toEqual([chosen === at ? 2 : 3]);
    expect([at, nsa]).toContain(chosen);
  });

  it("falls back to a less preferred series when the preferred one has nothing counting at the as-of date", () => {
    // SA stops in 2020 (past any cut-off in 2026); NSA is current.
    const rows = [vac(sa, "2020-Q1", 1), vac(nsa, "2026-Q1", 9), vac(nsa, "2026-Q2", 9)];
    expect(readSeries(rows, "2026-11-22").get("vacancy|jvs_q_r21|PL")).toBe(nsa);
    expect(
      buildModelInputs(rows, "2026-11-22")
        .find((i) => i.country === "PL")!
        .vacancy.map((p) => p.period),
    ).toEqual(["2026-Q1", "2026-Q2"]);
    // As of 2020, SA counts again and is read.
    expect(readSeries(rows, "2020-06-30").get("vacancy|jvs_q_r21|PL")).toBe(sa);
  });
});
