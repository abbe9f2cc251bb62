// "One true story on every page" (docs/product.md §2, §4, §5), in Chromium at 1280 px and 390 px against the real
// server and the bundled data: the rating key matches the rows' labels and weather; unknown countries answer 404;
// the forms say what is wrong where it is wrong and never cut text; the two dates are named for what they are
// (as on the share card); the keyboard skips the map, walks it in name order and lands on the new page's heading;
// the feeds, share images and badges are linked. Each page is checked with axe-core (no serious or critical).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BrowserContext, Page } from "playwright-core";
import { COUNTRIES } from "../../pipeline/countries.ts";
import {
  DESKTOP,
  MOBILE,
  axeViolations,
  hydrated,
  newPage,
  screenshot,
  startHarness,
  type Harness,
} from "./harness.ts";

let h: Harness;
let desktop: BrowserContext;
let mobile: BrowserContext;

beforeAll(async () => {
  h = await startHarness({
    prefix: "jwi-e2e-one-story-",
    config: {
      rateLimits: {
        experiences: { limit: 50, windowMs: 600_000 },
        waitingList: { limit: 50, windowMs: 600_000 },
        contact: { limit: 50, windowMs: 600_000 },
        login: { limit: 10, windowMs: 600_000 },
      },
    },
  });
  desktop = await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" });
  mobile = await h.browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

async function open(context: BrowserContext, path: string) {
  const { page, console } = await newPage(context);
  const res = await page.goto(h.base + path, { waitUntil: "load" });
  await hydrated(page);
  return { page, console, status: res?.status() ?? 0 };
}

const KEY = ["1–3.9 = very tough", "4–6.9 = mixed/average", "7–8.9 = rather favorable", "9–10 = very favorable"];
const KEY_WEATHER = [["Stormy", "Rainy"], ["Cloudy"], ["Bright"], ["Sunny"]];

/** The rating key as shown: each band's range, label and the weather chips in it. */
async function ratingKey(page: Page) {
  const items = page.getByRole("list", { name: "Rating key" }).locator("li");
  const out: Array<{ from: number; to: number; label: string; text: string; weather: string[] }> = [];
  for (let i = 0; i < (await items.count()); i++) {
    const text = (await items.nth(i).locator("span").first().textContent())!;
    const m = /^(\d+(?:\.\d)?)–(\d+(?:\.\d)?) = (.+)$/.exec(text)!;
    out.push({
      from: Number(m[1]),
      to: Number(m[2]),
      label: m[3]!,
      text,
      weather: await items.nth(i).locator("[data-status]").allTextContents(),
    });
  }
  return out;
}

for (const [device, context] of [
  ["desktop", () => desktop],
  ["mobile", () => mobile],
] as const) {
  describe(`one true story, ${device}`, () => {
    it("the rating key of /brightest, /stormiest and /top-regions covers 1–10 without gaps and agrees with every row", async () => {
      for (const path of ["/brightest", "/stormiest", "/top-regions"]) {
        const { page, console } = await open(context(), path);
        const key = await ratingKey(page);
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
          const rows = page.locator("main ol > li");
          expect(await rows.count()).toBe(10);
          for (let i = 0; i < 10; i++) {
            const text = (await rows.nth(i).innerText()).replace(/\s+/g, " ");
            const score = Number(/(\d+\.\d) out of 10/.exec(text)![1]);
            const band = key.find((b) => score >= b.from && score <= b.to)!;
            expect(text.toLowerCase(), `${path} row ${i + 1}`).toContain(band.label);
            expect(band.weather).toContain(await rows.nth(i).locator("[data-status]").textContent());
          }
        }
        await screenshot(page, `rating-key${path.replace("/", "-")}-${device}`);
        expect(await axeViolations(page), path).toEqual([]);
        expect(console.unexpected()).toEqual([]);
        await page.close();
      }
    });

    it("an unknown country code or job-market name answers Country Not Found with 404, without a redirect", async () => {
      for (const path of ["/country/xx", "/country/zz9", "/job-market/atlantis"]) {
        const { page, status } = await open(context(), path);
        expect(status, path).toBe(404);
        expect(page.url()).toBe(h.base + path);
        expect(await page.locator("h1").textContent()).toBe("Country Not Found");
        expect(await page.getByRole("link", { name: "Back to Homepage" }).getAttribute("href")).toBe("/");
        expect(await page.locator("meta[name=robots]").getAttribute("content")).toContain("noindex");
        expect(await axeViolations(page), path).toEqual([]);
        await page.close();
      }
    });

    it("the experience form names each missing field beside it, focuses the first, counts the comment and refuses past the cap", async () => {
      const { page, console } = await open(context(), "/country/cz");
      await page.getByText("Share your experience", { exact: true }).click();
      const form = page.locator("form[aria-labelledby=share-title]");
      await expect.poll(() => form.getByTestId("share-public").isVisible()).toBe(true);
      expect(await form.getByTestId("share-public").textContent()).toContain(
        "published on this page at once, for everyone to read",
      );
      await form.getByRole("button", { name: "Share experience" }).click();
      // The spec's toast stays; the fields say what is wrong.
      await expect.poll(() => page.getByText("Missing information", { exact: true }).isVisible()).toBe(true);
      for (const [label, error] of [
        ["Role family *", "Choose a role family."],
        ["Seniority *", "Choose a seniority."],
        ["Residency *", "Choose a residency."],
      ] as const) {
        const select = page.getByLabel(label);
        expect(await select.getAttribute("aria-invalid")).toBe("true");
        const describedBy = (await select.getAttribute("aria-describedby"))!;
        expect(await page.locator(`#${describedBy}`).textContent()).toBe(error);
        expect(await page.locator(`#${describedBy}`).isVisible()).toBe(true);
      }
      expect(await page.evaluate(() => document.activeElement?.getAttribute("name"))).toBe("role_family");
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
      expect(await form.locator("[data-counter-announce]").textContent()).toBe(
        "12 characters over the limit of 1,000.",
      );
      await form.getByRole("button", { name: "Share experience" }).click();
      await expect.poll(() => comment.getAttribute("aria-invalid")).toBe("true");
      expect(await page.locator("#experience-comment-error").textContent()).toBe(
        "Shorten your comment to 1,000 characters (12 too many).",
      );
      expect(await page.evaluate(() => document.activeElement?.id)).toBe("experience-comment");
      await screenshot(page, `experience-form-errors-${device}`);
      expect(await axeViolations(page)).toEqual([]);
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
      await page.close();
    });

    it("the waiting-list form shows the server's field errors beside the fields and focuses the first", async () => {
      const { page, console } = await open(context(), "/waiting-list/career-consultant");
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
      await screenshot(page, `waiting-list-errors-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(console.unexpected(true).filter((e) => !/status of 400/.test(e))).toEqual([]);
      await page.close();
    });

    it("the contact form counts its message and refuses one past the cap instead of cutting it", async () => {
      const { page } = await open(context(), "/contact");
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
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it("a country page names its two dates as the share card does, and links its feeds, share image and badge", async () => {
      const { page, console } = await open(context(), "/country/de");
      const pub = h.server.db
        .prepare("SELECT published_at FROM publications ORDER BY published_at DESC LIMIT 1")
        .get() as { published_at: string } | undefined;
      const snap = h.server.db.prepare("SELECT anchor_month FROM snapshots WHERE country = 'DE'").get() as {
        anchor_month: string;
      };
      const [y, m] = snap.anchor_month.split("-").map(Number);
      const month = new Date(Date.UTC(y!, m! - 1, 1)).toLocaleString("en-GB", {
        month: "long",
        year: "numeric",
        timeZone: "UTC",
      });
      const dates = (await page.getByTestId("dates").textContent())!;
      expect(dates).toMatch(new RegExp(`^data to ${month} · published \\d{1,2} \\w+ \\d{4}$`));
      if (pub) {
        const d = new Date(pub.published_at);
        expect(dates).toContain(
          `published ${d.getUTCDate()} ${d.toLocaleString("en-GB", { month: "long", timeZone: "UTC" })} ${d.getUTCFullYear()}`,
        );
      }
      // The share card's words (og:image:alt is the card's text; product/share-cards/card.ts draws the same phrase).
      expect(await page.locator("meta[property='og:image:alt']").getAttribute("content")).toContain(
        `(data to ${month})`,
      );
      expect(await page.locator("body").innerText()).not.toMatch(/Insights for/);

      const follow = page.getByTestId("follow-links");
      const links = await follow
        .locator("a")
        .evaluateAll((as) => as.map((a) => [a.getAttribute("href"), a.textContent]));
      expect(links).toEqual([
        ["/feeds/de.atom", "Germany news feed (Atom)"],
        ["/feeds/all.atom", `All ${COUNTRIES.length} countries (Atom)`],
        ["/og/de.png", "Germany share image (PNG)"],
        ["/badge/de.svg", "Germany badge (SVG)"],
      ]);
      for (const [href, type] of [
        ["/feeds/de.atom", /atom\+xml/],
        ["/feeds/all.atom", /atom\+xml/],
        ["/og/de.png", /image\/png/],
        ["/badge/de.svg", /image\/svg\+xml/],
      ] as const) {
        const res = await fetch(h.base + href);
        expect(res.status, href).toBe(200);
        expect(res.headers.get("content-type"), href).toMatch(type);
      }
      await follow.scrollIntoViewIfNeeded();
      await screenshot(page, `country-dates-follow-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(console.unexpected()).toEqual([]);
      await page.close();

      // The job-market layout of the same country tells the same dates and links.
      const jm = await open(context(), "/job-market/germany");
      expect(await jm.page.getByTestId("dates").textContent()).toBe(dates);
      expect(await jm.page.getByTestId("follow-links").locator("a").count()).toBe(4);
      await jm.page.close();
    });

    it("/open-data links every feed, share image and badge", async () => {
      const { page } = await open(context(), "/open-data");
      const hrefs = await page.locator("main a").evaluateAll((as) => as.map((a) => a.getAttribute("href")));
      expect(hrefs).toContain("/feeds/all.atom");
      for (const c of COUNTRIES) {
        const code = c.code.toLowerCase();
        for (const href of [`/feeds/${code}.atom`, `/og/${code}.png`, `/badge/${code}.svg`])
          expect(hrefs).toContain(href);
      }
      expect(await page.getByRole("link", { name: "Atom feed of Germany" }).getAttribute("href")).toBe(
        "/feeds/de.atom",
      );
      await page.locator("#feeds").scrollIntoViewIfNeeded();
      await screenshot(page, `open-data-feeds-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      await page.close();
    });

    it("the home page: a skip link past the map, map links in name order, published date named", async () => {
      const { page, console } = await open(context(), "/");
      const codes = await page
        .locator("svg a[data-code]")
        .evaluateAll((as) => as.map((a) => a.getAttribute("data-code")));
      const byName = [...COUNTRIES].sort((a, b) => a.name.localeCompare(b.name, "en")).map((c) => c.code);
      expect(codes).toEqual(byName);
      expect(await page.locator("main").innerText()).toMatch(/countries scored · published \d{1,2} \w+ \d{4}/);
      // Keyboard: Tab reaches the skip link just before the first map link; Enter and Tab land in the rankings.
      const skip = page.getByRole("link", { name: "Skip the map: go to the rankings" });
      await skip.focus();
      expect(await skip.isVisible()).toBe(true);
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("data-code"))).toBe(byName[0]);
      await skip.focus();
      await page.keyboard.press("Enter");
      await page.keyboard.press("Tab");
      expect(await page.evaluate(() => !!document.activeElement?.closest("#rankings"))).toBe(true);
      expect(await page.evaluate(() => document.activeElement?.closest("svg"))).toBeNull();
      await screenshot(page, `home-skip-${device}`);
      expect(await axeViolations(page)).toEqual([]);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });

    it("after a client-side navigation focus is on the new page's h1, not the body", async () => {
      const { page, console } = await open(context(), "/brightest");
      const first = page.locator("main ol > li a").first();
      const href = (await first.getAttribute("href"))!;
      await first.focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(h.base + href);
      await expect.poll(() => page.evaluate(() => document.activeElement?.tagName)).toBe("H1");
      expect(await page.evaluate(() => document.activeElement?.getAttribute("tabindex"))).toBe("-1");
      expect(await page.evaluate(() => document.activeElement?.textContent)).toMatch(/: job market weather$/);
      // Back to a page through the header: its heading takes focus too.
      await page.goBack();
      await page.waitForURL(`${h.base}/brightest`);
      await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toMatch(/Brightest/);
      expect(await axeViolations(page)).toEqual([]);
      expect(console.unexpected()).toEqual([]);
      await page.close();
    });
  });
}
