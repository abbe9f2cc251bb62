// Sector context (score model v2.3 §11, docs/model.md §12): each sector's current figure and its trend, read from one
// series (its table and adjustment, never two mixed), with every quarter published by the as-of date (the lag), past
// the 24-month cut-off too; the newer revision's figure per sector (NACE Rev. 2.1 on equal quarters); the finer
// sections role families read, kept apart from the shown aggregates.
import { describe, expect, it } from "vitest";
import { sectorRatesByCountry } from "./sectors.ts";
import { tableConfig } from "./sources/eurostat/tables.ts";
import { seriesKey } from "./sources/series-key.ts";
import type { StoredObservation } from "./store/observations.ts";

const AS_OF = "2026-11-25";

function row(
  table: string,
  nace: string,
  geo: string,
  period: string,
  value: number,
  sAdj = "SA",
  dataType = "sector_vacancy",
): StoredObservation {
  const config = tableConfig(table, "vacancy")!;
  const dimension = config.sectors!.dimension;
  const series = seriesKey(config, [
    [dimension, nace],
    ["s_adj", sAdj],
    ["indic_em", "JVR"],
    ["indic", "JVR"],
  ]);
  return {
    dataType,
    table,
    series,
    geo,
    isAggregate: geo === "EU27_2020",
    period,
    value,
    flag: null,
    unit: "JVR",
    release: null,
    ingestId: 1,
  } as StoredObservation;
}

const quarters = (from: number, to: number) =>
  Array.from({ length: (to - from) * 4 + 4 }, (_, i) => `${from + Math.floor(i / 4)}-Q${(i % 4) + 1}`);

describe("sectorRatesByCountry: the trend", () => {
  // 2023-Q1 … 2026-Q4: 2026-Q3 and Q4 are not published by November 2026 (a lag of 3 months after the quarter).
  const js = quarters(2023, 2026).map((q, i) => row("ei_lmjv_q_r2", "J", "DE", q, 2 + i / 10));
  const all = quarters(2023, 2026).map((q) => row("ei_lmjv_q_r2", "B-S", "DE", q, 2.5));
  const nsa = quarters(2023, 2026).map((q) => row("ei_lmjv_q_r2", "J", "DE", q, 9, "NSA"));
  const rates = sectorRatesByCountry([...js, ...all, ...nsa], AS_OF).get("DE")!;

  it("carries every quarter of the series read that was published by then, oldest first, the figure last", () => {
    const j = rates.find((s) => s.code === "J")!;
    expect(j.period).toBe("2026-Q2");
    expect(j.history!.map((p) => p.period)).toEqual(quarters(2023, 2026).slice(0, -2));
    expect(j.history!.at(-1)).toEqual({
      period: j.period,
      value: j.value,
      flag: null,
      all_sectors: j.all_sectors,
      eu_value: null,
    });
    // Quarters past the 24-month cut-off stay in the trend.
    expect(j.history![0]).toMatchObject({ period: "2023-Q1", value: 2, all_sectors: 2.5 });
  });

  it("never mixes the NSA series into the SA one", () => {
    const j = rates.find((s) => s.code === "J")!;
    expect(j.s_adj).toBe("SA");
    expect(j.history!.every((p) => p.value !== 9)).toBe(true);
  });

  it("takes its trend from the table of its figure only", () => {
    // jvs_q_nace2 holds the newer quarter: its series is the trend, not the workbook's older quarters.
    const newer = row("jvs_q_nace2", "J", "DE", "2026-Q2", 3.3);
    const older = quarters(2024, 2025).map((q) => row("ei_lmjv_q_r2", "J", "DE", q, 2));
    const j = sectorRatesByCountry([newer, ...older], AS_OF).get("DE")![0]!;
    expect(j).toMatchObject({ table: "jvs_q_nace2", period: "2026-Q2", value: 3.3 });
    expect(j.history!.map((p) => p.period)).toEqual(["2026-Q2"]);
  });

  it("has no figure, and so no trend, when no quarter is within the cut-off", () => {
    const old = quarters(2022, 2023).map((q) => row("ei_lmjv_q_r2", "F", "AT", q, 3));
    expect(sectorRatesByCountry(old, AS_OF).get("AT")).toBeUndefined();
  });
});

describe("sectorRatesByCountry: revisions and finer sections", () => {
  it("shows one figure per sector: the newer quarter of either revision, NACE Rev. 2.1 on equal ones", () => {
    const rows = [
      row("ei_lmjv_q_r2", "J", "NL", "2025-Q3", 4.1),
      row("jvs_q_r21", "J-K", "NL", "2026-Q2", 4.4),
      row("ei_lmjv_q_r2", "C", "NL", "2026-Q1", 3.1),
      row("jvs_q_r21", "C", "NL", "2026-Q1", 3.2),
      row("ei_lmjv_q_r2", "F", "NL", "2026-Q2", 5.0),
      row("jvs_q_r21", "F", "NL", "2025-Q4", 5.5),
    ];
    const nl = sectorRatesByCountry(rows, AS_OF).get("NL")!;
    expect(nl.map((s) => [s.revision, s.code, s.value])).toEqual([
      ["nace_r2_1", "C", 3.2],
      ["nace_r2", "F", 5.0],
      ["nace_r2_1", "J-K", 4.4],
    ]);
  });

  it("publishes a finer section a file holds after its aggregate, naming the aggregate it is part of", () => {
    const rows = [
      row("jvs_q_nace2", "O-Q", "DE", "2025-Q3", 2.1),
      row("jvs_q_nace2", "Q", "DE", "2025-Q3", 3.4),
      row("jvs_q_nace2", "P", "DE", "2025-Q3", 1.2),
      row("jvs_q_nace2", "R-S", "DE", "2025-Q3", 2.5),
      row("jvs_q_nace2", "L", "DE", "2025-Q3", 1.0), // real estate: not shown, not read by any role
      row("jvs_q_r21", "R", "ES", "2026-Q1", 1.9), // NACE Rev. 2.1's human health and social work
    ];
    const byCountry = sectorRatesByCountry(rows, AS_OF);
    expect(byCountry.get("DE")!.map((s) => [s.code, s.part_of])).toEqual([
      ["O-Q", null],
      ["P", "O-Q"],
      ["Q", "O-Q"],
      ["R-S", null],
    ]);
    expect(byCountry.get("ES")!.map((s) => [s.revision, s.code, s.part_of])).toEqual([["nace_r2_1", "R", "P-R"]]);
  });
});
