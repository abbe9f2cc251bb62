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
    expect(text(health.querySelector('[data-testid="role-note"]'))).toBe(
      "Healthcare: the sector Public administration, education, health and social work.",
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
