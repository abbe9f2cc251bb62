// The site under its strict CSP in a real browser (Chromium): styles only with the page's nonce (no
// 'unsafe-inline' for elements), style attributes allowed. Walking the home page, a country page with its
// popovers, the experience form with its toasts, the waiting-list form and the mobile drawer raises no
// `securitypolicyviolation` event and no CSP console error. A control shows the watcher sees a violation.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DESKTOP, hydrated, MOBILE, startHarness, type Harness } from "../e2e/harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;

const WATCH = () => {
  const w = window as unknown as { __csp: string[] };
  w.__csp = [];
  document.addEventListener("securitypolicyviolation", (e) => {
    w.__csp.push(`${e.violatedDirective} blocked ${e.blockedURI || "inline"} (${e.sourceFile ?? ""}:${e.lineNumber})`);
  });
};

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-csp-" });
  desktop = await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" });
  mobile = await h.browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
  for (const c of [desktop, mobile]) await c.addInitScript(WATCH);
}, 120_000);
afterAll(async () => {
  await h?.close();
});

/** A page whose CSP violations (events and console lines) are collected. */
async function watched(context: BrowserContext, path: string) {
  const page = await context.newPage();
  const consoleLines: string[] = [];
  page.on("console", (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleLines.push(m.text());
  });
  await page.goto(h.base + path);
  await hydrated(page);
  return {
    page,
    async violations(): Promise<string[]> {
      await page.waitForTimeout(200); // violation events are dispatched asynchronously
      return [
        ...((await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)) ?? []),
        ...consoleLines,
      ];
    },
  };
}

async function toast(page: Page, text: string): Promise<void> {
  await expect.poll(() => page.getByText(text, { exact: true }).isVisible(), { timeout: 10_000 }).toBe(true);
}

describe("no CSP violation in a real browser", () => {
  it("the watcher sees a <style> element without the nonce (control)", async () => {
    const { page, violations } = await watched(desktop, "/");
    await page.evaluate(() => {
      const s = document.createElement("style");
      s.textContent = "body { outline: 1px solid red; }";
      document.head.append(s);
    });
    expect((await violations()).join("\n")).toMatch(/style-src/);
    await page.close();
  });

  it("home page", async () => {
    const { page, violations } = await watched(desktop, "/");
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it("country page: popovers, the experience form with its missing-fields and success toasts", async () => {
    const { page, violations } = await watched(desktop, "/country/de");
    await page.getByRole("button", { name: "About Unemployment rate" }).first().click();
    await page.keyboard.press("Escape");
    await page.getByText("Share your experience", { exact: true }).click();
    await page.getByRole("button", { name: "Share experience" }).click();
    await toast(page, "Missing information");
    await page.getByLabel("Role family *").selectOption("Design");
    await page.getByLabel("Seniority *").selectOption("Senior");
    await page.getByLabel("Residency *").selectOption("EU non-resident");
    await page.getByRole("button", { name: "Share experience" }).click();
    await toast(page, "Thank you! Your experience has been shared with the community.");
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it("waiting list: the success toast", async () => {
    const { page, violations } = await watched(desktop, "/waiting-list/cv-upgrade");
    await page.getByLabel("Full name *").fill("Ada Lovelace");
    await page.getByLabel("Email *").fill("ada@example.org");
    await page.getByLabel("Message *").fill("Please have a look at my CV.");
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await toast(page, "Thank you! You're on the waiting list.");
    expect(await violations()).toEqual([]);
    await page.close();
  });

  it("phone: the drawer", async () => {
    const { page, violations } = await watched(mobile, "/country/fr");
    await page.getByLabel("Open menu").click();
    await page.getByRole("dialog").waitFor();
    expect(await violations()).toEqual([]);
    await page.close();
  });
});
