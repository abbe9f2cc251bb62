// Nothing the keyboard or a form focuses hides under the sticky header (WCAG 2.4.11, focus not obscured), in
// Chromium against the real server and the bundled data: app.css gives the page a scroll padding as tall as the
// header and a label, so the browser stops every scroll it makes for focus below the header. Before, going back
// through the country page with Shift+Tab on a phone left links entirely behind the header ("Upgrade your CV" at
// 0-38 px under a 65 px header), and a waiting-list form sent empty focused its first field with the field's label
// out of sight.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { DESKTOP, MOBILE, hydrated, newPage, sharedSite, type SharedHarness } from "./harness.ts";

let h: SharedHarness;
let mobile: BrowserContext;
let desktop: BrowserContext;

beforeAll(async () => {
  h = await sharedSite();
  // Reduced motion: app.css then scrolls at once instead of smoothly, so a position can be read right after a key.
  mobile = await h.browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
  desktop = await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string): Promise<Page> {
  const { page } = await newPage(context);
  await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return page;
}

/** The focused element against the sticky header: where each one ends, and whether the element is in the header. */
function focusAgainstHeader(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement as HTMLElement | null;
    const header = document.querySelector("body > div header, header")!.getBoundingClientRect();
    if (!el || el === document.body) return null;
    const r = el.getBoundingClientRect();
    return {
      what: `${el.tagName.toLowerCase()} "${(el.textContent ?? "").trim().slice(0, 40)}"`,
      top: Math.round(r.top),
      headerBottom: Math.round(header.bottom),
      inHeader: !!el.closest("header"),
      // A control the page shows as fixed (a toast) is not scrolled to.
      fixed: getComputedStyle(el).position === "fixed" || !!el.closest("[data-sonner-toaster]"),
    };
  });
}

describe("focus is never hidden under the sticky header", () => {
  for (const [device, context] of [
    ["phone", () => mobile],
    ["desktop", () => desktop],
  ] as const) {
    it(`${device}: Shift+Tab from the end of the country page to its top; every focused control below the header`, async () => {
      const page = await open(context(), "/country/de");
      await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
      // Start after the last control: focus the page's last focusable element, then walk back.
      await page.evaluate(() => {
        const all = [
          ...document.querySelectorAll<HTMLElement>(
            "a[href], button, select, input, textarea, summary, [tabindex='0']",
          ),
        ].filter((e) => e.offsetParent !== null);
        all[all.length - 1]!.focus({ preventScroll: true });
      });
      const obscured: string[] = [];
      let seen = 0;
      for (let i = 0; i < 120; i++) {
        await page.keyboard.press("Shift+Tab");
        const f = await focusAgainstHeader(page);
        if (!f) continue;
        if (f.inHeader) break; // back at the top: the header's own controls
        seen++;
        if (!f.fixed && f.top < f.headerBottom)
          obscured.push(`${f.what} at ${f.top} px, header to ${f.headerBottom} px`);
      }
      expect(seen).toBeGreaterThan(15);
      expect(obscured).toEqual([]);
      await page.close();
    });
  }

  it("phone: a waiting-list form sent empty focuses its first field with the field's label in sight", async () => {
    // The browser has to scroll back up to the first field: the page is read to its end (a short phone screen, so
    // that this holds whatever fonts the machine has) and the form sent from its button by the keyboard, which
    // scrolls nothing by itself.
    const page = await open(mobile, "/de/waiting-list/cv-upgrade");
    const viewport = { width: MOBILE.viewport.width, height: 600 };
    await page.setViewportSize(viewport);
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const labelTop = () =>
      page.evaluate(() => {
        const label = document.querySelector("main form label[for]")!;
        return {
          label: Math.round(label.getBoundingClientRect().top),
          header: Math.round(document.querySelector("header")!.getBoundingClientRect().bottom),
        };
      });
    const before = await labelTop();
    expect(before.label, "the first field's label is out of sight before sending").toBeLessThan(before.header);
    await page.evaluate(() =>
      document.querySelector<HTMLButtonElement>("main form button[type=submit]")!.focus({ preventScroll: true }),
    );
    await page.keyboard.press("Enter");
    await page.waitForFunction(() => document.activeElement?.getAttribute("name") === "name");
    const where = await page.evaluate(() => {
      const field = document.activeElement as HTMLElement;
      const label = document.querySelector(`label[for="${field.id}"]`)!;
      return {
        label: Math.round(label.getBoundingClientRect().top),
        field: Math.round(field.getBoundingClientRect().top),
        header: Math.round(document.querySelector("header")!.getBoundingClientRect().bottom),
      };
    });
    expect(where.field).toBeLessThan(viewport.height);
    expect(where.label).toBeGreaterThanOrEqual(where.header);
    await page.close();
  });
});
