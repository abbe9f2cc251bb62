// The label dictionary of Eurostat's CSV downloads: labels → codes per dimension, after normalisation.
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../lib/countries.ts";
import { categoryCode, codeForLabel, flagCode, normaliseLabel } from "./labels.ts";
import { EUROSTAT_TABLES } from "./tables.ts";

const real = (file: string) =>
  JSON.parse(
    readFileSync(fileURLToPath(new URL(`../../../fixtures/real/eurostat/${file}`, import.meta.url)), "utf8"),
  ) as {
    id: string[];
    dimension: Record<string, { category: { label: Record<string, string> } }>;
  };

describe("normaliseLabel", () => {
  it("ignores dashes, curly quotes, repeated or odd whitespace and case", () => {
    expect(normaliseLabel("Euro area – 20 countries (from 2023)")).toBe(
      normaliseLabel("Euro area - 20 countries (from 2023)"),
    );
    expect(normaliseLabel("Euro area - 19 countries  (2015-2022)")).toBe("euro area - 19 countries (2015-2022)");
    expect(normaliseLabel("\u00a0Czechia\t")).toBe("czechia");
    expect(normaliseLabel("Côte d’Ivoire")).toBe("côte d'ivoire");
    expect(normaliseLabel("Türkiye")).not.toBe(normaliseLabel("Turkiye"));
  });
});

describe("categoryCode", () => {
  it.each([
    ["geo", "Czechia", "CZ"],
    ["geo", "Greece", "EL"],
    ["geo", "European Union - 27 countries (from 2020)", "EU27_2020"],
    ["geo", "Euro area – 20 countries (from 2023)", "EA20"],
    ["geo", "Euro area - 20 countries (from 2023)", "EA20"],
    ["geo", "Germany (until 1990 former territory of the FRG)", "DE"],
    ["s_adj", "Seasonally adjusted data, not calendar adjusted data", "SA"],
    ["s_adj", "Unadjusted data (i.e. neither seasonally adjusted nor calendar adjusted data)", "NSA"],
    ["unit", "Percentage of population in the labour force", "PC_ACT"],
    ["age", "Total", "TOTAL"],
    ["sex", "Total", "T"],
    ["sizeclas", "Total", "TOTAL"],
    ["freq", "Monthly", "M"],
    ["freq", "Quarterly", "Q"],
    ["indic", "Employment expectations indicator over the next 3 months", "BS-EEI-I"],
  ])("%s %j → %s", (dimension, label, code) => {
    expect(categoryCode(dimension, label)).toBe(code);
  });

  it("keeps codes, reads the data browser's CODE:Label cells, and leaves unknown labels as written", () => {
    expect(categoryCode("geo", " EL ")).toBe("EL");
    expect(categoryCode("s_adj", "SA:Seasonally adjusted data, not calendar adjusted data")).toBe("SA");
    expect(categoryCode("geo", "Türkiye")).toBe("Türkiye");
    expect(categoryCode("unit", "Industry: total")).toBe("Industry: total");
    expect(codeForLabel("age", "Total")).toBe("TOTAL");
    expect(codeForLabel("nowhere", "Total")).toBeUndefined();
  });

  it("knows every covered country's English name (countries.ts) as its Eurostat code", () => {
    for (const c of COUNTRIES) expect(categoryCode("geo", c.name)).toBe(c.eurostatGeo);
  });

  it("knows the labels of the real JSON-stat fixtures for every pinned code (a CSV download uses the same)", () => {
    const files = [
      "une_rt_m.json",
      "une_rt_q_SUBSET_2020Q1_2026Q2.json",
      "jvs_q_nace2.json",
      "namq_10_gdp_CLV_PCH_SM.json",
      "prc_hicp_manr.json",
      "prc_hicp_minr_SUBSET_2025-01_2026-08.json",
    ];
    const pinned = new Set(
      EUROSTAT_TABLES.flatMap((t) => t.pins.flatMap((p) => p.codes.map((c) => `${p.dimension}=${c}`))),
    );
    let checked = 0;
    for (const file of files) {
      const ds = real(file);
      for (const dim of ds.id) {
        for (const [code, label] of Object.entries(ds.dimension[dim]!.category.label)) {
          if (dim === "time" || (dim !== "geo" && !pinned.has(`${dim}=${code}`))) continue;
          if (dim === "geo" && codeForLabel("geo", label) === undefined) continue; // non-covered geos: listed, not mapped
          expect(categoryCode(dim, label), `${file} ${dim} ${label}`).toBe(code);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  });
});

describe("flagCode", () => {
  it("keeps letters, reads written-out flags, and gives null for an empty cell", () => {
    expect([
      flagCode("p"),
      flagCode(" bu "),
      flagCode("provisional"),
      flagCode("Break in time series"),
      flagCode(""),
      flagCode(null),
    ]).toEqual(["p", "bu", "p", "b", null, null]);
  });
});
