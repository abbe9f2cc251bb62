import { describe, expect, it } from "vitest";
import { marketPanel } from "../../../product/market-panel.ts";
import type { Snapshot } from "../../../pipeline/model/types.ts";
import { createIntl } from "react-intl";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES } from "../i18n/locales.ts";
import { availabilityOf, listIn, type MissingFigure } from "./availability.ts";

/** A published snapshot with nothing in it (Liechtenstein in the bundled data). */
const empty: Snapshot = {
  country: "LI",
  model: "v2",
  as_of: "2026-11-22",
  anchor_month: null,
  score: null,
  status: null,
  label: null,
  confidence: null,
  basis: null,
  cover: null,
  raw: null,
  shrunk: null,
  sub_scores: { U: null, V: null, C: null, M: null, S: null },
  unemployment_series: null,
  unemployment: null,
  unemployment_year_before: null,
  unemployment_history_points: 0,
  vacancy: null,
  competition: null,
  lmb: null,
  gdp: null,
  inflation: null,
  averages_3y: { vacancy: null, competition: null, vacancy_points: 0, competition_points: 0 },
  eu_average: { unemployment: null, period: null, source: "fixed-thresholds" },
  yoy: { delta: null, label: null, from_month: null },
  ingest_ids: [],
};

describe("availability of a country page's figures", () => {
  it("names everything once for a country without any data, and nothing derived from a score it lacks", () => {
    const a = availabilityOf(marketPanel(empty), false);
    expect(a.missing).toEqual(["unemployment", "vacancy", "competition", "barometer", "gdp", "inflation"]);
    expect(Object.values(a.conditions).some(Boolean)).toBe(false);
  });

  it("keeps what exists and lists only the rest (a country with unemployment and context figures only)", () => {
    const s: Snapshot = {
      ...empty,
      country: "DE",
      score: 6.9,
      status: "cloudy",
      anchor_month: "2026-07",
      unemployment: { value: 4, period: "2026-07", flag: null },
      gdp: { value: 0.9, period: "2026-Q2", flag: null, unit: "CLV_PCH_PRE" },
      inflation: { value: 2.9, period: "2026-08", flag: null },
      yoy: { delta: 0, label: "Same", from_month: "2025-07" },
    };
    // The general signal reads the attribution of the last three months' change (its market part).
    const three = {
      from_month: "2026-08",
      to_month: "2026-11",
      from_score: 6.5,
      to_score: 6.9,
      delta: 6.9 - 6.5,
      market: 0,
      evidence: 6.9 - 6.5,
      parts: [],
    };
    const a = availabilityOf(
      marketPanel({ ...s, change: { previous_month: null, three_months: three, year_before: null } }),
      true,
    );
    expect(a.conditions).toEqual({ unemployment: true, momentum: false, vacancy: false, competition: false });
    expect(a.sentiment).toEqual({ barometer: false, eei: false, signal: true, yoy: true, gdp: true, inflation: true });
    expect(a.comparisons.eu).toBe(true);
    // The rate is shown, its yearly change is not (no value a year before): named as missing.
    expect(a.missing).toEqual(["momentum", "vacancy", "competition", "barometer"]);
  });

  it("an Employment Expectations Indicator is shown even when too old to count; the missing barometer is still named", () => {
    const s: Snapshot = {
      ...empty,
      model: "v2.1",
      country: "DE",
      eei: { value: 92.9, period: "2025-08", flag: null },
      sentiment_sources: [],
    };
    const a = availabilityOf(marketPanel(s), false);
    expect(a.sentiment.eei).toBe(true);
    expect(a.sentiment.barometer).toBe(false);
    expect(a.missing).toContain("barometer");
  });

  it('writes lists in plain English (no comma before "and") and in each language\'s own way', () => {
    expect(listIn("en", ["a"])).toBe("a");
    expect(listIn("en", ["a", "b"])).toBe("a and b");
    expect(listIn("en", ["a", "b", "c"])).toBe("a, b and c");
    expect(listIn("de", ["a", "b", "c"])).toBe("a, b und c");
    expect(listIn("pl", ["a", "b", "c"])).toBe("a, b i c");
  });

  it("names every missing figure in every language; English as the page always named them", () => {
    const names: Record<MissingFigure, string> = {
      unemployment: "unemployment rate",
      momentum: "yearly change of unemployment",
      vacancy: "job vacancy rate",
      competition: "competition (job seekers per opening)",
      barometer: "expert barometer",
      yoy: "year-on-year change",
      gdp: "GDP growth",
      inflation: "inflation",
      vacancyVs3y: "vacancies against their 3-year average",
      competitionVs3y: "competition against its 3-year average",
    };
    const en = createIntl({ locale: "en", messages: messagesFor("en") });
    for (const [key, name] of Object.entries(names))
      expect(en.formatMessage({ id: `market.missing.${key}` })).toBe(name);
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = createIntl({ locale, messages: messagesFor(locale) });
      for (const [key, name] of Object.entries(names)) {
        if (key === "inflation") continue; // "Inflation", "inflation" in French: the same word.
        expect(intl.formatMessage({ id: `market.missing.${key}` }), `${locale} ${key}`).not.toBe(name);
      }
    }
  });
});
