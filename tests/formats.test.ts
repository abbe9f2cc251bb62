// File formats end to end: the same observations as JSON-stat, as each CSV flavour (SDMX-CSV with codes,
// SDMX-CSV with labels, one column per dimension) and as the data browser's spreadsheet, each ingested into a fresh data directory through the real
// pipeline and recalculated as of a fixed date, publish byte-identical snapshots. A bad CSV stores nothing.
import { readFileSync } from "node:fs";
import { afterAll, describe, expect, it } from "vitest";
import { openPipeline, type Pipeline } from "../pipeline/index.ts";
import { NOT_XLSX_EUROSTAT_MESSAGE } from "../pipeline/sources/barometer/parse-guarded.ts";
import { jsonStatToWorkbook } from "../pipeline/sources/eurostat/test-workbook.ts";
import { jsonStatToCsv, type CsvFlavour } from "../pipeline/sources/eurostat/to-csv.ts";
import type { DataType } from "../pipeline/types.ts";
import { fixture, tempDataDir } from "./helpers/cli.ts";

const AS_OF = "2026-11-22";
const NOW = new Date("2026-11-22T12:00:00Z");

interface Upload {
  fileName: string;
  content: Buffer;
  dataType: DataType;
}

interface Published {
  snapshots: Array<{ country: string; score: number | null; payload: string }>;
  history: unknown[];
}

const realJson = (file: string): Buffer => readFileSync(fixture("real", "eurostat", file));

/** The real JSON-stat file as an upload in `format` (JSON itself or one of the CSV flavours). */
function upload(file: string, table: string, dataType: DataType, format: "json" | CsvFlavour): Upload {
  const bytes = realJson(file);
  if (format === "json") return { fileName: file, content: bytes, dataType };
  const text = jsonStatToCsv(JSON.parse(bytes.toString("utf8")), format, table);
  return { fileName: file.replace(/\.json$/, `.${format}.csv`), content: Buffer.from(text, "utf8"), dataType };
}

/** The real JSON-stat file as the data browser's spreadsheet (model v2.3), the same observations in a fourth format. */
async function workbookUpload(file: string, table: string, dataType: DataType): Promise<Upload> {
  const content = await jsonStatToWorkbook(JSON.parse(realJson(file).toString("utf8")), table);
  return { fileName: file.replace(/\.json$/, ".xlsx"), content, dataType };
}

async function withPipeline<T>(work: (p: Pipeline) => Promise<T>): Promise<T> {
  const tmp = tempDataDir("jwi-formats-");
  const pipeline = await openPipeline({ dataDir: tmp.dir });
  try {
    return await work(pipeline);
  } finally {
    pipeline.close();
    tmp.cleanup();
  }
}

/** Ingests `uploads` in order into a fresh data dir, recalculates as of AS_OF and reads what was published. */
function publish(uploads: readonly Upload[]): Promise<Published> {
  return withPipeline(async (p) => {
    for (const u of uploads) {
      const r = await p.ingest({ ...u, now: NOW });
      expect(r.success, `${u.fileName}: ${r.error}`).toBe(true);
    }
    await p.recalc({ asOf: AS_OF, now: NOW });
    return {
      snapshots: p.servingDb
        .prepare(`SELECT country, score, payload FROM snapshots ORDER BY country`)
        .all() as Published["snapshots"],
      history: p.servingDb
        .prepare(`SELECT country, month, score, status FROM score_history ORDER BY country, month`)
        .all(),
    };
  });
}

const FLAVOURS: CsvFlavour[] = ["sdmx-codes", "sdmx-labels", "plain"];

describe("the same observations in every format publish byte-identical snapshots", () => {
  it("unemployment: une_rt_m as JSON-stat, SDMX-CSV with codes, SDMX-CSV with labels and plain CSV", async () => {
    const reference = await publish([upload("une_rt_m.json", "UNE_RT_M", "unemployment", "json")]);
    expect(reference.snapshots).toHaveLength(31);
    const scored = reference.snapshots.filter((s) => s.score !== null).map((s) => s.country);
    expect(scored).toEqual(expect.arrayContaining(["AT", "CZ", "DE", "HU", "PL", "RO", "SI", "SK"]));
    expect(JSON.parse(reference.snapshots.find((s) => s.country === "DE")!.payload)).toMatchObject({
      country: "DE",
      as_of: AS_OF,
    });
    for (const flavour of FLAVOURS) {
      const other = await publish([upload("une_rt_m.json", "UNE_RT_M", "unemployment", flavour)]);
      expect(other.snapshots, flavour).toEqual(reference.snapshots);
      expect(other.history, flavour).toEqual(reference.history);
    }
    const workbook = await publish([await workbookUpload("une_rt_m.json", "une_rt_m", "unemployment")]);
    expect(workbook.snapshots, "workbook").toEqual(reference.snapshots);
    expect(workbook.history, "workbook").toEqual(reference.history);
  });

  it("vacancy: jvs_q_nace2 in every format, beside the same unemployment file", async () => {
    const unemployment = upload("une_rt_m.json", "UNE_RT_M", "unemployment", "json");
    const reference = await publish([unemployment, upload("jvs_q_nace2.json", "JVS_Q_NACE2", "vacancy", "json")]);
    const ro = JSON.parse(reference.snapshots.find((s) => s.country === "RO")!.payload) as Record<string, unknown>;
    expect(JSON.stringify(ro)).toMatch(/"vacancy/);
    for (const flavour of FLAVOURS) {
      const other = await publish([unemployment, upload("jvs_q_nace2.json", "JVS_Q_NACE2", "vacancy", flavour)]);
      expect(other.snapshots, flavour).toEqual(reference.snapshots);
    }
    const workbook = await publish([unemployment, await workbookUpload("jvs_q_nace2.json", "jvs_q_nace2", "vacancy")]);
    expect(workbook.snapshots, "workbook").toEqual(reference.snapshots);
  });
});

describe("the real CSV files through ingest", () => {
  it("stores each with its table, and a second ingest changes nothing", async () => {
    await withPipeline(async (p) => {
      // The last column: values kept as stored because a later release of the same series holds them (v2.2). The
      // BG/NL excerpt states no release, so the SDMX-CSV's dated release (LAST UPDATE 2025-06-06) keeps its months.
      const cases: Array<[string[], DataType, string, number, number]> = [
        [["eurostat", "une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv"], "unemployment", "une_rt_m", 2432, 0],
        [["eurostat", "jvs_q_r21_NL_PL_RO.csv"], "vacancy", "jvs_q_r21", 207, 0],
        [["eurostat", "une_rt_m_BG_NL_EXCERPT.csv"], "unemployment", "une_rt_m", 697, 152],
        [["ecfin", "ecfin_bcs_indicators_long_2004-01_2025-08.csv"], "expectations", "ecfin_eei", 7111, 0],
      ];
      for (const [parts, dataType, table, values, older] of cases) {
        const req = { fileName: parts[1]!, content: readFileSync(fixture("real", ...parts)), dataType, now: NOW };
        const first = await p.ingest(req);
        expect(first, parts[1]).toMatchObject({
          success: true,
          table,
          processed: expect.any(Number),
          older_release: older,
        });
        expect(first.inserted + first.updated + first.unchanged + first.older_release!).toBe(values);
        const again = await p.ingest(req);
        expect([again.inserted, again.updated, again.unchanged, again.older_release]).toEqual([
          0,
          0,
          values - older,
          older,
        ]);
      }
      const status = await p.status(NOW);
      expect(status.data.find((d) => d.table === "ecfin_eei" && d.country === "DE")?.newest_period).toBe("2025-08");
      expect(status.data.find((d) => d.table === "jvs_q_r21" && d.country === "RO")?.newest_period).toBe("2026-Q2");
    });
  });
});

describe("a bad CSV is rejected by ingest and stores nothing", () => {
  const tmp = tempDataDir("jwi-formats-bad-");
  afterAll(() => tmp.cleanup());
  const head = "DATAFLOW,LAST UPDATE,freq,s_adj,age,unit,sex,geo,TIME_PERIOD,OBS_VALUE,OBS_FLAG";
  const row = (geo: string, period: string, value: string, dataflow = "ESTAT:UNE_RT_M(1.0)") =>
    `${dataflow},06/06/25 23:00:00,M,SA,TOTAL,PC_ACT,T,${geo},${period},${value},`;

  it.each([
    [
      "truncated",
      [head, row("DE", "2024-01", "3.5"), "ESTAT:UNE_RT_M(1.0),06/06/25"].join("\n"),
      /^Line 3 has \d+ of the 11 columns/,
    ],
    [
      "two tables",
      [head, row("DE", "2024-01", "3.5"), row("DE", "2024-Q1", "3.5", "ESTAT:UNE_RT_Q(1.0)")].join("\n"),
      /^This CSV mixes 2 tables/,
    ],
    [
      "two frequencies",
      "freq,s_adj,age,unit,sex,geo,time,value\nM,SA,TOTAL,PC_ACT,T,DE,2024-01,3.5\nQ,SA,TOTAL,PC_ACT,T,DE,2024-Q1,3.5\n",
      /^This CSV mixes 2 frequencies/,
    ],
    [
      "a duplicate",
      [head, row("DE", "2024-01", "3.5"), row("DE", "2024-01", "3.7")].join("\n"),
      /^Rows 1 and 2 both give DE 2024-01/,
    ],
    [
      "a text value",
      [head, row("DE", "2024-01", "3.5"), row("AT", "2024-01", "abc")].join("\n"),
      /^Row 2: the value "abc" in column OBS_VALUE is not a number\.$/,
    ],
    [
      "semicolons",
      "freq;s_adj;age;unit;sex;geo;time;value\nM;SA;TOTAL;PC_ACT;T;DE;2024-01;3,5\n",
      /separated by semicolons; save it comma-separated/,
    ],
    [
      "no value column",
      "freq,s_adj,age,unit,sex,geo,time\nM,SA,TOTAL,PC_ACT,T,DE,2024-01\n",
      /no value column \("OBS_VALUE" or "value"\)/,
    ],
    ["an empty file", " ", /^This file is empty\.$/],
    ["a header only", `${head}\n`, /^This CSV has a header row but no data rows\.$/],
  ])("%s", async (_, text, message) => {
    await withPipelineAt(tmp.dir, async (p) => {
      const before = (await p.status(NOW)).data.reduce((n, d) => n + d.observations, 0);
      const r = await p.ingest({ fileName: "bad.csv", content: Buffer.from(text), dataType: "unemployment", now: NOW });
      expect(r.success).toBe(false);
      expect(r.error).toMatch(message);
      expect(r.inserted + r.updated + r.rows_upserted).toBe(0);
      expect((await p.status(NOW)).data.reduce((n, d) => n + d.observations, 0)).toBe(before);
    });
  });

  it("wrong extensions for the Eurostat types and the barometer", async () => {
    await withPipelineAt(tmp.dir, async (p) => {
      const eurostat = await p.ingest({
        fileName: "une_rt_m.ods",
        content: Buffer.from("x"),
        dataType: "unemployment",
      });
      expect(eurostat.error).toBe("Please upload a .JSON, .CSV or .XLSX file");
      // An .xlsx is the data browser's spreadsheet for a Eurostat type (model v2.3): these bytes are not one.
      const notXlsx = await p.ingest({
        fileName: "une_rt_m.xlsx",
        content: Buffer.from("x"),
        dataType: "unemployment",
      });
      expect(notXlsx.error).toBe(NOT_XLSX_EUROSTAT_MESSAGE);
      const lmb = await p.ingest({ fileName: "lmb.csv", content: Buffer.from("x"), dataType: "lmb" });
      expect(lmb.error).toBe("Please upload a .XLSX file");
    });
  });
});

async function withPipelineAt<T>(dir: string, work: (p: Pipeline) => Promise<T>): Promise<T> {
  const pipeline = await openPipeline({ dataDir: dir });
  try {
    return await work(pipeline);
  } finally {
    pipeline.close();
  }
}
