// parseEurostat on every bundled real JSON-stat file, with the type it is ingested as (fixtures/real/manifest.json);
// pipeline/parse-dispatch.test.ts reads every bundled file, CSV included, through ingest's one dispatch.

import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import type { DataType, Observation, ParsedFile } from "../../types.ts";
import { parseEurostat } from "./parse.ts";

const fixturePath = (rel: string): string => fileURLToPath(new URL(`../../../fixtures/${rel}`, import.meta.url));
const parseFixture = (rel: string, type: DataType): ParsedFile => parseEurostat(readFileSync(fixturePath(rel)), type);

const of = (parsed: ParsedFile, geo: string): Observation[] => parsed.observations.filter((o) => o.geo === geo);
const newest = (obs: readonly Observation[]): string =>
  obs
    .map((o) => o.period)
    .sort()
    .at(-1) ?? "";
const countries = (parsed: ParsedFile): string[] =>
  [...new Set(parsed.observations.filter((o) => !o.isAggregate).map((o) => o.geo))].sort();
const aggregates = (parsed: ParsedFile): string[] => [
  ...new Set(parsed.observations.filter((o) => o.isAggregate).map((o) => o.geo)),
];

describe("every real JSON-stat file of the manifest parses with its type", () => {
  const manifest = JSON.parse(readFileSync(fixturePath("real/manifest.json"), "utf8")) as {
    files: Array<{ file: string; type: DataType }>;
  };
  const jsonStat = manifest.files.filter((f) => f.file.endsWith(".json"));
  it.each(jsonStat.map((f) => [f.file, f.type] as const))("%s as %s", (file, type) => {
    const parsed = parseFixture(`real/${file}`, type);
    expect(parsed.dataType).toBe(type);
    expect(parsed.observations.length).toBe(parsed.processed - parsed.skippedMissing);
    expect(parsed.observations.every((o) => Number.isFinite(o.value) && /^\d{4}-(\d{2}|Q[1-4])$/.test(o.period))).toBe(
      true,
    );
    expect(parsed.notes.length).toBeGreaterThanOrEqual(3);
  });
});

describe("une_rt_m (monthly unemployment)", () => {
  const parsed = parseFixture("real/eurostat/une_rt_m.json", "unemployment");

  it("reads 8 countries and 2996 values of the SA/TOTAL/T/PC_ACT series", () => {
    expect(parsed.table).toBe("une_rt_m");
    expect(parsed.unit).toBe("PC_ACT");
    expect(countries(parsed)).toEqual(["AT", "CZ", "DE", "HU", "PL", "RO", "SI", "SK"]);
    expect(parsed.observations).toHaveLength(2996);
    expect(parsed.processed).toBe(8 * 524);
    expect(parsed.skippedMissing).toBe(8 * 524 - 2996);
    expect(parsed.sourceUpdated).toBe("2026-09-22T11:00:00+0200");
    expect(parsed.unknownHeaders).toEqual([]);
  });

  it("ends at 2026-07: the empty 2026-08 position (positions-with-no-data) is not data", () => {
    expect(newest(of(parsed, "DE"))).toBe("2026-07");
    expect(parsed.observations.some((o) => o.period === "2026-08")).toBe(false);
    expect(of(parsed, "DE")[0].period).toBe("1991-01");
  });

  it("keeps b and d flags without warning about them (only p and e warn)", () => {
    const flags = parsed.observations.map((o) => o.flag).filter((f) => f !== null);
    expect(flags.filter((f) => f === "b")).toHaveLength(6);
    expect(flags.filter((f) => f === "d")).toHaveLength(5);
    expect(parsed.warnings).toEqual([]);
  });

  it("says in plain words what was read", () => {
    expect(parsed.notes).toEqual([
      "Read Eurostat table une_rt_m (Unemployment by sex and age - monthly data), updated 2026-09-22T11:00:00+0200.",
      "Series: freq=M, s_adj=SA, age=TOTAL, unit=PC_ACT, sex=T.",
      "8 countries (AT, CZ, DE, HU, PL, RO, SI, SK), 1991-01 to 2026-07: 2996 values, 1196 empty cells skipped.",
    ]);
  });
});

describe("une_rt_q (quarterly unemployment)", () => {
  const parsed = parseFixture("real/eurostat/une_rt_q_SUBSET_2020Q1_2026Q2.json", "unemployment");

  it("keeps EU27_2020 and EA20 as aggregates and 30 countries (GR from EL)", () => {
    expect(parsed.table).toBe("une_rt_q");
    expect(aggregates(parsed)).toEqual(["EU27_2020", "EA20"]);
    expect(of(parsed, "EU27_2020").every((o) => o.isAggregate)).toBe(true);
    expect(countries(parsed)).toHaveLength(30);
    expect(countries(parsed)).toEqual(expect.arrayContaining(["BE", "GR", "CH", "IS", "NO"]));
    expect(countries(parsed)).not.toContain("EL");
    expect(parsed.observations).toHaveLength(832);
    expect(parsed.skippedMissing).toBe(0);
  });

  it("keeps combined flags as written: DE 2020-Q1 is bu", () => {
    const de = of(parsed, "DE");
    expect(de.find((o) => o.period === "2020-Q1")).toMatchObject({ value: 3.3, flag: "bu" });
    expect(de.find((o) => o.period === "2020-Q2")?.flag).toBe("u");
    expect(newest(de)).toBe("2026-Q2");
  });
});

describe("jvs_q_nace2 (vacancy)", () => {
  const parsed = parseFixture("real/eurostat/jvs_q_nace2.json", "vacancy");

  it("pins NSA (the file has no SA) and maps EL to GR", () => {
    expect(parsed.unit).toBe("JVR");
    expect(countries(parsed)).toEqual(["BG", "GR", "IE", "IT", "PL", "RO"]);
    expect(of(parsed, "GR")).toHaveLength(28);
    expect(parsed.notes).toContain("Series: freq=Q, s_adj=NSA, nace_r2=B-S, sizeclas=TOTAL, indic_em=JVR.");
    expect(parsed.notes).toContain("Not seasonally adjusted (s_adj=NSA): the file has no seasonally adjusted series.");
  });

  it("summarises provisional values per country, not per cell", () => {
    expect(parsed.warnings).toEqual([
      { type: "flag", detail: "BG: 12 provisional values (2023-Q1 … 2025-Q4)" },
      { type: "flag", detail: "IE: 1 provisional value (2025-Q4)" },
      { type: "flag", detail: "IT: 1 provisional value (2025-Q4)" },
    ]);
    expect(parsed.observations.filter((o) => o.flag === "p")).toHaveLength(14);
  });
});

describe("namq_10_gdp (GDP, year-on-year unit)", () => {
  const parsed = parseFixture("real/eurostat/namq_10_gdp_CLV_PCH_SM.json", "gdp");

  it("records CLV_PCH_SM and says it is year-on-year", () => {
    expect(parsed.unit).toBe("CLV_PCH_SM");
    expect(parsed.observations.every((o) => o.unit === "CLV_PCH_SM")).toBe(true);
    expect(parsed.notes.some((n) => n.includes("year-on-year"))).toBe(true);
  });

  it("lists non-covered geos once each, as unknown_geo warnings, and stores none of them", () => {
    expect(parsed.unknownHeaders).toEqual(["BA", "ME", "MD", "MK", "AL", "RS", "TR", "XK"]);
    const unknownGeo = parsed.warnings.filter((w) => w.type === "unknown_geo").map((w) => w.detail.slice(0, 2));
    expect(unknownGeo).toEqual(parsed.unknownHeaders);
    expect(parsed.observations.some((o) => parsed.unknownHeaders.includes(o.geo))).toBe(false);
  });

  it("30 countries (no LI), six aggregates, latest quarter by country", () => {
    expect(countries(parsed)).toHaveLength(30);
    expect(countries(parsed)).not.toContain("LI");
    expect(aggregates(parsed)).toEqual(["EU27_2020", "EA", "EA21", "EA20", "EA19", "EA12"]);
    expect(newest(of(parsed, "DE"))).toBe("2026-Q2");
    expect(newest(of(parsed, "DK"))).toBe("2026-Q1");
    expect(newest(of(parsed, "GR"))).toBe("2026-Q1");
    expect(parsed.processed).toBe(36 * 54);
  });

  it("warns about provisional and estimated values, once per country and flag", () => {
    const flags = parsed.warnings.filter((w) => w.type === "flag").map((w) => w.detail);
    expect(flags).toContain("DE: 14 provisional values (2023-Q1 … 2026-Q2)");
    expect(flags).toContain("PT: 1 estimated value (2026-Q2)");
    expect(new Set(flags.map((d) => d.split(" ").slice(0, 3).join(" "))).size).toBe(flags.length);
  });
});

describe("prc_hicp_manr (legacy HICP)", () => {
  const parsed = parseFixture("real/eurostat/prc_hicp_manr.json", "inflation");

  it("drops UK and US, keeps 30 countries with 156 months each, last 2025-12", () => {
    expect(parsed.unknownHeaders).toEqual(expect.arrayContaining(["UK", "US"]));
    expect(parsed.observations.some((o) => o.geo === "UK" || o.geo === "US")).toBe(false);
    expect(countries(parsed)).toHaveLength(30);
    for (const c of countries(parsed)) expect(of(parsed, c)).toHaveLength(156);
    expect(newest(parsed.observations)).toBe("2025-12");
    expect(parsed.unit).toBe("RCH_A");
  });
});

describe("prc_hicp_minr (successor HICP)", () => {
  const parsed = parseFixture("real/eurostat/prc_hicp_minr_SUBSET_2025-01_2026-08.json", "inflation");

  it("pins coicop18=TOTAL and RCH_A; no status object means no flags", () => {
    expect(parsed.table).toBe("prc_hicp_minr");
    expect(parsed.notes).toContain("Series: freq=M, unit=RCH_A, coicop18=TOTAL.");
    expect(parsed.observations).toHaveLength(680);
    expect(parsed.observations.every((o) => o.flag === null)).toBe(true);
    expect(newest(of(parsed, "DE"))).toBe("2026-08");
    expect(Number.isInteger(parsed.observations.find((o) => o.value === 2)?.value)).toBe(true);
  });
});

describe("input forms", () => {
  const text = readFileSync(fixturePath("real/eurostat/jvs_q_nace2.json"), "utf8");

  it("text, bytes, text with a BOM and an already parsed object give the same result", () => {
    const fromText = parseEurostat(text, "vacancy");
    expect(parseEurostat(Buffer.from(text), "vacancy")).toEqual(fromText);
    expect(parseEurostat(`\uFEFF${text}`, "vacancy")).toEqual(fromText);
    expect(parseEurostat(JSON.parse(text), "vacancy")).toEqual(fromText);
  });
});
