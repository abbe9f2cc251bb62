import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { BUNDLED_FIXTURES_DIR } from "../seed.ts";
import { EUROSTAT_TABLES, tableConfig, type TableConfig } from "../sources/eurostat/tables.ts";
import { closedHint, inspectEurostat, looksLikeHtml, readEurostatError, staleHint, tableUrl } from "./eurostat.ts";

const real = (file: string) => readFileSync(path.join(BUNDLED_FIXTURES_DIR, "eurostat", file));
const config = (table: string) => tableConfig(table) as TableConfig;
const NOW = new Date("2026-11-22T06:30:00Z");

describe("request URLs", () => {
  it("asks for every required pin and no geo: every country and aggregate the table has", () => {
    const url = new URL(tableUrl("https://api.example/data/", config("une_rt_m")));
    expect(url.pathname).toBe("/data/une_rt_m");
    expect(url.searchParams.get("format")).toBe("JSON");
    expect(url.searchParams.get("lang")).toBe("EN");
    for (const [dim, code] of [
      ["s_adj", "SA"],
      ["sex", "T"],
      ["unit", "PC_ACT"],
    ]) {
      expect(url.searchParams.getAll(dim!)).toEqual([code]);
    }
    // One request for both readings of une_rt_m: the whole labour force and the under-25s (youth_unemployment).
    expect(url.searchParams.getAll("age")).toEqual(["TOTAL", "Y_LT25"]);
    for (const t of EUROSTAT_TABLES)
      expect(new URL(tableUrl("https://x", t)).searchParams.has("geo"), t.table).toBe(false);
  });

  it("asks for every accepted code of a pin and leaves optional pins (freq, sizeclas) to the reader", () => {
    const url = new URL(tableUrl("https://api.example/data", config("jvs_q_nace2")));
    expect(url.searchParams.getAll("s_adj")).toEqual(["SA", "NSA"]);
    expect(url.searchParams.has("sizeclas")).toBe(false);
    expect(url.searchParams.has("freq")).toBe(false);
    expect(new URL(tableUrl("https://x", config("namq_10_gdp"))).searchParams.getAll("unit")).toEqual([
      "CLV_PCH_PRE",
      "CLV_PCH_SM",
    ]);
    // B-T when the answer has it, else A-T: an answer with A-T only must not fail the request.
    expect(new URL(tableUrl("https://x", config("jvs_q_r21"))).searchParams.getAll("nace_r2_1")).toEqual([
      "B-T",
      "A-T",
    ]);
    expect(new URL(tableUrl("https://x", config("prc_hicp_minr"))).searchParams.getAll("coicop18")).toEqual(["TOTAL"]);
  });
});

describe("Eurostat's error answers", () => {
  const body = (json: unknown) => Buffer.from(JSON.stringify(json));

  it("reads the array form of the Statistics API (unknown dimension: 400, error 150)", () => {
    const e = readEurostatError(
      body({
        error: [
          {
            status: 400,
            id: 150,
            label:
              'INVALID_QUERY_DIMENSION: Query is invalid as per its structure\'s definition. Dimension "FROMTIMEPERIOD" is not defined',
          },
        ],
      }),
      400,
    );
    expect(e).toMatchObject({ kind: "error", entries: [{ status: 400, id: 150 }] });
    expect(e!.text).toBe(
      'Eurostat: INVALID_QUERY_DIMENSION: Query is invalid as per its structure\'s definition. Dimension "FROMTIMEPERIOD" is not defined (error 150, HTTP 400)',
    );
  });

  it("takes error 100 as no results, in the array and in the object form, with HTTP 400 or 404", () => {
    expect(readEurostatError(body({ error: [{ status: 400, id: 100, label: "No results found" }] }), 400)).toEqual({
      kind: "no-results",
      entries: [{ status: 400, id: 100, label: "No results found" }],
      text: "Eurostat: No results found (error 100, HTTP 400)",
    });
    const object = readEurostatError(body({ error: { status: "400", id: "100", label: "No results found" } }), 400);
    expect(object).toMatchObject({ kind: "no-results", text: "Eurostat: No results found (error 100, HTTP 400)" });
    const gone = readEurostatError(
      body({
        error: [
          {
            status: 404,
            id: 100,
            label: "ERR_NOT_FOUND_4: UNE_RT_X (DATA_SET:ESTAT,1.0) is not available for dissemination.",
          },
        ],
      }),
      404,
    );
    expect(gone).toMatchObject({
      kind: "no-results",
      text: "Eurostat: ERR_NOT_FOUND_4: UNE_RT_X (DATA_SET:ESTAT,1.0) is not available for dissemination. (error 100, HTTP 404)",
    });
  });

  it("takes 413 EXTRACTION_TOO_BIG as too big, by the status, the id or the label", () => {
    const label =
      "EXTRACTION_TOO_BIG: The requested extraction is too big, estimated 10110240000 rows, max authorised is 5000000, please change your filters to reduce the extraction size";
    expect(readEurostatError(body({ error: [{ status: 413, id: 413, label }] }), 413)).toMatchObject({
      kind: "too-big",
      text: `Eurostat: ${label} (error 413, HTTP 413)`,
    });
    expect(readEurostatError(body({ error: { label } }), 400)?.kind).toBe("too-big");
    expect(readEurostatError(body({ error: [{ status: 500, id: 500, label: "Internal error" }] }), 413)?.kind).toBe(
      "too-big",
    );
  });

  it("takes the asynchronous warning (HTTP 200) as asynchronous, and says what it lacks when there is no label", () => {
    const e = readEurostatError(
      body({
        warning: {
          status: 413,
          label: "ASYNCHRONOUS_RESPONSE. Your request will be treated asynchronously. Please try again later.",
        },
      }),
      200,
    );
    expect(e).toMatchObject({
      kind: "asynchronous",
      text: "Eurostat: ASYNCHRONOUS_RESPONSE. Your request will be treated asynchronously. Please try again later. (status 413, HTTP 200)",
    });
    expect(readEurostatError(body({ error: [{ status: 500 }] }), 500)).toMatchObject({
      kind: "error",
      text: 'Eurostat: an error answer without a label: [{"status":500}] (HTTP 500)',
    });
  });

  it("is null for anything else: a dataset, a JSON without error, not JSON", () => {
    expect(readEurostatError(real("jvs_q_nace2.json"), 200)).toBeNull();
    expect(readEurostatError(body({ message: "Bad gateway" }), 502)).toBeNull();
    expect(readEurostatError("<html><title>502</title></html>", 502)).toBeNull();
    expect(readEurostatError(body([{ error: "x" }]), 400)).toBeNull();
  });
});

describe("reading an answer", () => {
  it("reads the stamp, the newest period and nothing alarming from a live table", () => {
    const a = inspectEurostat(real("une_rt_m.json"), "application/json", config("une_rt_m"), NOW);
    expect(a).toEqual({
      kind: "dataset",
      updated: "2026-09-22T11:00:00+0200",
      empty: null,
      closed: null,
      newestPeriod: "2026-08",
    });
  });

  it("sees a closed table by its title and its description", () => {
    const manr = inspectEurostat(real("prc_hicp_manr.json"), "application/json", config("prc_hicp_manr"), NOW);
    expect(manr.kind === "dataset" && manr.closed).toMatch(
      /title ends with \(1997-2025\).*discontinued and replaced by dataset prc_hicp_minr/,
    );
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

  it("refuses HTML pages and another table, reads an error body; leaves non-JSON to ingest", () => {
    const html = Buffer.from("<!DOCTYPE html><html><head><title>Service Unavailable</title></head></html>");
    expect(looksLikeHtml(html, null)).toBe(true);
    expect(inspectEurostat(html, "text/html", config("une_rt_m"), NOW)).toEqual({
      kind: "refused",
      reason: 'answered an HTML page ("Service Unavailable") instead of JSON-stat data',
    });
    const error = Buffer.from(
      JSON.stringify({
        error: [{ status: 400, id: 150, label: 'INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined' }],
      }),
    );
    expect(inspectEurostat(error, "application/json", config("prc_hicp_minr"), NOW)).toEqual({
      kind: "error",
      error: {
        kind: "error",
        entries: [{ status: 400, id: 150, label: 'INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined' }],
        text: 'Eurostat: INVALID_QUERY_DIMENSION: Dimension "COICOP" is not defined (error 150)',
      },
    });
    const none = Buffer.from('\uFEFF{"error":{"status":400,"id":100,"label":"No results found"}}');
    expect(inspectEurostat(none, "application/json", config("une_rt_m"), NOW)).toMatchObject({
      kind: "error",
      error: { kind: "no-results" },
    });
    expect(inspectEurostat(real("jvs_q_nace2.json"), "application/json", config("jvs_q_r21"), NOW)).toEqual({
      kind: "refused",
      reason: "answered with table jvs_q_nace2 instead of jvs_q_r21",
    });
    expect(
      inspectEurostat(Buffer.from('{"version":"2.0","value":{"0":1'), "application/json", config("une_rt_m"), NOW),
    ).toEqual({ kind: "unreadable" });
  });
});
