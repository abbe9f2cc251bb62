// One yearly change, one monthly change (docs/model.md §6, model v2.2): for every country of the bundled real
// data, the change the country page shows (the year-on-year badge, "since a year ago", "since last month") is
// one number, and "why it changed" explains exactly that number. Read from the data the page renders: the real
// publication (ingest + recalc through the CLI), the one reader (api/read-model.ts) and the page's loader.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createServices } from "../api/app.ts";
import { COUNTRIES } from "../lib/countries.ts";
import { SQLITE_FILE } from "../pipeline/index.ts";
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import { tenths } from "../pipeline/model/round.ts";
import type { Explanation } from "../pipeline/model/types.ts";
import { openServingDb, type ServingDb } from "../pipeline/serving-db.ts";
import { loadCountryPage, type CountryPageData } from "../web/app/lib/country.server.ts";
import { jwi } from "./helpers/cli.ts";
import { GOLDEN_AS_OF, goldenDataDir } from "./helpers/golden.ts";

/** The day the page is read: the as-of date itself, so that every published score is current. */
const NOW = new Date(`${GOLDEN_AS_OF}T12:00:00Z`);
const sum = (e: Explanation) => e.parts.reduce((a, p) => a + p.contribution, 0);
const monthBefore = (month: string, back: number) => {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const i = y * 12 + m - 1 - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
};

describe("one yearly and one monthly change on every country page (bundled real data)", () => {
  let data: { dir: string; cleanup(): void };
  let db: ServingDb;
  const pages = new Map<string, CountryPageData>();
  beforeAll(async () => {
    data = await goldenDataDir();
    const r = await jwi(data.dir, "recalc", "--as-of", GOLDEN_AS_OF, "--json");
    expect(r.code, r.stderr).toBe(0);
    db = openServingDb(path.join(data.dir, SQLITE_FILE));
    const { read } = createServices(db);
    for (const c of COUNTRIES) {
      const page = loadCountryPage(read, c.code, "all", NOW);
      if (page) pages.set(c.code, page);
    }
  });
  afterAll(() => {
    db?.close();
    data?.cleanup();
  });

  it("reads a page for every country, most of them with both changes", () => {
    expect(pages.size).toBe(COUNTRIES.length);
    const both = [...pages.values()].filter((p) => p.whyChanged?.year_before && p.whyChanged.previous_month);
    expect(both.length).toBeGreaterThan(20);
  });

  it("shows one yearly change: the badge, 'since a year ago' and the sum of its parts agree", () => {
    let checked = 0;
    for (const [code, page] of pages) {
      const year = page.whyChanged?.year_before ?? null;
      const badge = page.panel?.yoy ?? null;
      if (page.score === null) {
        expect(year, code).toBeNull();
        continue;
      }
      const asOfMonth = page.asOf!.slice(0, 7);
      // The badge's comparison month is the as-of month minus the model's lag, for every country.
      expect(page.yoyFrom, code).toBe(monthBefore(asOfMonth, CURRENT_PARAMS.yoy.lagMonths));
      if (year === null) {
        expect(badge?.delta ?? null, `${code}: a badge without its explanation`).toBeNull();
        continue;
      }
      expect(year.from_month, code).toBe(page.yoyFrom);
      expect(year.to_month, code).toBe(asOfMonth);
      // As shown: the badge's number (the difference of the two shown scores), the block's head and the sum of its
      // lines are one number of tenths.
      expect(badge?.delta, code).not.toBeNull();
      const shownTenths = Math.round(badge!.shown! * 10);
      const before = page.history.find((h) => h.month === year.from_month)?.score ?? null;
      expect(shownTenths, code).toBe(tenths(page.score) - tenths(before!));
      expect(year.delta_tenths, code).toBe(shownTenths);
      expect(
        year.lines.reduce((a, l) => a + l.shown_tenths, 0),
        code,
      ).toBe(shownTenths);
      checked++;
    }
    expect(checked).toBeGreaterThan(20);
  });

  it("explains the yearly and the monthly change exactly before rounding (within 1e-9)", () => {
    let checked = 0;
    for (const [code, page] of pages) {
      if (page.score === null) continue;
      const history = page.history;
      const at = (month: string) => history.find((h) => h.month === month)?.score ?? null;
      const asOfMonth = page.asOf!.slice(0, 7);
      expect(history.at(-1)?.month, code).toBe(asOfMonth);
      expect(history.at(-1)?.score, code).toBe(page.score);
      // The unrounded changes the page's reader holds: the snapshot's yoy and its two explanations.
      const badge = page.panel!.yoy;
      for (const [back, which] of [
        [CURRENT_PARAMS.yoy.lagMonths, "year"],
        [1, "month"],
      ] as const) {
        const before = at(monthBefore(asOfMonth, back));
        const change = (which === "year" ? rawYear : rawMonth).get(code) ?? null;
        if (before === null) {
          expect(change, `${code} ${which}`).toBeNull();
          continue;
        }
        expect(change, `${code} ${which}`).not.toBeNull();
        const delta = page.score - before;
        expect(change!.delta, `${code} ${which}`).toBe(delta);
        expect(Math.abs(sum(change!) - delta), `${code} ${which}`).toBeLessThan(1e-9);
        if (which === "year") expect(badge.delta, code).toBe(delta);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(40);
  });

  /** The snapshots' explanations as published (the API's `change`), by country. */
  const rawYear = new Map<string, Explanation | null>();
  const rawMonth = new Map<string, Explanation | null>();
  beforeAll(() => {
    const { read } = createServices(db);
    for (const c of COUNTRIES) {
      const s = read.country(c.code, NOW)?.snapshot ?? null;
      rawYear.set(c.code, s?.change?.year_before ?? null);
      rawMonth.set(c.code, s?.change?.previous_month ?? null);
    }
  });
});
