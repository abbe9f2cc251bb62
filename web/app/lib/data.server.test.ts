// The site's reads over a real (in-memory) serving database: published scores, freshness and the paused mode.
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { COUNTRIES } from "../../../pipeline/countries.ts";
import { computeCountry } from "../../../pipeline/model/v2.ts";
import { makeInput, monthlyEndingAt, quarterlyEndingAt } from "../../../pipeline/model/test-helpers.ts";
import { publish } from "../../../pipeline/publish.ts";
import { openServingDb, type ServingDb } from "../../../pipeline/serving-db.ts";
import { applyApiSchema } from "../../../api/db/schema.ts";
import { SettingsStore } from "../../../api/db/operator.ts";
import { getCountryDetail, getOverview, getSources, isFresh, rankingOf, regionsOf } from "./data.server.ts";

const AS_OF = "2026-11-22";

let db: ServingDb;

beforeEach(() => {
  db = openServingDb(":memory:");
  applyApiSchema(db);
  // Three countries with data, the others published without any (score null).
  const rates: Record<string, number> = { DE: 3.5, FR: 7.5, ES: 11 };
  const results = COUNTRIES.map((c) =>
    computeCountry(
      makeInput({
        country: c.code,
        ...(rates[c.code] !== undefined
          ? {
              unemploymentMonthly: monthlyEndingAt("2026-09", Array.from({ length: 24 }, () => rates[c.code])),
              vacancy: quarterlyEndingAt("2026-Q2", [2, 2, 2, 2]),
            }
          : {}),
      }),
      AS_OF,
    ),
  );
  publish(db, { model: "v2", asOf: AS_OF, publishedAt: `${AS_OF}T03:00:00.000Z`, results, sources: [] });
});

afterEach(() => db.close());

describe("site reads", () => {
  it("shows published scores while they are fresh, and never a score for a country without data", () => {
    const o = getOverview(db, new Date(`${AS_OF}T12:00:00Z`));
    expect(o.paused).toBe(false);
    expect(o.scoredCount).toBe(3);
    const de = o.countries.find((c) => c.code === "DE")!;
    expect(de.score).toBeGreaterThan(5.5);
    expect(o.countries.find((c) => c.code === "LI")!.score).toBeNull();
    expect(rankingOf(o, "brightest").map((c) => c.code)).toEqual(["DE", "FR", "ES"]);
    expect(rankingOf(o, "stormiest").map((c) => c.code)).toEqual(["ES", "FR", "DE"]);
    const western = regionsOf(o).find((r) => r.id === "western")!;
    expect(western.scored).toBe(2);
    expect(western.best?.code).toBe("DE");
    expect(western.worst?.code).toBe("FR");
    expect(western.average).toBeCloseTo((de.score! + o.countries.find((c) => c.code === "FR")!.score!) / 2);
  });

  it("pauses by itself when no covered country has a fresh score (an old publication)", () => {
    // September 2026 data is past the 24-month cut-off in October 2028.
    const later = new Date("2028-10-02T12:00:00Z");
    const o = getOverview(db, later);
    expect(o.scoredCount).toBe(0);
    expect(o.paused).toBe(true);
    expect(o.pausedBy).toBe("no-fresh-data");
    const detail = getCountryDetail(db, "de", later)!;
    expect(detail.fresh).toBe(false);
    expect(detail.country.score).toBeNull();
    expect(isFresh(detail.snapshot!, new Date(`${AS_OF}T12:00:00Z`))).toBe(true);
  });

  it("pauses when the operator pauses publication", () => {
    new SettingsStore(db).setPublication(true, "maintenance", "test");
    const o = getOverview(db, new Date(`${AS_OF}T12:00:00Z`));
    expect(o.paused).toBe(true);
    expect(o.pausedBy).toBe("operator");
  });

  it("pauses when nothing was ever published", () => {
    const empty = openServingDb(":memory:");
    applyApiSchema(empty);
    try {
      const o = getOverview(empty);
      expect(o.publication).toBeNull();
      expect(o.pausedBy).toBe("no-fresh-data");
      expect(getCountryDetail(empty, "DE")!.snapshot).toBeNull();
      expect(getCountryDetail(empty, "XX")).toBeNull();
    } finally {
      empty.close();
    }
  });
});

describe("data sources of the methodology page", () => {
  it("lists tables that hold data with their dates, and leaves out a table only ever checked", () => {
    const row = (table: string, observations: number, lastCheckedAt: string | null) => ({
      dataType: "vacancy" as const, table, lastIngestedAt: observations ? "2026-11-20T06:30:00.000Z" : null, lastChangedAt: null,
      sourceUpdated: "2026-03-20T23:00:00+0100", ingests: observations ? 1 : 0, newestPeriod: observations ? "2025-Q4" : null,
      observations, lastCheckedAt, lastStatus: lastCheckedAt ? "unchanged" : null, lastReason: null,
    });
    publish(db, {
      model: "v2", asOf: AS_OF, publishedAt: `${AS_OF}T04:00:00.000Z`, results: [],
      sources: [row("jvs_q_nace2", 168, "2026-11-21T06:30:00.000Z"), row("jvs_q_r21", 0, "2026-11-21T06:30:05.000Z")],
    });
    expect(getSources(db)).toEqual([
      expect.objectContaining({ source_table: "jvs_q_nace2", newest_period: "2025-Q4", last_checked_at: "2026-11-21T06:30:00.000Z" }),
    ]);
  });
});
