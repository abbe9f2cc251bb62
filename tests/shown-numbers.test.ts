// "A number stated beside shown numbers is their difference" (docs/product.md §9, docs/model.md §9), read from the
// server's HTML as a visitor without JavaScript gets it, on the bundled real data as of 2026-11-25. The numbers do not
// depend on the language, only their wording and formatting do: every country is read on every page type in English,
// and each other language reads every page type on a rotating fifth of the countries (`countriesIn`), so that every
// (country, page type) and every (language, page type) is checked and every country is seen in two languages. The
// pairs on compare whose two scores are the same as shown (a head of words, no number) are read in every language.
// On the country page "Since last month" and "Since a year ago" say exactly the change the history table's two months
// give (their head is the head those two shown numbers make), the year-on-year badge prints that same difference with
// its word decided from it (+0.5 is "Same"), and the score card shows the history's last value; /job-market states the
// same changes as /country; compare's "higher by" is the difference of the two cards' scores. The real server (the API,
// the site and the bundled data through the pipeline), no browser.
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { createIntl, type IntlShape } from "react-intl";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { COUNTRIES } from "../lib/countries.ts";
import { openPipeline } from "../pipeline/index.ts";
import { jobMarketSlug } from "../product/job-market-slugs.ts";
import { LOCALES, localePath, type Locale } from "../product/locales.ts";
import { startSiteAt } from "./helpers/site-at.ts";
import { messagesFor } from "../web/app/i18n/catalog.server.ts";
import { headText } from "../web/app/lib/why-text.ts";
import { periodIn, signedIn } from "../web/app/lib/intl-numbers.ts";
import { publicationLagOf } from "../pipeline/model/current.ts";
import { monthLabel, periodEndMonth } from "../pipeline/model/period.ts";
import { tenths } from "../pipeline/model/round.ts";
import { ensureBuilt } from "./e2e/harness.ts";
import { seedDataDir } from "./api/helpers.ts";
import { fetchPage } from "./helpers/html.ts";

/** The acceptance date: the scores as of it, the pages read at it. */
const AS_OF = "2026-11-25";
const NOW = new Date(`${AS_OF}T12:00:00.000Z`);

let base = "";
let close: () => Promise<void> = async () => {};
let dataDir = "";

beforeAll(async () => {
  ensureBuilt();
  dataDir = mkdtempSync(path.join(os.tmpdir(), "jwi-shown-numbers-"));
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

const intls = new Map<Locale, IntlShape>();
function intlOf(locale: Locale): IntlShape {
  let intl = intls.get(locale);
  if (!intl) {
    intl = createIntl({ locale, messages: messagesFor(locale), timeZone: "UTC" });
    intls.set(locale, intl);
  }
  return intl;
}

async function page(pathname: string): Promise<Document> {
  const { status, document } = await fetchPage(base + pathname);
  expect(status, pathname).toBe(200);
  return document;
}

/** The languages other than English, in turn: country i is read in English and in OTHER_LOCALES[i % 5]. */
const OTHER_LOCALES = LOCALES.filter((l) => l !== "en");

/** The countries a language's pages are read for: all of them in English, a rotating fifth in each other language. */
function countriesIn(locale: Locale): typeof COUNTRIES {
  return COUNTRIES.filter((_, i) => locale === "en" || OTHER_LOCALES[i % OTHER_LOCALES.length] === locale);
}

/** Compare's pair for a country in the loops below: with Germany; Germany with France. */
const pairOf = (code: string) => `${code}-${code === "de" ? "fr" : "de"}`;

/** The loops' compare pairs whose two scores are the same as shown (tenths), from the published list. */
async function sameScorePairs(): Promise<string[]> {
  const list = (await (await fetch(`${base}/api/v1/countries`)).json()) as Array<{
    code: string;
    score: number | null;
  }>;
  const shown = new Map(list.map((x) => [x.code.toLowerCase(), x.score === null ? null : tenths(x.score)]));
  return COUNTRIES.map((c) => pairOf(c.code.toLowerCase())).filter((pair) => {
    const [a, b] = pair.split("-");
    const x = shown.get(a!);
    return x != null && x === shown.get(b!);
  });
}

const text = (e: Element | null | undefined) => (e?.textContent ?? "").replace(/\s+/g, " ").trim();

/** A number as a page writes it ("6,9", "−0.1", "+2,4") in tenths; null when none. */
function tenthsOf(s: string): number | null {
  const m = /([+\u2212-]?)(\d+)[.,](\d)\b/.exec(s.replace(/\u00a0/g, " "));
  if (!m) return null;
  const t = Number(m[2]) * 10 + Number(m[3]);
  return m[1] === "\u2212" || m[1] === "-" ? -t : t;
}

/** The score history table: month → the score as shown, in tenths. */
function historyOf(doc: Document): Map<string, number> {
  const out = new Map<string, number>();
  for (const row of doc.querySelectorAll("tbody tr")) {
    const time = row.querySelector("time");
    // HTML attribute names are case-insensitive; React writes "dateTime".
    const month = time?.getAttribute("datetime") ?? time?.getAttribute("dateTime");
    const score = tenthsOf(text(row.querySelectorAll("td")[1]));
    if (month && score !== null) out.set(month, score);
  }
  return out;
}

/** The heads of "why it changed": which months, and the bold head the page states. */
function heads(doc: Document): Array<{ which: string; from: string; to: string; head: string }> {
  return ["month", "year"].flatMap((which) => {
    const block = doc.querySelector(`[data-testid=why-${which}]`);
    const from = block?.getAttribute("data-from-month");
    const to = block?.getAttribute("data-to-month");
    if (!block || !from || !to) return [];
    return [{ which, from, to, head: text(block.querySelector("[data-testid=why-sentence] strong")) }];
  });
}

describe("market and evidence as of 2026-11-25 (the API, the pages)", () => {
  it("every country: market + evidence = delta for the month and the year; the signal is the rule on the 3-month market part", async () => {
    let checked = 0;
    for (const c of COUNTRIES) {
      const body = await (await fetch(`${base}/api/v1/countries/${c.code.toLowerCase()}`)).json();
      if (body.score === null) {
        expect(body.signal, c.code).toBeNull();
        continue;
      }
      for (const which of ["previous_month", "year_before", "three_months"] as const) {
        const e = body.change[which];
        if (!e) continue;
        expect(Math.abs(e.market + e.evidence - e.delta), `${c.code} ${which}`).toBeLessThan(1e-9);
        checked++;
      }
      expect(Math.abs(body.yoy.market + body.yoy.evidence - body.yoy.delta), c.code).toBeLessThan(1e-9);
      const m = body.change.three_months.market;
      expect(body.signal.word, c.code).toBe(m >= 0.3 ? "improving" : m <= -0.3 ? "weakening" : "stable");
      expect(body.signal.market, c.code).toBe(m);
      expect(body.market_panel.general_signal, c.code).toBe(body.signal.word);
    }
    expect(checked).toBeGreaterThan(60);
  });

  it("Germany: no 'Improving' without a market part of +0.3; a yearly rise that is mostly evidence says so on its page", async () => {
    const de = await (await fetch(`${base}/api/v1/countries/de`)).json();
    if (de.signal.word === "improving") expect(de.signal.market).toBeGreaterThanOrEqual(0.3);
    const year = de.change.year_before;
    const doc = await page("/country/de");
    const yearSentence = text(doc.querySelector("[data-testid=why-year] [data-testid=why-sentence]"));
    const badgeParts = text(doc.querySelector("[data-testid=yoy-parts]"));
    if (Math.abs(year.evidence) > Math.abs(year.market) && de.change_text.year_before.delta !== 0) {
      expect(de.change_text.year_before.mostly_evidence).toBe(true);
      expect(yearSentence).toMatch(/, mostly because .+ \(on the same inputs the market moved [+\u2212]?\d\.\d\)/);
      expect(badgeParts).toMatch(/^Mostly because .+; on the same inputs the market moved [+\u2212]?\d\.\d\.$/);
    } else {
      expect(badgeParts).toMatch(/^Market [+\u2212]?\d\.\d · evidence [+\u2212]?\d\.\d$/);
    }
  });

  it("Liechtenstein has one reason everywhere: the API, the CSV, the map, its page, compare", async () => {
    const api = await (await fetch(`${base}/api/v1/countries/li`)).json();
    expect(api.withheld_reason).toBe("no-data");
    const list = await (await fetch(`${base}/api/v1/countries`)).json();
    expect(list.find((x: { code: string }) => x.code === "LI").withheld_reason).toBe("no-data");
    const csv = await (await fetch(`${base}/api/v1/scores.csv`)).text();
    const header = csv.split("\r\n")[0]!.split(",");
    const li = csv
      .split("\r\n")
      .find((l) => l.startsWith("LI,"))!
      .split(",");
    expect(li[header.indexOf("withheld_reason")]).toBe("no-data");
    for (const locale of LOCALES) {
      const intl = intlOf(locale);
      const title = intl.formatMessage({ id: "country.noScore.no-data.title" });
      const phrase = intl.formatMessage({ id: "country.noScore.no-data.phrase" });
      const home = await page(localePath(locale, "/"));
      const dot = [...home.querySelectorAll("a[aria-label]")].find((a) =>
        a.getAttribute("href")?.endsWith("/country/li"),
      );
      expect(dot?.getAttribute("aria-label"), locale).toContain(phrase);
      const country = await page(localePath(locale, "/country/li"));
      expect(text(country.querySelector("[data-testid=no-score]")), locale).toContain(title);
      const compare = await page(localePath(locale, "/compare/li-de"));
      expect(text(compare.querySelector("[data-code=LI]")), locale).toContain(title);
    }
  });
});

describe("every stated change is the difference of the numbers the page shows (HTML, every language)", () => {
  for (const locale of LOCALES) {
    it(`${locale}: country pages, /job-market and compare`, async () => {
      const intl = intlOf(locale);
      const yoyWords = { Up: "Up", Down: "Down", Same: "Same" } as const;
      // Compare's head for two scores the same as shown, in this language, before its lines or its full stop: the
      // countries' names (no digit) in the catalogue's words, so no number can stand in the head.
      const escape = (x: string) => x.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
      const same = escape(
        intl.formatMessage({ id: "compare.why.same" }, { higher: "\u0001", lower: "\u0002" }),
      ).replace(/[\u0001\u0002]/g, "\\D+?");
      const withLines = intl.formatMessage({ id: "compare.why.withLines" }, { head: "\u0001", lines: "\u0002" });
      const joiner = escape(withLines.slice(withLines.indexOf("\u0001") + 1, withLines.indexOf("\u0002")));
      const sameHead = new RegExp(`^${same}(${joiner}|\\.$)`, "i");
      let stated = 0;
      let gaps = 0;
      let sames = 0;
      const pairs: string[] = [];
      for (const c of countriesIn(locale)) {
        const code = c.code.toLowerCase();
        const country = await page(localePath(locale, `/country/${code}?range=all`));
        const history = historyOf(country);
        const shownScore = tenthsOf(text(country.querySelector("[data-testid=score]")));
        if (shownScore === null) {
          // No score: nothing is stated about a change.
          expect(heads(country), `${locale} ${c.code}`).toEqual([]);
          continue;
        }
        const months = [...history.keys()].sort();
        expect(history.get(months.at(-1)!), `${locale} ${c.code}: the card is the history's last value`).toBe(
          shownScore,
        );
        const stateds = heads(country);
        for (const h of stateds) {
          const from = history.get(h.from);
          const to = history.get(h.to);
          expect(from, `${locale} ${c.code} ${h.which}: ${h.from} shown`).toBeDefined();
          expect(to, `${locale} ${c.code} ${h.which}: ${h.to} shown`).toBeDefined();
          // The head the two shown numbers make, word for word ("Down 0.1 since October 2026").
          expect(h.head, `${locale} ${c.code} ${h.which}`).toBe(
            headText(intl, { delta_tenths: to! - from!, from_month: h.from }),
          );
          stated++;
        }
        // The year-on-year badge (both layouts of the panel print it): the same difference, its word from it.
        for (const badge of country.querySelectorAll("[data-testid=yoy-badge]")) {
          const from = history.get(badge.getAttribute("data-from-month") ?? "");
          expect(from, `${locale} ${c.code}: the badge's month is shown`).toBeDefined();
          const diff = shownScore - from!;
          const said = text(badge);
          expect(tenthsOf(said), `${locale} ${c.code} badge: ${said}`).toBe(diff);
          const word = diff > 5 ? yoyWords.Up : diff < -5 ? yoyWords.Down : yoyWords.Same;
          expect(
            said.startsWith(intl.formatMessage({ id: `market.yoy.${word}` })),
            `${locale} ${c.code}: ${said}`,
          ).toBe(true);
        }
        // /job-market states the same changes as /country (its own layout, one story).
        const jobMarket = await page(localePath(locale, `/job-market/${jobMarketSlug(locale, c.code)}`));
        expect(
          heads(jobMarket).map((h) => h.head),
          `${locale} ${c.code} /job-market`,
        ).toEqual(stateds.map((h) => h.head));

        // Compare: each gap is the difference of the two cards' scores (with Germany; Germany with France).
        pairs.push(pairOf(code), ...(c.code === "IT" ? ["de-nl-ie-it"] : []));
      }
      // The pairs of two scores the same as shown, in every language (their head is words, no number).
      const samePairs = await sameScorePairs();
      for (const pair of new Set([...pairs, ...samePairs])) {
        const compare = await page(localePath(locale, `/compare/${pair}`));
        const cards = new Map<string, number | null>();
        for (const card of compare.querySelectorAll("[data-testid=compare-cards] > [data-code]"))
          cards.set(card.getAttribute("data-code")!, tenthsOf(text(card.querySelector("[data-testid=compare-score]"))));
        // The visitor's order is kept.
        expect([...cards.keys()].join("-").toLowerCase(), `${locale} ${pair}`).toBe(pair);
        for (const li of compare.querySelectorAll("[data-testid=why-differ] > li")) {
          const higher = cards.get(li.getAttribute("data-higher")!);
          const lower = cards.get(li.getAttribute("data-lower")!);
          expect(higher != null && lower != null, `${locale} ${pair}`).toBe(true);
          const gap = higher! - lower!;
          const said = text(li);
          // The head states the gap of the two shown scores (the sentence's first number), or, when they are
          // the same, says so without a number; the lines after it may name the inputs' own figures (issue 35),
          // and their shares add up to that gap.
          if (gap === 0) {
            expect(said, `${locale} ${pair}: the same as shown`).toMatch(sameHead);
            sames++;
          } else expect(tenthsOf(said), `${locale} ${pair}: ${said}`).toBe(gap);
          const shares = [...said.matchAll(/\(([+\u2212-]?\d+[.,]\d)\)/g)].map((m) => tenthsOf(m[1]!)!);
          if (shares.length)
            expect(
              shares.reduce((a, b) => a + b, 0),
              `${locale} ${pair}: the shares add up to the gap: ${said}`,
            ).toBe(gap);
          gaps++;
        }
      }
      // English reads every country; another language its fifth (six or seven countries) and the same-score pairs.
      expect(stated).toBeGreaterThan(locale === "en" ? 40 : 8);
      expect(gaps).toBeGreaterThan(locale === "en" ? 25 : 4);
      expect(sames).toBeGreaterThanOrEqual(samePairs.length);
    }, 180_000);
  }
});

/**
 * A country's data month (model v2.4, docs/model.md §6) from its published snapshot alone: the newest month in which
 * one of the figures its score uses started counting (end month plus its table's publication lag). Month index.
 */
function dataMonthOf(body: any): number {
  const starts: number[] = [];
  const lag = (series: Parameters<typeof publicationLagOf>[0]) => publicationLagOf(series);
  if (body.sub_scores.U)
    starts.push(
      periodEndMonth(body.sub_scores.U.period) +
        lag(body.unemployment_series === "quarterly" ? "unemploymentQuarterly" : "unemploymentMonthly"),
    );
  if (body.sub_scores.V) starts.push(periodEndMonth(body.vacancy.period) + lag("vacancy"));
  for (const s of body.sentiment_sources)
    starts.push(periodEndMonth(s.period) + lag(s.source === "lmb" ? "lmb" : "expectations"));
  return Math.max(...starts);
}

describe("the picture tells what the words tell (model v2.4), as of 2026-11-25", () => {
  it("every scored country: the signal reads the three months to its data month, its word the market part, and the page names them", async () => {
    let moved = 0;
    let scored = 0;
    const intl = intlOf("en");
    for (const c of COUNTRIES) {
      const body = await (await fetch(`${base}/api/v1/countries/${c.code.toLowerCase()}`)).json();
      if (body.score === null) continue;
      scored++;
      const to = monthLabel(dataMonthOf(body));
      expect(body.signal.to_month, c.code).toBe(to);
      expect(body.signal.from_month, c.code).toBe(monthLabel(dataMonthOf(body) - 3));
      const m = body.signal.market;
      expect(body.signal.word, c.code).toBe(m >= 0.3 ? "improving" : m <= -0.3 ? "weakening" : "stable");
      const history = (await (
        await fetch(`${base}/api/v1/countries/${c.code.toLowerCase()}/history`)
      ).json()) as Array<{
        month: string;
        score: number;
      }>;
      const at = (month: string) => history.find((h) => h.month === month)!.score;
      const change = at(to) - at(body.signal.from_month);
      expect(Math.abs(body.signal.change - change), c.code).toBeLessThan(1e-12);
      if (Math.abs(change) >= 0.3) moved++;
      const doc = await page(`/country/${c.code.toLowerCase()}`);
      const period = (p: string) => intl.formatDate(`${p}-01T00:00:00Z`, { month: "long", year: "numeric" });
      expect(text(doc.querySelector("[data-testid=signal-parts]")), c.code).toContain(
        `(${period(body.signal.from_month)} → ${period(to)}, the newest data)`,
      );
    }
    expect(scored).toBe(30);
    // On the bundled data 13 countries move by 0.3 or more in their window; the word says whether the market did.
    expect(moved).toBe(13);
  });

  for (const locale of LOCALES) {
    it(`${locale}: a badge that is mostly evidence is neutral; the badge's word, its head and the market number agree`, async () => {
      const intl = intlOf(locale);
      let neutral = 0;
      let coloured = 0;
      let said = 0;
      for (const c of countriesIn(locale)) {
        const body = await (await fetch(`${base}/api/v1/countries/${c.code.toLowerCase()}`)).json();
        if (body.score === null) continue;
        const doc = await page(localePath(locale, `/country/${c.code.toLowerCase()}`));
        for (const [testId, which, block] of [
          ["yoy-badge", "year_before", "why-year"],
          ["month-badge", "previous_month", "why-month"],
        ] as const) {
          const e = body.change[which];
          const badge = doc.querySelector(`[data-testid=${testId}]`);
          if (!e) continue;
          expect(badge, `${locale} ${c.code} ${testId}`).not.toBeNull();
          const mostly = Math.abs(e.evidence) > Math.abs(e.market);
          const cls = badge!.getAttribute("class") ?? "";
          const styled = /bg-(green|red)-/.test(cls) || badge!.querySelector("svg") !== null;
          expect(badge!.getAttribute("data-mostly-evidence"), `${locale} ${c.code} ${testId}`).toBe(String(mostly));
          const shown = tenthsOf(text(badge))!;
          const label = badge!.getAttribute("data-label");
          if (mostly) {
            // Keeps its number and word, loses the colour and the arrow, says what mostly moved it (linked).
            expect(/bg-(green|red)-/.test(cls), `${locale} ${c.code} ${testId}: ${cls}`).toBe(false);
            expect(badge!.querySelector("svg"), `${locale} ${c.code} ${testId}`).toBeNull();
            if (shown !== 0) {
              const link = doc.querySelector(`[data-testid=${testId}-mostly]`);
              expect(link?.getAttribute("href"), `${locale} ${c.code} ${testId}`).toBe("#why-changed");
            }
            neutral++;
          } else if (label !== "Same") {
            expect(styled, `${locale} ${c.code} ${testId}`).toBe(true);
            coloured++;
          }
          // The head of "why it changed" says the badge's word: within ±0.5 the same, never up or down.
          const head = text(doc.querySelector(`[data-testid=${block}] [data-testid=why-sentence] strong`));
          const change = label === "Up" ? "up" : label === "Down" ? "down" : shown === 0 ? "none" : "same";
          expect(head, `${locale} ${c.code} ${block}`).toBe(
            intl.formatMessage(
              { id: "why.head" },
              {
                change,
                amount: intl.formatNumber(Math.abs(shown) / 10, {
                  minimumFractionDigits: 1,
                  maximumFractionDigits: 1,
                  useGrouping: false,
                }),
                signed: signedIn(intl, shown / 10),
                month: periodIn(intl, e.from_month),
              },
            ),
          );
          // "On the same inputs the market moved X": X is the market part rounded half away from zero.
          const sentence = text(doc.querySelector(`[data-testid=${block}] [data-testid=why-sentence]`));
          const market = signedIn(intl, tenths(e.market) / 10);
          const mostlyNote = intl.formatMessage({ id: "why.mostly" }, { reason: "\u0001", market });
          const tail = mostlyNote.slice(mostlyNote.indexOf("\u0001") + 1);
          if (body.change_text[which].mostly_evidence) {
            expect(sentence, `${locale} ${c.code} ${block}`).toContain(tail);
            said++;
          }
        }
      }
      expect(neutral).toBeGreaterThan(5);
      // Three badges are coloured on this data (in English, which reads every country); a badge's colour and arrow
      // come from its numbers alone, so another language's fifth may have none.
      if (locale === "en") expect(coloured).toBeGreaterThan(0);
      expect(said).toBeGreaterThan(3);
    }, 120_000);
  }

  it("your weather: for five weight sets, on every row the parts moved by the weights add up to the shown difference", async () => {
    let rows = 0;
    for (const weights of [
      "U:0,M:2,V:5,C:2,S:2",
      "U:5,M:0,V:0,C:0,S:1",
      "U:1,M:1,V:1,C:1,S:5",
      "U:3,M:4,V:2,C:5,S:0",
      "U:2,M:2,V:2,C:2,S:3",
    ]) {
      const doc = await page(`/your-weather?weights=${weights}`);
      for (const li of doc.querySelectorAll("[data-testid=personal-ranking] > li")) {
        const personal = tenthsOf(text(li.querySelector("[data-testid=personal-score]")))!;
        const index = tenthsOf(text(li.querySelector("[data-testid=index-score]")))!;
        const moved = text(li.querySelector("[data-testid=moved]"));
        const parts = [...moved.matchAll(/([+\u2212]\d+\.\d)/g)].map((m) => tenthsOf(m[1]!)!);
        expect(
          parts.reduce((a, b) => a + b, 0),
          `${weights} ${li.getAttribute("data-code")}: ${moved} (${index} → ${personal})`,
        ).toBe(personal - index);
        rows++;
      }
    }
    expect(rows).toBeGreaterThanOrEqual(140);
  });
});
