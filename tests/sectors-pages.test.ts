// Sector context on the pages (score model v2.3 §11; docs/product.md "Where the openings are", `/sectors`): the
// server-rendered HTML of the real server over the bundled data, parsed (no browser: nothing here needs script or
// layout). Germany shows its sectors of 2025-Q3 beside its all-sector rate, in every language; a country without
// sector data says so; /sectors shows one sector in every country, sorted as asked, "not published" where none, and
// a role reads its sector; the page works from its GET form and links alone.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseHTML } from "linkedom";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { RunningServer } from "../server/start.ts";
import { startSiteServer } from "../server/main.ts";
import { AS_OF, NOW, ensureBuilt } from "./e2e/harness.ts";
import { copySeedTemplate } from "./helpers/seed-templates.ts";
import { LOCALES, localePath, type Locale } from "../product/locales.ts";

let server: RunningServer;
let base: string;
let dataDir: string;

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-sectors-"));
  copySeedTemplate("server", dataDir);
  server = await startSiteServer({
    port: 0,
    host: "127.0.0.1",
    dataDir,
    env: { LOG_LEVEL: "silent", NODE_ENV: "test" },
    config: { env: "test", httpLog: false, drawCardsAhead: false },
    handleSignals: false,
    seedAsOf: AS_OF,
    now: () => NOW,
    shutdownTimeoutMs: 2_000,
  });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await server?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function page(p: string) {
  const res = await fetch(base + p);
  const html = await res.text();
  return { status: res.status, document: parseHTML(html).document };
}

const text = (el: { textContent: string | null } | null) => (el?.textContent ?? "").replace(/\s+/g, " ").trim();

describe("Where the openings are, on both country layouts", () => {
  it("/country/de: Germany's sectors of Q3 2025, sorted, each beside the rate for all sectors", async () => {
    const { status, document } = await page("/country/de");
    expect(status).toBe(200);
    const section = document.querySelector('[data-testid="where-openings"]')!;
    expect(text(section.querySelector("h2"))).toBe("Where the openings are");
    const items = [...section.querySelectorAll("[data-sector]")];
    expect(items.map((li) => li.getAttribute("data-sector"))).toHaveLength(8);
    // Sorted from the most openings down.
    const rates = items.map((li) => Number(/(\d+(?:\.\d+)?)\s?%/.exec(text(li))![1]));
    expect(rates).toEqual([...rates].sort((a, b) => b - a));
    const j = items.find((li) => li.getAttribute("data-sector") === "J")!;
    expect(text(j)).toMatch(/Information and communication/);
    expect(text(j)).toMatch(/Q3 2025/);
    expect(text(j)).toMatch(/all sectors: 2\.5\s?%/);
    const c = items.find((li) => li.getAttribute("data-sector") === "C")!;
    expect(text(c)).toMatch(/not seasonally adjusted/);
    expect(text(c)).toMatch(/EU-27: 1\.5\s?%/);
    expect(section.querySelector('a[href="/sectors"]')).not.toBeNull();
  });

  it("says so where a country has no sector data, and the job-market layout shows the same", async () => {
    const li = await page("/country/li");
    expect(text(li.document.querySelector('[data-testid="sectors-none"]'))).toBe(
      "No sector figures for Liechtenstein: Eurostat publishes none for it, or none from the last 24 months.",
    );
    const jm = await page("/job-market/germany");
    expect(jm.document.querySelectorAll('[data-testid="where-openings"] [data-sector]')).toHaveLength(8);
  });

  it("in German and Polish, names and quarters in the page's language", async () => {
    const de = (await page("/de/country/de")).document;
    const section = de.querySelector('[data-testid="where-openings"]')!;
    expect(text(section.querySelector("h2"))).toBe("Wo die offenen Stellen sind");
    expect(text(section)).toMatch(/Information und Kommunikation/);
    expect(text(section)).toMatch(/2,2\s?%/); // the decimal comma
    const pl = (await page("/pl/country/li")).document;
    expect(text(pl.querySelector('[data-testid="sectors-none"]'))).toMatch(/^Brak danych według sektora/);
  });
});

describe("/sectors: one sector across countries", () => {
  const rows = (document: Document) => [...document.querySelectorAll('[data-testid="sector-table"] tbody tr')];

  it("shows every country, highest rate first, 'not published' last; the column headers sort", async () => {
    const { status, document } = await page("/sectors?sector=J");
    expect(status).toBe(200);
    const list = rows(document);
    expect(list).toHaveLength(31);
    const published = list.filter((r) => !/not published/.test(text(r)));
    expect(published.length).toBeGreaterThanOrEqual(28);
    expect(list.slice(published.length).every((r) => /not published/.test(text(r)))).toBe(true);
    expect(list.at(-1)!.getAttribute("data-code")).toBe("LI");
    const rateHeader = document.querySelector('th[aria-sort="descending"]')!;
    expect(text(rateHeader)).toMatch(/Vacancy rate/);
    const byCountry = document.querySelector<HTMLAnchorElement>('thead a[href*="sort=country"]')!;
    const sorted = await page(byCountry.getAttribute("href")!);
    const names = rows(sorted.document).map((r) => text(r.querySelector("th")));
    expect(names.slice(0, 3)).toEqual(["Austria", "Belgium", "Bulgaria"]);
    expect(sorted.document.querySelector('th[aria-sort="ascending"]')).not.toBeNull();
    // Germany's row is the country page's J.
    const de = rows(document).find((r) => r.getAttribute("data-code") === "DE")!;
    expect(text(de)).toMatch(/Q3 2025/);
  });

  it("reads a role's sector, says when a role has none, and refuses an unknown sector visibly", async () => {
    const health = (await page("/sectors?sector=role-healthcare")).document;
    expect(text(health.querySelector('[data-testid="role-note"]'))).toMatch(
      /^Healthcare: the sector Public administration, education, health and social work\. /,
    );
    expect(text(health.querySelector("caption"))).toMatch(/^Public administration, education, health/);
    const design = (await page("/sectors?sector=role-design")).document;
    expect(text(design.querySelector('[data-testid="role-note"]'))).toMatch(/spread over several sectors/);
    expect(design.querySelector('[data-testid="sector-table"]')).toBeNull();
    const bad = (await page("/sectors?sector=ZZ")).document;
    expect(text(bad.querySelector('[role="alert"]'))).toMatch(/not a sector this page knows/);
    expect(rows(bad)).toHaveLength(31);
  });

  it("works from its GET form: a labelled select of sectors and roles, in every language", async () => {
    const { document } = await page("/fr/sectors");
    const form = document.querySelector('[data-testid="sector-form"]')!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/fr/sectors");
    const select = form.querySelector("select#sector-pick")!;
    expect(text(document.querySelector('label[for="sector-pick"]'))).toBe("Votre secteur ou votre métier");
    expect(select.querySelectorAll("optgroup")).toHaveLength(2);
    expect(select.querySelectorAll("option").length).toBe(8 + 15);
    expect(text(document.querySelector("h1"))).toBe("Votre secteur en Europe");
  });
});

// ---- Trends, freshness, compare (issue 48) ----

async function api(p: string) {
  return (await (await fetch(base + p)).json()) as any;
}

/** sectors.csv as rows of named fields (no field of it holds a comma or a quote). */
async function sectorsCsv(): Promise<Array<Record<string, string>>> {
  const [head, ...lines] = (await (await fetch(`${base}/api/v1/sectors.csv`)).text()).trim().split("\r\n");
  const names = head!.split(",");
  return lines.map((l) => Object.fromEntries(l.split(",").map((v, i) => [names[i]!, v])));
}

/** A rate as the English page writes it: one decimal, "2.1%" or "2.1 %". */
const pct = (v: number) => `${v.toFixed(1).replace(".", "\\.")}\\s?%`;
const quarter = (p: string) => `Q${p.slice(-1)} ${p.slice(0, 4)}`;

describe("every sector's trend, on the page, in the API and in sectors.csv", () => {
  for (const code of ["de", "es", "pl"]) {
    it(`/country/${code}: one point per stored quarter, the first and last said in words, the freshness said`, async () => {
      const [{ document }, doc, csv] = await Promise.all([
        page(`/country/${code}`),
        api(`/api/v1/countries/${code}`),
        sectorsCsv(),
      ]);
      const items = [...document.querySelectorAll('[data-testid="where-openings"] [data-sector]')];
      expect(items).toHaveLength(8);
      for (const li of items) {
        const s = doc.sectors.find((x: any) => x.code === li.getAttribute("data-sector") && x.part_of === null);
        const history = s.history as Array<{ period: string; value: number }>;
        // The workbook holds 2023-Q2 … 2025-Q3 (DE) or … 2025-Q2 (ES, PL: their newest published quarter).
        expect(history.length, s.code).toBe(code === "de" ? 10 : 9);
        expect(history.at(-1)).toMatchObject({ period: s.period, value: s.value });
        const trend = li.querySelector('[data-testid="sector-trend"]')!;
        expect(Number(trend.getAttribute("data-points")), s.code).toBe(history.length);
        const said = text(trend.querySelector('[data-testid="sector-trend-text"]'));
        const [first, last] = [history[0]!, history.at(-1)!];
        expect(said).toMatch(
          new RegExp(
            `from ${pct(first.value)} in ${quarter(first.period)} to ${pct(last.value)} in ${quarter(last.period)}`,
          ),
        );
        // The drawing's accessible name is that sentence.
        const svg = trend.querySelector("svg")!;
        expect(svg.getAttribute("role")).toBe("img");
        expect(document.getElementById(svg.getAttribute("aria-labelledby")!)?.textContent).toBe(
          trend.querySelector('[data-testid="sector-trend-text"]')!.textContent,
        );
        // sectors.csv: the same quarters and values, the figure marked current.
        const lines = csv.filter((r) => r.code === code.toUpperCase() && r.sector === s.code);
        expect(lines.map((r) => [r.quarter, Number(r.vacancy_rate)])).toEqual(history.map((h) => [h.period, h.value]));
        expect(lines.filter((r) => r.current === "true").map((r) => r.quarter)).toEqual([s.period]);
        // Older than the headline vacancy rate (2026-Q2): said beside the figure.
        expect(doc.vacancy.period > s.period).toBe(true);
        expect(text(li.querySelector('[data-testid="sector-older"]'))).toMatch(
          new RegExp(
            `^(A year|\\d quarters) older than the rate for all sectors above \\(Q2 2026\\): Eurostat publishes sectors later\\.$`,
          ),
        );
      }
      // Quarters past the 24-month cut-off are drawn and said to count no longer.
      expect(text(document.querySelector('[data-testid="where-openings"]'))).toMatch(
        /quarters before Q4 2024 are more than 24 months old/,
      );
    });
  }

  it("the freshness sentence is said in Spain's language", async () => {
    const { document } = await page("/es/country/es");
    expect(text(document.querySelector('[data-testid="sector-older"]'))).toBe(
      "Un año más antigua que la tasa de todos los sectores de arriba (T2 2026): Eurostat publica los datos por sector más tarde.",
    );
  });
});

describe("/sectors: the change over a year, the role's aggregate named", () => {
  it("each country's change equals the API's figure minus its value four quarters before", async () => {
    const { document } = await page("/sectors?sector=O-Q&sort=change&dir=desc");
    const de = document.querySelector('tr[data-code="DE"]')!;
    const doc = await api("/api/v1/countries/de");
    const s = doc.sectors.find((x: any) => x.code === "O-Q");
    const before = s.history.find((h: any) => h.period === "2024-Q3");
    const change = Math.round((s.value - before.value) * 10) / 10;
    expect(text(de.querySelector('[data-testid="year-change"]'))).toBe(
      `${change > 0 ? "+" : ""}${change.toFixed(1)} pts from ${before.value.toFixed(1)}% in Q3 2024`,
    );
    expect(document.querySelector('th[aria-sort="descending"]')?.textContent).toMatch(/Change over a year/);
    expect(text(de.querySelector('[data-testid="sector-older"]'))).toBe(
      "3 quarters older than the country's rate for all sectors (Q2 2026).",
    );
  });

  it("a nurse reads health and social work, said to be published with public administration and education", async () => {
    const { document } = await page("/sectors?sector=role-healthcare");
    expect(text(document.querySelector('[data-testid="role-note"]'))).toBe(
      "Healthcare: the sector Public administration, education, health and social work. Health and social work is published only together with public administration and education: this rate covers all three (NACE O-Q).",
    );
    const es = (await page("/es/sectors?sector=role-healthcare")).document;
    expect(text(es.querySelector('[data-testid="role-note"]'))).toMatch(
      /La sanidad y los servicios sociales solo se publican junto con la administración pública y la educación/,
    );
  });
});

describe("/compare: a sector section, chosen in the address, without JavaScript", () => {
  const cells = (document: Document): Record<string, string> =>
    Object.fromEntries(
      [...document.querySelectorAll('[data-testid="compare-sector-table"] tbody tr')].map((tr) => [
        tr.getAttribute("data-code"),
        text(tr.querySelector('[data-testid="compare-sector-rate"]')),
      ]),
    );

  it("/compare/de-nl?sector=O-Q answers 200 (no redirect) with both countries' rates and quarters", async () => {
    const res = await fetch(`${base}/compare/de-nl?sector=O-Q`, { redirect: "manual" });
    expect(res.status).toBe(200);
    const document = parseHTML(await res.text()).document;
    const [de, nl] = [await api("/api/v1/countries/de"), await api("/api/v1/countries/nl")];
    const of = (doc: any) => doc.sectors.find((s: any) => s.code === "O-Q");
    const c = cells(document);
    expect(c.DE).toMatch(new RegExp(`^${pct(of(de).value)} Q3 2025 Public administration`));
    // Eurostat's flag as the one flag mark: its letter seen, its name heard (components/flag-mark.tsx).
    expect(c.NL).toMatch(new RegExp(`^${pct(of(nl).value)}p \\(provisional\\) Q3 2025`));
    expect(c.DE).toMatch(/3 quarters older than the country's rate for all sectors \(Q2 2026\)/);
    // The page's one flag legend names it (the inputs' and the sector's flags together).
    expect(text(document.querySelector('[data-testid="flag-legend"]'))).toMatch(/\bp: provisional\b/);
    // The form is a GET form to this page, its select showing the pick.
    const form = document.querySelector('[data-testid="compare-sector-form"]')!;
    expect(form.getAttribute("method")).toBe("get");
    expect(form.getAttribute("action")).toBe("/compare/de-nl");
    expect(form.querySelector("select[name=sector] option[selected]")?.getAttribute("value")).toBe("O-Q");
  });

  it("in every language", async () => {
    const want: Record<Locale, RegExp> = {
      en: /^Openings in your sector$/,
      de: /^Offene Stellen in Ihrem Wirtschaftszweig$/,
      fr: /^Les postes dans votre secteur$/,
      es: /^Vacantes en tu sector$/,
      it: /^Posti vacanti nel tuo settore$/,
      pl: /^Wolne miejsca pracy w Twoim sektorze$/,
    };
    for (const lang of LOCALES) {
      const title = want[lang];
      const { status, document } = await page(localePath(lang, "/compare/de-nl?sector=O-Q"));
      expect(status, lang).toBe(200);
      expect(text(document.querySelector("#sectors-title")), lang).toMatch(title);
      const c = cells(document);
      expect(Object.keys(c), lang).toEqual(["DE", "NL"]);
      expect(c.DE, lang).toMatch(/2[,.]1\s?%/);
    }
  });

  it("/compare/pl-de-nl-ie with ICT, or as a developer (the role), names what IT is counted in", async () => {
    const ict = (await page("/compare/pl-de-nl-ie?sector=J")).document;
    expect(Object.keys(cells(ict))).toEqual(["PL", "DE", "NL", "IE"]);
    expect(Object.values(cells(ict)).every((c) => /Q[23] 2025 Information and communication/.test(c))).toBe(true);
    const dev = (await page("/pl/compare/pl-de-nl-ie?sector=role-it-engineering")).document;
    expect(text(dev.querySelector('[data-testid="role-note"]'))).toMatch(
      /^IT jest liczone w sekcji informacja i komunikacja \(NACE J\)/,
    );
    expect(cells(dev).PL).toMatch(/^1,3\s?% 2 kw\. 2025 Informacja i komunikacja/);
  });

  it("by default (and for 'all') the rate for all sectors, the headline one; nonsense falls back with a note", async () => {
    const plain = (await page("/compare/de-nl")).document;
    expect(cells(plain).DE).toMatch(/^2\.5\s?% Q2 2026$/);
    expect(plain.querySelector('[data-testid="compare-sector-form"] [role="alert"]')).toBeNull();
    const bad = await page("/compare/de-nl?sector=%3Cscript%3E");
    expect(bad.status).toBe(200);
    expect(text(bad.document.querySelector('[data-testid="compare-sectors"] [role="alert"]'))).toBe(
      "That is not a sector this page knows, so it shows All sectors.",
    );
    expect(cells(bad.document)).toEqual(cells(plain));
  });

  it("keeps the pick when a country is added or removed", async () => {
    const { document } = await page("/compare/de-nl-fr?sector=role-healthcare");
    expect(document.querySelector('[data-testid="remove-FR"]')?.getAttribute("href")).toBe(
      "/compare/de-nl?sector=role-healthcare",
    );
    expect(
      document.querySelector('[data-testid="compare-with"] input[type=hidden][name=sector]')?.getAttribute("value"),
    ).toBe("role-healthcare");
    const added = await fetch(`${base}/compare/de-nl?add=fr&sector=J`, { redirect: "manual" });
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/compare/de-nl-fr?sector=J");
  });
});
