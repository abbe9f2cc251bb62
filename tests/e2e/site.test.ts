// The public site in Chromium, desktop 1280×800 and mobile 390×844, against the real server and real data: the
// drawer, the picker's fuzzy search, the map, the country pages, both forms' success and failure toasts, redirects
// and 404, reading without JavaScript (on the server's HTML). Every route's metadata is checked on its HTML
// (pages-html.test.ts); every route's layout, console, flags and axe in every language by the route matrix
// (route-matrix.ts). A page is loaded once for its checks; what a phone and a wide screen both show is checked in the
// phone's tab at 390 px and then at 1280 px (the site's layout depends on the width alone: docs/testing.md).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { SettingsStore } from "../../api/db/operator.ts";
import { formatScore } from "../../product/format.ts";
import { MAP_STYLE, STATUS_STYLE } from "../../product/weather.ts";
import { fetchPage, squash, textsOf } from "../helpers/html.ts";
import {
  DESKTOP,
  FEEDBACK_URL,
  MOBILE,
  hydrated,
  newPage,
  readableText,
  screenshot,
  startHarness,
  type ConsoleWatch,
  type Harness,
} from "./harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;
/**
 * One tab per context, taken from page to page by the tests (a new tab is a new renderer process, which costs more
 * than the page's own checks: docs/testing.md). Each test starts from a fresh document and a cleared console.
 */
const tabs = new Map<BrowserContext, { page: Page; console: ConsoleWatch }>();

beforeAll(async () => {
  h = await startHarness();
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
  for (const context of [desktop, mobile]) tabs.set(context, await newPage(context));
}, 180_000);

afterAll(async () => {
  for (const context of [desktop, mobile]) await context?.close();
  await h?.close();
});

/** The context's tab (see `tabs`), its console cleared. */
function tab(context: BrowserContext): { page: Page; console: ConsoleWatch } {
  const t = tabs.get(context)!;
  t.console.clear();
  return t;
}

async function open(
  context: BrowserContext,
  path: string,
): Promise<{ page: Page; console: ConsoleWatch; status: number }> {
  const { page, console } = tab(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return { page, console, status: res?.status() ?? 0 };
}

/** A JSON answer of the site's API (the published numbers the pages must show). */
async function api(path: string): Promise<any> {
  const res = await fetch(h.base + path);
  expect(res.status, path).toBe(200);
  return res.json();
}

/** "cloudy" → "Cloudy". */
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** "2026-07" → "July 2026", as the pages say a month. */
const monthName = (period: string) =>
  new Date(`${period}-01T00:00:00Z`).toLocaleString("en-GB", { month: "long", year: "numeric", timeZone: "UTC" });

/** "#1f6db0" → "rgb(31, 109, 176)", as getComputedStyle writes it. */
function rgb(hex: string): string {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${n >> 16}, ${(n >> 8) & 255}, ${n & 255})`;
}

/** The unemployment comparison on screen (the page also holds the phone's copy of the panels, hidden on a wide screen). */
const unemploymentCards = (page: Page) =>
  page.locator("li", { has: page.getByText(/^Unemployment vs /) }).filter({ visible: true });

/**
 * The history chart of the country page in `page` (the one on screen): its labels are 12 px or larger, with evenly
 * spaced ticks.
 */
async function checkHistoryChart(page: Page): Promise<void> {
  const min = 12;
  const svg = page.locator("svg[aria-labelledby^='history-title']:visible");
  const sizes = await svg.evaluate((el) => {
    const s = el as SVGSVGElement;
    const scale = s.getBoundingClientRect().width / s.viewBox.baseVal.width;
    return [...s.querySelectorAll("text")].map((t) => Number(t.getAttribute("font-size")) * scale);
  });
  expect(sizes.length).toBeGreaterThan(8);
  expect(Math.min(...sizes)).toBeGreaterThanOrEqual(min);
  const ticks = await svg.locator("g[data-tick] line").evaluateAll((ls) => ls.map((l) => Number(l.getAttribute("x1"))));
  expect(ticks.length).toBeGreaterThanOrEqual(3);
  const gaps = ticks.slice(1).map((x, i) => x - ticks[i]);
  expect(Math.max(...gaps) - Math.min(...gaps)).toBeLessThan(1);
  const labels = await svg.locator("g[data-tick] text").allTextContents();
  expect(labels.every((l) => /^\d{4}$/.test(l))).toBe(true);
}

describe("layout", () => {
  it("links the feedback form in a new tab without opener or referrer (the server's HTML)", async () => {
    // The main navigation's link, and the phone menu's copy that only a page without JavaScript keeps (hydration
    // leaves the attributes as the server wrote them; the route matrix sees no hydration error on "/").
    const { document } = await fetchPage(`${h.base}/`);
    const links = [...document.querySelectorAll("header nav a")].filter((a) =>
      /^Provide feedback/.test(squash(a.textContent ?? "")),
    );
    expect(links.map((a) => a.closest("nav")?.getAttribute("aria-label"))).toEqual(["Main", "Mobile"]);
    for (const link of links) {
      expect(link.getAttribute("href")).toBe(FEEDBACK_URL);
      expect(link.getAttribute("target")).toBe("_blank");
      expect(link.getAttribute("rel")?.split(" ").sort()).toEqual(["noopener", "noreferrer"]);
    }
  });

  it("opens a 16rem drawer on the right from 'Open menu' and closes it after a choice", async () => {
    const { page, console } = await open(mobile, "/");
    await expect.poll(() => page.locator("header nav[aria-label=Main]").isVisible()).toBe(false);
    await page.getByLabel("Open menu").click();
    const drawer = page.getByRole("dialog");
    await drawer.waitFor();
    // Once the slide-in is over: 16rem wide, flush with the right edge.
    await expect
      .poll(async () =>
        JSON.stringify(await drawer.boundingBox().then((b) => b && [Math.round(b.x), Math.round(b.width)])),
      )
      .toBe(JSON.stringify([390 - 256, 256]));
    for (const name of ["Homepage", "Brightest Markets", "Stormiest Markets", "Provide feedback"]) {
      expect(await drawer.getByRole("link", { name: new RegExp(name) }).count()).toBe(1);
    }
    await screenshot(page, "drawer-mobile");
    await drawer.getByRole("link", { name: "Stormiest Markets" }).click();
    await page.waitForURL(`${h.base}/stormiest`);
    await drawer.waitFor({ state: "detached" });
    await expect.poll(() => page.locator("h1").textContent()).toBe("Top 10 Stormiest Markets in Europe");
    expect(console.unexpected()).toEqual([]);
  });
});

describe("home", () => {
  it("shows the map coloured by status with a link per country and the score on hover and focus", async () => {
    const published: any[] = await api("/api/countries");
    const byCode = new Map(published.map((c) => [c.code as string, c]));
    const de = byCode.get("DE");
    const { page, console } = await open(desktop, "/");
    const countries = page.locator("svg a[data-code]");
    expect(await countries.count()).toBe(31);
    expect(await page.locator("svg a[data-code=DE]").getAttribute("href")).toBe("/country/de");
    expect(await page.locator("svg a[data-code=DE]").getAttribute("aria-label")).toBe(
      `Germany: ${formatScore(de.score)} out of 10, ${de.status} (${de.label})`,
    );
    // Liechtenstein has no scoring input at all: the one reason its page, the API and the CSV give.
    expect(await page.locator("svg a[data-code=LI]").getAttribute("aria-label")).toBe(
      "Liechtenstein: no data to score",
    );
    // Colour by status (on the bundled data Finland is rainy, Czechia bright); Liechtenstein (no data) hatched,
    // not a flat colour.
    expect(byCode.get("FI").status).toBe("rainy");
    expect(byCode.get("CZ").status).toBe("bright");
    for (const c of published.filter((x) => x.status !== null))
      expect(await page.locator(`svg a[data-code=${c.code}] path`).getAttribute("fill"), c.code).toBe(
        STATUS_STYLE[c.status as keyof typeof STATUS_STYLE].fill,
      );
    expect(await page.locator("svg a[data-code=LI] path").getAttribute("fill")).toMatch(/^url\(#.+\)$/);
    expect(await page.locator("svg path[aria-hidden]").first().getAttribute("fill")).toBe(MAP_STYLE.notCovered);

    // The legend sits above the map, with the seven entries named in text, each status on its own colour.
    const legend = page.getByRole("list", { name: "Map legend" });
    const entries = await legend.locator("li").allTextContents();
    expect(entries).toEqual([
      "Stormy1–2",
      "Rainy2–4",
      "Cloudy4–7",
      "Bright7–9",
      "Sunny9–10",
      "No score",
      "Not covered",
    ]);
    const legendBox = (await legend.boundingBox())!;
    const mapBox = (await page.locator("svg[aria-label^='Map of Europe']").boundingBox())!;
    expect(legendBox.y + legendBox.height).toBeLessThanOrEqual(mapBox.y + 1);
    expect(legendBox.width).toBeGreaterThan(mapBox.width * 0.9);
    for (const s of ["stormy", "rainy", "cloudy", "bright", "sunny"] as const) {
      const bg = await legend.locator(`li[data-legend=${s}]`).evaluate((el) => getComputedStyle(el).backgroundColor);
      expect(bg).toBe(rgb(STATUS_STYLE[s].fill));
    }

    const tip = (c: any) =>
      new RegExp(`${c.name}\\s*${formatScore(c.score).replace(".", "\\.")} / 10 · ${capital(c.status)}`);
    await page.locator("svg a[data-code=ES] path").hover();
    await expect.poll(() => page.locator("figure [role=status]").textContent()).toMatch(tip(byCode.get("ES")));
    await page.locator("svg a[data-code=SI]").focus();
    await expect.poll(() => page.locator("figure [role=status]").textContent()).toMatch(tip(byCode.get("SI")));

    await expect.poll(() => page.getByRole("heading", { name: "Brightest markets" }).count()).toBe(1);
    await expect.poll(() => page.getByRole("heading", { name: "How the index works" }).count()).toBe(1);
    await page.locator("svg a[data-code=DE] path").click();
    await page.waitForURL(`${h.base}/country/de`);
    expect(console.unexpected()).toEqual([]);
  });

  it("finds countries with a fuzzy search in the picker (256 px list) and opens the chosen one", async () => {
    const { page, console } = await open(desktop, "/");
    const trigger = page.getByTestId("country-picker");
    expect(await trigger.textContent()).toContain("Pick a country");
    await trigger.click();
    const input = page.getByPlaceholder("Search countries...");
    await input.waitFor();
    const list = page.locator("[cmdk-list]");
    expect(await list.evaluate((el) => getComputedStyle(el).maxHeight)).toBe("256px");
    expect(await page.locator("[cmdk-item]").count()).toBe(31);
    await input.fill("grmny");
    await expect.poll(() => page.locator("[cmdk-item]").first().textContent()).toContain("Germany");
    await input.fill("slvk");
    await expect.poll(() => page.locator("[cmdk-item]").first().textContent()).toContain("Slovakia");
    await input.fill("qqqq");
    await expect.poll(() => page.getByText("No country found.").isVisible()).toBe(true);
    await screenshot(page, "picker-desktop");
    await input.fill("nethrl");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${h.base}/country/nl`);
    await expect.poll(() => page.locator("h1").textContent()).toBe("Netherlands: job market weather");
    expect(console.unexpected()).toEqual([]);
  });

  it("shows the paused card word for word when the operator pauses publication", async () => {
    const settings = new SettingsStore(h.server.db);
    settings.setPublication(true, "e2e", "e2e");
    try {
      const { page, console } = await open(desktop, "/");
      const card = page.getByTestId("paused-card");
      expect(await card.locator("h1").textContent()).toBe("Job Weather Index is Currently Paused");
      const text = await card.textContent();
      expect(text).toContain(
        "We've temporarily stopped publishing updates to make sure we don't display outdated or misleading data. Thanks for your patience.",
      );
      expect(text).toContain("Temporarily Offline");
      expect(text).toContain("We'll be back once we can dedicate time to delivering accurate, up-to-date insights.");
      expect(await page.locator("svg a[data-code]").count()).toBe(0);
      await screenshot(page, "paused-desktop");
      expect(console.unexpected()).toEqual([]);
    } finally {
      settings.setPublication(false, null, "e2e");
    }
  });
});

describe("country page", () => {
  it("shows the score card, panels, one popover at a time, the history chart and JSON-LD; collapses missing figures into one line and lays the cards out in two flowing columns (Germany: no barometer); compares unemployment with the rule of thumb", async () => {
    const { page, console } = await open(desktop, "/country/de");
    const de = await api("/api/countries/de");
    // Read before anything on the page is opened (one load for the page's checks).
    // On the bundled data Germany has every input but the expert barometer (its sentiment is the EEI).
    expect(de.lmb).toBeNull();
    expect(de.sub_scores.U && de.sub_scores.V && de.sub_scores.C && de.sub_scores.M && de.sub_scores.S).toBeTruthy();
    const main = await page.locator("main").innerText();
    expect(main).not.toContain("No recent data");
    expect(main).not.toContain("Not enough recent data");
    // Its sentiment counts (the EEI), so no "official statistics only".
    expect(await page.getByTestId("not-available").textContent()).toBe(
      "Not available for Germany: expert barometer (no recent figures in the sources we use).",
    );
    // Only the existing figures in the panels.
    const wide = page.getByTestId("panels");
    expect(await wide.locator("dt", { hasText: /^Unemployment rate/ }).count()).toBe(1);
    // Its yearly change counts too (the momentum input), so it is shown with its months.
    expect(await wide.locator("dt", { hasText: "Unemployment over a year" }).count()).toBe(1);
    expect(await wide.locator("dt", { hasText: /^Job vacancy rate/ }).count()).toBe(1);
    expect(await wide.getByText("Expert barometer").count()).toBe(0);
    // Two columns; neither leaves a hole taller than a third of the other.
    // (One copy of the panels serves every width: each column's height is from the top of the first card to the
    // bottom of its last.)
    const columns = await wide.locator(":scope > section").evaluateAll((els) => {
      const top = Math.min(...els.map((e) => e.getBoundingClientRect().top));
      const bottoms = new Map<number, number>();
      for (const e of els) {
        const r = e.getBoundingClientRect();
        bottoms.set(Math.round(r.left), Math.max(bottoms.get(Math.round(r.left)) ?? 0, r.bottom - top));
      }
      return [...bottoms.values()];
    });
    expect(columns).toHaveLength(2);
    expect(Math.min(...columns) / Math.max(...columns)).toBeGreaterThan(0.66);
    // Comparison insights: only those that exist (the API's comparisons).
    const comparisons = Object.values(de.market_panel.comparisons).filter((x) => x !== null).length;
    expect(comparisons).toBeGreaterThan(0);
    expect(await page.locator("section[aria-labelledby=insights-title] li").count()).toBe(comparisons);
    // Germany: no EU-27 value of its month; the rule of thumb is never called an average.
    const deCard = unemploymentCards(page);
    expect(await deCard.locator("p").first().textContent()).toBe("Unemployment vs rule of thumb");
    expect(await deCard.textContent()).toContain("4.0%: below the 6% rule of thumb");
    expect(await deCard.textContent()).toContain(
      "No EU-27 average for July 2026 is stored, so a rule of thumb applies: below 6% is low, above 7% high.",
    );
    expect(await readableText(page)).not.toMatch(/EU(-27)? average\b(?! for July 2026 is stored)/);
    await checkHistoryChart(page);

    const row = h.server.db.prepare("SELECT score FROM snapshots WHERE country = 'DE'").get() as { score: number };
    expect(await page.getByTestId("score").textContent()).toBe(`${row.score.toFixed(1)}/ 10`);
    expect(await page.getByText("Cloudy Job Market").first().isVisible()).toBe(true);
    expect(await page.getByText("1 = very tough · 10 = very favorable").first().isVisible()).toBe(true);
    const left = await page.getByTestId("scale-marker").evaluate((el) => (el as HTMLElement).style.left);
    expect(parseFloat(left)).toBeCloseTo(((row.score - 1) / 9) * 100, 1);

    // Confidence badge popover explains basis, cover and data ages, as the API gives them.
    await page.getByRole("button", { name: new RegExp(`${capital(de.confidence)} confidence`) }).click();
    const popovers = page.getByTestId("info-popover");
    await expect.poll(() => popovers.count()).toBe(1);
    const basis = {
      blended: "Official statistics and sentiment surveys",
      "historical-only": "Official Eurostat statistics only",
    }[de.basis as string];
    expect(basis, de.basis).toBeDefined();
    const inputs = Object.values(de.sub_scores).filter((x) => x !== null).length;
    expect(await popovers.first().textContent()).toContain(
      `The score rests on ${inputs} of 5 inputs with an evidence cover of ${Math.round(de.cover * 100)}%.`,
    );
    expect(await popovers.first().textContent()).toMatch(
      new RegExp(
        `^How sure is this score\\?${basis}.*Unemployment rate${monthName(de.sub_scores.U.period)} \\(${de.sub_scores.U.age} months old\\)`,
      ),
    );
    // Only one explanatory popover at a time.
    await page.getByRole("button", { name: "About Unemployment rate" }).first().click();
    await expect.poll(() => popovers.count()).toBe(1);
    expect(await popovers.first().textContent()).toContain("Share of the labour force");
    await page.getByRole("button", { name: "About Inflation" }).first().click();
    await expect.poll(() => popovers.count()).toBe(1);
    expect(await popovers.first().textContent()).toContain("consumer prices");
    await page.mouse.click(5, 400);
    await expect.poll(() => popovers.count()).toBe(0);

    for (const title of [
      "Market conditions",
      "Market sentiment",
      "What you can do now",
      "Comparison insights",
      "Score history",
      "Real experiences from job seekers here",
    ]) {
      expect(await page.getByRole("heading", { name: title, exact: true }).first().isVisible(), title).toBe(true);
    }
    // Germany's monthly rate has no EU-27 value of the same month: the rule of thumb, said as one.
    expect(await page.getByText("That is below the 6% rule of thumb.").first().isVisible()).toBe(true);
    expect(await page.getByRole("link", { name: "Book a career consultant" }).getAttribute("href")).toBe(
      "/waiting-list/career-consultant",
    );
    expect(await page.getByRole("link", { name: "Upgrade your CV" }).getAttribute("href")).toBe(
      "/waiting-list/cv-upgrade",
    );

    // History: line chart over the status bands, and the same numbers as a table (5 years by default).
    expect(await page.locator("svg[role=img] path[stroke='#0f172a']").count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Show the numbers as a table" }).click();
    expect(await page.locator("table tbody tr").count()).toBe(60);
    await page.getByRole("link", { name: "All", exact: true }).click();
    await page.waitForURL(/range=all/);
    await expect.poll(() => page.locator("table tbody tr").count()).toBeGreaterThan(400);

    // JSON-LD, parsed as the crawler would.
    const ld = JSON.parse((await page.locator("script[type='application/ld+json']").textContent())!);
    expect(ld["@type"]).toBe("Dataset");
    expect(ld.spatialCoverage.name).toBe("Germany");
    expect(ld.variableMeasured.value).toBe(Number(row.score.toFixed(1)));
    expect(console.unexpected()).toEqual([]);
  });

  it("compares unemployment with one named yardstick: the EU-27 average of the same period, else the rule of thumb", async () => {
    // Switzerland: a quarterly rate, and the EU-27 average of that quarter is stored.
    const ch = (await open(desktop, "/country/ch")).page;
    const eu = h.server.db
      .prepare("SELECT json_extract(payload, '$.eu_average') AS eu FROM snapshots WHERE country = 'CH'")
      .pluck()
      .get() as string;
    const { unemployment: euRate, period } = JSON.parse(eu) as { unemployment: number; period: string };
    expect(period).toMatch(/^\d{4}-Q[1-4]$/);
    const quarter = `Q${period.slice(-1)} ${period.slice(0, 4)}`;
    const chCard = unemploymentCards(ch);
    expect(await chCard.count()).toBe(1);
    expect(await chCard.locator("p").first().textContent()).toBe("Unemployment vs EU-27 average");
    expect(await chCard.textContent()).toMatch(/: (lower than|higher than|close to) the EU-27 average/);
    expect(await chCard.textContent()).toContain(
      `EU-27 average ${euRate.toFixed(1)}% in ${quarter} (Eurostat, EU27_2020).`,
    );
    expect(
      await ch
        .getByText(
          new RegExp(
            `^That is (lower than|higher than|close to) the EU-27 average \\(${euRate.toFixed(1)}%, ${quarter}\\)\\.$`,
          ),
        )
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    expect(await readableText(ch)).not.toMatch(/rule of thumb/);
    // Germany's card (no EU-27 value of its month: the rule of thumb) is checked on the load of the score card's test.
  });

  it("shows the loading state while another country loads", async () => {
    const { page, console } = await open(desktop, "/country/de");
    // France's data is held until the loading state has been seen (not slowed by a fixed delay, too short on a loaded
    // machine and otherwise waited out in full).
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    await page.route("**/country/fr.data*", async (route) => {
      await gate;
      await route.continue();
    });
    try {
      await page.getByTestId("country-picker").click();
      await page.getByPlaceholder("Search countries...").fill("france");
      await page.keyboard.press("Enter");
      await expect.poll(() => page.getByText("Loading country data").isVisible()).toBe(true);
      expect(await page.getByText("-.--").isVisible()).toBe(true);
      expect(await page.getByText("Loading...", { exact: true }).isVisible()).toBe(true);
      release();
      await page.waitForURL(`${h.base}/country/fr`);
    } finally {
      release();
      // The tab goes on to the next tests (a request still held is let through, its late continue ignored).
      await page.unrouteAll({ behavior: "ignoreErrors" });
    }
    const fr = await api("/api/countries/fr");
    await expect.poll(() => page.getByTestId("score").textContent()).toBe(`${formatScore(fr.score)}/ 10`);
    expect(console.unexpected()).toEqual([]);
  });

  it("shows a calm, truthful card for a country without any data (Liechtenstein), and no contradicting text", async () => {
    // Each page loaded once, in the phone's tab: read at 390 px, then at 1280 px.
    const { page } = tab(mobile);
    for (const path of ["/country/li", "/job-market/liechtenstein"]) {
      await page.setViewportSize(MOBILE.viewport);
      await open(mobile, path);
      for (const viewport of [MOBILE.viewport, DESKTOP.viewport]) {
        await page.setViewportSize(viewport);
        const text = await readableText(page);
        expect(text, path).toContain("No data to score");
        expect(text, path).toContain("No official statistics for Liechtenstein are published in the sources we use");
        // Nothing that claims data, a score or a basis it does not have.
        for (const wrong of [
          /uses official statistics/i,
          /too old/,
          /No recent data/,
          /Not enough recent data/,
          /Context figures/,
        ]) {
          expect(text, `${path}: ${wrong}`).not.toMatch(wrong);
        }
        expect(await page.getByTestId("score").count()).toBe(0);
        expect(await page.getByTestId("scale-marker").count()).toBe(0);
        expect(await page.locator("[data-testid=not-available]").first().textContent()).toMatch(
          /^Not available for Liechtenstein: unemployment rate, job vacancy rate, competition \(job seekers per opening\), expert barometer, GDP growth and inflation/,
        );
      }
      if (path !== "/country/li") continue;
      // At 1280 px:
      const card = page.locator("section[data-state=no-score]");
      // No stripes, no bar, no question mark: the card's background is a plain gradient.
      expect(await card.evaluate((el) => getComputedStyle(el).backgroundImage)).not.toContain("repeating");
      expect(await card.evaluate((el) => el.textContent)).not.toContain("?");
      expect(await card.locator("[role=meter], [data-testid=scale-marker]").count()).toBe(0);
      // The empty panels are gone: no market-condition or sentiment card, no comparison, no empty history.
      for (const title of ["Market conditions", "Market sentiment", "Comparison insights", "Score history"]) {
        expect(await page.getByRole("heading", { name: title, exact: true }).count(), title).toBe(0);
      }
      expect(await page.getByRole("heading", { name: "What you can do now" }).isVisible()).toBe(true);
      expect(await page.locator("meta[name=description]").getAttribute("content")).toMatch(
        /^Job market in Liechtenstein for 2026: no score\. No official statistics/,
      );
      await screenshot(page, "country-no-score-card-desktop");
    }
    await page.setViewportSize(MOBILE.viewport); // the phone's tab goes on at 390 px
  });

  it("uses collapsible sections on a phone, 'Market conditions' open by default; the history chart's labels are 12 px or larger", async () => {
    const { page, console } = await open(mobile, "/country/de");
    await checkHistoryChart(page);
    const sentiment = page.getByRole("button", { name: "Market sentiment" });
    expect(await page.getByRole("button", { name: "Market conditions" }).getAttribute("aria-expanded")).toBe("true");
    expect(await sentiment.getAttribute("aria-expanded")).toBe("false");
    expect(await page.getByRole("button", { name: "What this means for you" }).getAttribute("aria-expanded")).toBe(
      "false",
    );
    // Each section's heading holds its button (a heading inside a button is invalid HTML and no heading at all
    // to a screen reader), so the sections are in the page's outline.
    expect(
      await page
        .getByRole("heading", { level: 2, name: "Market sentiment" })
        .getByRole("button", { name: "Market sentiment" })
        .count(),
    ).toBe(1);
    await sentiment.click();
    expect(await sentiment.getAttribute("aria-expanded")).toBe("true");
    await expect.poll(() => page.getByText("General signal").last().isVisible()).toBe(true);
    // The breadcrumbs are hidden on small screens.
    expect(await page.getByRole("navigation", { name: "Breadcrumb" }).isVisible()).toBe(false);
    expect(console.unexpected()).toEqual([]);
  });

  it("redirects an upper-case code to the lower-case page, and an upper-case name to its lower-case page", async () => {
    // Country Not Found with 404 and no redirect for /country/xx and /country/zz9 is checked on the server's HTML in
    // pages-dates-forms-keyboard.test.ts; both are server redirects (the route's loader), read from the answer here.
    for (const [from, to] of [
      ["/country/DE", "/country/de"],
      ["/job-market/Germany", "/job-market/germany"],
    ]) {
      const res = await fetch(`${h.base}${from}`, { redirect: "manual" });
      expect(res.status, from).toBe(301);
      expect(res.headers.get("location"), from).toBe(to);
    }
  });
});

describe("/job-market/{name}", () => {
  it("shows the gauge, the breakdown cards that have data, the snapshot and next moves, with no placeholder", async () => {
    const { page, console } = await open(desktop, "/job-market/germany");
    expect((await page.locator("h1").textContent())!.trim()).toBe("Job Market in Germany");
    expect(await page.locator("h1 img[data-flag=DE]").getAttribute("alt")).toBe("");
    expect(await page.getByTestId("dates").textContent()).toMatch(
      /^Data to \w+ 2026 · published \d{1,2} (January|February|March|April|May|June|July|August|September|October|November|December) \d{4}$/,
    );
    const de = await api("/api/countries/de");
    expect(
      await page.getByRole("heading", { name: `Why the Job Market Score is ${formatScore(de.score)}` }).isVisible(),
    ).toBe(true);
    // A breakdown card for each figure the API has (Germany: all but the expert barometer); the missing one is named
    // once as missing.
    const titles = {
      unemployment: "Unemployment",
      vacancy: "Job vacancies",
      competition: "Competition per opening",
      sentiment: "Expert sentiment",
    } as const;
    const breakdown = de.market_panel.breakdown as Record<keyof typeof titles, unknown>;
    expect(breakdown.sentiment).toBeNull();
    for (const [key, t] of Object.entries(titles) as Array<[keyof typeof titles, string]>) {
      if (breakdown[key] === null) expect(await page.getByText(t, { exact: true }).count(), t).toBe(0);
      else expect(await page.getByText(t, { exact: true }).first().isVisible(), t).toBe(true);
    }
    expect(await page.getByTestId("not-available").textContent()).toMatch(
      /^Not available for Germany: expert barometer/,
    );
    expect(await page.locator("main").innerText()).not.toContain("No recent data");
    // The comparison of /country/de, in its words and against its yardstick (no fixed baseline of its own).
    expect(await page.getByText("That is below the 6% rule of thumb.").isVisible()).toBe(true);
    expect(await page.getByRole("meter", { name: "Unemployment bar" }).getAttribute("aria-valuenow")).toBe(
      String((breakdown.unemployment as { bar: number }).bar),
    );
    expect(await page.getByRole("heading", { name: "Current Market Snapshot" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Your Next Moves" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { name: "Market Insights - coming soon" }).count()).toBe(0);
    expect(await page.getByRole("heading", { name: "Real experiences from job seekers here" }).isVisible()).toBe(true);
    // The switcher leads to /job-market/{name}.
    await page.getByTestId("country-picker").click();
    await page.getByPlaceholder("Search countries...").fill("austria");
    await page.keyboard.press("Enter");
    await page.waitForURL(`${h.base}/job-market/austria`);
    expect(console.unexpected()).toEqual([]);
  });

  // An unknown name's 'Country Not Found' page (404) and its way home ("Back to Homepage" to /) are checked on the
  // server's HTML in pages-dates-forms-keyboard.test.ts (/job-market/atlantis); /country/xx's hydrated 404 page in the
  // route matrix.
});

describe("rankings", () => {
  const scores = (type: "brightest" | "stormiest") => {
    const rows = h.server.db
      .prepare("SELECT country, score, status FROM snapshots WHERE score IS NOT NULL")
      .all() as Array<{
      country: string;
      score: number;
      status: string;
    }>;
    rows.sort((a, b) => (type === "brightest" ? b.score - a.score : a.score - b.score));
    return rows.slice(0, 10);
  };

  for (const type of ["brightest", "stormiest"] as const) {
    it(`/${type} lists the 10 ${type} markets in order with the legend; a row opens the country`, async () => {
      const { page, console } = await open(desktop, `/${type}`);
      const rows = page.locator("main ol > li");
      expect(await rows.count()).toBe(10);
      const expected = scores(type);
      for (let i = 0; i < 10; i++) {
        const text = (await rows.nth(i).textContent())!;
        expect(text).toContain(`${i + 1}`);
        expect(text).toContain(`${expected[i].score.toFixed(1)}out of 10`);
        expect(await rows.nth(i).locator("a").getAttribute("href")).toBe(
          `/country/${expected[i].country.toLowerCase()}`,
        );
      }
      // The rating key is the model's bands with their weather (the one-true-story test checks it against the rows).
      const legend = await page.getByRole("list", { name: "Rating key" }).textContent();
      expect(legend).toBe(
        "1–3.9 = very toughStormyRainy4–6.9 = mixed/averageCloudy7–8.9 = rather favorableBright9–10 = very favorableSunny",
      );
      if (type === "stormiest") {
        expect(await page.getByText("Countries with the toughest job market conditions right now").isVisible()).toBe(
          true,
        );
        // The bundled data has no stormy country (Finland, the lowest, is rainy): the page says so above the list.
        expect(await page.getByTestId("ranking-notice").textContent()).toBe(
          "No country is stormy right now: these are the 10 lowest scores.",
        );
        const noticeBox = (await page.getByTestId("ranking-notice").boundingBox())!;
        expect(noticeBox.y).toBeLessThan((await rows.first().boundingBox())!.y);
      } else {
        // Bright countries exist, but fewer than ten: the page says how many, and that the rest are the next ones.
        const bright = expected.filter((x: { status: string }) => x.status === "bright" || x.status === "sunny").length;
        expect(bright).toBeGreaterThan(0);
        if (bright < expected.length)
          expect(await page.getByTestId("ranking-notice").textContent()).toBe(
            `Only ${bright} ${bright === 1 ? "country is" : "countries are"} sunny or bright right now: ${expected.length - bright === 1 ? "the other is the next highest score" : `the other ${expected.length - bright} are the next highest scores`}.`,
          );
        else expect(await page.getByTestId("ranking-notice").count()).toBe(0);
      }
      // Each row writes its weather on the map's colour, and shows the flag as an image beside the name.
      expect(await rows.first().locator("[data-status]").count()).toBe(1);
      expect(await rows.first().locator("img[data-flag]").getAttribute("alt")).toBe("");
      await rows.first().locator("a").click();
      await page.waitForURL(`${h.base}/country/${expected[0].country.toLowerCase()}`);
      expect(console.unexpected()).toEqual([]);
    });
  }

  it("serves the -markets aliases as permanent redirects, and no catch-all ranking route", async () => {
    for (const [from, to] of [
      ["/brightest-markets", "/brightest"],
      ["/stormiest-markets", "/stormiest"],
    ]) {
      const res = await fetch(h.base + from, { redirect: "manual" });
      expect(res.status).toBe(301);
      expect(new URL(res.headers.get("location")!, h.base).pathname).toBe(to);
    }
    expect((await fetch(`${h.base}/brightestt`)).status).toBe(404);
  });

  // /top-regions' ranking of the five regions with their best and worst country is checked on the phone's load of the
  // page at 1280 px ("top-region cards stay compact" below).
});

describe("community", () => {
  it("shares an experience: missing-fields toast, success toast, reset and list; failure toast when rate-limited", async () => {
    const { page, console } = await open(desktop, "/country/cz");
    expect(await page.getByText("Be the first to share how it's going.").isVisible()).toBe(true);
    await page.getByText("Share your experience", { exact: true }).click();
    const submit = page.getByRole("button", { name: "Share experience" });
    await submit.click();
    await expect.poll(() => page.getByText("Missing information", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Please fill in all required fields", { exact: true }).isVisible()).toBe(true);

    const slider = page.getByLabel(/How is it going\?/);
    expect(await slider.inputValue()).toBe("3");
    await page.getByLabel("Role family *").selectOption("Design");
    await page.getByLabel("Seniority *").selectOption("Senior");
    await page.getByLabel("Residency *").selectOption("EU non-resident");
    await slider.fill("4");
    await page.getByLabel("I speak the local language fluently").check();
    await page.getByLabel("Comment (optional)").fill("Three interviews in two weeks. <script>alert(1)</script>");
    await screenshot(page, "experience-form-desktop");
    await submit.click();
    await expect
      .poll(() => page.getByText("Thank you! Your experience has been shared with the community.").isVisible())
      .toBe(true);
    // Reset and collapsed; the list and summary show the new experience.
    await expect.poll(() => page.getByText("Share your experience", { exact: true }).isVisible()).toBe(true);
    await expect.poll(() => page.locator("main ul li").filter({ hasText: "Three interviews" }).count()).toBe(1);
    const item = page.locator("main ul li").filter({ hasText: "Three interviews" });
    expect(await item.textContent()).toMatch(
      /Good.*Design · Senior · EU non-resident · speaks the local language.*(just now|ago).*<script>alert\(1\)<\/script>/,
    );
    // One experience: no average or share from it, the count instead (the minimum is checked in community.test.ts).
    expect(await page.getByTestId("community-too-few").textContent()).toBe(
      "1 experience so far: too few for an average or a percentage.",
    );
    expect(await page.getByLabel("Community summary").count()).toBe(0);
    await page.getByText("Share your experience", { exact: true }).click();
    expect(await page.getByLabel(/How is it going\?/).inputValue()).toBe("3");
    await screenshot(page, "experience-list-desktop");

    // Use up the rate limit for this client, then submit for real: the API refuses, the form stays open.
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${h.base}/api/countries/CZ/experiences`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({
          role_family: "Other",
          seniority: "Mid",
          residency: "Non-EU",
          mood: 2,
          local_language: false,
          comment: "",
        }),
      });
      if (res.status === 429) break;
    }
    await page.getByLabel("Role family *").selectOption("Sales");
    await page.getByLabel("Seniority *").selectOption("Junior");
    await page.getByLabel("Residency *").selectOption("Local resident");
    await page.getByRole("button", { name: "Share experience" }).click();
    await expect.poll(() => page.getByText("Something went wrong", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Please try again later", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Share experience" }).isVisible()).toBe(true);
    expect(await page.getByLabel("Role family *").inputValue()).toBe("Sales");
    await screenshot(page, "experience-failure-desktop");
    expect(console.unexpected(true)).toEqual([]);
  });
});

describe("waiting list", () => {
  it("succeeds with a toast, clears the form and goes home after 2 s; fails with the product's toast (docs/product.md §8) and keeps the form", async () => {
    const { page, console } = await open(desktop, "/waiting-list/cv-upgrade");
    expect(await page.getByRole("heading", { name: "What happens next?" }).isVisible()).toBe(true);
    expect(await page.getByText("We contact you within 2-3 business days").isVisible()).toBe(true);
    await page.getByLabel("Full name *").fill("Ada Lovelace");
    await page.getByLabel("Email *").fill("ada@example.org");
    await page.getByLabel("Message *").fill("Please have a look at my CV.");
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    const sentAt = Date.now();
    await expect.poll(() => page.getByText("Thank you! You're on the waiting list.").isVisible()).toBe(true);
    expect(await page.getByLabel("Full name *").inputValue()).toBe("");
    await page.waitForURL(`${h.base}/`, { timeout: 6_000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(1_500);
    const stored = h.server.db.prepare("SELECT service, name FROM waiting_list ORDER BY id DESC LIMIT 1").get() as {
      service: string;
      name: string;
    };
    expect(stored).toEqual({ service: "cv-upgrade", name: "Ada Lovelace" });

    await page.goto(`${h.base}/waiting-list/career-consultant`);
    await hydrated(page);
    for (let i = 0; i < 20; i++) {
      const res = await fetch(`${h.base}/api/waiting-list`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ name: "x", email: "x@example.org", message: "x", service: "career-consultant" }),
      });
      if (res.status === 429) break;
    }
    await page.getByLabel("Full name *").fill("Grace Hopper");
    await page.getByLabel("Email *").fill("grace@example.org");
    await page.getByLabel("Message *").fill("Looking for a consultant.");
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await expect.poll(() => page.getByText("Submission failed", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("Please try again or contact us directly.", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel("Full name *").inputValue()).toBe("Grace Hopper");
    await screenshot(page, "waiting-list-failure-desktop");
    await page.waitForTimeout(2_300);
    expect(page.url()).toBe(`${h.base}/waiting-list/career-consultant`);
    expect(console.unexpected(true)).toEqual([]);
  });

  it("falls back to the career consultant for an unknown service (a server redirect, read from the answer)", async () => {
    const res = await fetch(`${h.base}/waiting-list/massage`, { redirect: "manual" });
    expect(res.status).toBeGreaterThanOrEqual(300);
    expect(res.status).toBeLessThan(400);
    expect(res.headers.get("location")).toBe("/waiting-list/career-consultant");
    const { document } = await fetchPage(`${h.base}/waiting-list/career-consultant`);
    expect(document.querySelector("h1")?.textContent).toBe("Book a Career Consultant");
  });
});

describe("without JavaScript: the server's HTML", () => {
  // What a page without JavaScript shows is the server's answer: read here as HTML (docs/testing.md). That the phone
  // layout's collapsed sections are open without JavaScript (a matter of layout) is checked in Chromium without
  // JavaScript at 390 px in tests/e2e/no-script.test.ts.
  /** Whether a heading of the page as the server wrote it has `name` in its text (as getByRole's name matches). */
  const hasHeading = (document: Document, name: string) =>
    textsOf(document, "h1, h2, h3, h4, h5, h6, [role=heading]").some((t) =>
      t.toLowerCase().includes(name.toLowerCase()),
    );

  it("every page type is readable from the server's HTML", async () => {
    const home = (await fetchPage(`${h.base}/`)).document;
    expect(home.querySelectorAll("svg a[data-code]")).toHaveLength(31);
    expect(hasHeading(home, "Stormiest markets")).toBe(true);
    const de = await api("/api/countries/de");
    const country = (await fetchPage(`${h.base}/country/de`)).document;
    expect(country.querySelector("[data-testid=score]")?.textContent).toBe(`${formatScore(de.score)}/ 10`);
    const jobMarket = (await fetchPage(`${h.base}/job-market/germany`)).document;
    expect(hasHeading(jobMarket, `Why the Job Market Score is ${formatScore(de.score)}`)).toBe(true);
    const stormiest = (await fetchPage(`${h.base}/stormiest`)).document;
    expect(stormiest.querySelectorAll("main ol > li")).toHaveLength(10);
    const methodology = (await fetchPage(`${h.base}/methodology`)).document;
    expect(hasHeading(methodology, "Data sources")).toBe(true);
  });

  it("the forms post themselves without JavaScript (POST, never a URL with personal data); no note says they cannot", async () => {
    // Sending them is walked in tests/e2e/no-script.test.ts; here: how they stand in the server's HTML.
    for (const path of ["/waiting-list/cv-upgrade", "/contact"]) {
      const { document } = await fetchPage(`${h.base}${path}`);
      expect(document.querySelectorAll("main noscript"), path).toHaveLength(0);
      const forms = document.querySelectorAll("main form");
      expect(forms, path).toHaveLength(1);
      expect(forms[0]!.getAttribute("method"), path).toBe("post");
      const submit = forms[0]!.querySelectorAll("button[type=submit]");
      expect(submit, path).toHaveLength(1);
      // Enabled: not disabled itself nor inside a disabled fieldset.
      expect(submit[0]!.hasAttribute("disabled"), path).toBe(false);
      expect(submit[0]!.closest("fieldset[disabled]"), path).toBeNull();
    }
  });
});

describe("phones, 390×844", () => {
  it("methodology lists its sources as cards (no sideways table) without a column nobody has", async () => {
    const { page } = await open(mobile, "/methodology");
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= innerWidth)).toBe(true);
    expect(await page.getByTestId("sources-table").isVisible()).toBe(false);
    const cards = page.getByTestId("sources-cards").locator("> li");
    expect(await cards.count()).toBeGreaterThan(3);
    // No source of the bundled data was ever checked online: no "Last checked" line, and no dash for a value.
    const text = await page.getByTestId("sources-cards").innerText();
    expect(text).not.toContain("Last checked");
    expect(text).not.toMatch(/^–$/m);
    // The score's inputs first (unemployment, vacancy, expectations, barometer), then the context figures.
    // une_rt_m's newest month is Ireland's 2026-08 (Eurostat's real answer of 2026-09-22, third batch).
    expect(await cards.first().innerText()).toMatch(/Used for\s+Unemployment rate\s+Newest period\s+August 2026/);
    // The context figures last: the under-25s (une_rt_m read for age Y_LT25) after GDP and inflation, then the sector
    // vacancy rates a vacancy file also holds (ei_lmjv_q_r2's workbook: to Q3 2025), each named, never by a type id.
    expect(await cards.nth(-2).innerText()).toMatch(
      /Used for\s+Youth unemployment, under 25 \(context only\)\s+Newest period\s+January 2026/,
    );
    expect(await cards.last().innerText()).toMatch(
      /Series: each sector \(context only\)\s+Used for\s+Job vacancy rate by sector \(context only\)\s+Newest period\s+Q3 2025/,
    );
    expect(text).not.toMatch(/sector_vacancy|youth_unemployment/);
    // Every card fits the screen.
    for (const box of await cards.evaluateAll((els) => els.map((e) => e.getBoundingClientRect().right)))
      expect(box).toBeLessThanOrEqual(390);
    // Wide screens keep the table (the same load at 1280 px).
    await page.setViewportSize(DESKTOP.viewport);
    try {
      expect(await page.getByTestId("sources-table").isVisible()).toBe(true);
      expect(await page.getByTestId("sources-table").locator("th").allTextContents()).toEqual([
        "Dataset",
        "Used for",
        "Newest period",
        "Updated at source",
        "Loaded",
      ]);
    } finally {
      await page.setViewportSize(MOBILE.viewport);
    }
  });

  it("top-region cards stay compact: name and score on one row, best and worst on one line each; at 1280 px the page ranks the five regions with their best and worst country", async () => {
    const { page } = await open(mobile, "/top-regions");
    const cards = page.locator("main ol > li");
    expect(await cards.count()).toBe(5);
    let oneWord = 0;
    for (const card of await cards.all()) {
      const name = (await card.locator("h2").textContent())!;
      const header = card.locator("> div").first();
      // A one-word name ("Southern") and the score share one row of two lines (name, "n of m scored"); a long one
      // ("Central and Eastern") may wrap to a third.
      expect((await header.boundingBox())!.height, name).toBeLessThanOrEqual(name.includes(" ") ? 72 : 64);
      if (!name.includes(" ")) oneWord++;
      for (const link of await card.locator("dd a").all())
        expect((await link.boundingBox())!.height, name).toBeLessThanOrEqual(24);
    }
    expect(oneWord).toBeGreaterThan(0);

    // /top-regions ranks the five regions with their best and worst country (the same load at 1280 px).
    await page.setViewportSize(DESKTOP.viewport);
    try {
      // The API's ranking of the regions (the mean of their countries' scores shown today).
      const expected: any[] = await api("/api/v1/regions");
      expect(expected).toHaveLength(5);
      const regions = page.locator("main ol > li");
      expect(await regions.count()).toBe(5);
      for (const [i, region] of expected.entries()) {
        const card = regions.nth(i);
        expect(await card.locator("h2").textContent()).toBe(region.name);
        expect(await card.getByText("Best").isVisible()).toBe(true);
        for (const c of [region.best, region.worst])
          expect(await card.getByRole("link", { name: c.name }).first().getAttribute("href"), c.name).toBe(
            `/country/${c.code.toLowerCase()}`,
          );
      }
    } finally {
      await page.setViewportSize(MOBILE.viewport);
    }
  });
});
