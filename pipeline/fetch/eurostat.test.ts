import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { COUNTRIES, EU_AGGREGATE } from "../countries.ts";
import { BUNDLED_FIXTURES_DIR } from "../seed.ts";
import { tableConfig, type TableConfig } from "../sources/eurostat/tables.ts";
import { closedHint, inspectEurostat, looksLikeHtml, requestGeos, staleHint, tableUrl } from "./eurostat.ts";

const real = (file: string) => readFileSync(path.join(BUNDLED_FIXTURES_DIR, "eurostat", file));
const config = (table: string) => tableConfig(table) as TableConfig;
const NOW = new Date("2026-11-22T06:30:00Z");

describe("request URLs", () => {
  it("asks for every required pin, the covered countries (EL for Greece) and the EU aggregate", () => {
    const url = new URL(tableUrl("https://api.example/data/", config("une_rt_m"), requestGeos()));
    expect(url.pathname).toBe("/data/une_rt_m");
    expect(url.searchParams.get("format")).toBe("JSON");
    expect(url.searchParams.get("lang")).toBe("EN");
    for (const [dim, code] of [["s_adj", "SA"], ["age", "TOTAL"], ["sex", "T"], ["unit", "PC_ACT"]]) {
      expect(url.searchParams.getAll(dim!)).toEqual([code]);
    }
    const geos = url.searchParams.getAll("geo");
    expect(geos).toHaveLength(COUNTRIES.length + 1);
    expect(geos).toContain("EL");
    expect(geos).not.toContain("GR");
    expect(geos.at(-1)).toBe(EU_AGGREGATE);
  });

  it("asks for every accepted code of a pin and leaves optional pins (freq, sizeclas) to the reader", () => {
    const url = new URL(tableUrl("https://api.example/data", config("jvs_q_nace2"), ["DE"]));
    expect(url.searchParams.getAll("s_adj")).toEqual(["SA", "NSA"]);
    expect(url.searchParams.has("sizeclas")).toBe(false);
    expect(url.searchParams.has("freq")).toBe(false);
    expect(new URL(tableUrl("https://x", config("namq_10_gdp"), [])).searchParams.getAll("unit")).toEqual(["CLV_PCH_PRE", "CLV_PCH_SM"]);
    expect(new URL(tableUrl("https://x", config("jvs_q_r21"), [])).searchParams.getAll("nace_r2_1")).toEqual(["B-S", "A-T"]);
    expect(new URL(tableUrl("https://x", config("prc_hicp_minr"), [])).searchParams.getAll("coicop18")).toEqual(["TOTAL"]);
  });
});

describe("reading an answer", () => {
  it("reads the stamp, the newest period and nothing alarming from a live table", () => {
    const a = inspectEurostat(real("une_rt_m.json"), "application/json", config("une_rt_m"), NOW);
    expect(a).toEqual({ kind: "dataset", updated: "2026-09-22T11:00:00+0200", empty: null, closed: null, newestPeriod: "2026-08" });
  });

  it("sees a closed table by its title and its description", () => {
    const manr = inspectEurostat(real("prc_hicp_manr.json"), "application/json", config("prc_hicp_manr"), NOW);
    expect(manr.kind === "dataset" && manr.closed).toMatch(/title ends with \(1997-2025\).*discontinued and replaced by dataset prc_hicp_minr/);
    const jvs = inspectEurostat(real("jvs_q_nace2.json"), "application/json", config("jvs_q_nace2"), NOW);
    expect(jvs.kind === "dataset" && jvs.closed).toBe("its title ends with (2001-2025)");
    // In 2025 the range is not over yet.
    expect(closedHint("Job vacancy statistics (2001-2025)", null, new Date("2025-06-01"))).toBeNull();
  });

  it("calls a table frozen when its newest period is far behind", () => {
    expect(staleHint("2025-Q4", NOW)).toBeNull(); // 11 months: a slow table, not a frozen one
    expect(staleHint("2025-06", NOW, 3)).toBe("its newest period 2025-06 is 17 months old");
    expect(staleHint("2024-Q2", NOW)).toBe("its newest period 2024-Q2 is 29 months old");
    expect(staleHint(null, NOW)).toBeNull();
  });

  it("names the filter that matches nothing in an empty answer", () => {
    const ds = JSON.parse(real("jvs_q_nace2.json").toString());
    ds.value = {};
    ds.dimension.indic_em.category.index = { JOBRATE: 0 };
    const a = inspectEurostat(Buffer.from(JSON.stringify(ds)), "application/json", config("jvs_q_nace2"), NOW);
    expect(a.kind === "dataset" && a.empty).toMatch(/dimension "indic_em" has none of JVR/);
  });

  it("refuses HTML pages, error bodies and another table; leaves non-JSON to ingest", () => {
    const html = Buffer.from("<!DOCTYPE html><html><head><title>Service Unavailable</title></head></html>");
    expect(looksLikeHtml(html, null)).toBe(true);
    expect(inspectEurostat(html, "text/html", config("une_rt_m"), NOW)).toEqual({
      kind: "refused",
      reason: 'answered an HTML page ("Service Unavailable") instead of JSON-stat data',
    });
    const error = Buffer.from(JSON.stringify({ error: [{ status: 400, label: 'INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined' }] }));
    expect(inspectEurostat(error, "application/json", config("prc_hicp_minr"), NOW)).toMatchObject({ kind: "refused", reason: expect.stringContaining("COICOP") });
    expect(inspectEurostat(real("jvs_q_nace2.json"), "application/json", config("jvs_q_r21"), NOW)).toEqual({
      kind: "refused",
      reason: "answered with table jvs_q_nace2 instead of jvs_q_r21",
    });
    expect(inspectEurostat(Buffer.from('{"version":"2.0","value":{"0":1'), "application/json", config("une_rt_m"), NOW)).toEqual({ kind: "unreadable" });
  });
});
