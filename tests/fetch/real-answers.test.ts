// The live path with Eurostat's real answers (fixtures/real/SOURCES.md, third batch): the stand-in sends the two real
// 2026 answers (une_rt_m, jvs_q_r21) byte for byte, `jwi update` stores exactly what `jwi ingest` of the same file
// stores, and Eurostat's real error answers each give the operator a clear reason and change nothing.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { DUCKDB_FILE } from "../../pipeline/index.ts";
import type { FetchSummary, UpdateSummary } from "../../pipeline/fetch/update.ts";
import { ObservationStore, type StoredObservation } from "../../pipeline/store/observations.ts";
import { fixture, jwi, tempDataDir } from "../helpers/cli.ts";
import { byTable, jwiEnv, standInEnv, storeCounts } from "./helpers.ts";
import { EUROSTAT_FAULTS, startStandIn, type StandIn } from "./stand-in.ts";

const UNE_ANSWER = fixture("real", "eurostat", "une_rt_m_BG_EL_IE_IT_PL_RO_2019-01_2026-08.json");
const R21_ANSWER = fixture("real", "eurostat", "jvs_q_r21_B-T_BG_EL_IE_IT_PL_RO_2019Q1_2026Q2.json");
const sha256 = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

/** The stored observations of one (data type, table), without provenance (ingest ids differ between stores). */
async function stored(dataDir: string, dataType: string, table: string): Promise<string[]> {
  const store = await ObservationStore.open(path.join(dataDir, DUCKDB_FILE));
  try {
    const rows: StoredObservation[] = await store.allObservations();
    return rows
      .filter((o) => o.dataType === dataType && o.table === table)
      .map((o) => JSON.stringify([o.geo, o.isAggregate, o.period, o.value, o.flag, o.unit]))
      .sort();
  } finally {
    store.close();
  }
}

describe("jwi fetch with Eurostat's real answers", () => {
  let server: StandIn;
  const fetched = tempDataDir("jwi-real-fetch-");
  const byHand = tempDataDir("jwi-real-byhand-");
  let summary: FetchSummary;
  let code: number;

  beforeAll(async () => {
    server = await startStandIn();
    const r = await jwiEnv(
      standInEnv(fetched.dir, server),
      "fetch",
      "--type",
      "unemployment",
      "--type",
      "vacancy",
      "--json",
    );
    code = r.code;
    summary = r.json<FetchSummary>();
    for (const [file, type] of [
      [UNE_ANSWER, "unemployment"],
      [R21_ANSWER, "vacancy"],
    ] as const) {
      expect((await jwi(byHand.dir, "ingest", file, "--type", type)).code, file).toBe(0);
    }
  });
  afterAll(async () => {
    await server.close();
    fetched.cleanup();
    byHand.cleanup();
  });

  it("receives the two real answers byte for byte (the archived copy is the fixture's file)", () => {
    expect(code).toBe(0);
    for (const [table, file] of [
      ["une_rt_m", UNE_ANSWER],
      ["jvs_q_r21", R21_ANSWER],
    ] as const) {
      const o = byTable(summary, table);
      expect(o.status, `${table}: ${o.reason}`).toBe("fetched");
      expect(o.raw_sha256, table).toBe(sha256(readFileSync(file)));
      expect(readFileSync(path.join(fetched.dir, o.raw_file!)).equals(readFileSync(file)), table).toBe(true);
    }
  });

  it("stores what `jwi ingest` of the same file stores, observation for observation", async () => {
    const une = await stored(fetched.dir, "unemployment", "une_rt_m");
    expect(une).toHaveLength(547);
    expect(une).toEqual(await stored(byHand.dir, "unemployment", "une_rt_m"));
    const r21 = await stored(fetched.dir, "vacancy", "jvs_q_r21");
    expect(r21).toHaveLength(180);
    expect(r21).toEqual(await stored(byHand.dir, "vacancy", "jvs_q_r21"));
  });

  it("reads the B-T aggregate of the real vacancy answer (NACE Rev. 2.1), not the whole economy", () => {
    const o = byTable(summary, "jvs_q_r21");
    expect(o).toMatchObject({ successor_of: "jvs_q_nace2", inserted: 180, newest_period: "2026-Q2" });
    expect(server.requestsOf("jvs_q_r21")[0]!.query.getAll("nace_r2_1")).toEqual(["B-T", "A-T"]);
  });

  it("asks une_rt_m once for both age groups, and says the real answer has no under-25s (stored nothing for them)", async () => {
    expect(server.requestsOf("une_rt_m")).toHaveLength(1);
    const youth = summary.tables.find((t) => t.data_type === "youth_unemployment")!;
    expect(youth).toMatchObject({ table: "une_rt_m", status: "empty", inserted: 0 });
    expect(youth.reason).toBe(
      'the answer holds no youth_unemployment series: its dimension "age" has TOTAL, not Y_LT25; nothing stored',
    );
    expect(await stored(fetched.dir, "youth_unemployment", "une_rt_m")).toEqual([]);
    expect(summary.outcome).toBe("ok");
  });
});

describe("an une_rt_m answer with both age groups feeds unemployment and youth unemployment", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-real-ages-");
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it("stores the under-25s as youth_unemployment from the same answer, the same values as ingesting that answer", async () => {
    // The real answer with a second age group (Y_LT25) whose values are the all-ages ones plus 10: a made-up shape
    // check, never bundled. The real answer has no under-25s (see above); the live API sends both when asked.
    const ds = JSON.parse(readFileSync(UNE_ANSWER, "utf8")) as Record<string, any>;
    const ageAt = (ds.id as string[]).indexOf("age");
    const stride = (ds.size as number[]).slice(ageAt + 1).reduce((a, b) => a * b, 1);
    ds.size[ageAt] = 2;
    ds.dimension.age.category.index = { TOTAL: 0, Y_LT25: 1 };
    ds.dimension.age.category.label = { TOTAL: "Total", Y_LT25: "Less than 25 years" };
    for (const [k, v] of Object.entries(ds.value as Record<string, number>))
      ds.value[String(Number(k) + stride)] = Math.round((v + 10) * 10) / 10;
    for (const [k, v] of Object.entries((ds.status ?? {}) as Record<string, string>))
      ds.status[String(Number(k) + stride)] = v;
    server = await startStandIn();
    server.setTable("une_rt_m", ds);
    const r = await jwiEnv(standInEnv(tmp.dir, server), "fetch", "--type", "youth_unemployment", "--json");
    expect(r.code, r.stdout).toBe(0);
    const s = r.json<FetchSummary>();
    expect(byTable(s, "une_rt_m")).toMatchObject({ data_type: "unemployment", status: "fetched", inserted: 547 });
    const youth = s.tables.find((t) => t.data_type === "youth_unemployment")!;
    expect(youth).toMatchObject({ table: "une_rt_m", status: "fetched", inserted: 547, newest_period: "2026-08" });
    const raw = path.join(tmp.dir, youth.raw_file!);
    const byHand = tempDataDir("jwi-real-ages-hand-");
    try {
      expect((await jwi(byHand.dir, "ingest", raw, "--type", "youth_unemployment")).code).toBe(0);
      expect(await stored(tmp.dir, "youth_unemployment", "une_rt_m")).toEqual(
        await stored(byHand.dir, "youth_unemployment", "une_rt_m"),
      );
    } finally {
      byHand.cleanup();
    }
    // The two readings never mix: the all-ages values are the answer's own.
    const ie = (await stored(tmp.dir, "unemployment", "une_rt_m")).filter((o) => o.startsWith('["IE"'));
    expect(ie).toHaveLength(92);
  });
});

describe("Eurostat's real error answers: a clear reason, nothing changed", () => {
  let server: StandIn;
  let tmp: ReturnType<typeof tempDataDir>;
  afterEach(async () => {
    await server?.close();
    tmp?.cleanup();
  });

  /** A first good run, then an update whose une_rt_m request gets `fault`: the outcome and the store before and after. */
  async function secondRunWith(fault: Parameters<StandIn["fault"]>[1]) {
    server = await startStandIn();
    tmp = tempDataDir("jwi-real-errors-");
    const env = standInEnv(tmp.dir, server);
    expect((await jwiEnv(env, "update")).code).toBe(0);
    server.validators = false;
    // A newer release waits behind the error: were the error ignored, the run would store it.
    const ds = JSON.parse(readFileSync(UNE_ANSWER, "utf8")) as Record<string, any>;
    ds.updated = "2026-10-30T11:00:00+0100";
    ds.value["0"] = 9.9;
    server.setTable("une_rt_m", ds);
    const before = await storeCounts(env);
    const values = await stored(tmp.dir, "unemployment", "une_rt_m");
    server.fault("une_rt_m", fault);
    const r = await jwiEnv(env, "update", "--json");
    const summary = r.json<UpdateSummary>();
    return {
      code: r.code,
      stderr: r.stderr,
      o: byTable(summary, "une_rt_m"),
      youth: summary.tables.find((t) => t.data_type === "youth_unemployment")!,
      summary,
      unchanged:
        JSON.stringify(await storeCounts(env)) === JSON.stringify(before) &&
        JSON.stringify(await stored(tmp.dir, "unemployment", "une_rt_m")) === JSON.stringify(values),
    };
  }

  it("HTTP 400, error 150 INVALID_QUERY_DIMENSION: failed with Eurostat's words, not retried", async () => {
    const r = await secondRunWith({
      kind: "eurostat-error",
      status: 400,
      id: 150,
      label:
        'INVALID_QUERY_DIMENSION: Query is invalid as per its structure\'s definition. Dimension "AGE" is not defined',
    });
    expect(r.o).toMatchObject({ status: "failed", http_status: 400, attempts: 1 });
    expect(r.o.reason).toBe(
      'Eurostat: INVALID_QUERY_DIMENSION: Query is invalid as per its structure\'s definition. Dimension "AGE" is not defined (error 150, HTTP 400); nothing stored',
    );
    expect(r.youth).toMatchObject({
      status: "skipped",
      reason: "not read: the une_rt_m answer was not stored (see une_rt_m, unemployment)",
    });
    expect(r.unchanged).toBe(true);
    expect(r.code).toBe(1);
    expect(r.stderr).toMatch(/^error: 1 of \d+ tables failed \(une_rt_m\); see the summary\.\n$/);
  });

  it("HTTP 404, error 100 ERR_NOT_FOUND_4 (not available for dissemination): failed, with what Eurostat said", async () => {
    const r = await secondRunWith(EUROSTAT_FAULTS.notFound("une_rt_m"));
    expect(r.o).toMatchObject({ status: "failed", http_status: 404 });
    expect(r.o.reason).toBe(
      "Eurostat: ERR_NOT_FOUND_4: UNE_RT_M (DATA_SET:ESTAT,1.0) is not available for dissemination. (error 100, HTTP 404): no values for this request; nothing stored",
    );
    expect(r.unchanged).toBe(true);
    expect(r.summary.recalc).toBeNull();
  });

  it("HTTP 200 with the ASYNCHRONOUS_RESPONSE warning (a very large extraction): failed until a later run, nothing stored", async () => {
    const r = await secondRunWith(EUROSTAT_FAULTS.asynchronous());
    expect(r.o).toMatchObject({ status: "failed", http_status: 200 });
    expect(r.o.reason).toBe(
      "Eurostat: ASYNCHRONOUS_RESPONSE. Your request will be treated asynchronously. Please try again later. (status 413): Eurostat prepares this answer for later, so a later run should get it; nothing stored",
    );
    expect(r.youth.status).toBe("skipped");
    expect(r.unchanged).toBe(true);
  });
});
