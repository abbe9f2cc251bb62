// Failure cases of the updater against the stand-in: each failed download fails only its table, with a clear
// reason, and leaves the stored data exactly as it was (counts asserted); retries are bounded; a frozen or empty
// table falls over to its successor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UpdateSummary } from "../../pipeline/fetch/update.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { byTable, jwiEnv, standInEnv, storeCounts } from "./helpers.ts";
import { realDatasets, relabelledR21, startStandIn, type StandIn } from "./stand-in.ts";

describe("a failed download fails its table and changes nothing", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-fail-");
  let env: NodeJS.ProcessEnv;
  const unemployment = realDatasets().get("une_rt_m")!;
  let revision = 0;

  /** The publisher revises one value of une_rt_m: a good download of it would now change stored data. */
  const revise = () => {
    revision++;
    const firstKey = Object.keys(unemployment.value)[0]!;
    unemployment.value[firstKey] = Number(unemployment.value[firstKey]) + 0.1;
    unemployment.updated = `2026-11-${String(revision).padStart(2, "0")}T11:00:00+0100`;
    server.setTable("une_rt_m", unemployment);
  };

  const update = async (extra: NodeJS.ProcessEnv = {}) => {
    const r = await jwiEnv({ ...env, ...extra }, "update", "--json");
    return { code: r.code, summary: r.json<UpdateSummary>() };
  };

  beforeAll(async () => {
    server = await startStandIn();
    server.setTable("jvs_q_r21", relabelledR21());
    env = standInEnv(tmp.dir, server);
    const first = await update();
    expect(first.code).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });
  beforeEach(() => revise());

  it("retries a 503 and then stores the answer", async () => {
    server.fault("une_rt_m", { kind: "status", status: 503 });
    const { code, summary } = await update();
    expect(byTable(summary, "une_rt_m")).toMatchObject({ status: "fetched", attempts: 2, updated: 1 });
    expect(summary.recalc).toMatchObject({ ok: true });
    expect(code).toBe(0);
  });

  it("gives up after the bounded retries on a 503 that stays, with the status as the reason", async () => {
    const before = await storeCounts(env);
    server.fault("une_rt_m", ...Array(3).fill({ kind: "status", status: 503, retryAfter: "0" }));
    const { code, summary } = await update();
    expect(byTable(summary, "une_rt_m")).toMatchObject({ status: "failed", attempts: 3, http_status: 503 });
    expect(byTable(summary, "une_rt_m").reason).toBe("HTTP 503 Service Unavailable: stand-in fault 503 (3 attempts)");
    expect(await storeCounts(env)).toEqual(before);
    expect(summary.recalc).toBeNull();
    expect(code).toBe(1);
  });

  it("fails a table that times out", async () => {
    const before = await storeCounts(env);
    server.fault("une_rt_m", { kind: "hang" }, { kind: "hang" });
    const { code, summary } = await update({ JWI_FETCH_TIMEOUT_MS: "150", JWI_FETCH_RETRIES: "1" });
    expect(byTable(summary, "une_rt_m")).toMatchObject({ status: "failed", attempts: 2, reason: "timed out after 150 ms (2 attempts)" });
    expect(byTable(summary, "une_rt_q").status).toBe("unchanged");
    expect(await storeCounts(env)).toEqual(before);
    expect(code).toBe(1);
  });

  it("fails a table whose body is cut off", async () => {
    const before = await storeCounts(env);
    server.fault("une_rt_m", { kind: "truncate" }, { kind: "truncate" }, { kind: "truncate" });
    const { summary } = await update();
    const o = byTable(summary, "une_rt_m");
    expect(o.status).toBe("failed");
    expect(o.reason).toMatch(/^truncated response: (received \d+ of \d+ bytes|the connection closed after \d+ of \d+ bytes) \(3 attempts\)$/);
    expect(o.raw_file).toBeNull(); // a cut-off body is not archived
    expect(await storeCounts(env)).toEqual(before);
  });

  it("fails a table answered with an HTML error page (kept under raw/ for a look)", async () => {
    const before = await storeCounts(env);
    server.fault("une_rt_m", { kind: "html" });
    const { summary } = await update();
    const o = byTable(summary, "une_rt_m");
    expect(o).toMatchObject({ status: "failed", attempts: 1, http_status: 200 });
    expect(o.reason).toBe('answered an HTML page ("502 Bad Gateway") instead of JSON-stat data; nothing stored');
    expect(o.raw_file).toMatch(/^raw\/[0-9a-f]{64}\.json$/);
    expect(await storeCounts(env)).toEqual(before);
  });

  it("fails a table whose JSON is malformed: ingest rejects it and stores nothing", async () => {
    const before = await storeCounts(env);
    const whole = JSON.stringify(unemployment);
    server.fault("une_rt_m", { kind: "body", body: whole.slice(0, whole.length - 100) });
    const { summary } = await update();
    expect(byTable(summary, "une_rt_m")).toMatchObject({
      status: "failed",
      reason: "rejected by validation, nothing stored: This file is not valid JSON.",
    });
    expect(await storeCounts(env)).toEqual(before);
  });

  it("reports Eurostat's error body (unknown dimension) without retrying it", async () => {
    const before = await storeCounts(env);
    const minr = realDatasets().get("prc_hicp_minr")!;
    const old = structuredClone(minr);
    old.id = old.id.map((d: string) => (d === "coicop18" ? "coicop" : d));
    old.dimension.coicop = old.dimension.coicop18;
    delete old.dimension.coicop18;
    server.setTable("prc_hicp_minr", old);
    try {
      const { summary } = await update();
      const o = byTable(summary, "prc_hicp_minr");
      expect(o).toMatchObject({ status: "failed", attempts: 1, http_status: 400 });
      expect(o.reason).toMatch(/^HTTP 400 Bad Request: INVALID_QUERY_DIMENSION: .*Dimension "COICOP18" is not defined \(1 attempt\)$/);
    } finally {
      server.setTable("prc_hicp_minr", minr);
    }
    expect((await storeCounts(env)).prc_hicp_minr).toEqual(before.prc_hicp_minr);
  });

  it("stores the revision on the next good run: failures never advanced the validators", async () => {
    const before = await storeCounts(env);
    const { code, summary } = await update();
    expect(byTable(summary, "une_rt_m")).toMatchObject({ status: "fetched", updated: 1 });
    expect(byTable(summary, "prc_hicp_minr").status).toBe("unchanged");
    expect((await storeCounts(env)).une_rt_m!.ingests).toBe(before.une_rt_m!.ingests + 1);
    expect(code).toBe(0);
  });
});

describe("successor tables", () => {
  let server: StandIn;
  let tmp: ReturnType<typeof tempDataDir>;
  afterAll(async () => {
    await server?.close();
    tmp?.cleanup();
  });

  it("falls over from a frozen table (discontinued, title range over) to its successor", async () => {
    server = await startStandIn();
    tmp = tempDataDir("jwi-succ-");
    const r = await jwiEnv(standInEnv(tmp.dir, server), "fetch", "--type", "inflation", "--json");
    const s = r.json<UpdateSummary>();
    expect(s.tables.map((t) => t.table)).toEqual(["prc_hicp_manr", "prc_hicp_minr"]);
    const legacy = byTable(s, "prc_hicp_manr");
    expect(legacy).toMatchObject({ status: "fetched", fell_over_to: "prc_hicp_minr" });
    expect(legacy.frozen).toMatch(/title ends with \(1997-2025\) and its description says "Please note that this dataset is discontinued/);
    expect(byTable(s, "prc_hicp_minr")).toMatchObject({ status: "fetched", successor_of: "prc_hicp_manr" });
    expect(r.code).toBe(0);
    await server.close();
    tmp.cleanup();
  });

  it("falls over when the newest period is far behind, and when a filter matches nothing (empty answer)", async () => {
    server = await startStandIn();
    server.setTable("jvs_q_r21", relabelledR21());
    tmp = tempDataDir("jwi-succ-");
    const env = standInEnv(tmp.dir, server);

    // A live-looking title, but Eurostat's own annotation says the newest period is 2024-Q2.
    const behind = realDatasets().get("jvs_q_nace2")!;
    behind.label = "Job vacancy statistics by NACE Rev. 2 activity - quarterly data";
    behind.extension.annotation = [
      ...behind.extension.annotation.filter((a: { type: string }) => a.type !== "OBS_PERIOD_OVERALL_LATEST"),
      { type: "OBS_PERIOD_OVERALL_LATEST", title: "2024-Q2" },
    ];
    server.setTable("jvs_q_nace2", behind);
    const stale = (await jwiEnv(env, "fetch", "--type", "vacancy", "--json")).json<UpdateSummary>();
    expect(byTable(stale, "jvs_q_nace2")).toMatchObject({ status: "fetched", fell_over_to: "jvs_q_r21", frozen: expect.stringMatching(/newest period 2024-Q2 is \d+ months old/) });
    expect(byTable(stale, "jvs_q_r21")).toMatchObject({ status: "fetched", successor_of: "jvs_q_nace2" });

    // The old indicator code only: the API answers 200 with an empty `value` for indic_em=JVR.
    const before = await storeCounts(env);
    const jobrate = realDatasets().get("jvs_q_nace2")!;
    jobrate.label = behind.label;
    jobrate.dimension.indic_em.category.index = { JOBRATE: 0 };
    jobrate.dimension.indic_em.category.label = { JOBRATE: "Job vacancy rate (old code)" };
    server.setTable("jvs_q_nace2", jobrate);
    const r = await jwiEnv(env, "fetch", "--type", "vacancy", "--json");
    const empty = r.json<UpdateSummary>();
    expect(byTable(empty, "jvs_q_nace2")).toMatchObject({ status: "empty", fell_over_to: "jvs_q_r21" });
    expect(byTable(empty, "jvs_q_nace2").reason).toMatch(/no values: dimension "indic_em" has none of JVR .*nothing stored/);
    expect(byTable(empty, "jvs_q_r21").status).toBe("unchanged");
    expect(await storeCounts(env)).toEqual(before);
    expect(r.code).toBe(0); // the successor answered: nothing failed
  });

  it("fails an empty table that has no successor", async () => {
    server = await startStandIn();
    tmp = tempDataDir("jwi-succ-");
    const gdp = realDatasets().get("namq_10_gdp")!;
    gdp.dimension.na_item.category.index = { B1G: 0 };
    server.setTable("namq_10_gdp", gdp);
    const r = await jwiEnv(standInEnv(tmp.dir, server), "fetch", "--type", "gdp", "--json");
    expect(byTable(r.json<UpdateSummary>(), "namq_10_gdp")).toMatchObject({ status: "failed", reason: expect.stringMatching(/"na_item" has none of B1GQ/) });
    expect(r.code).toBe(3);
  });
});
