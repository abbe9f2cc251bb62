// Your own weather and countries side by side (docs/decisions/020-personal-weights.md), in real Chromium on the
// real server over the bundled real data: a slider re-ranks the list in the browser and writes the weights into
// the URL, a shared URL reproduces the ranking (with and without JavaScript), the sliders work from the keyboard
// alone, the compare pages for 2 and 4 countries, and axe at 390 px and 1280 px.
import type { BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, MOBILE, axeViolations, hydrated, sharedSite, type SharedHarness, tabOf } from "./harness.ts";

let h: SharedHarness;
let desktop: BrowserContext;
let mobile: BrowserContext;
let noJs: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
  noJs = await h.browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(page: Page, path: string): Promise<void> {
  await page.goto(h.base + path, { waitUntil: "load" });
  await page.waitForSelector("h1");
}

const order = (page: Page) =>
  page.locator("[data-testid=personal-ranking] > li").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));

/** The map's description of each country ("Germany: your score 6.1 out of 10, cloudy"), by code. */
const mapScores = (page: Page) =>
  page
    .locator("[data-testid=personal-map] a.map-link")
    .evaluateAll((els) =>
      Object.fromEntries(els.map((e) => [e.getAttribute("data-code"), e.getAttribute("aria-label")])),
    );

/** Each ranked row's personal score as shown, by code. */
const rowScores = (page: Page) =>
  page
    .locator("[data-testid=personal-ranking] > li")
    .evaluateAll((els) =>
      Object.fromEntries(
        els.map((e) => [
          e.getAttribute("data-code"),
          (e.querySelector("[data-testid=personal-score]")?.textContent ?? "").replace("Your score", "").trim(),
        ]),
      ),
    ) as Promise<Record<string, string>>;

async function apiOrder(weights: string): Promise<string[]> {
  const body = (await (await fetch(`${h.base}/api/v1/scores?weights=${weights}`)).json()) as {
    items: Array<{ code: string; rank: number | null }>;
  };
  return body.items.filter((r) => r.rank !== null).map((r) => r.code);
}

describe("/your-weather", () => {
  let shared = "";
  let sharedOrder: (string | null)[] = [];

  it("starts as the index, and a slider re-ranks the list in the browser and writes the weights into the URL", async () => {
    const { page, console } = await tabOf(desktop);
    await open(page, "/your-weather");
    await hydrated(page);
    const before = await order(page);
    expect(before).toEqual(await apiOrder("U:2,M:2,V:2,C:2,S:2"));
    expect(await page.getByTestId("personal-note").innerText()).toContain("not the index");
    // Each row shows its personal score beside the published one: equal with the index's weights.
    const first = page.locator("[data-testid=personal-ranking] > li").first();
    expect((await first.getByTestId("personal-score").innerText()).replace("Your score", "").trim()).toBe(
      (await first.getByTestId("index-score").innerText()).replace("index", "").trim(),
    );

    // The map is coloured by the same personal scores as the list.
    const mapBefore = await mapScores(page);
    for (const [code, score] of Object.entries(await rowScores(page)))
      expect(mapBefore[code!], code!).toMatch(new RegExp(`: your score ${score!.replace(".", "\\.")} out of 10, `));

    const requests: string[] = [];
    const record = (r: Request) => requests.push(r.url());
    page.on("request", record);
    const v = page.getByLabel("Job vacancies");
    await v.focus();
    await page.keyboard.press("End");
    await expect.poll(() => page.url()).toContain("?weights=U:2,M:2,V:5,C:2,S:2");
    expect(await v.getAttribute("aria-valuetext")).toBe("5: 2.5 times the index's weight");
    const after = await order(page);
    expect(after).toEqual(await apiOrder("U:2,M:2,V:5,C:2,S:2"));
    expect(after).not.toEqual(before);
    // The map re-colours at once too: its descriptions follow the new personal scores.
    const mapAfter = await mapScores(page);
    expect(mapAfter).not.toEqual(mapBefore);
    for (const [code, score] of Object.entries(await rowScores(page)))
      expect(mapAfter[code!], code!).toMatch(new RegExp(`: your score ${score!.replace(".", "\\.")} out of 10, `));
    // Re-ranked without asking the server: no page, loader data (React Router's .data) or API request.
    expect(requests.filter((u) => /\/api\/|\.data|\/your-weather/.test(u))).toEqual([]);
    page.off("request", record); // the tab goes on to the next test
    expect(await page.getByTestId("moved").first().innerText()).toMatch(
      /Moved by your weights: job vacancies [+−]\d\.\d|less than 0\.05/,
    );
    // Every slider says for how many countries its input counts today, as the published sub-scores say (in the
    // bundled data as of 2026-11-22 sentiment counts for the five countries of DG ECFIN's newest EEI file).
    const countries: any[] = await (await fetch(`${h.base}/api/countries`)).json();
    const snapshots = await Promise.all(
      countries.map(async (c) => (await fetch(`${h.base}/api/countries/${c.code.toLowerCase()}`)).json()),
    );
    for (const key of ["U", "M", "V", "C", "S"]) {
      const n = snapshots.filter((x: any) => x.sub_scores?.[key]).length;
      expect(await page.getByTestId(`weight-counts-${key}`).innerText(), key).toBe(
        n === 0
          ? "Counts for no country today: its weight changes nothing for now."
          : `Counts today for ${n} of ${countries.length} countries.`,
      );
    }
    expect(await page.getByTestId("ranking-summary").innerText()).toMatch(/^Your top countries: /);
    expect(console.unexpected()).toEqual([]);
    shared = new URL(page.url()).pathname + new URL(page.url()).search;
    sharedOrder = after;
  });

  it("a shared URL reproduces the ranking, with JavaScript and without", async () => {
    expect(shared).toBe("/your-weather?weights=U:2,M:2,V:5,C:2,S:2");
    for (const context of [desktop, noJs]) {
      const { page } = await tabOf(context);
      await open(page, shared);
      expect(await order(page)).toEqual(sharedOrder);
      expect(await page.getByLabel("Job vacancies").inputValue()).toBe("5");
    }
  });

  it("without JavaScript the form submits the weights and the page answers the canonical URL", async () => {
    const { page } = await tabOf(noJs);
    await open(page, "/your-weather?weights=U:0,M:2,V:2,C:2,S:2");
    await page.getByRole("button", { name: "Show my ranking" }).click();
    await page.waitForURL(/weights=U:0,M:2,V:2,C:2,S:2$/);
    expect(await order(page)).toEqual(await apiOrder("U:0,M:2,V:2,C:2,S:2"));
    await open(page, "/your-weather?weights=U:9");
    expect(await page.getByTestId("weights-error").innerText()).toContain("whole step from 0 to 5");
    expect(await order(page)).toEqual(await apiOrder("U:2,M:2,V:2,C:2,S:2"));
  });

  it("works from the keyboard alone: Tab to a slider, arrows change it, the reset link restores the index", async () => {
    const { page } = await tabOf(desktop);
    await open(page, "/your-weather");
    await hydrated(page);
    const before = await order(page);
    for (let i = 0; i < 60; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-weight") === "U")) break;
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("data-weight"))).toBe("U");
    await page.keyboard.press("ArrowLeft");
    await page.keyboard.press("ArrowLeft");
    await expect.poll(() => page.url()).toContain("weights=U:0,");
    expect(await order(page)).toEqual(await apiOrder("U:0,M:2,V:2,C:2,S:2"));
    expect(await order(page)).not.toEqual(before);
    for (let i = 0; i < 20; i++) {
      await page.keyboard.press("Tab");
      if (await page.evaluate(() => document.activeElement?.getAttribute("data-testid") === "weights-reset")) break;
    }
    await page.keyboard.press("Enter");
    await expect.poll(() => new URL(page.url()).search).toBe("");
    expect(await order(page)).toEqual(before);
    expect(await page.getByLabel("Unemployment level").inputValue()).toBe("2");
  });

  // It fits a 390 px phone and moves with touch-sized sliders: on the load of its axe check below.
});

describe("the rankings' weights panel", () => {
  it("shows the visitor's own top 10 beside the published ranking, re-ranked in the browser", async () => {
    const { page, console } = await tabOf(desktop);
    await open(page, "/brightest");
    await hydrated(page);
    const published = await page.locator("main ol").first().locator("li").allInnerTexts();
    expect(await page.getByTestId("ranking-personal").count()).toBe(0);
    await page.getByText("Set your weights").click();
    const u = page.getByTestId("ranking-weights-panel").getByLabel("Unemployment level");
    await u.focus();
    await page.keyboard.press("Home");
    const mine = page.getByTestId("ranking-personal");
    await mine.waitFor();
    expect(await mine.getByRole("heading").innerText()).toBe("Your ranking (your weights) — not the index");
    const codes = await mine.locator("li").evaluateAll((els) => els.map((e) => e.getAttribute("data-code")));
    expect(codes).toEqual((await apiOrder("U:0,M:2,V:2,C:2,S:2")).slice(0, 10));
    expect(await page.locator("main ol").first().locator("li").allInnerTexts()).toEqual(published);
    expect(await mine.getByRole("link", { name: "All 31 countries with these weights" }).getAttribute("href")).toBe(
      "/your-weather?weights=U:0,M:2,V:2,C:2,S:2",
    );
    expect(console.unexpected()).toEqual([]);
  });
});

describe("/compare", () => {
  it("shows two countries side by side with why they differ, in the visitor's order; upper case redirects", async () => {
    const r = await fetch(`${h.base}/compare/FR-de`, { redirect: "manual" });
    expect(r.status).toBe(301);
    expect(r.headers.get("location")).toBe("/compare/fr-de");
    expect((await fetch(h.base + "/compare/de-xx")).status).toBe(404);
    // One country alone, five and more, or one named twice: the rule explained, not a 404 (tests/e2e/no-script.test.ts,
    // tests/words-and-numbers.test.ts).
    for (const limit of ["/compare/at-be-de-fr-it", "/compare/de", "/compare/de-de"])
      expect(await (await fetch(h.base + limit)).text(), limit).toContain('data-testid="compare-limits"');
    const { page, console } = await tabOf(desktop);
    await open(page, "/compare/de-fr");
    expect(await page.locator("[data-testid=compare-cards] > div").count()).toBe(2);
    expect(await page.getByTestId("why-differ").innerText()).toMatch(
      /(Germany|France) scores \d\.\d higher than (Germany|France)|score the same/,
    );
    expect(await page.locator("[aria-label='Inputs compared'] tbody tr").count()).toBe(5);
    expect(await page.locator("svg[aria-labelledby^='history-title-wide']").count()).toBe(2);
    expect(await page.locator("link[rel=canonical]").getAttribute("href")).toMatch(/\/compare\/de-fr$/);
    expect(console.unexpected()).toEqual([]);
  });

  it("adds countries up to four with the picker (without JavaScript too) and removes them", async () => {
    const { page } = await tabOf(noJs);
    await open(page, "/country/de");
    await page.getByTestId("compare-with").locator("select").selectOption("fr");
    await page.getByTestId("compare-with").getByRole("button", { name: "Compare" }).click();
    await page.waitForURL(/\/compare\/de-fr$/);
    for (const add of ["se", "at"]) {
      await page.getByLabel("Add a country").selectOption(add);
      await page.getByRole("button", { name: "Compare" }).click();
      await page.waitForLoadState("load");
    }
    // Added one by one, the countries stay in the order the visitor chose them.
    expect(new URL(page.url()).pathname).toBe("/compare/de-fr-se-at");
    expect(await page.locator("[data-testid=compare-cards] > div").count()).toBe(4);
    expect(await page.getByTestId("compare-with").count()).toBe(0);
    expect(await page.locator("[data-testid=why-differ] > li").count()).toBe(3);
    await page.getByTestId("remove-SE").click();
    await page.waitForURL(/\/compare\/de-fr-at$/);
  });
});

describe("accessibility (axe-core) at 390 px and 1280 px", () => {
  /** The phone tab at 390 px on `path`, hydrated. */
  async function loadedAt390(path: string): Promise<Page> {
    const { page } = await tabOf(mobile);
    await page.setViewportSize(MOBILE.viewport);
    await open(page, path);
    await hydrated(page);
    return page;
  }
  /** axe on the loaded page at 390 px, then at 1280 px (the width changed, no second load). */
  async function expectNoAxeViolationsAt390And1280(page: Page, path: string): Promise<void> {
    expect(await axeViolations(page), `${path} at 390 px`).toEqual([]);
    await page.setViewportSize(DESKTOP.viewport);
    expect(await axeViolations(page), `${path} at 1280 px`).toEqual([]);
  }
  // /your-weather, /compare/de-fr, /brightest and /country/de are in the route matrix (route-matrix.ts).
  it("/your-weather?weights=U:0,M:1,V:5,C:3,S:4 (one load, the width changed); it fits a 390 px phone and moves with touch-sized sliders", async () => {
    const path = "/your-weather?weights=U:0,M:1,V:5,C:3,S:4";
    const page = await loadedAt390(path);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
    await expectNoAxeViolationsAt390And1280(page, path);
    // Back at 390 px, after axe: a tap at the slider's right end moves competition to 5.
    await page.setViewportSize(MOBILE.viewport);
    const box = (await page.getByLabel("Competition").boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    await page.tap(`[data-weight=C]`, { position: { x: box.width - 2, y: box.height / 2 } });
    await expect.poll(() => page.url()).toContain("C:5");
  });

  it("/compare/at-de-fr-se (one load, the width changed)", async () => {
    const path = "/compare/at-de-fr-se";
    await expectNoAxeViolationsAt390And1280(await loadedAt390(path), path);
  });
});
