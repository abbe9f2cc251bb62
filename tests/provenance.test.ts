// Every figure can be checked at its source (docs/data-sources.md §8), on the bundled real files: each input of every
// country's document names the file it was loaded from, and that file's SHA-256 is the bundled file's own (hashed
// here from fixtures/real); the table, period and flag are the figure's; the API query asks Eurostat for that table,
// the country's Eurostat geo (EL for Greece) and each pinned dimension; `jwi status --json` shows the same sources;
// and a recalculation over the same data publishes nothing new (the provenance is deterministic).
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES, countryByCode } from "../lib/countries.ts";
import { readManifest } from "../pipeline/seed.ts";
import { AS_OF, FIXTURES, getJson, startTestServer, type TestServer } from "./api/helpers.ts";
import { jwi } from "./helpers/cli.ts";

let s: TestServer;
const docs = new Map<string, any>();

beforeAll(async () => {
  s = await startTestServer();
  for (const c of COUNTRIES) docs.set(c.code, (await getJson(`${s.url}/api/v1/countries/${c.code}`)).body);
});
afterAll(async () => {
  await s?.stop();
});

/** The inputs of a document that carry a `source`, by name (the EU-27 figure's is its `provenance`). */
const INPUTS = [
  "unemployment",
  "unemployment_year_before",
  "vacancy",
  "lmb",
  "eei",
  "gdp",
  "inflation",
  "youth_unemployment",
] as const;

/** Every figure of a document with its source: name, the figure, its source. */
function figures(doc: any): Array<{ name: string; figure: any; source: any }> {
  const out: Array<{ name: string; figure: any; source: any }> = INPUTS.filter((i) => doc[i]).map((i) => ({
    name: i,
    figure: doc[i],
    source: doc[i].source,
  }));
  if (doc.eu_average?.unemployment != null)
    out.push({
      name: "eu_average",
      figure: { value: doc.eu_average.unemployment, period: doc.eu_average.period, flag: null },
      source: doc.eu_average.provenance,
    });
  for (const r of doc.sectors ?? []) out.push({ name: `sector ${r.code}`, figure: r, source: r.source });
  return out;
}

/** The bundled files by name, with the SHA-256 of their bytes. */
const bundled = new Map(
  readManifest().map((f) => {
    const bytes = readFileSync(path.join(FIXTURES, "real", f.file));
    return [path.basename(f.file), createHash("sha256").update(bytes).digest("hex")];
  }),
);

describe("provenance in the country document", () => {
  it("gives every figure of every country a source whose file is the bundled file it was loaded from", () => {
    let checked = 0;
    for (const c of COUNTRIES) {
      for (const { name, figure, source } of figures(docs.get(c.code))) {
        const at = `${c.code} ${name}`;
        expect(source, at).toBeTruthy();
        expect(source.file, at).toBeTruthy();
        expect(bundled.has(source.file.name), `${at}: ${source.file.name} is not a bundled file`).toBe(true);
        expect(source.file.sha256, at).toBe(bundled.get(source.file.name));
        expect(Number.isNaN(Date.parse(source.file.ingested_at)), at).toBe(false);
        // The figure's own period and flag.
        expect([source.period, source.flag], at).toEqual([figure.period, figure.flag ?? null]);
        checked++;
      }
    }
    // 30 countries with figures, a dozen or more each (Liechtenstein has none).
    expect(checked).toBeGreaterThan(300);
    expect(figures(docs.get("LI"))).toEqual([]);
  });

  it("names the table each figure's own field names, and a release or none", () => {
    for (const c of COUNTRIES) {
      const doc = docs.get(c.code);
      if (doc.youth_unemployment)
        expect(doc.youth_unemployment.source.table, c.code).toBe(doc.youth_unemployment.table);
      for (const r of doc.sectors ?? []) expect(r.source.table, `${c.code} ${r.code}`).toBe(r.table);
      for (const { source } of figures(doc))
        expect(source.release === null || /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/.test(source.release)).toBe(true);
    }
    // Spain's unemployment: the quarterly table, its definition differs (d), released on 10 September 2026.
    expect(docs.get("ES").unemployment.source).toMatchObject({
      table: "une_rt_q",
      period: "2026-Q2",
      flag: "d",
      release: "2026-09-10T23:00:00",
      series: { s_adj: "SA", age: "Y15-74", sex: "T", unit: "PC_ACT" },
      file: { name: "une_rt_q_SUBSET_2020Q1_2026Q2.json" },
    });
    // A file that states no release is undated: jvs_q_r21's re-encoded CSV.
    expect(docs.get("ES").vacancy.source).toMatchObject({ table: "jvs_q_r21", release: null });
  });

  it("links the data browser's view of the table and the API query of this country's series", () => {
    for (const c of COUNTRIES) {
      for (const { name, source } of figures(docs.get(c.code))) {
        const at = `${c.code} ${name}`;
        if (source.table === "ecfin_eei") {
          expect(source.browser_url, at).toMatch(/^https:\/\/economy-finance\.ec\.europa\.eu\//);
          expect(source.api_url, at).toBeNull();
          continue;
        }
        expect(source.browser_url, at).toBe(
          `https://ec.europa.eu/eurostat/databrowser/view/${source.table}/default/table`,
        );
        const url = new URL(source.api_url);
        expect(url.origin + url.pathname, at).toBe(
          `https://ec.europa.eu/eurostat/api/dissemination/statistics/1.0/data/${source.table}`,
        );
        const geo = source.geo === c.code ? countryByCode(c.code)!.eurostatGeo : source.geo;
        expect(url.searchParams.getAll("geo"), at).toEqual([geo]);
        const dims = [...url.searchParams.keys()].filter((k) => !["geo", "format", "lang"].includes(k));
        expect(Object.fromEntries(dims.map((d) => [d, url.searchParams.getAll(d).join("|")])), at).toEqual(
          source.series,
        );
        expect(Object.keys(source.series).length, at).toBeGreaterThan(1);
      }
    }
    expect(new URL(docs.get("GR").unemployment.source.api_url).searchParams.get("geo")).toBe("EL");
  });
});

describe("provenance for the operator", () => {
  it("jwi status --json gives each country's inputs the same sources as the API", async () => {
    const out = await jwi(s.dataDir, "status", "--json");
    expect(out.code, out.stderr).toBe(0);
    const report = out.json<{
      published: {
        countries: Array<{ code: string; sources: { inputs: Record<string, any>; sectors: any[] } | null }>;
      };
    }>();
    for (const c of report.published.countries) {
      const doc = docs.get(c.code);
      for (const input of INPUTS)
        expect(c.sources?.inputs[input] ?? null, `${c.code} ${input}`).toEqual(doc[input]?.source ?? null);
      expect(c.sources?.inputs.eu_average ?? null, c.code).toEqual(doc.eu_average.provenance ?? null);
      expect(
        c.sources?.sectors.map((r) => [r.code, r.source]),
        c.code,
      ).toEqual((doc.sectors ?? []).map((r: any) => [r.code, r.source]));
    }
  });

  it("publishes nothing new when the same data is recalculated (the sources are the same bytes)", async () => {
    // The first `jwi recalc` publishes once more: the seeded publication has no share cards, which the CLI keys.
    const first = await jwi(s.dataDir, "recalc", "--as-of", AS_OF, "--json");
    expect(first.code, first.stderr).toBe(0);
    const again = await jwi(s.dataDir, "recalc", "--as-of", AS_OF, "--json");
    expect(again.code, again.stderr).toBe(0);
    expect(again.json<{ publication_id: number }>().publication_id).toBe(
      first.json<{ publication_id: number }>().publication_id,
    );
    expect(s.count("source_files")).toBeGreaterThan(10);
  });
});
