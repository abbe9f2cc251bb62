// Provenance (docs/data-sources.md §8): each published figure names the very observation the model read (the
// winning table, series, release and ingest where several gave the same period), never another value's; its links
// ask Eurostat for that table, geo (EL for Greece) and series; the model's scores never see any of it.
import { describe, expect, it } from "vitest";
import { ECFIN_SURVEYS_URL, isEurostatTable, sourceLinks } from "../lib/source-links.ts";
import {
  countrySources,
  inputSources,
  querySeries,
  refKey,
  sourceRef,
  sourceTables,
  splitSources,
  type TracedSourceRef,
} from "./provenance.ts";
import { chooseInputs, modelInputs, scoreAll, withContext } from "./recalc.ts";
import { ECFIN_EEI_TABLE } from "./sources/ecfin/parse.ts";
import { LMB_TABLE } from "./sources/barometer/parse.ts";
import { EUROSTAT_TABLES } from "./sources/eurostat/tables.ts";
import type { StoredObservation } from "./store/observations.ts";
import type { PublishedSnapshot } from "./youth.ts";

const AS_OF = "2026-11-22";

function obs(partial: Partial<StoredObservation> & Pick<StoredObservation, "dataType" | "table" | "series">) {
  return (geo: string, period: string, value: number, extra: Partial<StoredObservation> = {}): StoredObservation => ({
    geo,
    isAggregate: geo === "EU27_2020",
    period,
    value,
    flag: null,
    unit: "PC_ACT",
    release: null,
    ingestId: 1,
    ...partial,
    ...extra,
  });
}

const une = obs({ dataType: "unemployment", table: "une_rt_m", series: "s_adj=SA,age=TOTAL,sex=T,unit=PC_ACT" });
const youth = obs({
  dataType: "youth_unemployment",
  table: "une_rt_m",
  series: "s_adj=SA,age=Y_LT25,sex=T,unit=PC_ACT",
});
const jvsR21 = obs({
  dataType: "vacancy",
  table: "jvs_q_r21",
  series: "indic_em=JVR,nace_r2_1=B-T,sizeclas=TOTAL,s_adj=SA",
  unit: "JVR",
});
const euroIndicator = obs({
  dataType: "vacancy",
  table: "ei_lmjv_q_r2",
  series: "indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=SA",
  unit: "JVR",
});
const sector = obs({
  dataType: "sector_vacancy",
  table: "ei_lmjv_q_r2",
  series: "indic=JVR,indic_em=JVR,nace_r2=J,sizeclas=TOTAL,s_adj=SA",
  unit: "JVR",
});
const teibs = obs({ dataType: "expectations", table: "teibs030", series: "indic=BS-EEI-I,s_adj=SA", unit: "INDEX" });
const ecfin = obs({ dataType: "expectations", table: "ecfin_eei", series: "series=EEI", unit: "INDEX" });

const months = (from: number, to: number) =>
  Array.from({ length: to - from + 1 }, (_, i) => {
    const m = from + i;
    return `${2024 + Math.floor((m - 1) / 12)}-${String(((m - 1) % 12) + 1).padStart(2, "0")}`;
  });

/** Greece: monthly unemployment (a `d` on its newest month), two vacancy tables, two EEI doors, a sector, youth. */
const ROWS: StoredObservation[] = [
  ...months(1, 34).map((m, i) =>
    une("GR", m, 9 + i / 100, { ingestId: 3, release: "2026-11-02T11:00:00", flag: m === "2026-10" ? "d" : null }),
  ),
  ...months(1, 34).map((m) => une("EU27_2020", m, 6, { ingestId: 3, release: "2026-11-02T11:00:00" })),
  youth("GR", "2026-09", 18.5, { ingestId: 3, flag: "p", release: "2026-11-02T11:00:00" }),
  // The same quarter from two tables: jvs_q_r21 wins by precedence over the euro indicator (ingested later here).
  jvsR21("GR", "2026-Q2", 1.4, { ingestId: 5, release: null }),
  euroIndicator("GR", "2026-Q2", 1.3, { ingestId: 7, release: "2026-09-15T11:00:00" }),
  euroIndicator("GR", "2026-Q1", 1.2, { ingestId: 7, release: "2026-09-15T11:00:00", flag: "b" }),
  sector("GR", "2026-Q2", 2.1, { ingestId: 8, flag: "p", release: "2026-09-15T11:00:00" }),
  // One EEI month through two doors: the later release wins, whatever the table.
  teibs("GR", "2026-10", 101, { ingestId: 9, release: "2026-10-30T11:00:00" }),
  ecfin("GR", "2026-10", 102, { ingestId: 10, release: "2026-10-31T00:00:00" }),
];

function published(rows = ROWS): PublishedSnapshot {
  const chosen = chooseInputs(rows, AS_OF);
  const results = withContext(scoreAll(modelInputs(chosen), AS_OF), rows, AS_OF, chosen);
  return results.find((r) => r.snapshot.country === "GR")!.snapshot as PublishedSnapshot;
}

describe("the sources recalc attaches", () => {
  const s = published();

  it("name the observation the model read, with its table, series, flag, release and ingest", () => {
    expect(s.unemployment).toMatchObject({ period: "2026-10", flag: "d" });
    expect(s.sources?.unemployment).toEqual({
      table: "une_rt_m",
      series: { s_adj: "SA", age: "TOTAL", sex: "T", unit: "PC_ACT" },
      geo: "GR",
      period: "2026-10",
      flag: "d",
      release: "2026-11-02T11:00:00",
      ingestId: 3,
    } satisfies TracedSourceRef);
    expect(s.sources?.unemployment_year_before).toMatchObject({ period: "2025-10", flag: null, ingestId: 3 });
    expect(s.sources?.eu_average).toMatchObject({ geo: "EU27_2020", period: "2026-10", table: "une_rt_m" });
    expect(s.sources?.youth_unemployment).toMatchObject({ table: "une_rt_m", period: "2026-09", flag: "p" });
  });

  it("follow the table precedence and the EEI's later release, never the other value of the same period", () => {
    expect(s.vacancy).toMatchObject({ period: "2026-Q2", value: 1.4 });
    expect(s.sources?.vacancy).toMatchObject({ table: "jvs_q_r21", ingestId: 5, release: null });
    expect(s.eei).toMatchObject({ period: "2026-10", value: 102 });
    expect(s.sources?.eei).toMatchObject({ table: "ecfin_eei", series: { series: "EEI" }, ingestId: 10 });
  });

  it("give each sector rate its own source, the series as the table's API query names it", () => {
    const j = s.sectors?.find((r) => r.code === "J");
    expect(j?.source).toEqual({
      table: "ei_lmjv_q_r2",
      // indic_em is not a dimension of ei_lmjv_q_r2 in Eurostat's API: left out (tables.ts notInApi).
      series: { indic: "JVR", nace_r2: "J", sizeclas: "TOTAL", s_adj: "SA" },
      geo: "GR",
      period: "2026-Q2",
      flag: "p",
      release: "2026-09-15T11:00:00",
      ingestId: 8,
    });
  });

  it("leave the scores as the model computed them", () => {
    const chosen = chooseInputs(ROWS, AS_OF);
    const bare = scoreAll(modelInputs(chosen), AS_OF).find((r) => r.snapshot.country === "GR")!.snapshot;
    expect(s.score).toBe(bare.score);
    expect({ ...s, sources: undefined, sectors: undefined, youth_unemployment: undefined }).toEqual({
      ...bare,
      sources: undefined,
      sectors: undefined,
      youth_unemployment: undefined,
    });
  });

  it("give a figure no source when its observation is not among those the model read with the same value", () => {
    const chosen = chooseInputs(ROWS, AS_OF);
    const wrong = { ...s, vacancy: { value: 9.9, period: "2026-Q2", flag: null } };
    expect(inputSources(wrong, chosen, undefined).vacancy).toBeUndefined();
    expect(inputSources(wrong, chosen, undefined).unemployment).toBeDefined();
  });
});

describe("what is published of a source", () => {
  const chosen = chooseInputs(ROWS, AS_OF);
  const split = splitSources(withContext(scoreAll(modelInputs(chosen), AS_OF), ROWS, AS_OF, chosen));
  const s = split.results.find((r) => r.snapshot.country === "GR")!.snapshot as PublishedSnapshot;
  const files = new Map([
    [3, { name: "une_rt_m.json", sha256: "a".repeat(64), ingested_at: "2026-11-03T06:00:00.000Z" }],
    [10, { name: "ecfin.csv", sha256: "b".repeat(64), ingested_at: "2026-11-03T06:01:00.000Z" }],
  ]);
  const values = new Map(split.values.map(({ key, ...v }) => [key, v]));
  const out = countrySources(s, { values, files });

  it("keeps in the snapshot what names the value, its release and ingest beside it", () => {
    const ref = s.sources!.unemployment!;
    expect(ref).toEqual({
      table: "une_rt_m",
      series: { s_adj: "SA", age: "TOTAL", sex: "T", unit: "PC_ACT" },
      geo: "GR",
      period: "2026-10",
      flag: "d",
    });
    expect(values.get(refKey(ref))).toEqual({ release: "2026-11-02T11:00:00", ingest_id: 3 });
    expect(s.sectors![0]!.source).not.toHaveProperty("ingestId");
    expect(split.ingestIds).toEqual([3, 5, 8, 10]);
    expect(split.values.map((v) => v.key)).toEqual([...split.values.map((v) => v.key)].sort());
    expect(out.inputs.unemployment!.release).toBe("2026-11-02T11:00:00");
    expect(out.inputs.vacancy!.release).toBeNull();
  });

  it("parts every reference sourceRef made, wherever a snapshot holds it (a sector's quarters too)", () => {
    const sectorRow = ROWS.find((o) => o.dataType === "sector_vacancy")!;
    const traced = withContext(scoreAll(modelInputs(chosen), AS_OF), ROWS, AS_OF, chosen);
    const gr = traced.find((r) => r.snapshot.country === "GR")!;
    const nested = {
      ...gr,
      snapshot: { ...gr.snapshot, sectors: [{ code: "J", history: [{ source: sourceRef(sectorRow) }] }] },
    };
    const parted = splitSources([nested]);
    expect(JSON.stringify(parted.results)).not.toMatch(/ingestId|"release"/);
    expect(parted.values.find((v) => v.key === refKey(sourceRef(sectorRow)))).toMatchObject({ ingest_id: 8 });
  });

  it("carries the file of its ingest and the two links, Greece asked as EL", () => {
    const u = out.inputs.unemployment!;
    expect(u.file).toEqual(files.get(3));
    expect(u.browser_url).toBe("https://ec.europa.eu/eurostat/databrowser/view/une_rt_m/default/table");
    const api = new URL(u.api_url!);
    expect(api.origin + api.pathname).toBe(
      "https://ec.europa.eu/eurostat/api/dissemination/statistics/1.0/data/une_rt_m",
    );
    expect(api.searchParams.getAll("geo")).toEqual(["EL"]);
    expect(Object.fromEntries([...api.searchParams].filter(([k]) => !["geo", "format", "lang"].includes(k)))).toEqual(
      u.series,
    );
    expect(new URL(out.inputs.eu_average!.api_url!).searchParams.get("geo")).toBe("EU27_2020");
    // A file not among the published ones (an ingest no source names) is null, never another file.
    expect(out.inputs.vacancy!.file).toBeNull();
  });

  it("links DG ECFIN's EEI to its survey page and asks no API for it; the barometer has no link", () => {
    expect(out.inputs.eei).toMatchObject({ browser_url: ECFIN_SURVEYS_URL, api_url: null, file: files.get(10) });
    expect(sourceLinks("lmb", "DE", {})).toEqual({ browser_url: null, api_url: null });
    expect(isEurostatTable(ECFIN_EEI_TABLE)).toBe(false);
    expect(isEurostatTable(LMB_TABLE)).toBe(false);
    expect(out.sectors).toHaveLength(s.sectors!.length);
    expect(out.sectors[0]).toMatchObject({ table: "ei_lmjv_q_r2", flag: "p" });
  });
});

describe("the tables the methodology lists", () => {
  const tables = sourceTables();

  it("are every table the pipeline reads, once each, with what it feeds and its lag", () => {
    expect(tables.map((t) => t.table)).toEqual([
      ...new Set([...EUROSTAT_TABLES.map((t) => t.table), ECFIN_EEI_TABLE, LMB_TABLE]),
    ]);
    expect(tables.find((t) => t.table === "une_rt_m")!.feeds.map((f) => f.dataType)).toEqual([
      "unemployment",
      "youth_unemployment",
    ]);
    // The vacancy tables also feed the sector context.
    for (const table of ["jvs_q_nace2", "jvs_q_r21", "ei_lmjv_q_r2"]) {
      expect(tables.find((t) => t.table === table)!.feeds.map((f) => f.dataType)).toEqual([
        "vacancy",
        "sector_vacancy",
      ]);
    }
    for (const t of tables)
      for (const f of t.feeds) expect(f.lagMonths, `${t.table} ${f.dataType}`).toBeGreaterThanOrEqual(0);
  });

  it("link each Eurostat table's view and the API query of its series", () => {
    const ei = tables.find((t) => t.table === "ei_lmjv_q_r2")!;
    expect(ei.browser_url).toBe("https://ec.europa.eu/eurostat/databrowser/view/ei_lmjv_q_r2/default/table");
    const api = new URL(ei.api_url!);
    expect(api.pathname.endsWith("/data/ei_lmjv_q_r2")).toBe(true);
    expect(api.searchParams.get("indic")).toBe("JVR");
    expect(api.searchParams.has("indic_em")).toBe(false);
    expect(api.searchParams.has("freq")).toBe(false);
    expect(tables.find((t) => t.table === "ecfin_eei")).toMatchObject({
      browser_url: ECFIN_SURVEYS_URL,
      api_url: null,
    });
    expect(tables.find((t) => t.table === "lmb")).toMatchObject({ browser_url: null, api_url: null });
  });

  it("ask for a series with the table's own dimension names", () => {
    expect(querySeries("jvs_q_nace2", "indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=NSA")).toEqual({
      indic_em: "JVR",
      nace_r2: "B-S",
      sizeclas: "TOTAL",
      s_adj: "NSA",
    });
    expect(querySeries("lmb", "")).toEqual({});
  });
});
