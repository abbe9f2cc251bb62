// "One true story on every page" (docs/product.md §2, §4, §5) against the real server and the bundled data: the
// rating key matches the rows' labels and weather; unknown countries answer 404; the two dates are named for what they
// are (as on the share card); the feeds, share images and badges are linked (all read from the server's HTML, the same
// at every width); in Chromium at 390 px and 1280 px (one load of each page, the width changed): the forms say what is
// wrong where it is wrong and never cut text (axe in every error state at both widths), and the keyboard skips the
// map, walks it in name order and lands on the new page's heading. Every page's axe check at 320, 390 and 1280 px is
// in the route matrix (route-matrix.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { COUNTRIES } from "../../lib/countries.ts";
import { bodyText, fetchPage, squash, textOf } from "../helpers/html.ts";
import {
  MOBILE,
  atEachWidth,
  axeViolations,
  hydrated,
  newPage,
  screenshot,
  sharedSite,
  startHarness,
  type ConsoleWatch,
  type Harness,
  type SharedHarness,
} from "./harness.ts";

/** The shared site for what only reads; a server of its own for the forms, which store what they send. */
let site: SharedHarness;
let h: Harness;
let mobile: BrowserContext;
/**
 * One tab per context, taken from page to page by the tests (a new tab is a new renderer process, which costs more
 * than a test's own steps: docs/testing.md). Each test starts from a fresh document and a cleared console.
 */
const tabs = new Map<BrowserContext, { page: Page; console: ConsoleWatch }>();

beforeAll(async () => {
  site = await sharedSite();
  h = await startHarness({
    prefix: "jwi-e2e-pages-",
    config: {
      rateLimits: {
        experiences: { limit: 50, windowMs: 600_000 },
        waitingList: { limit: 50, windowMs: 600_000 },
        contact: { limit: 50, windowMs: 600_000 },
        login: { limit: 10, windowMs: 600_000 },
      },
    },
  });
  mobile = await h.browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
  tabs.set(mobile, await newPage(mobile));
}, 180_000);

afterAll(async () => {
  await h?.close();
  await site?.close();
});

async function open(context: BrowserContext, path: string, base = h.base) {
  const { page, console } = tabs.get(context)!;
  console.clear();
  const res = await page.goto(base + path, { waitUntil: "load" });
  await hydrated(page);
  return { page, console, status: res?.status() ?? 0 };
}

const KEY = ["1–3.9 = very tough", "4–6.9 = mixed/average", "7–8.9 = rather favorable", "9–10 = very favorable"];
const KEY_WEATHER = [["Stormy", "Rainy"], ["Cloudy"], ["Bright"], ["Sunny"]];

/** The rating key as the server wrote it: each band's range, label and the weather chips in it. */
function ratingKey(document: Document) {
  const list = document.querySelector("[aria-label='Rating key']")!;
  return [...list.querySelectorAll("li")].map((li) => {
    const text = squash(li.querySelector("span")!.textContent ?? "");
    const m = /^(\d+(?:\.\d)?)–(\d+(?:\.\d)?) = (.+)$/.exec(text)!;
    return {
      from: Number(m[1]),
      to: Number(m[2]),
      label: m[3]!,
      text,
      weather: [...li.querySelectorAll("[data-status]")].map((e) => squash(e.textContent ?? "")),
    };
  });
}

describe("one true story, in the server's HTML", () => {
  it("the rating key of /brightest, /stormiest and /top-regions covers 1–10 without gaps and agrees with every row", async () => {
    for (const path of ["/brightest", "/stormiest", "/top-regions"]) {
      const { document } = await fetchPage(site.base + path);
      const key = ratingKey(document);
      expect(
        key.map((b) => b.text),
        path,
      ).toEqual(KEY);
      expect(
        key.map((b) => b.weather),
        path,
      ).toEqual(KEY_WEATHER);
      for (let i = 1; i < key.length; i++) expect(Math.round((key[i]!.from - key[i - 1]!.to) * 10) / 10).toBe(0.1);
      if (path !== "/top-regions") {
        // Each row's score lies in the band of its label, and its weather chip is one of that band's.
        const rows = [...document.querySelectorAll("main ol > li")];
        expect(rows).toHaveLength(10);
        for (const [i, row] of rows.entries()) {
          const text = squash(row.textContent ?? "");
          const score = Number(/(\d+\.\d) ?out of 10/.exec(text)![1]);
          const band = key.find((b) => score >= b.from && score <= b.to)!;
          expect(text.toLowerCase(), `${path} row ${i + 1}`).toContain(band.label);
          expect(band.weather).toContain(textOf(row, "[data-status]"));
        }
      }
    }
  });

  it("an unknown country code or job-market name answers Country Not Found with 404, without a redirect", async () => {
    for (const path of ["/country/xx", "/country/zz9", "/job-market/atlantis"]) {
      const { status, document } = await fetchPage(site.base + path, { redirect: "manual" });
      expect(status, path).toBe(404);
      expect(textOf(document, "h1")).toBe("Country Not Found");
      const home = [...document.querySelectorAll("a")].find((a) => squash(a.textContent ?? "") === "Back to Homepage");
      expect(home?.getAttribute("href")).toBe("/");
      expect(document.querySelector("meta[name=robots]")?.getAttribute("content")).toContain("noindex");
    }
  });

  it("a country page names its two dates as the share card does, and links its feeds, share image and badge", async () => {
    const { document } = await fetchPage(`${site.base}/country/de`);
    const pub = site.db.prepare("SELECT published_at FROM publications ORDER BY published_at DESC LIMIT 1").get() as
      { published_at: string } | undefined;
    const snap = site.db.prepare("SELECT anchor_month FROM snapshots WHERE country = 'DE'").get() as {
      anchor_month: string;
    };
    const [y, m] = snap.anchor_month.split("-").map(Number);
    const month = new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString("en-GB", {
      month: "long",
      year: "numeric",
      timeZone: "UTC",
    });
    const dates = textOf(document, "[data-testid=dates]");
    // The share card's words; the line, a line of its own, starts with a capital (docs/product.md "Dates").
    expect(dates).toMatch(new RegExp(`^Data to ${month} · published \\d{1,2} \\w+ \\d{4}$`));
    if (pub) {
      const d = new Date(pub.published_at);
      expect(dates).toContain(
        `published ${d.getUTCDate()} ${d.toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${d.getUTCFullYear()}`,
      );
    }
    // The share card's words (og:image:alt is the card's text; product/share-cards/card.ts draws the same phrase).
    expect(document.querySelector("meta[property='og:image:alt']")?.getAttribute("content")).toContain(
      `(data to ${month})`,
    );
    expect(bodyText(document)).not.toMatch(/Insights for/);

    const links = [...document.querySelectorAll("[data-testid=follow-links] a")].map((a) => [
      a.getAttribute("href"),
      squash(a.textContent ?? ""),
    ]);
    expect(links).toEqual([
      ["/feeds/de.atom", "Germany news feed (Atom)"],
      ["/feeds/all.atom", "All countries (Atom)"],
      ["/og/de.png", "Germany share image (PNG)"],
      ["/badge/de.svg", "Germany badge (SVG)"],
    ]);
    for (const [href, type] of [
      ["/feeds/de.atom", /atom\+xml/],
      ["/feeds/all.atom", /atom\+xml/],
      ["/og/de.png", /image\/png/],
      ["/badge/de.svg", /image\/svg\+xml/],
    ] as const) {
      const res = await fetch(site.base + href);
      expect(res.status, href).toBe(200);
      expect(res.headers.get("content-type"), href).toMatch(type);
    }

    // The job-market layout of the same country tells the same dates and links.
    const jm = (await fetchPage(`${site.base}/job-market/germany`)).document;
    expect(textOf(jm, "[data-testid=dates]")).toBe(dates);
    expect(jm.querySelectorAll("[data-testid=follow-links] a")).toHaveLength(4);
  });

  it("/open-data links every feed, share image and badge", async () => {
    const { document } = await fetchPage(`${site.base}/open-data`);
    const hrefs = [...document.querySelectorAll("main a")].map((a) => a.getAttribute("href"));
    expect(hrefs).toContain("/feeds/all.atom");
    for (const c of COUNTRIES) {
      const code = c.code.toLowerCase();
      for (const href of [`/feeds/${code}.atom`, `/og/${code}.png`, `/badge/${code}.svg`])
        expect(hrefs).toContain(href);
    }
    const germany = [...document.querySelectorAll("a")].find(
      (a) =>
        a.getAttribute("aria-label") === "Atom feed of Germany" ||
        squash(a.textContent ?? "") === "Atom feed of Germany",
    );
    expect(germany?.getAttribute("href")).toBe("/feeds/de.atom");
  });

  it("the home page lists the map's links in name order and names the published date", async () => {
    const { document } = await fetchPage(`${site.base}/`);
    const codes = [...document.querySelectorAll("svg a[data-code]")].map((a) => a.getAttribute("data-code"));
    expect(codes).toEqual([...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, "en")).map((c) => c.code));
    expect(squash(bodyText(document))).toMatch(/countries scored · published \d{1,2} \w+ \d{4}/);
  });
});

/**
 * The phone's context (touch, overlay scrollbars) at both widths: the forms and the keyboard behave the same at every
 * width and the site's layout depends on the width alone (docs/testing.md), so each page is loaded and walked once, at
 * 390 px, and what the width can change (what is shown, axe) is judged there and then at 1280 px on the same document.
 * Before, a desktop and a phone context each loaded and walked every page (atEachWidth: tests/e2e/harness.ts).
 */
describe("one true story, at 390 and 1280 px", () => {
  it("the experience form names each missing field beside it, focuses the first, counts the comment and refuses past the cap", async () => {
    const { page, console } = await open(mobile, "/country/cz");
    await page.getByText("Share your experience", { exact: true }).click();
    const form = page.locator("form[aria-labelledby=share-title]");
    await expect.poll(() => form.getByTestId("share-public").isVisible()).toBe(true);
    expect(await form.getByTestId("share-public").textContent()).toContain(
      "published on this page at once, for everyone to read",
    );
    await form.getByRole("button", { name: "Share experience" }).click();
    // The spec's toast stays; the fields say what is wrong.
    await expect.poll(() => page.getByText("Missing information", { exact: true }).isVisible()).toBe(true);
    const fields = [
      ["Role family *", "Choose a role family."],
      ["Seniority *", "Choose a seniority."],
      ["Residency *", "Choose a residency."],
    ] as const;
    for (const [label, error] of fields) {
      const select = page.getByLabel(label);
      expect(await select.getAttribute("aria-invalid")).toBe("true");
      const describedBy = (await select.getAttribute("aria-describedby"))!;
      expect(await page.locator(`#${describedBy}`).textContent()).toBe(error);
    }
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("role_family");
    await atEachWidth(page, async (width) => {
      for (const [label] of fields) {
        const describedBy = (await page.getByLabel(label).getAttribute("aria-describedby"))!;
        expect(await page.locator(`#${describedBy}`).isVisible(), `${label} at ${width} px`).toBe(true);
      }
    });
    await page.getByLabel("Role family *").selectOption("Design");
    expect(await page.getByLabel("Role family *").getAttribute("aria-invalid")).toBeNull();
    await page.getByLabel("Seniority *").selectOption("Senior");
    await page.getByLabel("Residency *").selectOption("EU non-resident");

    // The comment: a counter linked to the field, an announcement near the cap, nothing cut past it.
    const comment = page.getByLabel("Comment (optional)");
    await comment.fill("a".repeat(950));
    expect(await page.locator("#experience-comment-count").textContent()).toBe("950 / 1,000 characters");
    expect(await comment.getAttribute("aria-describedby")).toContain("experience-comment-count");
    expect(await form.locator("[aria-live=polite][data-counter-announce]").textContent()).toBe(
      "100 characters or fewer left.",
    );
    await comment.fill("b".repeat(1_012));
    expect(await comment.inputValue()).toHaveLength(1_012);
    expect(await page.locator("#experience-comment-count").textContent()).toBe("1,012 / 1,000 characters");
    expect(await form.locator("[data-counter-announce]").textContent()).toBe("12 characters over the limit of 1,000.");
    await form.getByRole("button", { name: "Share experience" }).click();
    await expect.poll(() => comment.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#experience-comment-error").textContent()).toBe(
      "Shorten your comment to 1,000 characters (12 too many).",
    );
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("experience-comment");
    await atEachWidth(page, async (width, size) => {
      await screenshot(page, `experience-form-errors-${size}`);
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    });
    const before = (h.server.db.prepare("SELECT COUNT(*) AS n FROM experiences").get() as { n: number }).n;
    await comment.fill("c".repeat(1_000));
    expect(await page.locator("#experience-comment-error").count()).toBe(0);
    await form.getByRole("button", { name: "Share experience" }).click();
    await expect
      .poll(() => page.getByText("Thank you! Your experience has been shared with the community.").isVisible())
      .toBe(true);
    const after = h.server.db.prepare("SELECT COUNT(*) AS n, MAX(length(comment)) AS len FROM experiences").get() as {
      n: number;
      len: number;
    };
    expect(after.n).toBe(before + 1);
    expect(after.len).toBe(1_000);
    expect(console.unexpected()).toEqual([]);
  });

  it("the waiting-list form shows the server's field errors beside the fields and focuses the first", async () => {
    const { page, console } = await open(mobile, "/waiting-list/career-consultant");
    await page.getByLabel("Email *").fill("not-an-email");
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await expect.poll(() => page.getByLabel("Full name *").getAttribute("aria-invalid")).toBe("true");
    for (const [label, error] of [
      ["Full name *", "Full name is required"],
      ["Email *", "Please enter a valid email address"],
      ["Message *", "Message is required"],
    ] as const) {
      const field = page.getByLabel(label);
      expect(await field.getAttribute("aria-invalid")).toBe("true");
      const ids = (await field.getAttribute("aria-describedby"))!.split(" ");
      expect(await page.locator(`#${ids[ids.length - 1]}`).textContent()).toBe(error);
    }
    expect(await page.getByLabel("Phone (optional)").getAttribute("aria-invalid")).toBeNull();
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("name");
    expect(await page.locator("#wl-message-count").textContent()).toBe("0 / 2,000 characters");
    await page.getByLabel("Full name *").fill("Ada");
    expect(await page.getByLabel("Full name *").getAttribute("aria-invalid")).toBeNull();
    await atEachWidth(page, async (width, size) => {
      await screenshot(page, `waiting-list-errors-${size}`);
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    });
    expect(console.unexpected(true).filter((e) => !/status of 400/.test(e))).toEqual([]);
  });

  it("the contact form counts its message and refuses one past the cap instead of cutting it", async () => {
    const { page } = await open(mobile, "/contact");
    const message = page.getByLabel("Message");
    await message.fill("m".repeat(4_003));
    expect(await message.inputValue()).toHaveLength(4_003);
    expect(await page.locator("#contact-message-count").textContent()).toBe("4,003 / 4,000 characters");
    await page.getByRole("button", { name: "Send message" }).click();
    await expect.poll(() => message.getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByTestId("contact-message-error").textContent()).toBe(
      "Shorten your message to 4,000 characters (3 too many).",
    );
    expect(await message.getAttribute("aria-describedby")).toContain("contact-message-error");
    expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("message");
    await atEachWidth(page, async (width) => {
      expect(await axeViolations(page), `at ${width} px`).toEqual([]);
    });
  });

  it("the home page: a skip link past the map, then the map links in name order", async () => {
    const { page, console } = await open(mobile, "/", site.base);
    const byName = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, "en")).map((c) => c.code);
    // Keyboard: Tab reaches the skip link just before the first map link; Enter and Tab land in the rankings.
    const skip = page.getByRole("link", { name: "Skip the map: go to the rankings" });
    await atEachWidth(page, async (width, size) => {
      await skip.focus();
      expect(await skip.isVisible(), `at ${width} px`).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-code"))).toBe(byName[0]);
      await skip.focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#rankings")), `at ${width} px`).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest("svg"))).toBeNull();
      await screenshot(page, `home-skip-${size}`);
    });
    expect(console.unexpected()).toEqual([]);
  });

  /** How long a client-side navigation may take to render the next page (loader data, then React). */
  const NAVIGATED = { timeout: 15_000 };
  it("after a client-side navigation focus is on the new page's h1, not the body", async () => {
    const { page, console } = await open(mobile, "/brightest", site.base);
    // At each width a client-side navigation there and back, in the one document.
    await atEachWidth(page, async (width) => {
      const first = page.locator("main ol > li a").first();
      const href = (await first.getAttribute("href"))!;
      await first.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(site.base + href);
      // The address changes before the new page's data has come and it has rendered; on a loaded machine that took
      // longer than expect.poll's default second (the heading seen was still the previous page's): waited for here.
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.tagName), { ...NAVIGATED, message: `at ${width} px` })
        .toBe("H1");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("tabindex"))).toBe("-1");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/: job market weather$/);
      // Back to a page through the header: its heading takes focus too.
      await page.goBack();
      await page.waitForURL(`${site.base}/brightest`);
      await expect
        .poll(() => page.evaluate(() => document.activeElement?.textContent), {
          ...NAVIGATED,
          message: `at ${width} px`,
        })
        .toMatch(/Brightest/);
    });
    expect(console.unexpected()).toEqual([]);
  });
});
