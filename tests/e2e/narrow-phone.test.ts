// The pages on the narrowest phone (320 px, WCAG's reflow width) in the language with the longest words, in Chromium
// against the real server and the bundled data: nothing sticks out of the box it is in (the page, a card, a list row).
// i18n-routes.ts checks every route in every language at 320 px for a page wider than the screen and for clipped
// text; this also sees text that runs into a card's padding or past its edge without widening the page, as
// "Gemischt/durchschnittlich" did beside the score card's weather icon, and the job-market snapshot's labels.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { hydrated, newPage, startHarness, type Harness } from "./harness.ts";
import { PHONE_320 } from "./i18n-routes.ts";

let h: Harness;
let phone: BrowserContext;

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-narrow-" });
  phone = await h.browser.newContext({ ...PHONE_320, reducedMotion: "reduce" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

/**
 * Elements in `main` whose box ends right of their parent's content box (the parent's right edge less its padding and
 * border). Positioned elements and what they hold, and the insides of sideways scrollers (tables, the compare table),
 * are left out: they are meant to.
 */
function sticksOut(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    for (const el of document.querySelectorAll<HTMLElement>("main *")) {
      const parent = el.parentElement!;
      const style = getComputedStyle(el);
      if (el.closest("svg") || el.getClientRects().length === 0) continue;
      // Positioned boxes and what is in them (the forms' honeypot field lives far off the screen on purpose).
      let positioned = false;
      for (let a: HTMLElement | null = el; a && a.tagName !== "MAIN"; a = a.parentElement) {
        const p = a === el ? style.position : getComputedStyle(a).position;
        if (p === "absolute" || p === "fixed") positioned = true;
      }
      if (positioned) continue;
      if (parent.closest("[class*='overflow-x-auto'], [class*='overflow-auto']")) continue;
      const ps = getComputedStyle(parent);
      const inner =
        parent.getBoundingClientRect().right - parseFloat(ps.paddingRight) - parseFloat(ps.borderRightWidth);
      const right = el.getBoundingClientRect().right;
      if (right > inner + 1)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}": ${Math.round(right)} > ${Math.round(inner)}`,
        );
    }
    return out;
  });
}

describe("320 px in German", () => {
  for (const path of [
    "/de",
    "/de/country/de",
    "/de/job-market/deutschland",
    "/de/brightest",
    "/de/your-weather",
    "/de/compare/de-fr",
    "/de/waiting-list/cv-upgrade",
    "/de/contact",
  ]) {
    it(`${path}: nothing wider than the screen or sticking out of its box`, async () => {
      const { page, console } = await newPage(phone);
      await page.goto(h.base + path, { waitUntil: "load" });
      await hydrated(page);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(320);
      expect(await sticksOut(page)).toEqual([]);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });
  }
});
