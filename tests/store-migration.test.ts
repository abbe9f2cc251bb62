// A store made by model v2.1 (before observations had a series and a release) opens with v2.2's code: migrated in
// place, every observation kept, its series recovered where its file can be read again (the bundled real files,
// found by their hash) and the table's pinned series otherwise, its release its ingest's `updated`; and it scores
// as v2.1 did where the series rule changes nothing (docs/decisions/015-series-and-releases.md).
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { DuckDBInstance } from "@duckdb/node-api";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { tableConfig } from "../pipeline/sources/eurostat/tables.ts";
import { legacySeriesKey } from "../pipeline/sources/series-key.ts";
import type { UploadResult } from "../pipeline/types.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";
import { modelGoldens } from "./helpers/golden.ts";

interface Expected {
  observations: number;
  countries: Array<{
    code: string;
    score: number | null;
    status: string | null;
    label: string | null;
    confidence: string | null;
    basis: string | null;
    cover: number | null;
  }>;
}

const EXPECTED = JSON.parse(
  readFileSync(fixture("legacy", "store-v2.1-ffc4c3a.recalc-2026-11-22.json"), "utf8"),
) as Expected;

/** Reads the store file directly (not through the code under test), then lets it go. */
async function query(file: string, sql: string): Promise<unknown[][]> {
  const instance = await DuckDBInstance.create(file, { access_mode: "READ_ONLY" });
  try {
    const conn = await instance.connect();
    const rows = (await conn.runAndReadAll(sql)).getRowsJS();
    conn.closeSync();
    return rows;
  } finally {
    instance.closeSync();
  }
}

describe("a v2.1 store opened by v2.2", () => {
  const tmp = tempDataDir("jwi-migrate-");
  const file = path.join(tmp.dir, "jwi.duckdb");
  let before: number;
  let beforeColumns: string[];
  let recalc: Expected;
  beforeAll(async () => {
    writeFileSync(file, gunzipSync(readFileSync(fixture("legacy", "store-v2.1-ffc4c3a.duckdb.gz"))));
    before = Number((await query(file, `SELECT count(*) FROM observations`))[0]![0]);
    beforeColumns = (
      await query(file, `SELECT column_name FROM information_schema.columns WHERE table_name = 'observations'`)
    ).map(([c]) => String(c));
    const out = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
    expect(out.code, out.stderr).toBe(0);
    expect(out.json<Expected>().countries.length).toBe(EXPECTED.countries.length);
    // The landed version's model (v2.1) on the migrated store, not the current one: a later model moves these
    // numbers by design (its own golden, tests/model-golden.test.ts), the migration must not.
    recalc = (await modelGoldens(tmp.dir))["v2.1"] as unknown as Expected;
  });
  afterAll(() => tmp.cleanup());

  it("was a store without series (the fixture is what it says)", () => {
    expect(beforeColumns).not.toContain("series");
    expect(before).toBe(EXPECTED.observations);
  });

  it("keeps every observation, now with its series and release", async () => {
    const [[n, noSeries]] = (await query(
      file,
      `SELECT count(*), count(*) FILTER (WHERE series IS NULL) FROM observations`,
    )) as [[bigint, bigint]];
    expect(Number(n)).toBe(before);
    expect(Number(noSeries)).toBe(0);
    const rows = (await query(
      file,
      `SELECT source_table, series, release, count(*) FROM observations GROUP BY ALL ORDER BY source_table`,
    )) as Array<[string, string, string | null, bigint]>;
    const by = new Map(rows.map(([table, series, release]) => [table, { series, release }]));
    expect(rows.map(([t]) => t)).toEqual([
      "ecfin_eei",
      "jvs_q_nace2",
      "jvs_q_r21",
      "namq_10_gdp",
      "prc_hicp_minr",
      "une_rt_m",
      "une_rt_q",
    ]);
    // Recovered from the bundled file found by its hash: GDP's year-on-year unit is its series.
    expect(by.get("namq_10_gdp")!.series).toContain("unit=CLV_PCH_SM");
    expect(by.get("une_rt_m")).toEqual({
      series: "s_adj=SA,age=TOTAL,sex=T,unit=PC_ACT",
      release: "2026-09-22T11:00:00",
    });
    expect(by.get("ecfin_eei")).toEqual({ series: "series=EEI", release: null });
    // Not a bundled file: its file cannot be found again, so it gets the table's pinned series.
    expect(by.get("jvs_q_r21")).toEqual({ series: legacySeriesKey(tableConfig("jvs_q_r21"), "JVR"), release: null });
  });

  it("scores as the landed version did on the same store", () => {
    expect(recalc.countries.map((c) => c.code)).toEqual(EXPECTED.countries.map((c) => c.code));
    for (const e of EXPECTED.countries) {
      const c = recalc.countries.find((x) => x.code === e.code)!;
      if (e.score === null) expect(c.score, e.code).toBeNull();
      else expect(c.score, e.code).toBeCloseTo(e.score, 9);
      expect([c.status, c.label, c.confidence, c.basis, c.cover], e.code).toEqual([
        e.status,
        e.label,
        e.confidence,
        e.basis,
        e.cover,
      ]);
    }
  });

  it("files a re-upload of a migrated file under the same series: nothing new", async () => {
    for (const [file, type] of [
      ["une_rt_m.json", "unemployment"],
      ["jvs_q_nace2.json", "vacancy"],
      ["namq_10_gdp_CLV_PCH_SM.json", "gdp"],
    ] as const) {
      const r = (
        await jwi(tmp.dir, "ingest", fixture("real", "eurostat", file), "--type", type, "--json")
      ).json<UploadResult>();
      expect([r.success, r.inserted, r.updated], file).toEqual([true, 0, 0]);
      expect(r.unchanged, file).toBeGreaterThan(0);
    }
  });

  it("opens the migrated store again without touching it", async () => {
    const status = await jwi(tmp.dir, "status", "--json");
    expect(status.code).toBe(0);
    const data = status.json<{ data: Array<{ table: string; series: string; read: boolean }> }>().data;
    expect(data.length).toBeGreaterThan(0);
    expect(data.every((d) => d.read)).toBe(true);
    expect(Number((await query(file, `SELECT count(*) FROM observations`))[0]![0])).toBe(before);
  });
});

describe("a serving database whose store_series copy predates series", () => {
  it("is made again with the series in its key, and the next job fills it", async () => {
    const tmp = tempDataDir("jwi-migrate-sqlite-");
    try {
      const Database = (await import("better-sqlite3")).default;
      const old = new Database(path.join(tmp.dir, "jwi.sqlite"));
      old.exec(`CREATE TABLE store_series (data_type TEXT NOT NULL, source_table TEXT NOT NULL, geo TEXT NOT NULL,
        newest_period TEXT NOT NULL, observations INTEGER NOT NULL, PRIMARY KEY (data_type, source_table, geo)) WITHOUT ROWID`);
      old.prepare(`INSERT INTO store_series VALUES ('vacancy', 'jvs_q_r21', 'PL', '2026-Q1', 3)`).run();
      old.close();
      const r = await jwi(
        tmp.dir,
        "ingest",
        fixture("real", "eurostat", "jvs_q_r21_NL_PL_RO.csv"),
        "--type",
        "vacancy",
        "--json",
      );
      expect(r.code, r.stderr).toBe(0);
      const status = (await jwi(tmp.dir, "status", "--json")).json<{
        data: Array<{ table: string; country: string; series: string; release: string | null; read: boolean }>;
      }>();
      const pl = status.data.filter((d) => d.table === "jvs_q_r21" && d.country === "PL");
      expect(pl).toEqual([
        expect.objectContaining({ series: expect.stringContaining("nace_r2_1=A-T"), release: null, read: true }),
      ]);
    } finally {
      tmp.cleanup();
    }
  });
});

describe("recovering a v2.1 row's series from the raw archive", () => {
  const derived = fixture("derived", "jvs_q_r21_NL_PL_RO.json");
  const sha = createHash("sha256").update(readFileSync(derived)).digest("hex");

  async function migrateWithRaw(body: Buffer): Promise<string[]> {
    const tmp = tempDataDir("jwi-migrate-raw-");
    try {
      const file = path.join(tmp.dir, "jwi.duckdb");
      writeFileSync(file, gunzipSync(readFileSync(fixture("legacy", "store-v2.1-ffc4c3a.duckdb.gz"))));
      mkdirSync(path.join(tmp.dir, "raw"));
      writeFileSync(path.join(tmp.dir, "raw", `${sha}.json`), body);
      // Any job opens the store and migrates it: a dry-run ingest is the lightest one.
      const out = await jwi(
        tmp.dir,
        "ingest",
        fixture("real", "eurostat", "jvs_q_nace2.json"),
        "--type",
        "vacancy",
        "--dry-run",
        "--json",
      );
      expect(out.code, out.stderr).toBe(0);
      return (await query(file, `SELECT DISTINCT series FROM observations WHERE source_table = 'jvs_q_r21'`)).map(
        ([s]) => String(s),
      );
    } finally {
      tmp.cleanup();
    }
  }

  it("files the rows under the series their file pins when the file is found by its hash", async () => {
    expect(await migrateWithRaw(readFileSync(derived))).toEqual(["indic_em=JVR,nace_r2_1=A-T,sizeclas=TOTAL,s_adj=SA"]);
  });

  it("does not trust a file that no longer gives the stored values: the table's pinned series then", async () => {
    const changed = JSON.parse(readFileSync(derived, "utf8")) as { value: Record<string, number> };
    const first = Object.keys(changed.value)[0]!;
    changed.value[first] = changed.value[first]! + 1;
    expect(await migrateWithRaw(Buffer.from(JSON.stringify(changed)))).toEqual([
      legacySeriesKey(tableConfig("jvs_q_r21"), "JVR"),
    ]);
  });
});
