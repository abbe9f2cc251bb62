// `jwi update` / `jwi fetch` end to end against the local stand-in for Eurostat and the barometer publisher:
// first run ingests everything, second run is conditional and re-ingests nothing, the result equals ingesting
// the same files by hand, exit codes, the raw archive, the fetch log, the status report.
import { spawn } from "node:child_process";
import { existsSync } from "node:fs";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { FetchSummary, UpdateSummary } from "../../pipeline/fetch/update.ts";
import { openServingDb } from "../../pipeline/serving-db.ts";
import { EUROSTAT_TABLES } from "../../pipeline/sources/eurostat/tables.ts";
import { jwi, REPO_ROOT, tempDataDir } from "../helpers/cli.ts";
import type { GoldenRecalc } from "../helpers/golden.ts";
import { byTable, jwiEnv, standInEnv, storeCounts, type StatusJson } from "./helpers.ts";
import { BAROMETER_FILE, realDatasets, standInFiles, startStandIn, type StandIn } from "./stand-in.ts";

/** The tables the updater asks for: every configured one but those marked upload-only (`fetched: false`). */
const EUROSTAT = EUROSTAT_TABLES.filter((t) => t.fetched !== false).map((t) => t.table);
const UPLOAD_ONLY = EUROSTAT_TABLES.filter((t) => t.fetched === false).map((t) => t.table);

/** A recalc's scores, without the id of its publication (which counts the data directory's publications). */
const scoresOf = ({ model, as_of, countries }: GoldenRecalc): GoldenRecalc => ({ model, as_of, countries });

/**
 * The data dir of the by-hand ingests, shared by both comparisons below (the stand-in's files, then the barometer's
 * workbook after them, as `[...standInFiles(), ...extra]` ingests them): the stand-in's files are ingested by hand
 * once for the file, not once per comparison.
 */
let byHand: { dir: string; cleanup(): void; extra: string[] } | undefined;
afterAll(() => byHand?.cleanup());

/** Recalc as of AS_OF after ingesting, by hand, the very files the stand-in serves, then `extra`. */
async function recalcByHand(extra: Array<[string, string]> = []): Promise<GoldenRecalc> {
  const names = extra.map(([file]) => file);
  // A dir that holds files this comparison leaves out (or in another order) is not reused.
  if (byHand && byHand.extra.some((file, i) => names[i] !== file)) {
    byHand.cleanup();
    byHand = undefined;
  }
  if (!byHand) {
    byHand = { ...tempDataDir("jwi-byhand-"), extra: [] };
    for (const [file, type] of standInFiles())
      expect((await jwi(byHand.dir, "ingest", file, "--type", type)).code, file).toBe(0);
  }
  for (const [file, type] of extra.slice(byHand.extra.length)) {
    expect((await jwi(byHand.dir, "ingest", file, "--type", type)).code, file).toBe(0);
    byHand.extra.push(file);
  }
  return (await jwi(byHand.dir, "recalc", "--as-of", AS_OF, "--json")).json<GoldenRecalc>();
}

const AS_OF = "2026-11-22";

describe("jwi update against the stand-in (real fixtures at the real paths)", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-fetch-");
  let env: NodeJS.ProcessEnv;
  let first: UpdateSummary;
  let firstCode: number;

  beforeAll(async () => {
    server = await startStandIn();
    env = standInEnv(tmp.dir, server);
    const r = await jwiEnv(env, "update", "--json");
    firstCode = r.code;
    first = r.json<UpdateSummary>();
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it("first run: ingests every table (une_rt_m and jvs_q_r21: Eurostat's real 2026 answers), recalculates, exits 0", async () => {
    expect(first.tables.map((t) => t.table)).toEqual(expect.arrayContaining([...EUROSTAT, "lmb"]));
    for (const t of EUROSTAT) {
      const o = byTable(first, t);
      expect(o.status, `${t}: ${o.reason}`).toBe("fetched");
      expect(o.inserted).toBeGreaterThan(0);
      expect(o.ingest_id).not.toBeNull();
    }
    // jvs_q_nace2 is closed (2001-2025): its successor answers with NACE 2.1's B-T for BG, EL, IE, IT, PL and RO.
    expect(byTable(first, "jvs_q_nace2")).toMatchObject({ fell_over_to: "jvs_q_r21" });
    expect(byTable(first, "jvs_q_r21")).toMatchObject({
      successor_of: "jvs_q_nace2",
      inserted: 180,
      warnings: 3,
      newest_period: "2026-Q2",
    });
    // une_rt_m is asked once for both of its readings; this real answer has no under-25s, which is said, not a failure.
    const youth = first.tables.find((t) => t.data_type === "youth_unemployment")!;
    expect(youth).toMatchObject({ table: "une_rt_m", status: "empty", inserted: 0, ingest_id: null });
    expect(youth.reason).toMatch(
      /holds no youth_unemployment series: its dimension "age" has TOTAL, not Y_LT25; nothing stored/,
    );
    expect(byTable(first, "lmb")).toMatchObject({
      status: "skipped",
      reason: expect.stringContaining("JWI_BAROMETER_URL is not set"),
    });
    // Upload-only tables are never asked for.
    expect(UPLOAD_ONLY).toEqual(["ei_bsee_m_r2"]);
    for (const t of UPLOAD_ONLY) {
      expect(
        first.tables.some((o) => o.table === t),
        t,
      ).toBe(false);
      expect(server.requestsOf(t), t).toEqual([]);
    }
    expect(first.changed).toBe(true);
    expect(first.recalc).toMatchObject({ ok: true, countries_scored: 30 });
    expect(first.outcome).toBe("ok");
    expect(firstCode).toBe(0);
  });

  it("sends the product's User-Agent, asks every table without a geo filter and both unemployment tables in full", () => {
    for (const r of server.requests)
      expect(r.headers["user-agent"]).toMatch(/^JobWeatherIndex\/\d+\.\d+\.\d+ \(\+https:\/\/jobweather\.example\)$/);
    for (const t of EUROSTAT) expect(server.requestsOf(t)[0]!.query.has("geo"), t).toBe(false);
    expect(server.requestsOf("jvs_q_r21")[0]!.query.getAll("nace_r2_1")).toEqual(["B-T", "A-T"]);
    // One request for une_rt_m, asking both age groups it is read for.
    expect(server.requestsOf("une_rt_m")).toHaveLength(1);
    expect(server.requestsOf("une_rt_m")[0]!.query.getAll("age")).toEqual(["TOTAL", "Y_LT25"]);
    // Both unemployment tables, for every country they have (score model v2.1: per country the fresher series).
    const quarterly = Object.keys(realDatasets().get("une_rt_q")!.dimension.geo.category.index);
    expect(byTable(first, "une_rt_q")).toMatchObject({ status: "fetched", inserted: 832 });
    expect(quarterly.length).toBe(32);
  });

  it("asks ei_lmjv_q_r2 and jvs_q_nace2 for the shown sectors beside B-S, and stores the sectors from the answer (v2.3)", async () => {
    const sectors = ["B-S", "C", "F", "G-I", "J", "K", "M-N", "O-Q", "R-S"];
    for (const t of ["ei_lmjv_q_r2", "jvs_q_nace2"]) {
      expect(server.requestsOf(t)[0]!.query.getAll("nace_r2"), t).toEqual(sectors);
      expect(server.requestsOf(t)[0]!.query.getAll("s_adj"), t).toEqual(["SA", "NSA"]);
    }
    expect(byTable(first, "ei_lmjv_q_r2")).toMatchObject({
      status: "fetched",
      inserted: 280,
      newest_period: "2025-Q3",
    });
    const status = (await jwiEnv(env, "status", "--json")).json<StatusJson>();
    const sectorRows = status.data.filter((d) => d.data_type === "sector_vacancy" && d.country === "DE");
    // The eight shown sectors and B-S, each SA and NSA where Germany has it.
    expect(new Set(sectorRows.map((d) => /nace_r2=([^,]+)/.exec(d.series)![1])).size).toBe(9);
  });

  it("fetches teibs030 (the EEI) and stores it as expectations: 26 countries to 2025-08, past the sentiment cut-off", async () => {
    expect(EUROSTAT).toContain("teibs030");
    expect(Object.fromEntries(server.requestsOf("teibs030")[0]!.query)).toEqual({
      format: "JSON",
      lang: "EN",
      indic: "BS-EEI-I",
      s_adj: "SA",
    });
    const o = byTable(first, "teibs030");
    // 26 covered countries and 2 aggregates × 12 months; the 5 candidate countries are listed, not stored.
    expect(o).toMatchObject({
      data_type: "expectations",
      status: "fetched",
      inserted: 28 * 12,
      newest_period: "2025-08",
    });
    // Its newest month is more than 12 months old (as of this run) and no successor is known: said, not hidden.
    expect(o.frozen).toMatch(/newest period 2025-08 is \d+ months old/);
    expect(o.notes.join(" ")).toMatch(/no successor table is known/);
    const status = (await jwiEnv(env, "status", "--json")).json<StatusJson>();
    const de = status.data.find((d) => d.table === "teibs030" && d.country === "DE");
    expect(de).toMatchObject({ data_type: "expectations", newest_period: "2025-08", observations: 12 });
    expect(
      status.data
        .filter((d) => d.table === "teibs030")
        .map((d) => d.country)
        .sort(),
    ).toEqual([
      "AT",
      "BE",
      "BG",
      "CY",
      "CZ",
      "DE",
      "DK",
      "EA20",
      "EE",
      "ES",
      "EU27_2020",
      "FI",
      "FR",
      "GR",
      "HR",
      "HU",
      "IE",
      "IT",
      "LT",
      "LV",
      "MT",
      "NL",
      "PL",
      "PT",
      "RO",
      "SE",
      "SI",
      "SK",
    ]);
  });

  it("keeps every answer by its SHA-256 under raw/ for replay", async () => {
    const o = byTable(first, "une_rt_m");
    expect(o.raw_file).toBe(`raw/${o.raw_sha256}.json`);
    const file = path.join(tmp.dir, o.raw_file!);
    expect(existsSync(file)).toBe(true);
    const replay = await jwiEnv(env, "ingest", file, "--type", "unemployment", "--dry-run", "--json");
    expect(replay.code).toBe(0);
    expect(replay.json<{ inserted: number; updated: number; file_sha256: string }>()).toMatchObject({
      inserted: 0,
      updated: 0,
      file_sha256: o.raw_sha256,
    });
  });

  it("second run: conditional requests, nothing re-ingested, no recalc", async () => {
    const before = await storeCounts(env);
    const seen = server.requests.length;
    const r = await jwiEnv(env, "update", "--json");
    const second = r.json<UpdateSummary>();
    const requests = server.requests.slice(seen);
    for (const t of EUROSTAT) {
      const req = requests.find((q) => q.path === `/${t}`)!;
      expect(req.headers["if-none-match"], t).toMatch(/^".+"$/);
      // The derived teibs030 has no `updated` stamp (the file it is built from has none), hence no Last-Modified.
      if (t !== "teibs030") expect(req.headers["if-modified-since"], t).toMatch(/GMT$/);
      expect(byTable(second, t)).toMatchObject({
        status: "unchanged",
        reason: "not modified since the last check (HTTP 304)",
        ingest_id: null,
      });
    }
    expect(second.changed).toBe(false);
    expect(second.recalc).toBeNull();
    expect(second.notes.join(" ")).toMatch(/no recalc/);
    expect(await storeCounts(env)).toEqual(before);
    expect(r.code).toBe(0);
  });

  it("shows when each table was last checked in `jwi status` and in the published source_status", async () => {
    const status = (await jwiEnv(env, "status", "--json")).json<StatusJson>();
    const m = status.tables.find((t) => t.table === "une_rt_m")!;
    expect(m.lastStatus).toBe("unchanged");
    expect(Date.parse(m.lastCheckedAt!)).toBeGreaterThan(Date.parse(first.started_at));
    expect(status.tables.find((t) => t.table === "jvs_q_r21")).toMatchObject({
      lastStatus: "unchanged",
      observations: 180,
      ingests: 1,
    });
    // Poland's vacancy rate comes from jvs_q_r21 (B-T), to 2026-Q2.
    expect(status.data).toContainEqual(
      expect.objectContaining({ data_type: "vacancy", table: "jvs_q_r21", country: "PL", newest_period: "2026-Q2" }),
    );
    const human = await jwiEnv(env, "status");
    expect(human.stdout).toMatch(/une_rt_m\s+unchanged/);
    expect(human.stdout).toMatch(/jvs_q_r21\s+unchanged/);

    const db = openServingDb(path.join(tmp.dir, "jwi.sqlite"));
    try {
      const rows = db
        .prepare("SELECT source_table, last_checked_at, last_changed_at, last_status, newest_period FROM source_status")
        .all() as Array<Record<string, string | null>>;
      const published = new Map(rows.map((r) => [r.source_table, r]));
      // Ireland's monthly series in the real answer reaches 2026-08.
      expect(published.get("une_rt_m")).toMatchObject({ last_status: "unchanged", newest_period: "2026-08" });
      expect(published.get("une_rt_m")!.last_checked_at).toBe(m.lastCheckedAt);
      expect(published.get("une_rt_m")!.last_changed_at).not.toBeNull();
      expect(published.get("jvs_q_r21")).toMatchObject({ last_status: "unchanged", newest_period: "2026-Q2" });
    } finally {
      db.close();
    }
  });

  it("reaches the same scores as ingesting the same files by hand", async () => {
    const fetched = (await jwiEnv(env, "recalc", "--as-of", AS_OF, "--json")).json<GoldenRecalc>();
    expect(scoresOf(fetched)).toEqual(scoresOf(await recalcByHand()));
  });
});

describe("jwi update with the barometer and a successor that answers", () => {
  let server: StandIn;
  let tmp: ReturnType<typeof tempDataDir>;
  afterEach(async () => {
    await server?.close();
    tmp?.cleanup();
  });

  it("fetches the barometer workbook too, exits 0 when every table is fresh, and matches ingesting by hand", async () => {
    server = await startStandIn();
    tmp = tempDataDir("jwi-fetch-");
    const env = standInEnv(tmp.dir, server, { JWI_BAROMETER_URL: server.barometerUrl });
    const r = await jwiEnv(env, "update");
    expect(r.code, r.stdout).toBe(0);
    expect(r.stdout).toMatch(/✓ lmb\s+fetched/);
    expect(r.stdout).toMatch(/✓ jvs_q_r21\s+fetched/);
    expect(r.stdout).toMatch(/looks frozen: its title ends with \(2001-2025\) → falling over to jvs_q_r21/);
    expect(r.stdout).toMatch(/Recalculated and published/);

    const again = await jwiEnv(env, "update", "--json");
    expect(again.code).toBe(0);
    expect(byTable(again.json<UpdateSummary>(), "lmb")).toMatchObject({ status: "unchanged" });
    expect(server.requestsOf("lmb")[1]!.headers["if-none-match"]).toBeDefined();

    const fetched = (await jwiEnv(env, "recalc", "--as-of", AS_OF, "--json")).json<GoldenRecalc>();
    expect(scoresOf(fetched)).toEqual(scoresOf(await recalcByHand([[BAROMETER_FILE, "lmb"]])));
    expect(fetched.countries.some((c) => c.basis === "blended")).toBe(true);
  });

  it("without ETag / Last-Modified, uses the same bytes or Eurostat's `updated` stamp to skip re-ingesting", async () => {
    server = await startStandIn();
    server.validators = false;
    tmp = tempDataDir("jwi-fetch-");
    const env = standInEnv(tmp.dir, server);
    await jwiEnv(env, "fetch", "--type", "gdp");
    const before = await storeCounts(env);

    const same = (await jwiEnv(env, "fetch", "--type", "gdp", "--json")).json<FetchSummary>();
    expect(byTable(same, "namq_10_gdp")).toMatchObject({
      status: "unchanged",
      reason: expect.stringMatching(/same bytes/),
    });
    expect(server.requestsOf("namq_10_gdp")[1]!.headers["if-none-match"]).toBeUndefined();

    // Other bytes (an annotation moved), same `updated` stamp: still not re-ingested.
    const gdp = realDatasets().get("namq_10_gdp")!;
    gdp.extension.annotation = [...gdp.extension.annotation].reverse();
    server.setTable("namq_10_gdp", gdp);
    const stamp = (await jwiEnv(env, "fetch", "--type", "gdp", "--json")).json<FetchSummary>();
    expect(byTable(stamp, "namq_10_gdp")).toMatchObject({
      status: "unchanged",
      reason: expect.stringContaining("`updated` stamp (2026-08-17T11:00:00+0200)"),
    });
    expect(await storeCounts(env)).toEqual(before);

    // A new stamp is new content: downloaded and ingested (0 values changed, so no recalc would follow).
    gdp.updated = "2026-11-20T11:00:00+0100";
    const moved = (await jwiEnv(env, "fetch", "--type", "gdp", "--json")).json<FetchSummary>();
    expect(byTable(moved, "namq_10_gdp")).toMatchObject({ status: "fetched", inserted: 0, updated: 0 });
    expect(moved.changed).toBe(false);
  });
});

describe("jwi fetch / update: usage and exit codes", () => {
  let server: StandIn;
  const tmp = tempDataDir("jwi-fetch-");
  beforeAll(async () => {
    server = await startStandIn();
  });
  afterAll(async () => {
    await server.close();
    tmp.cleanup();
  });

  it("documents the commands, the sources and the exit codes in --help", async () => {
    const env = standInEnv(tmp.dir, server);
    const root = await jwiEnv(env, "--help");
    expect(root.stdout).toMatch(/fetch/);
    expect(root.stdout).toMatch(/update/);
    const update = await jwiEnv(env, "update", "--help");
    expect(update.stdout).toMatch(/Exit codes: 0 every table fetched or unchanged.*1 some tables failed/s);
    expect(update.stdout).toMatch(/3 every table failed/);
    expect(update.stdout).toMatch(/JWI_BAROMETER_URL/);
    expect(update.stdout).toMatch(/expectations\s+teibs030 \(Employment Expectations Indicator/);
    expect(update.stdout).not.toMatch(/not fetched yet/);
    const fetch = await jwiEnv(env, "fetch", "--help");
    expect(fetch.stdout).toMatch(/--type <type\.\.\.>/);
  });

  it("answers usage errors with 2", async () => {
    const env = standInEnv(tmp.dir, server);
    expect((await jwiEnv(env, "fetch", "--type", "weather")).code).toBe(2);
    expect((await jwiEnv(env, "update", "--frobnicate")).code).toBe(2);
    const lmb = await jwiEnv(env, "fetch", "--type", "lmb");
    expect(lmb.code).toBe(2);
    expect(lmb.stderr).toMatch(/JWI_BAROMETER_URL/);
  });

  it("refuses a bad JWI_UPDATE_CRON or base URL at start, naming the variable", async () => {
    const bad = await jwiEnv(standInEnv(tmp.dir, server, { JWI_UPDATE_CRON: "every morning" }), "update");
    expect(bad.code).toBe(1);
    expect(bad.stderr).toMatch(/JWI_UPDATE_CRON: not a valid cron pattern/);
    const url = await jwiEnv(standInEnv(tmp.dir, server, { JWI_EUROSTAT_BASE_URL: "ftp://nope" }), "update");
    expect(url.stderr).toMatch(/JWI_EUROSTAT_BASE_URL/);
  });

  it("exits 3 naming the job that holds the data directory when it does not end within --wait", async () => {
    const held = tempDataDir("jwi-held-");
    // Another process's job (a long upload on the operator page) holds the job lock.
    const holder = spawn(
      process.execPath,
      [
        path.join(REPO_ROOT, "bin/run-ts.mjs"),
        path.join(REPO_ROOT, "tests/helpers/hold-lock.ts"),
        held.dir,
        "upload une_rt_m.json (operator admin)",
      ],
      { cwd: REPO_ROOT, stdio: ["ignore", "pipe", "inherit"] },
    );
    try {
      await new Promise<void>((resolve, reject) => {
        holder.stdout!.on("data", (d) => String(d).includes("holding") && resolve());
        holder.once("exit", (code) => reject(new Error(`holder exited ${code}`)));
      });
      const requestsBefore = server.requests.length;
      const started = Date.now();
      const r = await jwiEnv(standInEnv(held.dir, server), "update", "--wait", "1");
      expect(r.code).toBe(3);
      expect(Date.now() - started).toBeGreaterThanOrEqual(1000);
      expect(r.stderr).toMatch(
        new RegExp(`Another data job is running: upload une_rt_m\\.json \\(operator admin\\) \\(pid ${holder.pid} on `),
      );
      expect(r.stderr).toMatch(/Nothing was checked/);
      expect(server.requests.length).toBe(requestsBefore);
    } finally {
      holder.kill("SIGKILL");
      held.cleanup();
    }
  });

  it("exits 3 when every table failed, and 0 for `fetch --type` when all of it is fresh", async () => {
    const dead = tempDataDir("jwi-dead-");
    try {
      // Nothing listens on the stand-in's port once it is closed: every download is a network error.
      const gone = await startStandIn();
      await gone.close();
      const r = await jwiEnv(standInEnv(dead.dir, gone, { JWI_FETCH_RETRIES: "0" }), "update", "--json");
      expect(r.code).toBe(3);
      const s = r.json<UpdateSummary>();
      expect(s.outcome).toBe("failed");
      expect(s.tables.filter((t) => t.status === "failed").length).toBeGreaterThanOrEqual(5);
      expect(byTable(s, "une_rt_m").reason).toMatch(/^network error: ECONNREFUSED/);
      expect(s.recalc).toBeNull();
    } finally {
      dead.cleanup();
    }
    const ok = await jwiEnv(standInEnv(tmp.dir, server), "fetch", "--type", "unemployment");
    expect(ok.code, ok.stdout).toBe(0);
    expect(ok.stdout).toMatch(/run `jwi recalc`/);
  });
});
