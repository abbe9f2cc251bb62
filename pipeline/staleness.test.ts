import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { CURRENT_PARAMS } from "./model/current.ts";
import { isStale, staleCutoffs, staleRuleText, staleSummary } from "./staleness.ts";

const { historical, sentiment } = CURRENT_PARAMS.freshness;

describe("the stale rule", () => {
  it("names each data type's cut-off, taken from the model", () => {
    const text = staleRuleText();
    expect(text).toContain(
      `${historical.cutoff} months (unemployment, vacancy, GDP, inflation and youth unemployment)`,
    );
    expect(text).toContain(`${sentiment.cutoff} months (the barometer and employment expectations)`);
    expect(staleCutoffs()).toEqual({
      unemployment: historical.cutoff,
      vacancy: historical.cutoff,
      gdp: historical.cutoff,
      inflation: historical.cutoff,
      lmb: sentiment.cutoff,
      expectations: sentiment.cutoff,
      youth_unemployment: historical.cutoff,
    });
  });

  it("expectations and the barometer go stale after the sentiment cut-off, the rest after the historical one", () => {
    // 2025-08 as of 2026-11: 15 months old.
    expect(isStale("expectations", "2025-08", "2026-11")).toBe(true);
    expect(isStale("lmb", "2025-08", "2026-11")).toBe(true);
    expect(isStale("unemployment", "2025-08", "2026-11")).toBe(false);
    expect(isStale("expectations", "2025-11", "2026-11")).toBe(false); // 12 months: still counts
  });

  it("counts countries only, by the newest table of each data type; aggregates are listed apart", () => {
    const row = (
      country: string,
      data_type: "unemployment" | "expectations",
      table: string,
      newest_period: string,
      age_months: number,
    ) => ({
      country,
      data_type,
      table,
      newest_period,
      age_months,
      stale: isStale(data_type, newest_period, "2026-11"),
    });
    const summary = staleSummary([
      row("DE", "unemployment", "une_rt_q", "2024-Q1", 31), // stale quarterly table, but …
      row("DE", "unemployment", "une_rt_m", "2026-07", 4), // … the monthly one is fresh: DE unemployment is fresh
      row("FR", "expectations", "ecfin_eei", "2025-08", 15),
      row("EA20", "expectations", "ecfin_eei", "2025-08", 15),
      row("EU27_2020", "expectations", "ecfin_eei", "2025-08", 15),
      row("EU28", "unemployment", "une_rt_m", "2019-12", 83),
    ]);
    expect(summary.countries).toEqual([{ code: "FR", data_types: ["expectations"] }]);
    expect(summary.aggregates).toEqual(["EA20", "EU27_2020", "EU28"]);
    expect(COUNTRIES.some((c) => c.code === "EU28")).toBe(false);
  });
});
