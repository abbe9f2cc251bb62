// Flags and sources as the server renders them (docs/data-sources.md §8; read as HTML, no browser): every country
// page shows Eurostat's flag beside each flagged figure, with its name for screen readers, and the legend; Spain's in
// every language; "Check it at the source" under each input gives the API's table, period and flag, with the data
// browser's and the API's links; the methodology names every table in the page's language, no English title on the
// other languages' pages. Layout and axe with the marks and the opened details: sources-browser.test.ts.
import { readFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../../lib/countries.ts";
import { LOCALES, type Locale } from "../../product/locales.ts";
import { sourceTables } from "../../pipeline/provenance.ts";
import { bodyText, fetchPage, squash } from "../helpers/html.ts";
import { ROOT, sharedSite, type SharedHarness } from "./harness.ts";

let h: SharedHarness;
const docs = new Map<string, any>();

beforeAll(async () => {
  h = await sharedSite();
  for (const c of COUNTRIES) docs.set(c.code, await (await fetch(`${h.base}/api/v1/countries/${c.code}`)).json());
}, 120_000);
afterAll(async () => {
  await h?.close();
});

const catalogue = (locale: Locale, namespace: string): Record<string, string> =>
  JSON.parse(readFileSync(path.join(ROOT, "web/app/i18n/messages", locale, `${namespace}.json`), "utf8"));
const sources = Object.fromEntries(LOCALES.map((l) => [l, catalogue(l, "sources")])) as Record<
  Locale,
  Record<string, string>
>;
const prefix = (locale: Locale) => (locale === "en" ? "" : `/${locale}`);

/** The inputs a country page shows with a source, as its document names them. */
const PAGE_INPUTS = [
  "unemployment",
  "unemployment_year_before",
  "vacancy",
  "lmb",
  "eei",
  "gdp",
  "inflation",
  "youth_unemployment",
] as const;

/** Every flag a document's figures carry: each input's and each sector rate's. */
function flagsOf(doc: any): string[] {
  return [...PAGE_INPUTS.map((i) => doc[i]?.flag ?? null), ...(doc.sectors ?? []).map((r: any) => r.flag)].filter(
    (f): f is string => Boolean(f),
  );
}

/** The marks of a page: each flag's letters and its screen-reader text. */
function marks(document: Document): Array<{ flag: string; heard: string }> {
  return [...document.querySelectorAll("[data-eurostat-flag]")].map((m) => ({
    flag: m.getAttribute("data-eurostat-flag")!,
    heard: squash(m.querySelector(".sr-only")?.textContent ?? ""),
  }));
}

const flagName = (locale: Locale, letter: string) => sources[locale][`sources.flag.${letter}`]!;

describe("Eurostat's flags on the country pages", () => {
  it("every English country page marks each flagged figure, names the flag for screen readers and explains it in a legend", async () => {
    let flagged = 0;
    for (const c of COUNTRIES) {
      const doc = docs.get(c.code);
      const page = await fetchPage(`${h.base}/country/${c.code.toLowerCase()}`);
      expect(page.status, c.code).toBe(200);
      const shown = marks(page.document);
      const expected = flagsOf(doc);
      for (const flag of new Set(expected)) {
        const mark = shown.find((m) => m.flag === flag);
        expect(mark, `${c.code}: no mark for ${flag}`).toBeTruthy();
        for (const letter of flag) expect(mark!.heard, `${c.code} ${flag}`).toContain(flagName("en", letter));
        flagged++;
      }
      // At least one mark per flagged figure (the panels are drawn for both layouts: two of each).
      expect(shown.length, c.code).toBeGreaterThanOrEqual(expected.length);
      const legend = page.document.querySelector('[data-testid="flag-legend"]');
      if (expected.length === 0) {
        expect(shown, c.code).toEqual([]);
        expect(legend, c.code).toBeNull();
      } else {
        const text = squash(legend?.textContent ?? "");
        for (const letter of new Set(expected.join(""))) expect(text, c.code).toContain(flagName("en", letter));
      }
    }
    expect(flagged).toBeGreaterThan(5);
    // Spain's unemployment (d) and Ireland's sector rates (p) among them.
    expect(docs.get("ES").unemployment.flag).toBe("d");
    expect((docs.get("IE").sectors as any[]).some((r) => r.flag === "p")).toBe(true);
  });

  for (const locale of LOCALES) {
    it(`Spain's page in ${locale} marks its unemployment "d" and its provisional figures "p" by name, with a legend`, async () => {
      const page = await fetchPage(`${h.base}${prefix(locale)}/country/es`);
      expect(page.status).toBe(200);
      const shown = marks(page.document);
      expect(shown.find((m) => m.flag === "d")?.heard).toBe(`(${flagName(locale, "d")})`);
      expect(shown.find((m) => m.flag === "p")?.heard).toBe(`(${flagName(locale, "p")})`);
      const legend = squash(page.document.querySelector('[data-testid="flag-legend"]')?.textContent ?? "");
      expect(legend).toContain(flagName(locale, "d"));
      expect(legend).toContain(flagName(locale, "p"));
      expect(legend.startsWith(sources[locale]["sources.flag.legend"]!)).toBe(true);
    });
  }

  it("/job-market/spain shows the same marks and legend", async () => {
    const page = await fetchPage(`${h.base}/job-market/spain`);
    expect(page.status).toBe(200);
    expect(marks(page.document).find((m) => m.flag === "d")?.heard).toBe(`(${flagName("en", "d")})`);
    expect(marks(page.document).some((m) => m.flag === "p")).toBe(true);
    expect(page.document.querySelector('[data-testid="flag-legend"]')).not.toBeNull();
  });

  it("marks the flagged figures of the sectors page and of compare", async () => {
    const sectors = await fetchPage(`${h.base}/sectors?sector=J`);
    const flags = marks(sectors.document).map((m) => m.flag);
    const expected = COUNTRIES.map(
      (c) => (docs.get(c.code).sectors ?? []).find((r: any) => r.code === "J")?.flag,
    ).filter(Boolean);
    expect(flags.sort()).toEqual([...expected].sort());
    expect(sectors.document.querySelector('[data-testid="flag-legend"]')).not.toBeNull();
    const compare = await fetchPage(`${h.base}/compare/es-ie`);
    expect(compare.status).toBe(200);
    expect(marks(compare.document).find((m) => m.flag === "d")?.heard).toBe(`(${flagName("en", "d")})`);
    expect(compare.document.querySelector('[data-testid="flag-legend"]')).not.toBeNull();
  });
});

describe("Check it at the source", () => {
  // Six countries with different sources: a quarterly unemployment (ES), Greece's EL, the NSA vacancy series (IE),
  // DG ECFIN's EEI (DE), the NACE 2.1 table (NL), the euro indicator (FR).
  const SIX = ["ES", "GR", "IE", "DE", "NL", "FR"];

  it("gives each input the API's table, period and flag, in words, with the data browser's and the API's links", async () => {
    for (const code of SIX) {
      const doc = docs.get(code);
      const page = await fetchPage(`${h.base}/country/${code.toLowerCase()}`);
      const facts = [...page.document.querySelectorAll("[data-input]")];
      let checked = 0;
      for (const input of PAGE_INPUTS) {
        const source = doc[input]?.source;
        const shown = facts.filter((f) => f.getAttribute("data-input") === input);
        if (!source) {
          expect(shown, `${code} ${input}`).toEqual([]);
          continue;
        }
        expect(shown.length, `${code} ${input}: no source on the page`).toBeGreaterThan(0);
        for (const f of shown) {
          expect(
            [
              f.getAttribute("data-source-table"),
              f.getAttribute("data-source-period"),
              f.getAttribute("data-source-flag"),
            ],
            `${code} ${input}`,
          ).toEqual([source.table, source.period, source.flag ?? ""]);
          const text = squash(f.textContent ?? "");
          expect(text, `${code} ${input}`).toContain(source.table);
          expect(text, `${code} ${input}`).toContain(sources.en[`sources.table.${source.table}`]!);
          if (source.release === null) expect(text).toContain(sources.en["sources.undated"]!);
          const links = [...f.querySelectorAll("a")].map((a) => a.getAttribute("href"));
          expect(links, `${code} ${input}`).toEqual([source.browser_url, source.api_url].filter(Boolean));
        }
        checked++;
      }
      // Each sector rate too, in the order the API gives them once sorted as the page sorts them.
      const sectorFacts = facts.filter((f) => f.getAttribute("data-input") === "sector_vacancy");
      expect(sectorFacts.length, code).toBe((doc.sectors ?? []).length);
      for (const f of sectorFacts) {
        const rate = (doc.sectors as any[]).find(
          (r) => f.closest("[data-sector]")?.getAttribute("data-sector") === r.code,
        );
        expect(f.getAttribute("data-source-table"), code).toBe(rate.source.table);
        expect(f.getAttribute("data-source-flag"), code).toBe(rate.source.flag ?? "");
        expect([...f.querySelectorAll("a")].map((a) => a.getAttribute("href"))[1], code).toBe(rate.source.api_url);
      }
      expect(checked, code).toBeGreaterThanOrEqual(4);
    }
  });

  it("names the table and the series in the page's language", async () => {
    for (const locale of LOCALES) {
      const page = await fetchPage(`${h.base}${prefix(locale)}/country/es`);
      const f = page.document.querySelector('[data-input="unemployment"]')!;
      const text = squash(f.textContent ?? "");
      expect(text).toContain(sources[locale]["sources.table.une_rt_q"]!);
      expect(text).toContain(sources[locale]["sources.code.s_adj.SA"]!);
      expect(text).toContain(flagName(locale, "d"));
      expect(squash(page.document.querySelector('[data-testid="source-check"] summary')?.textContent ?? "")).toContain(
        sources[locale]["sources.check"]!,
      );
    }
  });
});

describe("the methodology's tables", () => {
  const tables = sourceTables();

  it("lists every table the model reads with its translated name, what it feeds and its links, in six languages", async () => {
    for (const locale of LOCALES) {
      const page = await fetchPage(`${h.base}${prefix(locale)}/methodology`);
      expect(page.status).toBe(200);
      for (const t of tables) {
        const entry = page.document.querySelector(`[data-testid="accepted-tables"] [data-table="${t.table}"]`);
        expect(entry, `${locale} ${t.table}`).toBeTruthy();
        const text = squash(entry!.textContent ?? "");
        expect(text, `${locale} ${t.table}`).toContain(sources[locale][`sources.table.${t.table}`]!);
        expect(text, `${locale} ${t.table}`).toContain(t.table);
        const links = [...entry!.querySelectorAll("a")].map((a) => a.getAttribute("href"));
        expect(links, `${locale} ${t.table}`).toEqual([t.browser_url, t.api_url].filter(Boolean));
      }
    }
  });

  it("shows no English dataset name on another language's page", async () => {
    const english = tables.map((t) => sources.en[`sources.table.${t.table}`]!);
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      for (const path of ["/methodology", "/country/es", "/country/de"]) {
        const text = squash(bodyText((await fetchPage(`${h.base}/${locale}${path}`)).document));
        for (const name of english) expect(text, `${locale}${path}`).not.toContain(name);
      }
    }
  });
});
