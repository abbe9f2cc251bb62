// The third batch of real data (fixtures/real/SOURCES.md, "Third batch"): each file through `jwi ingest` does the
// right thing (stored, refused with a clear reason, or stored as context only); the bundle lists only files that are
// there, byte for byte; the NACE 2.1 pin (B-T) holds for PL and RO in every period shown; youth unemployment is
// published as context and never moves a score (model v2.2 §1, §10).
import { createHash } from "node:crypto";
import { existsSync, readFileSync, readdirSync } from "node:fs";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DUCKDB_FILE } from "../pipeline/index.ts";
import { readManifest } from "../pipeline/seed.ts";
import { parseCsv } from "../pipeline/sources/csv/parse-csv.ts";
import { categoryCode } from "../pipeline/sources/eurostat/labels.ts";
import { ObservationStore, type StoredObservation } from "../pipeline/store/observations.ts";
import type { UploadResult } from "../pipeline/types.ts";
import type { PublishedSnapshot } from "../pipeline/youth.ts";
import { bundledStore } from "./helpers/bundled-store.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";
import type { GoldenRecalc } from "./helpers/golden.ts";

const AS_OF = "2026-11-22";
const real = (name: string) => fixture("real", "eurostat", name);
const UNE_ANSWER = real("une_rt_m_BG_EL_IE_IT_PL_RO_2019-01_2026-08.json");
const R21_ANSWER = real("jvs_q_r21_B-T_BG_EL_IE_IT_PL_RO_2019Q1_2026Q2.json");
const ESI = real("ei_bssi_m_r2_ESI_BG_EL_IE_IT_PL_RO_2019-01_2026-08.json");
const YOUTH = real("une_rt_m_SDMX-CSV_labels_EU27_Y_LT25_Y25-74_2021-12_2026-01.csv");

const sha256 = (file: string) => createHash("sha256").update(readFileSync(file)).digest("hex");

async function observations(dataDir: string): Promise<StoredObservation[]> {
  const store = await ObservationStore.open(path.join(dataDir, DUCKDB_FILE));
  try {
    return await store.allObservations();
  } finally {
    store.close();
  }
}

/** The newest publication's snapshots, by country. */
function snapshots(dataDir: string): Map<string, PublishedSnapshot> {
  const db = new Database(path.join(dataDir, "jwi.sqlite"), { readonly: true });
  try {
    const rows = db
      .prepare(`SELECT country, payload FROM snapshots WHERE publication_id = (SELECT max(id) FROM publications)`)
      .all() as Array<{ country: string; payload: string }>;
    return new Map(rows.map((r) => [r.country, JSON.parse(r.payload) as PublishedSnapshot]));
  } finally {
    db.close();
  }
}

describe("fixtures/real/SOURCES.md lists only files that are bundled, byte for byte", () => {
  const text = readFileSync(fixture("real", "SOURCES.md"), "utf8");
  const all = (dir: string): string[] =>
    readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory() ? all(path.join(dir, e.name)) : [path.join(dir, e.name)],
    );
  const bundled = all(fixture("real"));
  // Table rows: | `file` | … | sha256 |
  const rows = [...text.matchAll(/^\| `([^`]+)` \|.*\| ([0-9a-f]{64}|–) \|$/gm)].map((m) => ({
    name: m[1]!,
    sha: m[2]!,
  }));

  it("names every file of its tables where it is, with its SHA-256", () => {
    expect(rows.length).toBeGreaterThanOrEqual(16);
    for (const { name, sha } of rows) {
      // A path (eurostat/…, ../broken/…) is relative to fixtures/real; a bare name is found in its sub-folders.
      const file = name.includes("/")
        ? path.resolve(fixture("real"), name)
        : bundled.find((f) => path.basename(f) === name);
      expect(file && existsSync(file), `${name} is listed but not bundled`).toBe(true);
      if (sha !== "–") expect(sha256(file!), name).toBe(sha);
    }
  });

  it("lists the four files of the third batch, and every manifest file is listed", () => {
    for (const f of [UNE_ANSWER, R21_ANSWER, ESI, YOUTH])
      expect(rows.map((r) => r.name)).toContain(`eurostat/${path.basename(f)}`);
    const listed = new Set(rows.map((r) => path.basename(r.name)));
    for (const entry of readManifest()) expect(listed.has(path.basename(entry.file)), entry.file).toBe(true);
  });

  it("bundles the usable third-batch files in the manifest and leaves the refused one out", () => {
    const files = readManifest().map((e) => path.basename(e.file));
    expect(files).toEqual(
      expect.arrayContaining([path.basename(UNE_ANSWER), path.basename(R21_ANSWER), path.basename(YOUTH)]),
    );
    expect(files).not.toContain(path.basename(ESI));
    expect(readManifest().find((e) => e.file.endsWith(path.basename(YOUTH)))).toMatchObject({
      type: "youth_unemployment",
      table: "une_rt_m",
    });
  });
});

describe("jwi ingest of each real third-batch file", () => {
  const tmp = tempDataDir("jwi-batch3-");
  afterAll(() => tmp.cleanup());
  const ingest = async (file: string, type: string) => {
    const r = await jwi(tmp.dir, "ingest", file, "--type", type, "--json");
    return { code: r.code, result: r.json<UploadResult>() };
  };

  it("stores Eurostat's real une_rt_m answer as unemployment: six countries to 2026-07 (IE 2026-08)", async () => {
    const { code, result } = await ingest(UNE_ANSWER, "unemployment");
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, inserted: 547, skippedMissing: 5 });
    expect(result.latest_samples.find((x) => x.country === "IE")).toMatchObject({ period: "2026-08" });
    expect(result.latest_samples.find((x) => x.country === "BG")).toMatchObject({ period: "2026-07" });
  });

  it("stores the real jvs_q_r21 answer as vacancy with nace_r2_1=B-T pinned, and does not call it the whole economy", async () => {
    const { code, result } = await ingest(R21_ANSWER, "vacancy");
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, inserted: 180 });
    expect(result.notes).toContain("Series: freq=Q, nace_r2_1=B-T, sizeclas=TOTAL, s_adj=NSA, indic_em=JVR.");
    expect(result.notes.join(" ")).not.toMatch(/whole economy/);
    expect(Object.fromEntries(result.latest_samples.map((x) => [x.country, [x.period, x.value]]))).toEqual({
      BG: ["2026-Q2", 0.8],
      GR: ["2026-Q2", 1.8],
      IE: ["2026-Q2", 1.3],
      IT: ["2026-Q2", 1.5],
      PL: ["2026-Q2", 0.8],
      RO: ["2026-Q2", 0.5],
    });
  });

  it("refuses the economic sentiment table as expectations, saying it is the ESI and not the EEI; nothing stored", async () => {
    const before = (await observations(tmp.dir)).length;
    const { code, result } = await ingest(ESI, "expectations");
    expect(code).toBe(1);
    expect(result.success).toBe(false);
    expect(result.error).toMatch(
      /^This file is Eurostat table ei_bssi_m_r2, which the index does not read: .*Economic Sentiment Indicator.*not the Employment Expectations Indicator \(BS-EEI-I\)\. Accepted for expectations: Eurostat tables teibs030 or ei_bsee_m_r2/,
    );
    expect((await observations(tmp.dir)).length).toBe(before);
  });

  it("stores the under-25s of the age CSV as youth_unemployment, context only (ES 23.5, DE 7.1 in 2026-01)", async () => {
    const { code, result } = await ingest(YOUTH, "youth_unemployment");
    expect(code).toBe(0);
    expect(result).toMatchObject({ success: true, data_type: "youth_unemployment", inserted: 1345, table: "une_rt_m" });
    expect(result.notes).toContain("Series: freq=M, s_adj=SA, age=Y_LT25, unit=PC_ACT, sex=T.");
    expect(result.notes.join(" ")).toMatch(
      /context only: it is shown beside the unemployment rate and never enters the score/,
    );
    const samples = new Map(result.latest_samples.map((x) => [x.country, x]));
    expect(samples.get("ES")).toMatchObject({ period: "2026-01", value: 23.5 });
    expect(samples.get("DE")).toMatchObject({ period: "2026-01", value: 7.1 });
    // Stored apart from the overall rate of the same table: the unemployment values of une_rt_m are untouched.
    const rows = await observations(tmp.dir);
    expect(rows.filter((o) => o.dataType === "youth_unemployment" && o.table === "une_rt_m")).toHaveLength(1345);
    expect(rows.filter((o) => o.dataType === "unemployment" && o.table === "une_rt_m")).toHaveLength(547);
  });

  it("refuses the age CSV as unemployment (it has no age TOTAL) and names the type that reads it; nothing stored", async () => {
    const before = (await observations(tmp.dir)).length;
    const { code, result } = await ingest(YOUTH, "unemployment");
    expect(code).toBe(1);
    expect(result.error).toMatch(/its age \(age group\) holds Y25-74, Y_LT25, and the index reads TOTAL\./);
    expect(result.error).toMatch(/upload the file with data type youth_unemployment/);
    expect((await observations(tmp.dir)).length).toBe(before);
  });

  it("refuses the all-ages answer as youth_unemployment (no age Y_LT25 in it)", async () => {
    const { code, result } = await ingest(UNE_ANSWER, "youth_unemployment");
    expect(code).toBe(1);
    expect(result.error).toMatch(/its age \(age group\) holds only TOTAL, and the index reads Y_LT25\./);
  });
});

describe("the bundle as `npm start` loads it (manifest order, as of 2026-11-22)", () => {
  const tmp = tempDataDir("jwi-batch3-bundle-");
  const bare = tempDataDir("jwi-batch3-noyouth-");
  let withYouth: GoldenRecalc;
  let withoutYouth: GoldenRecalc;
  let rows: StoredObservation[];

  beforeAll(async () => {
    // Every bundled file, and every one but the youth file, stored in manifest order (their ingest through `jwi
    // ingest`, file by file, is tests/cli.test.ts's); the recalcs below are the CLI's.
    await bundledStore(tmp.dir);
    await bundledStore(bare.dir, { withhold: [path.basename(YOUTH)] });
    withYouth = (await jwi(tmp.dir, "recalc", "--as-of", AS_OF, "--json")).json<GoldenRecalc>();
    withoutYouth = (await jwi(bare.dir, "recalc", "--as-of", AS_OF, "--json")).json<GoldenRecalc>();
    rows = await observations(tmp.dir);
  });
  afterAll(() => {
    tmp.cleanup();
    bare.cleanup();
  });

  it("PL and RO: every vacancy quarter from 2019-Q1 on of the B-T NSA series is the answer's value", () => {
    const answer = JSON.parse(readFileSync(R21_ANSWER, "utf8")) as {
      value: Record<string, number>;
      size: number[];
      dimension: {
        geo: { category: { index: Record<string, number> } };
        time: { category: { index: Record<string, number> } };
      };
    };
    const times = Object.entries(answer.dimension.time.category.index);
    const nTime = answer.size.at(-1)!;
    for (const [geo, code] of [
      ["PL", "PL"],
      ["RO", "RO"],
    ] as const) {
      const g = answer.dimension.geo.category.index[geo]!;
      const expected = times
        .filter(([, t]) => answer.value[String(g * nTime + t)] !== undefined)
        .map(([period, t]) => [period, answer.value[String(g * nTime + t)]]);
      const stored = rows
        .filter(
          (o) =>
            o.dataType === "vacancy" &&
            o.table === "jvs_q_r21" &&
            o.series.includes("nace_r2_1=B-T") &&
            // The answer is NSA; since the fourth batch PL also has a B-T SA series (read first, tests/vacancy-workbook-and-lags).
            o.series.includes("s_adj=NSA") &&
            o.geo === code &&
            o.period >= "2019-Q1",
        )
        .sort((a, b) => (a.period < b.period ? -1 : 1))
        .map((o) => [o.period, o.value]);
      expect(stored, code).toEqual(expected);
      expect(stored.at(-1), code).toEqual(["2026-Q2", code === "PL" ? 0.8 : 0.5]);
    }
  });

  it("publishes the B-T vacancy rate for PL and RO (the snapshot's quarter and value)", () => {
    const s = snapshots(tmp.dir);
    expect(s.get("PL")!.vacancy).toMatchObject({ period: "2026-Q2", value: 0.8 });
    expect(s.get("RO")!.vacancy).toMatchObject({ period: "2026-Q2", value: 0.5 });
  });

  it("publishes youth unemployment with each snapshot as context: value and month, no EU figure (none is bundled)", () => {
    const s = snapshots(tmp.dir);
    expect(s.get("ES")!.youth_unemployment).toEqual({
      value: 23.5,
      period: "2026-01",
      flag: null,
      table: "une_rt_m",
      eu_value: null,
    });
    expect(s.get("DE")!.youth_unemployment).toMatchObject({ value: 7.1, period: "2026-01" });
    // Not an EU member in the file: no figure, said as null.
    expect(s.get("CH")!.youth_unemployment).toBeNull();
    expect(s.get("LI")!.youth_unemployment).toBeNull();
  });

  it("never moves a score: the recalc with and without the youth file is the same", () => {
    expect(withYouth.countries).toEqual(withoutYouth.countries);
  });

  it("shows it only within U's 24-month cut-off: 2026-01 is gone as of 2028-02", async () => {
    const later = await jwi(tmp.dir, "recalc", "--as-of", "2028-01-31", "--json");
    expect(later.code, later.stderr).toBe(0);
    expect(snapshots(tmp.dir).get("ES")!.youth_unemployment).toMatchObject({ period: "2026-01" });
    const gone = await jwi(tmp.dir, "recalc", "--as-of", "2028-02-01", "--json");
    expect(gone.code, gone.stderr).toBe(0);
    expect(snapshots(tmp.dir).get("ES")!.youth_unemployment).toBeNull();
  });
});

describe("youth unemployment in every CSV flavour (the real age file rewritten with codes)", () => {
  /** Splits one CSV line (quoted fields may hold commas). */
  const fields = (line: string): string[] => {
    const out: string[] = [];
    let cur = "";
    let quoted = false;
    for (let i = 0; i < line.length; i++) {
      const ch = line[i]!;
      if (quoted && ch === '"' && line[i + 1] === '"') {
        cur += '"';
        i++;
      } else if (ch === '"') quoted = !quoted;
      else if (ch === "," && !quoted) {
        out.push(cur);
        cur = "";
      } else cur += ch;
    }
    return [...out, cur];
  };
  const quote = (f: string) => (/[",]/.test(f) ? `"${f.replace(/"/g, '""')}"` : f);
  const lines = readFileSync(YOUTH, "utf8")
    .split(/\r?\n/)
    .filter((l) => l !== "");
  const header = fields(lines[0]!);
  const rows = lines.slice(1).map(fields);
  const DIMS = ["freq", "s_adj", "age", "unit", "sex", "geo"];
  const col = (name: string) => header.indexOf(name);
  /** The same rows with every dimension cell as its code (the data browser's "SDMX-CSV with codes"). */
  const codes = [
    header.join(","),
    ...rows.map((r) => r.map((v, i) => quote(DIMS.includes(header[i]!) ? categoryCode(header[i]!, v) : v)).join(",")),
  ].join("\r\n");
  /** One column per dimension code, then time and value. */
  const plain = [
    [...DIMS, "time", "value"].join(","),
    ...rows.map((r) =>
      [...DIMS.map((d) => categoryCode(d, r[col(d)]!)), r[col("TIME_PERIOD")]!, r[col("OBS_VALUE")]!].join(","),
    ),
  ].join("\n");
  const observed = async (input: string | Buffer) =>
    (await parseCsv(input, "youth_unemployment")).observations.map((o) => `${o.geo} ${o.period} ${o.value}`).sort();

  it("labels, codes and one column per dimension give the same under-25 observations", async () => {
    const labels = await observed(readFileSync(YOUTH));
    expect(labels).toHaveLength(1345);
    expect(labels).toContain("ES 2026-01 23.5");
    expect(codes).toContain(",M,SA,Y_LT25,PC_ACT,T,ES,2026-01,23.5,");
    expect(await observed(codes)).toEqual(labels);
    expect(await observed(plain)).toEqual(labels);
  });
});
