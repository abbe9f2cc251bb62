// The sentiment sources on the site (model v2.1 and later), in Chromium against the real server and the bundled real
// data (scores as of 2026-11-22), the figures read from the API: Germany's page names the Employment Expectations
// Indicator with its value and month (DG ECFIN's file ends at November 2025) and the share of its weight it still
// counts with; a country whose newest EEI is past its cut-off (August 2025) is told plainly that it is too old to count
// today while the history used it up to a year later; the methodology page explains both sources, their blend and the
// rounded status.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { CURRENT_MODEL } from "../../pipeline/model/index.ts";
import { COUNTRIES } from "../../lib/countries.ts";
import { DESKTOP, MOBILE, hydrated, newPage, screenshot, sharedSite, type SharedHarness } from "./harness.ts";

let h: SharedHarness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string): Promise<{ page: Page; errors: () => string[] }> {
  const { page, console } = await newPage(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  expect(res?.status(), path).toBe(200);
  await hydrated(page);
  return { page, errors: () => console.unexpected() };
}

const squash = (s: string | null) => (s ?? "").replace(/\s+/g, " ").trim();
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

async function api(path: string): Promise<any> {
  const res = await fetch(h.base + path);
  expect(res.status, path).toBe(200);
  return res.json();
}

/** "2025-11" → "November 2025", as the pages say a month. */
const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });
const monthIndex = (period: string) => Number(period.slice(0, 4)) * 12 + Number(period.slice(5, 7)) - 1;
const periodOf = (index: number) => `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, "0")}`;

/** Germany's EEI and the share of its weight it counts with today (it counts: DG ECFIN's file ends at 2025-11). */
async function germany() {
  const de = await api("/api/countries/de");
  const source = de.sentiment_sources.find((x: any) => x.source === "eei");
  expect(source, "Germany's EEI counts today").toBeDefined();
  expect(de.eei.period).toBe(source.period);
  return {
    value: (de.eei.value as number).toFixed(1),
    month: monthName(de.eei.period),
    counts: `Counts in today's score with ${Math.round(source.freshness * 100)}% of its weight: it is ${source.age} months old.`,
  };
}

/** A country whose newest EEI is past its cut-off (in the bundled data those whose EEI ends at August 2025). */
async function tooOld() {
  const { sentiment } = CURRENT_MODEL.params.freshness;
  for (const c of COUNTRIES) {
    const snap = await api(`/api/countries/${c.code.toLowerCase()}`);
    if (!snap.eei || snap.sentiment_sources?.some((x: any) => x.source === "eei")) continue;
    const age = monthIndex(snap.as_of.slice(0, 7)) - monthIndex(snap.eei.period);
    expect(age, c.code).toBeGreaterThan(sentiment.cutoff);
    return {
      country: c,
      value: (snap.eei.value as number).toFixed(1),
      month: monthName(snap.eei.period),
      text: `Too old to count today: ${monthName(snap.eei.period)} is ${age} months old, past the ${sentiment.cutoff}-month cut-off, so today's score ignores it. The score history still uses it for the months up to ${monthName(periodOf(monthIndex(snap.eei.period) + sentiment.cutoff))}.`,
    };
  }
  throw new Error("no country with an EEI past its cut-off in the bundled data");
}

describe("the country page's sentiment panel", () => {
  it("Germany: names the EEI with its value and month, what 100 means, and the share of its weight it counts with today", async () => {
    const de = await germany();
    const { page, errors } = await open(desktop, "/country/de");
    const wide = page.getByTestId("panels");
    const panel = wide.locator("section", { has: page.getByRole("heading", { name: "Market sentiment" }) });
    const text = squash(await panel.innerText());
    expect(text).toContain("Employment expectations");
    expect(text).toMatch(new RegExp(`${escape(de.value)}\\s*${de.month}`));
    expect(text).toContain("Employment Expectations Indicator (EEI), from the European Commission's business surveys");
    expect(text).toContain("100 = long-term average, standard deviation 10");
    const eei = wide.getByTestId("sentiment-eei");
    expect(await eei.getAttribute("data-counts")).toBe("true");
    expect(squash(await eei.innerText())).toContain(de.counts);
    expect(squash(await eei.innerText())).not.toContain("Too old to count today");
    // Germany has no barometer: no barometer line, and the page lists it as not available.
    expect(await wide.getByTestId("sentiment-lmb").count()).toBe(0);
    expect(await page.getByTestId("not-available").textContent()).toContain("expert barometer");
    await screenshot(page, "country-sentiment-eei-desktop");
    expect(errors()).toEqual([]);
    await page.close();
  });

  it("a country whose EEI is past its cut-off: too old to count today, and up to which month the history used it", async () => {
    const old = await tooOld();
    const { page, errors } = await open(desktop, `/country/${old.country.code.toLowerCase()}`);
    const wide = page.getByTestId("panels");
    const panel = wide.locator("section", { has: page.getByRole("heading", { name: "Market sentiment" }) });
    expect(squash(await panel.innerText())).toMatch(new RegExp(`${escape(old.value)}\\s*${old.month}`));
    const eei = wide.getByTestId("sentiment-eei");
    expect(await eei.getAttribute("data-counts")).toBe("false");
    expect(squash(await eei.innerText())).toContain(old.text);
    expect(errors()).toEqual([]);
    await page.close();
  });

  it("on a phone the same words are in the Market sentiment section", async () => {
    const de = await germany();
    const { page } = await open(mobile, "/country/de");
    const section = page.getByRole("button", { name: "Market sentiment" });
    if ((await section.getAttribute("aria-expanded")) !== "true") await section.click();
    const eei = page.getByTestId("sentiment-eei").locator("visible=true");
    await expect.poll(() => eei.count()).toBe(1);
    expect(squash(await eei.innerText())).toMatch(
      new RegExp(`^Employment Expectations Indicator \\(EEI\\).*${escape(de.counts)}$`),
    );
    await page.close();
  });

  it("the job-market layout lists the EEI in the market snapshot, with what 100 means or as too old to count", async () => {
    const de = await germany();
    const { page, errors } = await open(desktop, "/job-market/germany");
    const snapshot = squash(await page.locator("section[aria-labelledby=snapshot-title]").innerText());
    expect(snapshot).toMatch(
      new RegExp(`Employment expectations \\(EEI\\)\\s*${escape(de.value)}\\s*${de.month} · 100 = long-term average`),
    );
    const old = await tooOld();
    await page.goto(`${h.base}/job-market/${old.country.slug}`);
    await hydrated(page);
    const oldSnapshot = squash(await page.locator("section[aria-labelledby=snapshot-title]").innerText());
    expect(oldSnapshot).toMatch(
      new RegExp(`Employment expectations \\(EEI\\)\\s*${escape(old.value)}\\s*${old.month} · too old to count today`),
    );
    expect(errors()).toEqual([]);
    await page.close();
  });
});

describe("the methodology page", () => {
  it("explains both sentiment sources, the v2.1 blend and the rounded status, and lists every accepted table", async () => {
    const countries: any[] = await api("/api/countries");
    const snapshots = await Promise.all(countries.map((c) => api(`/api/countries/${c.code.toLowerCase()}`)));
    const { page, errors } = await open(desktop, "/methodology");
    const main = squash(await page.locator("main").innerText());
    expect(main).toContain(`This page explains model ${CURRENT_MODEL.id}`);
    // How many countries each sentiment source counts for today, as the API's snapshots say.
    const counting = (source: string) =>
      snapshots.filter((x) => x.sentiment_sources?.some((y: any) => y.source === source)).length;
    const withS = snapshots.filter((x) => x.sub_scores?.S).length;
    expect(withS).toBeGreaterThan(0);
    expect(main).toContain(
      `sentiment in ${withS} (employment expectations in ${counting("eei")}, the barometer in ${counting("lmb")})`,
    );
    const sources = squash(await page.getByTestId("sentiment-sources").innerText());
    expect(sources).toContain("European Labour Market Barometer");
    expect(sources).toContain("100 = neutral, on a scale of 90 (very poor) to 110 (very good)");
    expect(sources).toContain("Employment Expectations Indicator (EEI)");
    expect(sources).toContain("100 = long-term average, standard deviation 10");
    expect(main).toContain("S is their freshness-weighted mean: S = (fb × S(barometer) + fx × S(EEI)) ÷ (fb + fx)");
    expect(main).toContain("a sentiment value of August 2025 counts in the scores up to August 2026 and not after");
    expect(squash(await page.getByTestId("rounded-status").innerText())).toMatch(
      /^Status and label come from the score as shown, rounded to 1 decimal \(halves away from zero\): a score of 6\.96 is shown 7\.0 and is bright, "Rather favorable"/,
    );
    const accepted = squash(await page.getByTestId("accepted-tables").innerText());
    // One entry per table the pipeline reads, named and coded (docs/data-sources.md), with how it is read.
    for (const table of ["teibs030", "ei_bsee_m_r2", "jvs_q_r21", "une_rt_q", "ei_lmjv_q_r2"]) {
      expect(await page.locator(`[data-testid=accepted-tables] [data-table=${table}]`).count(), table).toBe(1);
      expect(accepted).toContain(table);
    }
    expect(accepted).toContain("Employment Expectations Indicator (DG ECFIN business surveys)");
    expect(squash(await page.locator("[data-testid=accepted-tables] [data-table=jvs_q_r21]").innerText())).toMatch(
      /^Job vacancy statistics by NACE Rev\. 2\.1 activity – quarterly data jvs_q_r21 .*Industry, construction and services \(B-T in NACE Rev\. 2\.1's lettering\) where the answer has them, else the whole economy \(A-T\)/,
    );
    // The loaded data: DG ECFIN's file is named by its title, used for employment expectations, with its newest
    // month (the newest EEI of any country).
    const newest = snapshots
      .map((x) => x.eei?.period as string | undefined)
      .filter((x): x is string => !!x)
      .sort()
      .at(-1)!;
    const table = squash(await page.getByTestId("sources-table").innerText());
    expect(table).toContain(
      `Employment Expectations Indicator (DG ECFIN business surveys) European Commission, DG ECFIN Employment expectations (EEI) ${monthName(newest)}`,
    );
    expect(errors()).toEqual([]);
    await page.close();
  });
});
