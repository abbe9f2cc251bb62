// "Why it changed" on the country pages, in Chromium against the real server on the bundled data (as of
// 2026-11-22): the block says the model's sentence for the month and the year, lists the parts whose shown
// contributions add up to the change shown, says so honestly when a month cannot be compared, and is left out for
// a withheld (stale) score. The pages advertise the Atom feeds in their head.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { describeChange } from "../../pipeline/model/explain-text.ts";
import { tenths } from "../../pipeline/model/round.ts";
import { changeShownText } from "../../product/change-view.ts";
import { formatPeriod } from "../../product/format.ts";
import {
  DESKTOP,
  MOBILE,
  NOW,
  PUBLIC_ORIGIN,
  axeViolations,
  newPage,
  partScreenshot,
  screenshot,
  startHarness,
  type ConsoleWatch,
  type Harness,
} from "./harness.ts";

/** Long after the bundled series ended for some countries: their scores are withheld (see read-path.test.ts). */
const MIXED = new Date("2028-07-15T12:00:00Z");

let clock = NOW;
let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;
/**
 * One tab per context, taken from page to page by the tests (a new tab is a new renderer process, which costs more
 * than a test's own steps: docs/testing.md); every test starts with a page.goto, so from a fresh document.
 */
const tabs = new Map<BrowserContext, { page: Page; console: ConsoleWatch }>();

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-why-", now: () => clock });
  desktop = await h.browser.newContext(DESKTOP);
  mobile = await h.browser.newContext(MOBILE);
  for (const context of [desktop, mobile]) tabs.set(context, await newPage(context));
});

afterAll(async () => {
  await desktop?.close();
  await mobile?.close();
  await h?.close();
});

/** The context's tab (see `tabs`), its console cleared. */
function tab(context: BrowserContext): { page: Page; console: ConsoleWatch } {
  const t = tabs.get(context)!;
  t.console.clear();
  return t;
}

async function api(path: string): Promise<any> {
  const res = await fetch(`${h.base}${path}`);
  expect(res.status, path).toBe(200);
  return res.json();
}

/** What the block shows for the month and the year: the sentence, and each listed part's shown contribution. */
async function shownBlock(page: Page) {
  return page.locator("[data-testid=why-changed]").evaluate((section) => {
    const block = (id: string) => {
      const el = section.querySelector(`[data-testid=why-${id}]`)!;
      return {
        sentence: el.querySelector("[data-testid=why-sentence]")?.textContent ?? null,
        text: el.textContent ?? "",
        parts: [...el.querySelectorAll("li")].map((li) => Number(li.getAttribute("data-shown"))),
        listLabel: el.querySelector("ul")?.getAttribute("aria-labelledby") ?? null,
      };
    };
    return { title: section.querySelector("h2")?.textContent, month: block("month"), year: block("year") };
  });
}

describe("why it changed", () => {
  it("Germany, desktop: the model's sentences, parts that add up to the change shown, a list, and no axe violation", async () => {
    clock = NOW;
    const body = await api("/api/countries/de");
    expect(body.change.year_before.delta).not.toBe(0); // the bundled data moved Germany over the year
    const { page, console } = tab(desktop);
    await page.goto(`${h.base}/country/de`);
    const shown = await shownBlock(page);
    expect(shown.title).toBe("Why it changed");
    for (const [which, b] of [
      ["previous_month", shown.month],
      ["year_before", shown.year],
    ] as const) {
      const e = body.change[which];
      expect(b.sentence).toBe(describeChange(e));
      expect(b.sentence).toBe(body.change_text[which].text);
      expect(b.parts).toHaveLength(body.change_text[which].parts.length);
      // The parts add up to the change as shown: the difference of the two scores as shown.
      const sum = b.parts.reduce((t, x) => t + Math.round(x * 10), 0);
      expect(sum).toBe(tenths(e.to_score) - tenths(e.from_score));
      if (b.parts.length > 0) expect(b.listLabel).toBe(`why-${which === "previous_month" ? "month" : "year"}-title`);
    }
    expect(shown.year.parts.length).toBeGreaterThan(1);
    await page.locator("[data-testid=why-changed]").scrollIntoViewIfNeeded();
    await partScreenshot(page.locator("[data-testid=why-changed]"), `why-changed-desktop`);
    await screenshot(page, "country-why-desktop");
    expect(await axeViolations(page)).toEqual([]);
    expect(console.unexpected()).toEqual([]);
  });

  it("one yearly change: the year-on-year badge and 'Since a year ago' say one number since one month (Cyprus, desktop and phone)", async () => {
    clock = NOW;
    const body = await api("/api/countries/cy");
    const year = body.change_text.year_before;
    // Model v2.2: the snapshot's yoy is the very change the attribution explains, from the same month.
    expect(body.yoy.delta).toBe(body.change.year_before.delta);
    expect(body.yoy.from_month).toBe(year.from_month);
    expect(Math.round(body.yoy.shown * 10)).toBe(Math.round(year.delta * 10));
    const since = formatPeriod(body.yoy.from_month);
    for (const context of [desktop, mobile]) {
      const { page } = tab(context);
      await page.goto(`${h.base}/country/cy`);
      const badge = page.locator("dt", { hasText: "Year on year" }).locator("xpath=following-sibling::dd");
      await badge.first().waitFor({ state: "attached" }); // in a panel that may be collapsed
      // Every place the page shows the badge (the panel is rendered for both layouts) says the same.
      const badges = await badge.allTextContents();
      expect(badges.length).toBeGreaterThan(0);
      for (const text of badges) expect(text).toContain(`(${changeShownText(body.yoy.shown)} since ${since})`);
      const shown = await shownBlock(page);
      // One word per change: within the badge's ±0.5 the head gives the number, "which the index counts as no change".
      const same = year.delta !== 0 && Math.abs(year.delta) <= 0.5;
      expect(
        shown.year.sentence!.startsWith(
          same
            ? `${changeShownText(year.delta)} since ${since}, which the index counts as no change`
            : `${year.head} since ${since}`,
        ),
      ).toBe(true);
    }
  });

  it("a phone, and the /job-market page: the same words", async () => {
    clock = NOW;
    const body = await api("/api/countries/ro");
    for (const [context, path, name] of [
      [mobile, "/country/ro", "mobile"],
      [desktop, "/job-market/romania", "job-market-desktop"],
    ] as const) {
      const { page } = tab(context);
      await page.goto(`${h.base}${path}`);
      const shown = await shownBlock(page);
      expect(shown.month.sentence).toBe(body.change_text.previous_month.text);
      expect(shown.year.sentence).toBe(body.change_text.year_before.text);
      expect(shown.month.parts.reduce((t, x) => t + Math.round(x * 10), 0)).toBe(
        Math.round(body.change_text.previous_month.delta * 10),
      );
      await partScreenshot(page.locator("[data-testid=why-changed]"), `why-changed-${name}`);
    }
  });

  it("German (/de/country/cy): the German head with a decimal comma and a German month, shares with a comma, the link to the German methodology", async () => {
    clock = NOW;
    const body = await api("/api/countries/cy");
    const year = body.change_text.year_before;
    expect(year.delta).not.toBe(0);
    const [y, m] = (year.from_month as string).split("-").map(Number) as [number, number];
    const month = new Intl.DateTimeFormat("de", { month: "long", year: "numeric", timeZone: "UTC" }).format(
      Date.UTC(y, m - 1, 1),
    );
    const amount = Math.abs(year.delta).toFixed(1).replace(".", ",");
    // Within the badge's ±0.5 the head says the number and that the index counts it as no change (one word per change).
    const head =
      Math.abs(year.delta) <= 0.5
        ? `${changeShownText(year.delta).replace(".", ",")} seit ${month}, was der Index als keine Veränderung wertet`
        : `Seit ${month} um ${amount} ${year.delta > 0 ? "gestiegen" : "gesunken"}`;
    const { page, console } = tab(mobile);
    await page.goto(`${h.base}/de/country/cy`);
    const shown = await shownBlock(page);
    expect(shown.title).toBe("Warum sich der Wert geändert hat");
    expect(shown.year.sentence!.startsWith(`${head}: `)).toBe(true);
    expect(await page.locator("[data-testid=why-year] [data-testid=why-sentence] strong").textContent()).toBe(head);
    expect(shown.year.parts).toEqual(year.parts.map((p: { shown: number }) => p.shown));
    const shares = await page.locator("[data-testid=why-year] li > span:last-child").allTextContents();
    expect(shares.length).toBe(year.parts.length);
    for (const [i, text] of shares.entries())
      expect(text).toBe(`${year.parts[i].shown > 0 ? "▲ " : "▼ "}${year.parts[i].shown_text.replace(".", ",")}`);
    expect(await page.locator("[data-testid=why-changed] a").getAttribute("href")).toBe("/de/methodology");
    await partScreenshot(page.locator("[data-testid=why-changed]"), `why-changed-de-mobile`);
    expect(console.unexpected()).toEqual([]);
  });

  it("says 'No change' without a list when nothing moved, and leaves the block out for a withheld score or none", async () => {
    clock = NOW;
    const ch = await api("/api/countries/ch");
    expect(ch.change_text.previous_month).toMatchObject({ text: "No change since October 2026.", parts: [] });
    const { page } = tab(desktop);
    await page.goto(`${h.base}/country/ch`);
    const shown = await shownBlock(page);
    expect(shown.month.sentence).toBe("No change since October 2026.");
    expect(shown.month.parts).toEqual([]);
    // Liechtenstein has no score at all: nothing to explain.
    await page.goto(`${h.base}/country/li`);
    expect(await page.locator("[data-testid=why-changed]").count()).toBe(0);

    clock = MIXED;
    const list = (await api("/api/countries")) as Array<{ code: string; fresh: boolean; anchor_month: string | null }>;
    const stale = list.find((c) => !c.fresh && c.anchor_month !== null)!;
    expect(stale).toBeDefined();
    const body = await api(`/api/countries/${stale.code}`);
    expect(body).toMatchObject({ score: null, change: null, change_text: null });
    await page.goto(`${h.base}/country/${stale.code.toLowerCase()}`);
    expect(await page.locator("[data-testid=why-changed]").count()).toBe(0);
    clock = NOW;
  });

  it("the home and country pages advertise their Atom feeds", async () => {
    clock = NOW;
    const { page } = tab(desktop);
    const feeds = () =>
      page
        .locator('head link[rel=alternate][type="application/atom+xml"]')
        .evaluateAll((ls) => ls.map((l) => [l.getAttribute("title"), l.getAttribute("href")]));
    await page.goto(`${h.base}/`);
    expect(await feeds()).toEqual([["Job Weather Index: all countries", `${PUBLIC_ORIGIN}/feeds/all.atom`]]);
    await page.goto(`${h.base}/country/nl`);
    expect(await feeds()).toEqual([
      ["Job Weather Index: Netherlands", `${PUBLIC_ORIGIN}/feeds/nl.atom`],
      ["Job Weather Index: all countries", `${PUBLIC_ORIGIN}/feeds/all.atom`],
    ]);
    const res = await fetch(`${h.base}/feeds/nl.atom`);
    expect(res.headers.get("content-type")).toBe("application/atom+xml; charset=utf-8");
  });
});
