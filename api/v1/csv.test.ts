import { describe, expect, it } from "vitest";
import type { MarketPanel } from "../../product/market-panel.ts";
import type { CountryListItem, PublicationRow } from "../../product/shapes.ts";
import { csvFilename, historyCsv, scoresCsv, SCORES_CSV } from "./csv.ts";

const item = (over: Partial<CountryListItem>): CountryListItem => ({
  code: "DE",
  name: "Germany",
  flag: "🇩🇪",
  slug: "germany",
  region: "western",
  fresh: true,
  score: 6.95,
  status: "bright",
  label: "Rather favorable",
  confidence: "medium",
  basis: "historical-only",
  evidence: { inputs: 4, of: 5, cover: 0.45 },
  anchor_month: "2026-07",
  yoy: { delta: -0.4000000000000004, label: "Same", shown: -0.4, market: -0.1, evidence: -0.3000000000000004 },
  withheld_reason: null,
  ...over,
});
const pub: PublicationRow = {
  id: 3,
  model: "v2.1",
  as_of: "2026-11-22",
  published_at: "2026-11-22T06:00:00.000Z",
  countries_scored: 30,
  countries_total: 31,
};

/** The source columns (table, period, flag of each input) of a line without sources: all empty. */
const NO_SOURCES = ",".repeat(24);

describe("open data CSV", () => {
  it("writes the shown score, the unrounded one and negative numbers as numbers", () => {
    const text = scoresCsv([item({})], pub);
    const [header, line, end] = text.split("\r\n");
    expect(header).toBe(SCORES_CSV.columns.map((c) => c.name).join(","));
    expect(line).toBe(
      `DE,Germany,western,7.0,6.95,bright,Rather favorable,medium,historical-only,true,,2026-07,-0.4000000000000004,-0.4,Same,-0.1,-0.3000000000000004,,,,,,,,,,,2026-11-22,v2.1,2026-11-22T06:00:00.000Z${NO_SOURCES}`,
    );
    expect(end).toBe("");
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
  });

  it("writes youth unemployment (context only) from the country's market panel, the EU-27 rate empty when not stored", () => {
    const panel = {
      youth_unemployment_rate: 7.1,
      youth_unemployment_period: "2026-01",
      youth_unemployment_eu_rate: null,
    } as MarketPanel;
    const line = scoresCsv([item({})], pub, new Map([["DE", { panel, snapshot: null }]])).split("\r\n")[1];
    expect(line).toBe(
      `DE,Germany,western,7.0,6.95,bright,Rather favorable,medium,historical-only,true,,2026-07,-0.4000000000000004,-0.4,Same,-0.1,-0.3000000000000004,,,,,,,,7.1,2026-01,,2026-11-22,v2.1,2026-11-22T06:00:00.000Z${NO_SOURCES}`,
    );
    const withEu = { ...panel, youth_unemployment_eu_rate: 14.8 } as MarketPanel;
    expect(scoresCsv([item({})], pub, new Map([["DE", { panel: withEu, snapshot: null }]])).split("\r\n")[1]).toContain(
      ",,,,7.1,2026-01,14.8,",
    );
  });

  it("appends each input's table, period and flag from the published sources", () => {
    const source = (table: string, period: string, flag: string | null) =>
      ({
        table,
        period,
        flag,
        series: {},
        geo: "DE",
        release: null,
        file: null,
        browser_url: null,
        api_url: null,
      }) as const;
    const sources = {
      inputs: { unemployment: source("une_rt_q", "2026-Q2", "d"), vacancy: source("jvs_q_r21", "2026-Q2", null) },
      sectors: [],
    };
    const text = scoresCsv([item({})], pub, new Map([["DE", { panel: null, snapshot: null, sources }]]));
    const [header, line] = text.split("\r\n").map((l) => l.split(","));
    const cell = (name: string) => line![header!.indexOf(name)];
    expect(header!.slice(-24, -18)).toEqual([
      "unemployment_table",
      "unemployment_period",
      "unemployment_flag",
      "unemployment_year_before_table",
      "unemployment_year_before_period",
      "unemployment_year_before_flag",
    ]);
    expect([cell("unemployment_table"), cell("unemployment_period"), cell("unemployment_flag")]).toEqual([
      "une_rt_q",
      "2026-Q2",
      "d",
    ]);
    expect([cell("vacancy_table"), cell("vacancy_flag"), cell("eei_table")]).toEqual(["jvs_q_r21", "", ""]);
  });

  it("leaves a withheld score empty, never 0, and names why", () => {
    const withheld = {
      fresh: false,
      score: null,
      status: null,
      label: null,
      confidence: null,
      basis: null,
      yoy: { delta: null, label: null, shown: null, market: null, evidence: null },
    };
    const line = scoresCsv([item({ ...withheld, withheld_reason: "stale" })], pub).split("\r\n")[1];
    expect(line).toBe(
      `DE,Germany,western,,,,,,,false,stale,2026-07,,,,,,,,,,,,,,,,2026-11-22,v2.1,2026-11-22T06:00:00.000Z${NO_SOURCES}`,
    );
    const paused = scoresCsv([item({ ...withheld, withheld_reason: "paused" })], pub).split("\r\n")[1];
    expect(paused).toBe(
      `DE,Germany,western,,,,,,,false,paused,2026-07,,,,,,,,,,,,,,,,2026-11-22,v2.1,2026-11-22T06:00:00.000Z${NO_SOURCES}`,
    );
  });

  it("neutralises text that a spreadsheet would run as a formula, and quotes per RFC 4180", () => {
    const line = scoresCsv(
      [item({ name: '=HYPERLINK("http://x.example","click")', label: '+1, "quoted"' as never })],
      pub,
    ).split("\r\n")[1]!;
    expect(line).toContain(`"'=HYPERLINK(""http://x.example"",""click"")"`);
    expect(line).toContain(`"'+1, ""quoted"""`);
    expect(
      historyCsv("DE", [
        { month: "2026-01", score: 1.95, status: "rainy", basis: "blended", market: -0.25, evidence: 0.5 },
        { month: "2026-02", score: null, status: null, basis: null, market: null, evidence: null },
      ]),
    ).toBe(
      "code,month,score,score_unrounded,status,basis,market,evidence\r\nDE,2026-01,2.0,1.95,rainy,blended,-0.25,0.5\r\nDE,2026-02,,,,,,\r\n",
    );
  });

  it("names downloads after what they hold and the publication's date", () => {
    expect(csvFilename("scores", pub)).toBe("job-weather-index-scores-2026-11-22.csv");
    expect(csvFilename("DE-history", pub)).toBe("job-weather-index-de-history-2026-11-22.csv");
    expect(csvFilename("scores", null)).toBe("job-weather-index-scores.csv");
  });
});
