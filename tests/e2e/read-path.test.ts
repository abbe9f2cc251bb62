// One read path: the API and the site answer the same questions with the same code. For the same countries, at the
// same clock, both give the same scores, the same ranking order, the same withheld (stale) scores and the same
// paused state and reason — checked through the real HTTP API and the pages rendered in Chromium.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { SettingsStore } from "../../api/db/operator.ts";
import { formatScore } from "../../pipeline/model/round.ts";
import { DESKTOP, startHarness, type Harness } from "./harness.ts";

/** 2028-07-15: the bundled data's monthly series ending 2026-07 are 24 months old (still counted), those ending
 * 2026-06 are 25 (past the historical cut-off): some countries keep a score, others have it withheld. */
const MIXED = new Date("2028-07-15T12:00:00Z");
/** Long after every bundled series ended: nothing may be shown, the site pauses by itself. */
const ALL_STALE = new Date("2031-01-15T12:00:00Z");

let clock = MIXED;
let h: Harness;
let context: BrowserContext;

async function api(path: string): Promise<any> {
  const res = await fetch(`${h.base}${path}`);
  expect(res.status, path).toBe(200);
  return res.json();
}

async function page(path: string): Promise<Page> {
  const p = await context.newPage();
  const res = await p.goto(`${h.base}${path}`);
  expect(res?.status(), path).toBe(200);
  return p;
}

/** The ranking page's rows: country code (from the row's link) and the score as shown. */
async function siteRanking(type: "brightest" | "stormiest"): Promise<Array<{ code: string; score: string }>> {
  const p = await page(`/${type}`);
  const rows = await p.locator("main ol > li a").evaluateAll((links) =>
    links.map((a) => ({
      code: (a.getAttribute("href") ?? "").split("/").pop()!.toUpperCase(),
      score: a.querySelector(".text-lg")?.textContent?.trim() ?? "",
    })),
  );
  await p.close();
  return rows;
}

describe("the API and the site answer from one read path", () => {
  beforeAll(async () => {
    h = await startHarness({ prefix: "jwi-readpath-", now: () => clock });
    context = await h.browser.newContext(DESKTOP);
  });
  afterAll(async () => {
    await context?.close();
    await h?.close();
  });

  it("gives the same scores, the same ranking order and the same withheld stale scores", async () => {
    clock = MIXED;
    const list = (await api("/api/countries")) as Array<{
      code: string;
      score: number | null;
      fresh: boolean;
      status: string | null;
    }>;
    const fresh = list.filter((c) => c.score !== null);
    const stale = list.filter((c) => c.score === null && c.code !== "LI");
    // The clock really splits the countries: some shown, some withheld.
    expect(fresh.length).toBeGreaterThan(3);
    expect(stale.length).toBeGreaterThan(3);
    for (const c of stale) expect(c).toMatchObject({ fresh: false, status: null });

    for (const type of ["brightest", "stormiest"] as const) {
      const fromApi = ((await api(`/api/rankings/${type}`)).items as Array<{ code: string; score: number }>).map(
        (c) => ({
          code: c.code,
          score: formatScore(c.score),
        }),
      );
      const fromSite = await siteRanking(type);
      expect(fromSite.map((r) => r.code)).toEqual(fromApi.map((r) => r.code));
      // Same numbers, as shown (one decimal, half away from zero: the model's rule).
      expect(fromSite.map((r) => r.score)).toEqual(fromApi.map((r) => r.score));
      // A withheld score is in no ranking.
      for (const s of stale) expect(fromApi.map((r) => r.code)).not.toContain(s.code);
    }

    // One country with a score and one withheld, through both doors.
    const shown = fresh[0]!;
    const detail = await api(`/api/countries/${shown.code.toLowerCase()}`);
    expect(detail).toMatchObject({ fresh: true, score: shown.score });
    const p1 = await page(`/country/${shown.code.toLowerCase()}`);
    expect(await p1.getByTestId("score").textContent()).toContain(formatScore(shown.score as number));
    await p1.close();

    const withheld = stale[0]!;
    const staleDetail = await api(`/api/countries/${withheld.code.toLowerCase()}`);
    expect(staleDetail).toMatchObject({
      published: true,
      fresh: false,
      score: null,
      status: null,
      label: null,
      confidence: null,
      market_panel: null,
    });
    // Its inputs stay visible, so one can see why.
    expect(staleDetail.unemployment).toMatchObject({ period: expect.stringMatching(/^20\d\d-/) });
    const p2 = await page(`/country/${withheld.code.toLowerCase()}`);
    expect(await p2.getByTestId("score").count()).toBe(0);
    expect(await p2.getByTestId("no-score").isVisible()).toBe(true);
    await p2.close();
  });

  it("gives the same paused state and reason: the operator's pause, and no score that may be shown", async () => {
    clock = MIXED;
    const settings = new SettingsStore(h.server.db);
    settings.setPublication(true, "maintenance", "test");
    try {
      expect(await api("/api/health")).toMatchObject({ paused: true, paused_reason: "operator" });
      const p = await page("/");
      expect(await p.getByTestId("paused-card").isVisible()).toBe(true);
      await p.close();
    } finally {
      settings.setPublication(false, null, "test");
    }
    expect(await api("/api/health")).toMatchObject({ paused: false, paused_reason: null });

    clock = ALL_STALE;
    expect(await api("/api/health")).toMatchObject({ paused: true, paused_reason: "no-fresh-scores" });
    expect(((await api("/api/rankings/brightest")).items as unknown[]).length).toBe(0);
    expect(((await api("/api/countries")) as Array<{ score: number | null }>).every((c) => c.score === null)).toBe(
      true,
    );
    const p = await page("/");
    expect(await p.getByTestId("paused-card").isVisible()).toBe(true);
    await p.close();
    expect(await siteRanking("brightest")).toEqual([]);
    clock = MIXED;
  });
});
