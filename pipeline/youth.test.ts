// Youth unemployment as published context (model v2.2 §10): the newest month within U's 24-month cut-off, the EU-27
// figure of that same month when stored, never a month not yet published by the as-of date (v2.3), never another
// data type.
import { describe, expect, it } from "vitest";
import type { StoredObservation } from "./store/observations.ts";
import { withYouthUnemployment, youthUnemploymentByCountry } from "./youth.ts";
import type { Snapshot } from "./model/types.ts";

const row = (geo: string, period: string, value: number, dataType = "youth_unemployment"): StoredObservation =>
  ({
    dataType,
    table: "une_rt_m",
    geo,
    isAggregate: geo === "EU27_2020",
    period,
    value,
    flag: null,
    unit: "PC_ACT",
    ingestId: 1,
  }) as StoredObservation;

describe("youthUnemploymentByCountry", () => {
  const rows = [
    row("ES", "2026-01", 23.5),
    row("ES", "2025-12", 23.9),
    row("ES", "2026-12", 30), // after the as-of month: not yet
    row("ES", "2026-11", 29), // the as-of month itself: not published before December (v2.3 lag of 1 month)
    row("EU27_2020", "2026-01", 14.8),
    row("EU27_2020", "2025-11", 14.6),
    row("DE", "2025-11", 7.0),
    row("FR", "2024-10", 18.0), // 25 months before 2026-11: past the cut-off
    row("IT", "2026-08", 9.9, "unemployment"), // the overall rate is not the youth rate
  ];

  it("takes the newest month at or before the as-of month, with the EU-27 rate of that same month", () => {
    const youth = youthUnemploymentByCountry(rows, "2026-11-22");
    expect(youth.get("ES")).toEqual({ value: 23.5, period: "2026-01", flag: null, table: "une_rt_m", eu_value: 14.8 });
    expect(youth.get("DE")).toMatchObject({ period: "2025-11", eu_value: 14.6 });
  });

  it("says no EU figure when the EU-27 has none for that month, and nothing past 24 months or for other data types", () => {
    const youth = youthUnemploymentByCountry([...rows, row("PT", "2025-10", 19.1)], "2026-11-22");
    expect(youth.get("PT")).toMatchObject({ value: 19.1, eu_value: null });
    expect(youth.has("FR")).toBe(false);
    expect(youth.has("IT")).toBe(false);
    // 2024-11 is exactly 24 months before 2026-11: still shown.
    expect(youthUnemploymentByCountry([row("FR", "2024-11", 18)], "2026-11-01").get("FR")).toMatchObject({ value: 18 });
  });

  it("attaches it to each snapshot (null without a figure) and leaves the model's snapshot and score as they were", () => {
    const model = [
      { country: "ES", score: 4.2 },
      { country: "CH", score: 6.1 },
    ] as unknown as Snapshot[];
    const out = withYouthUnemployment(model, rows, "2026-11-22");
    expect(out.map((s) => [s.country, s.score, s.youth_unemployment?.value ?? null])).toEqual([
      ["ES", 4.2, 23.5],
      ["CH", 6.1, null],
    ]);
    expect("youth_unemployment" in model[0]!).toBe(false);
  });
});
