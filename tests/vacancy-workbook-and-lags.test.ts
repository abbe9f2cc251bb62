// The fourth batch of real data and model v2.3 (fixtures/real/SOURCES.md "Fourth batch", docs/model.md §1, §6, §12;
// docs/decisions/022-publication-lags-and-releases.md): the data browser's workbook through `jwi ingest` (dry run,
// then stored), its values equal jvs_q_nace2's where both hold one; DG ECFIN's two releases in either order; the
// history scored with what had been published (November 2025 reads October's unemployment); 28+ countries on 4 or
// more inputs; sectors published as context and never in a score.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../pipeline/model/current.ts";
import { openPipeline, type Pipeline } from "../pipeline/index.ts";
import { buildModelInputs, scoreAll } from "../pipeline/recalc.ts";
import { readManifest } from "../pipeline/seed.ts";
import type { StoredObservation } from "../pipeline/store/observations.ts";
import type { UploadResult } from "../pipeline/types.ts";
import type { PublishedSnapshot } from "../pipeline/youth.ts";
import { seedDataDir } from "./api/helpers.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";

const NOW = new Date("2026-11-25T12:00:00Z");
const WORKBOOK = fixture("real", "eurostat", "ei_lmjv_q_r2_databrowser_2023Q2_2025Q3.xlsx");
const ECFIN_AUG = fixture("real", "ecfin", "ecfin_bcs_indicators_long_2004-01_2025-08.csv");
const ECFIN_NOV = fixture("real", "ecfin", "ecfin_bcs_EEI_2511_DE_ES_FR_IT_NL_EA_1985-01_2025-11.csv");

/** The bundled files, in the manifest's order (the seed's). */
const bundled = () => readManifest();

async function withData<T>(work: (p: Pipeline) => Promise<T>, seed = true): Promise<T> {
  const tmp = tempDataDir("jwi-fourth-");
  if (seed) await seedDataDir(tmp.dir);
  const p = await openPipeline({ dataDir: tmp.dir });
  try {
    return await work(p);
  } finally {
    p.close();
    tmp.cleanup();
  }
}

const rowsOf = (p: Pipeline) => p.exclusive(async (l) => l.store.allObservations());

function snapshots(p: Pipeline): Map<string, PublishedSnapshot> {
  const rows = p.servingDb
    .prepare(`SELECT country, payload FROM snapshots WHERE publication_id = (SELECT max(id) FROM publications)`)
    .all() as Array<{ country: string; payload: string }>;
  return new Map(rows.map((r) => [r.country, JSON.parse(r.payload) as PublishedSnapshot]));
}

describe("the data browser's workbook through jwi ingest", () => {
  const tmp = tempDataDir("jwi-fourth-cli-");
  afterAll(() => tmp.cleanup());

  it("is read on a dry run (nothing stored), then stored: 28 countries' SA rates, the NSA series and the sectors", async () => {
    const dry = await jwi(tmp.dir, "ingest", WORKBOOK, "--type", "vacancy", "--dry-run", "--json");
    expect(dry.code, dry.stderr).toBe(0);
    const d = dry.json<UploadResult>();
    expect(d).toMatchObject({ success: true, dry_run: true, table: "ei_lmjv_q_r2", inserted: 280, ingest_id: null });
    const status = await jwi(tmp.dir, "status", "--json");
    expect(status.json<{ data: unknown[] }>().data).toEqual([]);

    const real = await jwi(tmp.dir, "ingest", WORKBOOK, "--type", "vacancy", "--json");
    expect(real.code, real.stderr).toBe(0);
    const r = real.json<UploadResult>();
    expect(r).toMatchObject({
      success: true,
      table: "ei_lmjv_q_r2",
      series: "indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=SA",
      release: "2025-11-19T11:00:00",
      inserted: 280,
    });
    expect(r.extra_series?.filter((e) => e.data_type === "vacancy").map((e) => e.series)).toEqual([
      "indic=JVR,indic_em=JVR,nace_r2=B-S,sizeclas=TOTAL,s_adj=NSA",
    ]);
    expect(r.extra_series?.filter((e) => e.data_type === "sector_vacancy")).toHaveLength(30);
    expect(r.latest_samples.find((s) => s.country === "DE")).toEqual({ country: "DE", period: "2025-Q3", value: 2.5 });

    const again = await jwi(tmp.dir, "ingest", WORKBOOK, "--type", "vacancy", "--json");
    expect([again.json<UploadResult>().inserted, again.json<UploadResult>().updated]).toEqual([0, 0]);
  });

  it("is refused as another type, and a barometer given as vacancy is told to use lmb; nothing stored", async () => {
    const gdp = await jwi(tmp.dir, "ingest", WORKBOOK, "--type", "gdp", "--json");
    expect(gdp.code).toBe(1);
    expect(gdp.json<UploadResult>().error).toMatch(/^This file is Eurostat table ei_lmjv_q_r2, which holds vacancy/);
    const lmb = await jwi(tmp.dir, "ingest", WORKBOOK, "--type", "lmb", "--json");
    expect(lmb.json<UploadResult>().error).toBe(
      "This workbook is a Eurostat data browser spreadsheet of table ei_lmjv_q_r2, not the barometer: upload it with data type vacancy.",
    );
    const barometer = fixture("synthetic", "barometer", "lmb-months-down.xlsx");
    const vac = await jwi(tmp.dir, "ingest", barometer, "--type", "vacancy", "--json");
    expect(vac.code).toBe(1);
    expect(vac.json<UploadResult>().error).toMatch(/looks like the European Labour Market Barometer.*data type lmb/);
  });
});

describe("the bundled data (fourth batch)", () => {
  let rows: StoredObservation[];
  let asOfNov: Map<string, PublishedSnapshot>;
  let nov2025: Map<string, PublishedSnapshot>;
  let historyNov2025: Map<string, number | null>;
  beforeAll(async () => {
    await withData(async (p) => {
      rows = await rowsOf(p);
      await p.recalc({ asOf: "2025-11-30", now: NOW });
      nov2025 = snapshots(p);
      await p.recalc({ asOf: "2026-11-25", now: NOW });
      asOfNov = snapshots(p);
      const history = p.servingDb
        .prepare(`SELECT country, score FROM score_history WHERE month = '2025-11'`)
        .all() as Array<{ country: string; score: number | null }>;
      historyNov2025 = new Map(history.map((h) => [h.country, h.score]));
    });
  });

  it("the workbook's NSA B-S values equal jvs_q_nace2's wherever both hold one (56 of 56)", () => {
    const of = (table: string) =>
      new Map(
        rows
          .filter((o) => o.dataType === "vacancy" && o.table === table && o.series.includes("s_adj=NSA"))
          .map((o) => [`${o.geo}|${o.period}`, o.value]),
      );
    const workbook = of("ei_lmjv_q_r2");
    const nace2 = of("jvs_q_nace2");
    const both = [...nace2.keys()].filter((k) => workbook.has(k));
    expect(both).toHaveLength(56);
    for (const k of both) expect(workbook.get(k), k).toBe(nace2.get(k));
  });

  it("scores November 2025 with October 2025 unemployment, and the history's November is that score", () => {
    for (const code of ["DE", "IT", "PL"]) {
      const s = nov2025.get(code)!;
      expect(s.model).toBe(CURRENT_MODEL_ID);
      expect(s.unemployment?.period, code).toBe("2025-10");
      expect(s.vacancy?.period, code).toBe("2025-Q2");
      expect(rows.some((o) => o.geo === code && o.dataType === "unemployment" && o.period === "2025-11")).toBe(true);
      expect(historyNov2025.get(code), code).toBe(s.score);
    }
  });

  it("rests 28 or more countries on 4 or more inputs as of 2026-11-25 (30 of 31)", () => {
    const inputs = (s: PublishedSnapshot) => Object.values(s.sub_scores).filter((x) => x !== null).length;
    const many = [...asOfNov.values()].filter((s) => inputs(s) >= 4).map((s) => s.country);
    expect(many.length).toBeGreaterThanOrEqual(28);
    expect(many).toHaveLength(30);
    expect(asOfNov.get("IS")!.sub_scores.V).toMatchObject({ period: "2025-Q2", input: 1.8 }); // its NSA series
    // The EEI of 2025-11 (DG ECFIN's later release) counts for five countries.
    expect(asOfNov.get("DE")!.sentiment_sources).toEqual([
      expect.objectContaining({ source: "eei", period: "2025-11" }),
    ]);
  });

  it("publishes Germany's sectors of 2025-Q3 beside the all-sector rate of the same quarter and table", () => {
    const sectors = asOfNov.get("DE")!.sectors!;
    expect(sectors.map((s) => s.code)).toEqual(["C", "F", "G-I", "J", "K", "M-N", "O-Q", "R-S"]);
    expect(sectors.every((s) => s.period === "2025-Q3" && s.table === "ei_lmjv_q_r2")).toBe(true);
    const j = sectors.find((s) => s.code === "J")!;
    expect(j).toMatchObject({ revision: "nace_r2", s_adj: "SA", all_sectors: 2.5 });
    // Manufacturing is only in the NSA sheet: read there, beside the NSA all-sector rate and the NSA EU-27 figure.
    expect(sectors.find((s) => s.code === "C")).toMatchObject({
      value: 1.6,
      s_adj: "NSA",
      all_sectors: 2.4,
      eu_value: 1.5,
    });
    expect(asOfNov.get("LI")!.sectors).toEqual([]);
    // Denmark's workbook rows have no B-S: no all-sector rate of another table is put in its place.
    expect(asOfNov.get("DK")!.sectors!.every((s) => s.all_sectors === null)).toBe(true);
  });

  it("never moves a score: the model computes the same without the sector rows", () => {
    const without = rows.filter((o) => o.dataType !== "sector_vacancy");
    const asOf = "2026-11-25";
    const a = scoreAll(buildModelInputs(rows, asOf), asOf).map((r) => r.snapshot.score);
    const b = scoreAll(buildModelInputs(without, asOf), asOf).map((r) => r.snapshot.score);
    expect(a).toEqual(b);
  });
});

describe("DG ECFIN's two releases of the EEI, in either order", () => {
  const eei = (p: Pipeline, geo: string, period: string) =>
    rowsOf(p).then((r) => r.find((o) => o.dataType === "expectations" && o.geo === geo && o.period === period));

  it("store the November 2025 release's value for every month both hold", async () => {
    const orders = [
      [ECFIN_AUG, ECFIN_NOV],
      [ECFIN_NOV, ECFIN_AUG],
    ];
    const seen: unknown[] = [];
    for (const files of orders) {
      seen.push(
        await withData(async (p) => {
          const results: UploadResult[] = [];
          for (const file of files) {
            results.push(
              await p.ingest({
                fileName: path.basename(file),
                content: readFileSync(file),
                dataType: "expectations",
                now: NOW,
              }),
            );
          }
          expect(results.map((r) => r.release)).toEqual(
            files.map((f) => (f === ECFIN_NOV ? "2025-11-30T00:00:00" : "2025-08-31T00:00:00")),
          );
          await p.recalc({ asOf: "2026-03-31", now: NOW });
          return {
            de: (await eei(p, "DE", "2025-08"))?.value,
            es: (await eei(p, "ES", "2025-08"))?.value,
            at: (await eei(p, "AT", "2025-08"))?.value,
            snapshots: [...snapshots(p).values()].map((s) => [s.country, s.score]),
          };
        }, false),
      );
    }
    // DE 92.9 → 92.8, ES 105.8 → 106.1 in the later release; AT is only in the August file.
    expect(seen[0]).toMatchObject({ de: 92.8, es: 106.1, at: expect.any(Number) });
    expect(seen[1]).toEqual(seen[0]);
  });

  it("are listed in the manifest in release order, the November release last", () => {
    const files = bundled().filter((f) => f.table === "ecfin_eei");
    expect(files.map((f) => f.file)).toEqual([
      "ecfin/ecfin_bcs_indicators_long_2004-01_2025-08.csv",
      "ecfin/ecfin_bcs_EEI_2511_DE_ES_FR_IT_NL_EA_1985-01_2025-11.csv",
    ]);
  });
});
