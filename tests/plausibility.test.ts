// Absurd numbers never reach a score: values outside their data type's plausible band, and periods after the
// month of the upload, are not stored (each named in a warning), and strict mode refuses the whole file.
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundledStore } from "./helpers/bundled-store.ts";
import type { UploadResult } from "../pipeline/types.ts";
import { fixture, jwi, tempDataDir } from "./helpers/cli.ts";

interface JsonStat {
  value: Record<string, number>;
  size: number[];
  id: string[];
  dimension: Record<string, { category: { index: Record<string, number>; label?: Record<string, string> } }>;
}

/** The real une_rt_m file with absurd values put in: DE 2026-07 = 250 %, AT 2026-07 = −5 %, CZ 2026-06 = 1e308,
 * and its last (empty) month relabelled 2099-12 with a value for DE. */
function absurdFile(dir: string): string {
  const ds = JSON.parse(readFileSync(fixture("real", "eurostat", "une_rt_m.json"), "utf8")) as JsonStat;
  const geo = ds.dimension.geo!.category.index;
  const time = ds.dimension.time!.category.index;
  const nTime = ds.size[ds.id.indexOf("time")]!;
  const key = (g: string, t: string) => String(geo[g]! * nTime + time[t]!);
  ds.value[key("DE", "2026-07")] = 250;
  ds.value[key("AT", "2026-07")] = -5;
  ds.value[key("CZ", "2026-06")] = 1e308;
  const last = Object.entries(time).find(([, pos]) => pos === nTime - 1)![0];
  delete time[last];
  time["2099-12"] = nTime - 1;
  ds.dimension.time!.category.label = Object.fromEntries(Object.keys(time).map((t) => [t, t]));
  ds.value[String(geo.DE! * nTime + nTime - 1)] = 3;
  const file = path.join(dir, "une_rt_m-absurd.json");
  writeFileSync(file, JSON.stringify(ds));
  return file;
}

interface Recalc {
  countries: Array<{ code: string; score: number | null; status: string | null }>;
}

describe("plausibility of ingested values", () => {
  const tmp = tempDataDir("jwi-plausible-");
  let before: Recalc;
  let bad: string;
  beforeAll(async () => {
    await bundledStore(tmp.dir); // every bundled file, nothing published (docs/testing.md)
    before = (await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json")).json<Recalc>();
    bad = absurdFile(tmp.dir);
  });
  afterAll(() => tmp.cleanup());

  it("stores the file's plausible values and names every implausible one (row, country, period, value)", async () => {
    const r = await jwi(tmp.dir, "ingest", bad, "--type", "unemployment", "--json");
    expect(r.code, r.stderr).toBe(0);
    const result = r.json<UploadResult>();
    const out = result.warnings.filter((w) => w.type === "out_of_range").map((w) => w.detail);
    expect(out).toHaveLength(4);
    expect(out).toEqual(
      expect.arrayContaining([
        expect.stringMatching(
          /^value #\d+, DE, 2026-07: 250 is outside the plausible range 0 to 40 \(% of the labour force\) for unemployment; not stored\.$/,
        ),
        expect.stringMatching(/^value #\d+, AT, 2026-07: -5 is outside the plausible range 0 to 40/),
        expect.stringMatching(/^value #\d+, CZ, 2026-06: 1e\+308 is outside the plausible range/),
        expect.stringMatching(
          /^value #\d+, DE, 2099-12: the period 2099-12 is after \d{4}-\d{2}, the month of this upload; not stored\.$/,
        ),
      ]),
    );
    // The three replaced values kept their stored (real) values: nothing was inserted or updated.
    expect(result.inserted).toBe(0);
    expect(result.updated).toBe(0);
    // No country's newest period is in the future, so no age is negative.
    const status = (await jwi(tmp.dir, "status", "--json")).json<{
      data: Array<{ country: string; newest_period: string; age_months: number }>;
    }>();
    expect(status.data.every((d) => d.age_months >= 0)).toBe(true);
    expect(status.data.find((d) => d.country === "DE" && d.newest_period.startsWith("2099"))).toBeUndefined();
  });

  it("leaves every score as it was", async () => {
    const after = (await jwi(tmp.dir, "recalc", "--as-of", "2026-11-22", "--json")).json<Recalc>();
    expect(after.countries).toEqual(before.countries);
  });

  it("strict mode refuses the whole file and says which value, storing nothing", async () => {
    const r = await jwi(tmp.dir, "ingest", bad, "--type", "unemployment", "--strict", "--json");
    expect(r.code).toBe(1);
    const result = r.json<UploadResult>();
    expect(result.success).toBe(false);
    expect(result.error).toMatch(
      /^Strict mode: a value is not plausible, so nothing was stored\. value #\d+, [A-Z]{2}, \d{4}-\d{2}: /,
    );
    expect(result.inserted + result.updated).toBe(0);
  });

  it("refuses a file whose every value is implausible", async () => {
    const ds = JSON.parse(readFileSync(fixture("real", "eurostat", "jvs_q_nace2.json"), "utf8")) as JsonStat;
    for (const k of Object.keys(ds.value)) ds.value[k] = 99;
    const file = path.join(tmp.dir, "jvs-all-99.json");
    writeFileSync(file, JSON.stringify(ds));
    const r = await jwi(tmp.dir, "ingest", file, "--type", "vacancy", "--json");
    expect(r.code).toBe(1);
    expect(r.json<UploadResult>().error).toMatch(
      /^No value in this file is plausible for vacancy \(0 to 20 % of posts vacant/,
    );
  });
});
