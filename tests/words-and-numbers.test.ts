// Issue 46, items 5 to 7 (docs/product.md §9 "Comparisons", "Numbers", "Advice"; docs/i18n.md "Country names inside a
// sentence"), read from the real server on the bundled real data as of 2026-12-01, as a visitor without JavaScript
// gets it (the API, the CSV, the feed and the server's HTML): no "in line with its 3-year average" outside ±10 %, no
// advice of more openings than seekers beside 1 job seeker per opening or more, quotients rounded as decimals (Spain's
// 10.2 / 0.8 = 12.75 is 12.8), and each slip of the visitor walk, in the language it was found in.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createIntl } from "react-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { openPipeline } from "../pipeline/index.ts";
import { ADVICE } from "../product/advice.ts";
import { jobMarketSlug } from "../product/job-market-slugs.ts";
import { LOCALES, localePath, PREFIXED_LOCALES } from "../product/locales.ts";
import { startSiteAt } from "./helpers/site-at.ts";
import { messagesFor } from "../web/app/i18n/catalog.server.ts";
import { ensureBuilt } from "./e2e/harness.ts";
import { seedDataDir } from "./api/helpers.ts";
import { fetchPage, squash, textOf, textsOf } from "./helpers/html.ts";

const AS_OF = "2026-12-01";
const NOW = new Date(`${AS_OF}T12:00:00.000Z`);

let base = "";
let close: () => Promise<void> = async () => {};
let dataDir = "";

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-words-numbers-"));
  await seedDataDir(dataDir);
  const pipeline = await openPipeline({ dataDir });
  try {
    await pipeline.recalc({ asOf: AS_OF });
  } finally {
    pipeline.close();
  }
  ({ base, close } = await startSiteAt(dataDir, NOW));
}, 240_000);

afterAll(async () => {
  await close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

async function page(pathname: string): Promise<Document> {
  const { status, document } = await fetchPage(base + pathname);
  expect(status, pathname).toBe(200);
  return document;
}

async function api(pathname: string): Promise<any> {
  const res = await fetch(base + pathname);
  expect(res.status, pathname).toBe(200);
  return res.json();
}

/** Every covered country's published answer (the real loader: /api/v1/countries/{code}). */

async function everyCountry(): Promise<Array<{ code: string; body: any }>> {
  return Promise.all(
    COUNTRIES.map(async (c) => ({ code: c.code, body: await api(`/api/v1/countries/${c.code.toLowerCase()}`) })),
  );
}

/** A message of the catalogues as a page says it (advice figures given). */
const said = (locale: string, id: string, values: Record<string, string | number> = { min: 5, max: 10, match: 70 }) =>
  createIntl({ locale, messages: messagesFor(locale as never) }).formatMessage({ id }, values);

describe("comparisons with a country's own past are relative (item 5)", () => {
  it("no 'in line with its 3-year average' outside ±10 %, and every figure outside it is called above or below", async () => {
    let outside = 0;
    let inside = 0;
    for (const { code, body } of await everyCountry()) {
      const c = body.market_panel?.comparisons;
      const pairs = [
        ["vacancy", body.vacancy?.value, body.averages_3y?.vacancy, c?.vacancy_vs_3y],
        ["competition", body.competition, body.averages_3y?.competition, c?.competition_vs_3y],
      ] as const;
      for (const [what, value, avg, cmp] of pairs) {
        if (value == null || avg == null) continue;
        expect(cmp, `${code} ${what}`).not.toBeNull();
        const ratio = value / avg - 1;
        // Clear of the edge (the shown whole percent decides there): the verdict follows the ratio.
        if (Math.abs(ratio) > 0.105) {
          expect(cmp.result, `${code} ${what} ${(ratio * 100).toFixed(1)}%`).not.toBe("same");
          outside++;
        }
        if (Math.abs(ratio) < 0.095) {
          expect(cmp.result, `${code} ${what} ${(ratio * 100).toFixed(1)}%`).toBe("same");
          inside++;
        }
        expect(Math.abs(cmp.difference_pct - ratio * 100), `${code} ${what}`).toBeLessThanOrEqual(0.5 + 1e-9);
        expect(cmp.result === "same", `${code} ${what}`).toBe(Math.abs(cmp.difference_pct) <= 10);
      }
      // The page says what the API says, with the percent beside the verdict.
      if (!c?.competition_vs_3y) continue;
      const doc = await page(`/country/${code.toLowerCase()}`);
      for (const key of ["vacancy", "competition"]) {
        const card = textOf(doc, `[data-testid=comparison][data-key=${key}]`);
        const cmp = key === "vacancy" ? c.vacancy_vs_3y : c.competition_vs_3y;
        expect(/in line with its 3-year average/.test(card), `${code} ${key}: ${card}`).toBe(cmp.result === "same");
        expect(card, `${code} ${key}`).toContain("(within ±10% counts as in line)");
      }
    }
    // The bundled data exercises both sides of the rule.
    expect(outside).toBeGreaterThan(10);
    expect(inside).toBeGreaterThan(5);
  });

  it("the walk's three: Germany's competition +31 % is more, Romania's vacancies −24 % fewer, Spain's +4 % in line", async () => {
    const de = (await api("/api/v1/countries/de")).market_panel.comparisons;
    expect(de.competition_vs_3y).toMatchObject({ result: "higher", difference_pct: 31 });
    const ro = (await api("/api/v1/countries/ro")).market_panel.comparisons;
    expect(ro.vacancy_vs_3y).toMatchObject({ result: "below", difference_pct: -24 });
    const es = (await api("/api/v1/countries/es")).market_panel.comparisons;
    expect(es.competition_vs_3y).toMatchObject({ result: "same", difference_pct: 4 });
    const card = (await page("/country/de")).querySelector("[data-testid=comparison][data-key=competition]")!;
    expect([...card.querySelectorAll("p")].map((p) => squash(p.textContent ?? ""))).toEqual([
      "Competition vs 3-year average",
      "1.6 per opening: more competition than its 3-year average",
      "3-year average 1.22 job seekers per opening; +31% against it (within ±10% counts as in line).",
    ]);
  });
});

describe("advice never contradicts the figures beside it (item 5)", () => {
  const claims = (locale: string) => [
    said(locale, "market.advice.bright.2.text"),
    said(locale, "market.advice.sunny.0.text"),
  ];

  it("no page claims more openings than seekers where competition is 1 or more (every country, both layouts)", async () => {
    let checked = 0;
    for (const { code, body } of await everyCountry()) {
      if (body.score === null) continue;
      expect(body.competition, code).not.toBeNull();
      if (body.competition < 1) continue;
      // Every country in English and Polish; Germany, the walk's country, in every language.
      for (const locale of code === "DE" ? LOCALES : (["en", "pl"] as const)) {
        for (const p of [`/country/${code.toLowerCase()}`, `/job-market/${jobMarketSlug(locale, code)}`]) {
          const advice = textsOf(await page(localePath(locale, p)), "[data-testid=advice]").join(" ");
          expect(advice, `${locale} ${p}`).not.toBe("");
          for (const claim of claims(locale)) expect(advice, `${locale} ${p}`).not.toContain(claim);
          if (locale === "en") expect(advice, p).not.toMatch(/more openings than seekers|compete for people/i);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(100);
  }, 180_000);

  it("Germany: 'about 63 openings per 100 job seekers' beside 'Negotiate' without the claim, and general tips labelled", async () => {
    const doc = await page("/country/de");
    expect(textOf(doc, "main")).toContain("about 63 openings per 100 job seekers");
    const items = [...doc.querySelector("[data-testid=advice]")!.querySelectorAll(":scope > li")];
    expect(items.map((li) => textOf(li, "p"))).toEqual([
      "Target growing employers",
      "Keep a steady rhythm General tip",
      "Negotiate",
    ]);
    expect(textOf(items[2]!, "p + p")).toBe(
      "In a rather favorable market you can ask about salary, remote work and training before you accept.",
    );
    // The same on /job-market in Spanish: the general tip's label in the page's language, once.
    const es = await page(localePath("es", `/job-market/${jobMarketSlug("es", "DE")}`));
    expect(textsOf(es, "[data-testid=advice-general]")).toEqual([said("es", "market.advice.general")]);
    // Every general tip of every status is one the table marks so (a label on a tip resting on a figure would lie).
    for (const s of Object.keys(ADVICE) as Array<keyof typeof ADVICE>)
      for (const item of ADVICE[s]) if (item.general) expect(item.rests_on, s).toEqual([]);
  });
});

describe("quotients are rounded as decimals (item 6)", () => {
  it("Spain's competition 10.2 / 0.8 = 12.75 is 12.8 in the API text, on both layouts, in Spanish and on compare", async () => {
    const es = await api("/api/v1/countries/es");
    expect(es.unemployment.value / es.vacancy.value).toBe(10.2 / 0.8);
    expect(es.competition).toBeLessThan(12.75); // 12.749999999999998: toFixed(1) would say 12.7
    expect(es.market_panel.competition_text).toBe("12.8 job seekers per opening");
    expect((await api("/api/v1/countries/fi")).market_panel.competition_text).toBe("8.8 job seekers per opening");
    for (const [locale, value] of [
      ["en", "12.8"],
      ["es", "12,8"],
    ] as const) {
      for (const p of ["/country/es", `/job-market/${jobMarketSlug(locale, "ES")}`]) {
        const main = textOf(await page(localePath(locale, p)), "main");
        expect(main, `${locale} ${p}`).toContain(value);
        expect(main, `${locale} ${p}`).not.toMatch(/\b12[.,]7\b/);
      }
    }
    const compare = await page("/es/compare/es-nl");
    expect(textOf(compare, "[data-key=C]")).toContain("12,8");
    expect(textOf(compare, "[data-testid=why-differ]")).toContain("12,8 en España");
  });
});

describe("words in every language (item 7)", () => {
  it("pl: the feed link counts nothing it does not link, 'od grudnia 2025', 'w Polsce', no 'wcześniej' for the other country", async () => {
    const pl = await page("/pl/country/pl");
    const follow = textOf(pl, "[data-testid=follow-links]");
    expect(follow).toContain("Wszystkie kraje (Atom)");
    expect(follow).not.toMatch(/\d+ \(Atom\)|kraje: \d/);
    const main = textOf(pl, "main");
    expect(main).toMatch(
      /od (stycznia|lutego|marca|kwietnia|maja|czerwca|lipca|sierpnia|września|października|listopada|grudnia) \d{4}/,
    );
    expect(main).not.toMatch(/od: /);
    expect(main).not.toMatch(
      /od (styczeń|luty|marzec|kwiecień|maj|czerwiec|lipiec|sierpień|wrzesień|październik|listopad|grudzień) /,
    );
    expect(textOf(pl, "[data-testid=where-openings]")).toContain("w Polsce");
    expect(main).not.toContain("w kraju Polska");
    // Denmark's vacancy figures are older than the Netherlands': the line names both quarters side by side.
    const why = textOf(await page("/pl/compare/dk-nl"), "[data-testid=why-differ]");
    expect(why).toMatch(/są nowsze dla Danii \(\S+ \S+ \S+ wobec /);
    expect(why).not.toContain("wcześniej");
  });

  it("es: 'Los Países Bajos puntúan', 'en los Países Bajos'; info buttons say 'Información: Tasa de paro', not 'About'", async () => {
    const why = textOf(await page("/es/compare/es-nl"), "[data-testid=why-differ]");
    expect(why).toMatch(/^Los Países Bajos puntúan \d,\d más que España: /);
    expect(why).toContain("en los Países Bajos frente a");
    expect(why).not.toMatch(/Países Bajos puntúa\b/);
    const country = await fetchPage(`${base}/es/country/es`);
    const labels = [...country.document.querySelectorAll("button[aria-describedby]")].map((b) =>
      b.getAttribute("aria-label"),
    );
    expect(labels).toContain("Información: Tasa de paro");
    expect(labels.filter((l) => l?.startsWith("About "))).toEqual([]);
  });

  it("no info button says 'About …' outside English, on either layout of any language", async () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      for (const p of ["/country/de", `/job-market/${jobMarketSlug(locale, "DE")}`]) {
        const { html } = await fetchPage(base + localePath(locale, p));
        expect(html, `${locale} ${p}`).not.toMatch(/aria-label="About /);
        if (p.startsWith("/country"))
          expect(html, `${locale} ${p}`).toContain(`aria-label="${said(locale, "common.info.about", { label: "" })}`);
      }
    }
  });

  it("de: no ranking calls its markets sunny when none is (and no language says sunniest)", async () => {
    const brightest = await api("/api/v1/rankings/brightest");
    const items = brightest.items ?? brightest;
    expect(items.filter((i: { status: string }) => i.status === "sunny")).toEqual([]);
    const de = await page("/de/brightest");
    expect(textOf(de, "h1")).toBe("Die 10 freundlichsten Arbeitsmärkte Europas");
    const sunny: Record<(typeof PREFIXED_LOCALES)[number], RegExp> = {
      de: /sonnigst/i,
      fr: /plus ensoleillés/i,
      es: /más soleados/i,
      it: /più soleggiati/i,
      pl: /słoneczniejsz/i,
    };
    for (const locale of PREFIXED_LOCALES) {
      const word = sunny[locale];
      const doc = await page(localePath(locale, "/brightest"));
      expect(textOf(doc, "h1"), locale).not.toMatch(word);
      expect(textOf(doc, "header"), locale).not.toMatch(word);
    }
  });

  it("/compare/de-de explains that Germany is named twice, with its page, never 'Country Not Found'", async () => {
    for (const locale of ["en", "de"] as const) {
      const { status, document } = await fetchPage(base + localePath(locale, "/compare/de-de"));
      expect(status, locale).toBe(200);
      const main = textOf(document, "main");
      expect(main, locale).not.toContain(said(locale, "common.countryNotFound.title"));
      expect(main, locale).not.toContain(said(locale, "common.countryNotFound.text", { count: 31 }).slice(0, 20));
      expect(textOf(document, "h1"), locale).toBe(said(locale, "compare.duplicate.title"));
      expect(document.querySelector('meta[name="robots"]')?.getAttribute("content")).toBe("noindex");
      const links = [...document.querySelectorAll("[data-testid=compare-limits] a")].map((a) => a.getAttribute("href"));
      expect(links, locale).toContain(localePath(locale, "/country/de"));
    }
    expect(textOf(await page("/compare/de-de"), "[data-testid=compare-duplicate]")).toBe(
      "This address names Germany more than once.",
    );
    // Two countries once each after the repeat: the way on is their comparison.
    const twice = await page("/compare/de-fr-de");
    expect([...twice.querySelectorAll("[data-testid=compare-limits] a")].map((a) => a.getAttribute("href"))).toContain(
      "/compare/de-fr",
    );
    expect((await fetch(`${base}/compare/de-xx`)).status).toBe(404);
  });

  it("counts say which: the feed of all countries names no count over its 30 entries; open data says 31 and 30 scored", async () => {
    const atom = await (await fetch(`${base}/feeds/all.atom`)).text();
    // Its entries are about the 30 countries with a score (Liechtenstein has none), never 31.
    const linked = new Set([...atom.matchAll(/<link href="[^"]*\/country\/([a-z]{2})"/g)].map((m) => m[1]));
    expect(linked.size).toBe(30);
    expect(linked.has("li")).toBe(false);
    expect(/<title>([^<]*)<\/title>/.exec(atom)![1]).toBe("Job Weather Index: all countries");
    expect(atom).not.toMatch(/\b31 countries/);
    const country = await page("/country/de");
    expect(textOf(country, "[data-testid=follow-links]")).toContain(
      "All countries (Atom): the changes of every country with a score, in one feed",
    );
    expect(textOf(await page("/open-data"), "main")).toContain("Today's scores: 31 countries, 30 of them scored (CSV)");
    expect(textOf(await page("/pl/open-data"), "main")).toContain(
      "Dzisiejsze wyniki: 31 krajów, w tym 30 z wynikiem (CSV)",
    );
  });

  it("a country with 1 experience says the same on its page and on compare: how many, no average", async () => {
    const res = await fetch(`${base}/api/countries/at/experiences`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        role_family: "Design",
        seniority: "Mid",
        residency: "Local resident",
        mood: 4,
        local_language: true,
        comment: "",
      }),
    });
    expect(res.status).toBe(201);
    const country = await page("/country/at");
    expect(textOf(country, "main")).toContain("1 experience so far: too few for an average.");
    const mood = textsOf(await page("/compare/at-de"), "[data-testid=compare-mood]");
    expect(mood[0]).toBe("Community mood: 1 experience so far, too few for an average");
    expect(mood[0]).not.toMatch(/average \(|4\.0/);
    expect(textsOf(await page("/pl/compare/at-de"), "[data-testid=compare-mood]")[0]).toBe(
      "Nastrój społeczności: na razie 1 doświadczenie, za mało na średnią",
    );
  });
});
