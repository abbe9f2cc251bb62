// The operator's tools tell the whole truth, in Chromium at 390 px and 1280 px with axe: the data status opens with
// the health line (job running now, last update, next scheduled run, tables failing); an upload that must wait
// names the job it waits for at once; after an upload or a recalculation the page lists the countries that moved
// (from → to, why); the upload form's dry run stores nothing and its strict option refuses a revised file. Each state
// is reached once and judged at both widths on the same page; what the width cannot change (the texts, a
// recalculation that moved nothing, the strict refusal) is checked once.
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Cron } from "croner";
import { formatScore } from "../../product/format.ts";
import { formatDateTime } from "../../web/app/lib/admin-format.ts";
import { acquireJobLock, type JobLock } from "../../pipeline/jobs/lock.ts";
import { revisedUnemploymentCube } from "../helpers/revised-unemployment.ts";
import { ADMIN_PASSWORD, ADMIN_USER, startAdminHarness, type AdminHarness } from "./admin-harness.ts";
import { MOBILE, atEachWidth, axeViolations, hydrated, partScreenshot, tabOf } from "./harness.ts";

const CRON = "30 6 * * *";
let h: AdminHarness;

beforeAll(async () => {
  h = await startAdminHarness({ updateCron: CRON });
}, 180_000);
afterAll(async () => {
  await h?.close();
});

const button = (page: Page, name: string) => page.getByRole("button", { name, exact: true });

/**
 * The tab of each context, navigated from test to test (a fresh document each time): a new tab is a new renderer
 * process, which costs more than the page's load and hydration (docs/testing.md).
 */
async function openPanel(context: BrowserContext): Promise<Page> {
  const { page } = await tabOf(context);
  await page.goto(`${h.base}/admin`, { waitUntil: "load" });
  await hydrated(page);
  if (await page.getByRole("heading", { name: "Operator sign in" }).count()) {
    await page.getByLabel("Username").fill(ADMIN_USER);
    await page.getByLabel("Password", { exact: true }).fill(ADMIN_PASSWORD);
    await button(page, "Sign In").click();
  }
  await page.getByTestId("status-table").waitFor();
  return page;
}

/**
 * The job lock held as a `jwi update` in a terminal would hold it, from the test's own process: the server's job child
 * is another process all the same, and waits for it. A holder in a process of its own, killed while holding, is
 * tests/api/admin-health.test.ts's (the same waiting, through the API); this file is about what the page shows.
 */
const holdLock = (command: string): Promise<JobLock> => acquireJobLock(h.dataDir, command);

function revisedFile(name: string, delta: number): string {
  const file = path.join(h.scratch, name);
  writeFileSync(file, revisedUnemploymentCube(delta, "RO"));
  return file;
}

const roScore = () => h.server.db.prepare("SELECT score FROM snapshots WHERE country = 'RO'").pluck().get() as number;
const publications = () => h.server.db.prepare("SELECT count(*) FROM publications").pluck().get() as number;

/**
 * Each state is reached once, by one job, and judged at 390 px and then at 1280 px on the same document (atEachWidth,
 * tests/e2e/harness.ts). Before, a desktop and a phone context each ran the same jobs: six data jobs and two sign-ins
 * for what four jobs and one sign-in show.
 *
 * axe on the part of the panel a state changed, at each width. The whole panel (login, toast, panel) is judged at
 * 1280 px and 390 px in tests/e2e/admin.test.ts ("accessibility (axe-core)" and "mobile 390×844"); here only the part
 * this file's states change: the data status with its health line, the upload form with its result.
 */
function judgedAtEachWidth(page: Page, part: string, name: string, check: () => Promise<void> = async () => {}) {
  return atEachWidth(page, async (width, size) => {
    await check();
    await partScreenshot(page.locator(part), `${name}-${size}`);
    expect(await axeViolations(page, { within: part }), `${name} at ${width} px`).toEqual([]);
  });
}

describe("operator health and moves (390 and 1280 px)", () => {
  let context: BrowserContext;
  beforeAll(async () => {
    context = await h.browser.newContext(MOBILE);
  });
  afterAll(async () => {
    await context?.close();
  });

  it("the health line names the running job and the next scheduled run; an upload waiting for it says whom it waits for", async () => {
    const holder = await holdLock("jwi update (terminal)");
    let released = false;
    try {
      const page = await openPanel(context);
      const health = page.getByTestId("status-health");
      await expect
        .poll(() => page.getByTestId("health-job").textContent())
        .toMatch(/^Job running now: jwi update \(terminal\) \(pid \d+ on .+\), since \d+ \w+ \d{4}, \d\d:\d\d UTC$/);
      // The schedule fires on the real clock (the pages' clock is pinned): its next run is ahead of now.
      const next = formatDateTime(new Cron(CRON, { paused: true }).nextRun()!.toISOString());
      expect(await page.getByTestId("health-next-run").textContent()).toBe(
        `Next scheduled update: ${next} (JWI_UPDATE_CRON 30 6 * * *)`,
      );
      expect(await page.getByTestId("health-failing").textContent()).toBe("Tables failing: none");
      expect(await page.getByTestId("health-last-update").textContent()).toMatch(/^Last update: /);
      await judgedAtEachWidth(page, "#status", "admin-health-busy", async () => {
        expect(await health.isVisible()).toBe(true);
        // The line is the first thing in the data status, and fits the screen.
        expect(
          await page
            .locator("#status")
            .getByTestId("status-health")
            .evaluate((el) => el.getBoundingClientRect().width <= window.innerWidth),
        ).toBe(true);
      });

      // An upload now waits for the lock: the page names the holder at once, then goes on when it ends.
      const before = roScore();
      await page.locator("input[name=data_type][value=unemployment]").check();
      await page.locator("#upload-file").setInputFiles(revisedFile("une_rt_m.json", 3));
      await button(page, "Upload Data").click();
      const waiting = page.getByTestId("upload-waiting");
      await waiting.waitFor({ timeout: 10_000 });
      expect(await waiting.textContent()).toMatch(
        // The start as the operator area writes times (web/app/lib/admin-format.ts), not the server's ISO timestamp.
        /^Waiting for jwi update \(terminal\) \(pid \d+ on .+, started \d{1,2} [A-Z][a-z]{2} \d{4}, \d\d:\d\d UTC\) to finish\. The upload starts as soon as it ends\.$/,
      );
      await atEachWidth(page, (_width, size) =>
        partScreenshot(page.locator("#upload"), `admin-upload-waiting-${size}`),
      );
      holder.release();
      released = true;

      // Stored and published: the result lists RO, from → to, with the largest reason.
      const moved = page.getByTestId("upload-moved");
      await moved.waitFor({ timeout: 60_000 });
      expect(await waiting.count()).toBe(0);
      const after = roScore();
      expect(after).toBeLessThan(before);
      const ro = moved.locator("li[data-code=RO]");
      expect(await ro.textContent()).toContain(`RO Romania ${formatScore(before)} → ${formatScore(after)}`);
      expect(await ro.textContent()).toMatch(/unemployment/i);
      await judgedAtEachWidth(page, "#upload", "admin-upload-moved");

      // A recalculation with nothing new: nothing moved, and it says so (a text the width does not change: once).
      await button(page, "Recalculate").click();
      const recalcMoved = page.getByTestId("recalc-moved");
      await recalcMoved.waitFor({ timeout: 60_000 });
      expect(await recalcMoved.textContent()).toBe("No country's score or status moved.");
    } finally {
      if (!released) holder.release();
    }
  }, 240_000); // the work of two tests before: a phone and a desktop one

  it("dry run stores nothing and says what would be stored; strict refuses a revised file", async () => {
    const page = await openPanel(context);
    const pubs = publications();
    const score = roScore();
    const dryRun = page.getByLabel("Dry run: check only, store nothing");
    const strict = page.getByLabel("Strict: refuse the file if anything looks wrong");
    expect(await dryRun.getAttribute("aria-describedby")).toBe("upload-dry-run-help");
    expect(await page.locator("#upload-strict-help").textContent()).toMatch(
      /refused, and nothing stored, when it changes a stored value by more than 0\.5 points/,
    );
    await page.locator("input[name=data_type][value=unemployment]").check();

    await dryRun.check();
    await page.locator("#upload-file").setInputFiles(revisedFile("une_rt_m-dry.json", 5));
    await button(page, "Check file (dry run)").click();
    const alert = page.getByTestId("upload-alert");
    await expect.poll(() => alert.locator("p").first().textContent(), { timeout: 30_000 }).toMatch(/^Dry run complete/);
    expect(await page.getByTestId("upload-dry-run").textContent()).toMatch(/^Dry run: nothing was stored/);
    expect(await page.getByTestId("upload-recalc").count()).toBe(0);
    expect(Number(await alert.locator("dt:text-is('updated') + dd").textContent())).toBeGreaterThan(0);
    expect(publications()).toBe(pubs);
    expect(roScore()).toBe(score);
    await judgedAtEachWidth(page, "#upload", "admin-upload-dry-run");

    // The strict refusal is the server's answer, the same at every width: once.
    await dryRun.uncheck();
    await strict.check();
    await page.locator("#upload-file").setInputFiles(revisedFile("une_rt_m-strict.json", 5));
    await button(page, "Upload Data").click();
    await expect
      .poll(() => page.getByTestId("upload-alert-text").textContent(), { timeout: 30_000 })
      .toMatch(/revision|revised|strict/i);
    expect(await alert.getAttribute("data-kind")).toBe("error");
    expect(publications()).toBe(pubs);
    expect(roScore()).toBe(score);
  }, 240_000); // the work of two tests before: a phone and a desktop one
});
