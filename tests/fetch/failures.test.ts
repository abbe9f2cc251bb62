// Failure cases of the updater against the stand-in: each failed download fails only its table, with a clear
// reason, and leaves the stored data exactly as it was (counts asserted); retries are bounded; Eurostat's own
// error answers (no results, too big, asynchronous) are read; a frozen or empty table falls over to its successor.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { UpdateSummary } from "../../pipeline/fetch/update.ts";
import { tempDataDir } from "../helpers/cli.ts";
import { byTable, jwiEnv, standInEnv, storeCounts, type StatusJson } from "./helpers.ts";
import { derivedR21, EUROSTAT_FAULTS, realDatasets, startStandIn, type Fault, type StandIn } from "./stand-in.ts";

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
    expect(byTable(summary, "une_rt_m")).toMatchObject({
      status: "failed",
      attempts: 2,
      reason: "timed out after 150 ms (2 attempts)",
    });
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
    expect(o.reason).toMatch(
      /^truncated response: (received \d+ of \d+ bytes|the connection closed after \d+ of \d+ bytes) \(3 attempts\)$/,
    );
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
      expect(o.reason).toMatch(
        /^Eurostat: INVALID_QUERY_DIMENSION: .*Dimension "COICOP18" is not defined \(error 150, HTTP 400\); nothing stored$/,
      );
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

describe("Eurostat's error answers", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-esterr-");
  let env: NodeJS.ProcessEnv;

  const update = async () => {
    const r = await jwiEnv(env, "update", "--json");
    return { code: r.code, summary: r.json<UpdateSummary>(), stderr: r.stderr };
  };
  /** One update with `fault` queued for `table`: the outcome, the exit code, and the store before and after. */
  const updateWith = async (table: string, fault: Fault) => {
    const before = await storeCounts(env);
    const asked = server.requestsOf(table).length;
    server.fault(table, fault);
    const { code, summary, stderr } = await update();
    return {
      code,
      summary,
      stderr,
      o: byTable(summary, table),
      before,
      after: await storeCounts(env),
      requests: server.requestsOf(table).length - asked,
    };
  };

  beforeAll(async () => {
    server = await startStandIn();
    env = standInEnv(tmp.dir, server);
    expect((await update()).code).toBe(0);
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it("takes no results (HTTP 400, error 100) as an empty answer: the successor is asked, nothing stored, exit 0", async () => {
    const r = await updateWith("prc_hicp_manr", EUROSTAT_FAULTS.noResults(400));
    expect(r.o).toMatchObject({
      status: "empty",
      reason: "Eurostat: No results found (error 100, HTTP 400): no values for this request; nothing stored",
      http_status: 400,
      attempts: 1,
      raw_file: null,
      inserted: 0,
      fell_over_to: "prc_hicp_minr",
    });
    expect(byTable(r.summary, "prc_hicp_minr")).toMatchObject({ status: "unchanged", successor_of: "prc_hicp_manr" });
    expect(r.requests).toBe(1);
    expect(r.after).toEqual(r.before);
    expect(r.summary.counts.empty).toBe(1);
    expect(r.code).toBe(0);
    const status = (await jwiEnv(env, "status", "--json")).json<StatusJson>();
    expect(status.tables.find((t) => t.table === "prc_hicp_manr")).toMatchObject({
      lastStatus: "empty",
      lastReason: r.o.reason,
    });
  });

  it("reads the object form and HTTP 404 (a table no longer disseminated) the same way", async () => {
    const r = await updateWith("jvs_q_nace2", {
      kind: "eurostat-error",
      status: 404,
      id: 100,
      label: "ERR_NOT_FOUND_4: JVS_Q_NACE2 (DATA_SET:ESTAT,1.0) is not available for dissemination.",
      form: "object",
    });
    expect(r.o).toMatchObject({
      status: "empty",
      reason:
        "Eurostat: ERR_NOT_FOUND_4: JVS_Q_NACE2 (DATA_SET:ESTAT,1.0) is not available for dissemination. (error 100, HTTP 404): no values for this request; nothing stored",
      http_status: 404,
      fell_over_to: "jvs_q_r21",
    });
    expect(byTable(r.summary, "jvs_q_r21").status).toBe("unchanged");
    expect(r.after).toEqual(r.before);
    expect(r.code).toBe(0);
  });

  it("takes an error body sent with HTTP 200 as what it says (no results: empty)", async () => {
    const r = await updateWith("jvs_q_nace2", {
      kind: "body",
      body: JSON.stringify({ error: { status: 400, id: 100, label: "No results found" } }),
    });
    expect(r.o).toMatchObject({
      status: "empty",
      reason: "Eurostat: No results found (error 100): no values for this request; nothing stored",
      http_status: 200,
      fell_over_to: "jvs_q_r21",
    });
    expect(r.o.raw_file).toMatch(/^raw\/[0-9a-f]{64}\.json$/);
    expect(r.after).toEqual(r.before);
    expect(r.code).toBe(0);
  });

  it("fails a table without successor that has no results, with Eurostat's words", async () => {
    const r = await updateWith("namq_10_gdp", EUROSTAT_FAULTS.noResults(404, "object"));
    expect(r.o).toMatchObject({
      status: "failed",
      reason: "Eurostat: No results found (error 100, HTTP 404): no values for this request; nothing stored",
      http_status: 404,
      attempts: 1,
      fell_over_to: null,
    });
    expect(r.after).toEqual(r.before);
    expect(r.summary.outcome).toBe("partial");
    expect(r.code).toBe(1);
  });

  it("fails a table answered 413 EXTRACTION_TOO_BIG at once: another attempt would not be smaller", async () => {
    // Retries are on (JWI_FETCH_RETRIES=2) and a second attempt would get the data: it must not be made.
    const r = await updateWith("une_rt_m", EUROSTAT_FAULTS.tooBig());
    expect(r.o).toMatchObject({ status: "failed", http_status: 413, attempts: 1 });
    expect(r.o.reason).toBe(
      "Eurostat: EXTRACTION_TOO_BIG: The requested extraction is too big, estimated 10110240000 rows, max authorised is 5000000, please change your filters to reduce the extraction size (error 413, HTTP 413): the request asks for more than Eurostat extracts at once, and asking again would not make it smaller (not retried); nothing stored",
    );
    expect(r.requests).toBe(1);
    expect(r.after).toEqual(r.before);
    expect(r.code).toBe(1);
    // Exit 1 says which tables failed, in one line on stderr.
    expect(r.stderr).toMatch(/^error: 1 of \d+ tables failed \(une_rt_m\); see the summary\.\n$/);
  });

  it("fails a table Eurostat will answer asynchronously (HTTP 200 with a warning), keeping the answer under raw/", async () => {
    const r = await updateWith("une_rt_q", EUROSTAT_FAULTS.asynchronous());
    expect(r.o).toMatchObject({
      status: "failed",
      http_status: 200,
      reason:
        "Eurostat: ASYNCHRONOUS_RESPONSE. Your request will be treated asynchronously. Please try again later. (status 413): Eurostat prepares this answer for later, so a later run should get it; nothing stored",
    });
    expect(r.o.raw_file).toMatch(/^raw\/[0-9a-f]{64}\.json$/);
    expect(r.after).toEqual(r.before);
    expect(r.code).toBe(1);
  });

  it("fails a successor that is not published (404, error 100): it has no successor of its own", async () => {
    const before = await storeCounts(env);
    server.setTable("jvs_q_r21", null);
    try {
      const { code, summary } = await update();
      expect(byTable(summary, "jvs_q_r21")).toMatchObject({
        status: "failed",
        successor_of: "jvs_q_nace2",
        http_status: 404,
        attempts: 1,
        reason:
          "Eurostat: ERR_NOT_FOUND_4: JVS_Q_R21 (DATA_SET:ESTAT,1.0) is not available for dissemination. (error 100, HTTP 404): no values for this request; nothing stored",
      });
      expect(code).toBe(1);
    } finally {
      server.setTable("jvs_q_r21", derivedR21());
    }
    expect(await storeCounts(env)).toEqual(before);
    expect((await update()).code).toBe(0);
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
    expect(legacy.frozen).toMatch(
      /title ends with \(1997-2025\) and its description says "Please note that this dataset is discontinued/,
    );
    expect(byTable(s, "prc_hicp_minr")).toMatchObject({ status: "fetched", successor_of: "prc_hicp_manr" });
    expect(r.code).toBe(0);
    await server.close();
    tmp.cleanup();
  });

  it("falls over when the newest period is far behind, and when a filter matches nothing (empty answer)", async () => {
    server = await startStandIn();
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
    expect(byTable(stale, "jvs_q_nace2")).toMatchObject({
      status: "fetched",
      fell_over_to: "jvs_q_r21",
      frozen: expect.stringMatching(/newest period 2024-Q2 is \d+ months old/),
    });
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
    expect(byTable(empty, "jvs_q_nace2").reason).toMatch(
      /no values: dimension "indic_em" has none of JVR .*nothing stored/,
    );
    expect(byTable(empty, "jvs_q_r21").status).toBe("unchanged");
    expect(await storeCounts(env)).toEqual(before);
    expect(r.code).toBe(0); // the successor answered: nothing failed

    // The same empty selection, answered the way Eurostat's API guide says: HTTP 400, error 100.
    server.emptyAnswer = "no-results";
    const r400 = await jwiEnv(env, "fetch", "--type", "vacancy", "--json");
    const none = r400.json<UpdateSummary>();
    expect(byTable(none, "jvs_q_nace2")).toMatchObject({
      status: "empty",
      http_status: 400,
      fell_over_to: "jvs_q_r21",
      reason: "Eurostat: No results found (error 100, HTTP 400): no values for this request; nothing stored",
    });
    expect(byTable(none, "jvs_q_r21").status).toBe("unchanged");
    expect(await storeCounts(env)).toEqual(before);
    expect(r400.code).toBe(0);
  });

  it("fails an empty table that has no successor", async () => {
    server = await startStandIn();
    tmp = tempDataDir("jwi-succ-");
    const gdp = realDatasets().get("namq_10_gdp")!;
    gdp.dimension.na_item.category.index = { B1G: 0 };
    server.setTable("namq_10_gdp", gdp);
    const r = await jwiEnv(standInEnv(tmp.dir, server), "fetch", "--type", "gdp", "--json");
    expect(byTable(r.json<UpdateSummary>(), "namq_10_gdp")).toMatchObject({
      status: "failed",
      reason: expect.stringMatching(/"na_item" has none of B1GQ/),
    });
    expect(r.code).toBe(3);
  });
});
