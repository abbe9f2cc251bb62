import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { DATA_TYPES } from "../../types.ts";
import { decodeJsonStat } from "./jsonstat.ts";
import { ACCEPTED_TABLES, EUROSTAT_TABLES, SUCCESSOR_TABLES, tableConfig } from "./tables.ts";
import { acceptedTable, declaredTable, inferTable } from "./table-inference.ts";

const raw = (rel: string): Record<string, unknown> =>
  JSON.parse(readFileSync(fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url)), "utf8"));

const REAL: Array<[file: string, table: string]> = [
  ["real/eurostat/une_rt_m.json", "une_rt_m"],
  ["real/eurostat/une_rt_q_SUBSET_2020Q1_2026Q2.json", "une_rt_q"],
  ["real/eurostat/jvs_q_nace2.json", "jvs_q_nace2"],
  ["real/eurostat/namq_10_gdp_CLV_PCH_SM.json", "namq_10_gdp"],
  ["real/eurostat/prc_hicp_manr.json", "prc_hicp_manr"],
  ["real/eurostat/prc_hicp_minr_SUBSET_2025-01_2026-08.json", "prc_hicp_minr"],
];

describe("the accepted tables (docs/data-sources.md)", () => {
  it("cover every Eurostat data type, and only those", () => {
    expect(Object.keys(ACCEPTED_TABLES).sort()).toEqual(DATA_TYPES.filter((t) => t !== "lmb").sort());
    expect(
      Object.fromEntries(Object.entries(ACCEPTED_TABLES).map(([type, tables]) => [type, tables.map((t) => t.table)])),
    ).toEqual({
      unemployment: ["une_rt_m", "une_rt_q"],
      vacancy: ["jvs_q_nace2", "jvs_q_r21", "ei_lmjv_q_r2"],
      gdp: ["namq_10_gdp"],
      inflation: ["prc_hicp_manr", "prc_hicp_minr"],
      expectations: ["teibs030", "ei_bsee_m_r2"],
      youth_unemployment: ["une_rt_m"],
    });
  });

  it("read une_rt_m twice: age TOTAL as unemployment, age Y_LT25 as youth_unemployment (v2.2 §10)", () => {
    expect(tableConfig("une_rt_m")?.dataType).toBe("unemployment");
    expect(tableConfig("une_rt_m", "youth_unemployment")?.pins.find((p) => p.dimension === "age")?.codes).toEqual([
      "Y_LT25",
    ]);
    expect(tableConfig("une_rt_m", "unemployment")?.pins.find((p) => p.dimension === "age")?.codes).toEqual(["TOTAL"]);
    // A type the table does not hold falls back to its first reading, so that the refusal can name it.
    expect(tableConfig("une_rt_m", "vacancy")?.dataType).toBe("unemployment");
  });

  it("pin jvs_q_r21's NACE aggregate B-T, else A-T (v2.2 §1: B-S is not that aggregate in NACE Rev. 2.1)", () => {
    expect(tableConfig("jvs_q_r21")?.pins.find((p) => p.dimension === "nace_r2_1")?.codes).toEqual(["B-T", "A-T"]);
  });

  it("pin freq to the table's frequency, only where the file has a freq dimension", () => {
    for (const t of EUROSTAT_TABLES) {
      expect(t.pins.find((p) => p.dimension === "freq")).toEqual({
        dimension: "freq",
        codes: [t.freq],
        optional: true,
      });
    }
  });

  it("name each successor table, which is itself accepted", () => {
    for (const [legacy, successor] of Object.entries(SUCCESSOR_TABLES)) {
      expect(tableConfig(successor)?.dataType).toBe(tableConfig(legacy)?.dataType);
    }
  });
});

describe("identifying a file's table", () => {
  it.each(REAL)("%s declares %s in extension.id", (file, table) => {
    expect(declaredTable(decodeJsonStat(raw(file)))).toBe(table);
  });

  it.each(REAL)("%s without extension: inferred as %s from its dimensions", (file, table) => {
    const ds = decodeJsonStat({ ...raw(file), extension: undefined });
    expect(declaredTable(ds)).toBeNull();
    expect(inferTable(ds, "time")?.table).toBe(table);
  });

  it.each(REAL)("%s without extension nor tell-tale dimensions: inferred as %s from its title", (file, table) => {
    const file_ = raw(file);
    // Rename every pinned dimension so that only the label is left to go by.
    const ids = (file_.id as string[]).map((id) => (id === "geo" || id === "time" ? id : `x_${id}`));
    const dimension = Object.fromEntries(
      Object.entries(file_.dimension as Record<string, unknown>).map(([id, d]) => [
        id === "geo" || id === "time" ? id : `x_${id}`,
        d,
      ]),
    );
    const ds = decodeJsonStat({ ...file_, id: ids, dimension, extension: undefined });
    expect(inferTable(ds, "time")?.table).toBe(table);
  });

  it("the real ei_cphi_m file is not accepted for inflation", () => {
    const ds = decodeJsonStat(raw("broken/ei_cphi_m_RT12.json"));
    expect(() => acceptedTable(ds, "inflation", "time")).toThrow(
      "This file is Eurostat table ei_cphi_m, which the index does not read. Accepted for inflation: Eurostat tables prc_hicp_manr or prc_hicp_minr (JSON-stat .json, SDMX-CSV, a CSV with one column per dimension, or the data browser's spreadsheet .xlsx).",
    );
  });
});
