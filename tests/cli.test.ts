// The `jwi` CLI end to end on real files: exit codes, JSON output, idempotence, rejections that change nothing.
import { execFile } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CURRENT_MODEL_ID } from "../pipeline/model/current.ts";
import { readManifest } from "../pipeline/seed.ts";
import { LOOKS_LIKE_BAROMETER } from "../pipeline/sources/eurostat/workbook.ts";
import type { StatusReport } from "../pipeline/index.ts";
import type { UploadResult } from "../pipeline/types.ts";
import { bundledStore } from "./helpers/bundled-store.ts";
import { fixture, jwi, REPO_ROOT, tempDataDir } from "./helpers/cli.ts";

const exec = promisify(execFile);

interface StatusJson {
  data: Array<{ data_type: string; table: string; country: string; newest_period: string; observations: number }>;
  tables: Array<{ table: string; observations: number; ingests: number }>;
  published: { published_at: string | null; countries: Array<{ code: string; score: number | null }> };
}

const totalObservations = (s: StatusJson) => s.data.reduce((n, r) => n + r.observations, 0);

describe("jwi CLI", () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.cleanup());

  // Every bundled file stored: `jwi ingest` of each one (twice) is the test "stores every real fixture once" below.
  beforeAll(() => bundledStore(tmp.dir));

  it("--help explains the commands", async () => {
    const r = await jwi(tmp.dir, "--help");
    expect(r.code).toBe(0);
    for (const word of ["ingest", "recalc", "status", "serve", "JWI_DATA_DIR"]) expect(r.stdout).toContain(word);
    const sub = await jwi(tmp.dir, "ingest", "--help");
    expect(sub.stdout).toContain("Exit codes: 0 stored");
    expect(sub.stdout).toContain("une_rt_m");
    for (const word of ["expectations", "teibs030", "ei_bsee_m_r2", "ecfin_eei", "SDMX-CSV", ".csv"])
      expect(sub.stdout).toContain(word);
    // Both unemployment tables count (the fresher series per country); jvs_q_r21 pins B-T, else A-T.
    expect(sub.stdout).not.toMatch(/fallback/);
    expect(sub.stdout).toMatch(/fresher of the two series/);
    expect(sub.stdout).toMatch(/nace_r2_1 B-T, else A-T/);
  });

  it("answers usage errors with exit code 2", async () => {
    expect((await jwi(tmp.dir, "ingest", fixture("real", "eurostat", "une_rt_m.json"))).code).toBe(2);
    expect((await jwi(tmp.dir, "ingest", fixture("real", "eurostat", "une_rt_m.json"), "--type", "weather")).code).toBe(
      2,
    );
    expect((await jwi(tmp.dir, "ingest", "x.json", "--type", "gdp", "--tolerance-pp", "-1")).code).toBe(2);
    expect((await jwi(tmp.dir, "recalc", "--as-of", "2026-02-30")).code).toBe(2);
    expect((await jwi(tmp.dir, "frobnicate")).code).toBe(2);
  });

  it("stores every real fixture once: the same file again right after reports 0 inserted and 0 updated", async () => {
    // (Right after: an older snapshot of a table ingested after a newer one puts its older values back, on purpose.)
    const again = tempDataDir("jwi-twice-");
    try {
      for (const f of readManifest()) {
        expect((await jwi(again.dir, "ingest", fixture("real", f.file), "--type", f.type)).code).toBe(0);
        const r = await jwi(again.dir, "ingest", fixture("real", f.file), "--type", f.type, "--json");
        expect(r.code).toBe(0);
        const result = r.json<UploadResult>();
        expect(result.success).toBe(true);
        expect(result.inserted, f.file).toBe(0);
        expect(result.updated, f.file).toBe(0);
        expect(result.unchanged).toBeGreaterThan(0);
      }
    } finally {
      again.cleanup();
    }
  });

  it("rejects each broken file with its message, exit 1, and the store unchanged", async () => {
    const before = (await jwi(tmp.dir, "status", "--json")).json<StatusJson>();
    const cases = JSON.parse(readFileSync(fixture("broken", "expected.json"), "utf8")) as Array<{
      file: string;
      type: string;
      message: string;
    }>;
    expect(cases.length).toBeGreaterThanOrEqual(5);
    for (const c of cases) {
      const r = await jwi(tmp.dir, "ingest", fixture("broken", c.file), "--type", c.type, "--json");
      expect(r.code, c.file).toBe(1);
      const result = r.json<UploadResult>();
      expect(result.success).toBe(false);
      expect(result.error, c.file).toContain(c.message);
      expect(result.inserted + result.updated).toBe(0);
    }
    const after = (await jwi(tmp.dir, "status", "--json")).json<StatusJson>();
    expect(totalObservations(after)).toBe(totalObservations(before));
  });

  it("refuses a .json file for the barometer, a file of another kind for Eurostat types, and a barometer workbook given as a Eurostat type, with the product's messages (docs/product.md §5)", async () => {
    const lmb = await jwi(
      tmp.dir,
      "ingest",
      fixture("real", "eurostat", "jvs_q_nace2.json"),
      "--type",
      "lmb",
      "--json",
    );
    expect(lmb.code).toBe(1);
    expect(lmb.json<UploadResult>().error).toBe("Please upload a .XLSX file");
    // Eurostat types take .json, .csv or (v2.3) the data browser's .xlsx: anything else is refused by its name.
    const txt = path.join(tmp.dir, "jvs_q_nace2.txt");
    writeFileSync(txt, readFileSync(fixture("real", "eurostat", "jvs_q_nace2.json")));
    const other = await jwi(tmp.dir, "ingest", txt, "--type", "vacancy", "--json");
    expect(other.code).toBe(1);
    expect(other.json<UploadResult>().error).toBe("Please upload a .JSON, .CSV or .XLSX file");
    // A data browser workbook is a vacancy file; the barometer's workbook given as one is told which type it is.
    const browser = await jwi(
      tmp.dir,
      "ingest",
      fixture("real", "eurostat", "ei_lmjv_q_r2_databrowser_2023Q2_2025Q3.xlsx"),
      "--type",
      "vacancy",
      "--dry-run",
      "--json",
    );
    expect(browser.code, browser.stdout + browser.stderr).toBe(0);
    expect(browser.json<UploadResult>().success).toBe(true);
    const xlsx = await jwi(
      tmp.dir,
      "ingest",
      fixture("synthetic", "barometer", "lmb-months-down.xlsx"),
      "--type",
      "vacancy",
      "--json",
    );
    expect(xlsx.code).toBe(1);
    expect(xlsx.json<UploadResult>().error).toBe(LOOKS_LIKE_BAROMETER);
    expect(LOOKS_LIKE_BAROMETER).toMatch(/upload it with data type lmb\.$/);
  });

  it("flags a revision beyond the tolerance, and --strict rejects it storing nothing", async () => {
    const original = JSON.parse(readFileSync(fixture("real", "eurostat", "jvs_q_nace2.json"), "utf8"));
    const firstKey = Object.keys(original.value)[0]!;
    original.value[firstKey] = Number(original.value[firstKey]) + 1.25;
    const revised = path.join(tmp.dir, "jvs_q_nace2-revised.json");
    writeFileSync(revised, JSON.stringify(original));

    const strict = await jwi(tmp.dir, "ingest", revised, "--type", "vacancy", "--strict", "--json");
    expect(strict.code).toBe(1);
    expect(strict.json<UploadResult>().error).toMatch(/Strict mode/);

    const dry = await jwi(tmp.dir, "ingest", revised, "--type", "vacancy", "--dry-run", "--json");
    expect(dry.code).toBe(0);
    expect(dry.json<UploadResult>().updated).toBe(1);

    const wide = await jwi(tmp.dir, "ingest", revised, "--type", "vacancy", "--tolerance-pp", "2", "--json");
    expect(wide.json<UploadResult>().warnings.filter((w) => w.type === "revision")).toHaveLength(0);
    expect(wide.json<UploadResult>().updated).toBe(1);

    // Restore the original value: a revision warning now (1.25 pp > 0.5 pp), stored.
    const back = await jwi(
      tmp.dir,
      "ingest",
      fixture("real", "eurostat", "jvs_q_nace2.json"),
      "--type",
      "vacancy",
      "--json",
    );
    const result = back.json<UploadResult>();
    expect(result.updated).toBe(1);
    expect(result.warnings.filter((w) => w.type === "revision")).toHaveLength(1);
  });

  it("recalc publishes every country and status reports it", async () => {
    const r = await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json");
    expect(r.code).toBe(0);
    const out = r.json<{ model: string; as_of: string; countries: Array<{ code: string; score: number | null }> }>();
    expect(out.model).toBe(CURRENT_MODEL_ID);
    expect(out.countries).toHaveLength(31);
    expect(out.countries.find((c) => c.code === "LI")!.score).toBeNull();
    const status = (await jwi(tmp.dir, "status", "--json")).json<StatusJson>();
    expect(status.published.published_at).not.toBeNull();
    expect(status.published.countries.find((c) => c.code === "DE")!.score).toBeCloseTo(
      out.countries.find((c) => c.code === "DE")!.score!,
      9,
    );
    expect(status.data.find((d) => d.table === "une_rt_m" && d.country === "DE")!.newest_period).toBe("2026-07");
    const human = await jwi(tmp.dir, "status");
    expect(human.stdout).toContain("une_rt_m");
  });

  it("status marks each stale series in words (human) as its JSON does, and counts countries only", async () => {
    const json = (await jwi(tmp.dir, "status", "--json")).json<StatusReport>();
    const human = (await jwi(tmp.dir, "status")).stdout.split("\n");
    // One line per table and country, in the JSON's order: STALE exactly where the JSON says stale. Sector vacancy
    // rates (model v2.3, context only, many series per country) are said in brief, per table and country, below.
    const scored = json.data.filter((d) => d.data_type !== "sector_vacancy");
    const sectors = json.data.filter((d) => d.data_type === "sector_vacancy");
    const rows = human.filter((l) => /^ {4}\S+\s+newest /.test(l));
    expect(rows).toHaveLength(scored.length);
    scored.forEach((d, i) =>
      expect(rows[i]!.includes(" STALE "), `${d.table} ${d.country} ${d.newest_period}`).toBe(d.stale),
    );
    expect(sectors.length).toBeGreaterThan(0);
    const brief = human.filter((l) => /^ {4}\S+\s+\d+ aggregates read, newest /.test(l));
    const tablesAndCountries = [...new Set(sectors.map((d) => `${d.table} ${d.country}`))];
    expect(brief).toHaveLength(tablesAndCountries.length);
    for (const table of [...new Set(sectors.map((d) => d.table))]) {
      const at = human.findIndex((l) => l.startsWith(`  sector_vacancy · ${table} (context only, never in a score): `));
      expect(at, table).toBeGreaterThan(-1);
      const mine = sectors.filter((d) => d.table === table);
      for (const country of [...new Set(mine.map((d) => d.country))]) {
        const read = mine.filter((d) => d.country === country && d.read);
        const newest =
          read
            .map((d) => d.newest_period)
            .sort()
            .at(-1) ?? "—";
        expect(
          human.some(
            (l, i) =>
              i > at && l.startsWith(`    ${country.padEnd(10)} ${read.length} aggregates read, newest ${newest}`),
          ),
          `${table} ${country}`,
        ).toBe(true);
      }
    }
    expect(json.data.some((d) => d.stale)).toBe(true);
    expect(json.data.some((d) => !d.stale)).toBe(true);
    // The employment expectations of 2025-08 are past their 12-month cut-off well before 24 months.
    expect(json.data.some((d) => d.data_type === "expectations" && d.stale && d.age_months < 24)).toBe(true);
    expect(human).toContain(json.stale.rule);
    const n = json.stale.countries.length;
    expect(human.some((l) => l.startsWith(`${n} countries have stale data: `))).toBe(true);
    expect(json.stale.countries.every((c) => !/^(EA|EU)/.test(c.code))).toBe(true);
    expect(json.stale.aggregates.length).toBeGreaterThan(0);
    expect(human).toContain(`Aggregates with stale data (not counted): ${json.stale.aggregates.join(", ")}.`);
  });

  it("works as a real process through bin/jwi.mjs with pino logs on stderr", async () => {
    // A new as-of date, so that it publishes (the same data as of 2026-11-22 is published already: nothing would change).
    const { stdout, stderr } = await exec(
      process.execPath,
      [path.join(REPO_ROOT, "bin", "jwi.mjs"), "recalc", "--as-of", "2026-11-23", "--json"],
      {
        env: { ...process.env, JWI_DATA_DIR: tmp.dir, LOG_LEVEL: "info" },
      },
    );
    expect(JSON.parse(stdout).countries).toHaveLength(31);
    const log = stderr.split("\n").find((l) => l.startsWith("{"));
    expect(JSON.parse(log!).msg).toBe("recalc published");
    await expect(
      exec(process.execPath, [path.join(REPO_ROOT, "bin", "jwi.mjs"), "ingest", "nope.json", "--type", "gdp"], {
        env: { ...process.env, JWI_DATA_DIR: tmp.dir, LOG_LEVEL: "silent" },
      }),
    ).rejects.toMatchObject({ code: 1 });
  });
});

describe("jwi ingest of CSV files", () => {
  const tmp = tempDataDir();
  afterAll(() => tmp.cleanup());

  it("stores Eurostat's CSV downloads and DG ECFIN's EEI, exit 0; a semicolon export is rejected, exit 1, nothing stored", async () => {
    const eei = await jwi(
      tmp.dir,
      "ingest",
      fixture("real", "ecfin", "ecfin_bcs_indicators_long_2004-01_2025-08.csv"),
      "--type",
      "expectations",
      "--json",
    );
    expect(eei.code, eei.stdout + eei.stderr).toBe(0);
    expect(eei.json<UploadResult>()).toMatchObject({
      success: true,
      data_type: "expectations",
      table: "ecfin_eei",
      inserted: 7111,
    });
    const labels = await jwi(
      tmp.dir,
      "ingest",
      fixture("real", "eurostat", "une_rt_m_SDMX-CSV_labels_2019-01_2025-04.csv"),
      "--type",
      "unemployment",
    );
    expect(labels.code, labels.stdout).toBe(0);
    expect(labels.stdout).toContain(
      "not covered (ignored): Bosnia and Herzegovina, Japan, Türkiye, United Kingdom, United States",
    );
    const before = (await jwi(tmp.dir, "status", "--json")).json<StatusJson>();
    expect(before.data.find((d) => d.table === "ecfin_eei" && d.country === "DE")!.newest_period).toBe("2025-08");

    const semicolons = path.join(tmp.dir, "une_rt_m-semicolons.csv");
    writeFileSync(semicolons, "freq;s_adj;age;unit;sex;geo;time;value\nM;SA;TOTAL;PC_ACT;T;DE;2025-04;3,6\n");
    const r = await jwi(tmp.dir, "ingest", semicolons, "--type", "unemployment", "--json");
    expect(r.code).toBe(1);
    expect(r.json<UploadResult>().error).toMatch(/separated by semicolons; save it comma-separated/);
    const after = (await jwi(tmp.dir, "status", "--json")).json<StatusJson>();
    expect(totalObservations(after)).toBe(totalObservations(before));
  });
});
