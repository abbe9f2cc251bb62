// Every door works before JavaScript (issue 33; docs/product.md §5 "Works before JavaScript, for real"), in Chromium
// with `javaScriptEnabled: false` against the real server: a visitor chooses a country from the home page and from a
// country page, opens the phone menu at 390 px, and sends a waiting-list request, a contact message and an experience,
// each stored once (post/redirect/get: a reload stores nothing again), with the errors next to the fields and what was
// typed kept when a post is refused, and the success text when it is accepted. Compare with one or five countries
// explains the 2-to-4 rule. Then, with JavaScript: what is typed into the picker before its list has loaded is kept
// (Enter opens the match, not the first country), and the search ignores case and accents and knows other names.
// Before: the picker and the phone menu were script-only buttons, the forms' buttons were disabled or hidden under a
// note that everything else worked without JavaScript, "Irl" typed at once opened Austria.
import type { Browser, BrowserContext, Page, Request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  axeViolations,
  DESKTOP,
  hydrated,
  MOBILE,
  newPage,
  screenshot,
  startHarness,
  WAITING_LIST_LIMIT,
  type ConsoleWatch,
  type Harness,
} from "./harness.ts";

let h: Harness;
let browser: Browser;
let noJs: BrowserContext;
let noJsPhone: BrowserContext;
/**
 * One tab per context, taken from page to page by the tests (a new tab is a new renderer process, which costs more
 * than a test's own steps: docs/testing.md); every test starts with a page.goto, so from a fresh document.
 */
const tabs = new Map<BrowserContext, Page>();
const tab = (context: BrowserContext) => ({ page: tabs.get(context)! });

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-no-script-" });
  browser = h.browser;
  noJs = await browser.newContext({ ...DESKTOP, javaScriptEnabled: false });
  noJsPhone = await browser.newContext({ ...MOBILE, javaScriptEnabled: false });
  for (const context of [noJs, noJsPhone]) tabs.set(context, (await newPage(context)).page);
}, 180_000);

afterAll(async () => {
  for (const context of [noJs, noJsPhone]) await context?.close();
  await h?.close();
});

const count = (table: string, where = "1") =>
  h.server.db.prepare(`SELECT count(*) FROM ${table} WHERE ${where}`).pluck().get() as number;

/** Submits a form by its button and returns the status of the answer the browser got for the post. */
async function post(page: Page, button: string): Promise<number> {
  const answer = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: button, exact: true }).click();
  const status = (await answer).status();
  await page.waitForLoadState("load");
  return status;
}

describe("without JavaScript", () => {
  it.each([
    ["desktop", () => noJs],
    ["phone", () => noJsPhone],
  ])("chooses a country from the home page and from a country page (%s)", async (_label, context) => {
    const { page } = tab(context());
    await page.goto(`${h.base}/`);
    const countries = page.getByRole("navigation", { name: "Countries" });
    expect(await countries.isVisible()).toBe(false);
    await page.getByTestId("country-picker").click();
    expect(await countries.getByRole("link").count()).toBe(31);
    await countries.getByRole("link", { name: "Ireland", exact: true }).click();
    await page.waitForURL(/\/country\/ie$/);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/Ireland/);

    await page.getByTestId("country-picker").click();
    expect(await countries.getByRole("link", { name: "Ireland", exact: true }).getAttribute("aria-current")).toBe(
      "page",
    );
    await countries.getByRole("link", { name: "Spain", exact: true }).click();
    await page.waitForURL(/\/country\/es$/);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toMatch(/Spain/);
  });

  it("a country page in German lists the countries by their German names, to the German pages", async () => {
    const { page } = tab(noJs);
    await page.goto(`${h.base}/de/country/de`);
    await page.getByTestId("country-picker").click();
    await page.getByRole("navigation", { name: "Länder" }).getByRole("link", { name: "Tschechien" }).click();
    await page.waitForURL(/\/de\/country\/cz$/);
  });

  it("opens the phone menu at 390 px and follows it", async () => {
    const { page } = tab(noJsPhone);
    await page.goto(`${h.base}/methodology`);
    const menu = page.getByRole("navigation", { name: "Mobile" });
    expect(await menu.isVisible()).toBe(false);
    await page.getByTestId("phone-menu").locator("summary").click();
    expect(await menu.isVisible()).toBe(true);
    // The panel lies below the header, inside the screen.
    const box = (await menu.boundingBox())!;
    expect(box.x).toBeGreaterThanOrEqual(0);
    expect(box.x + box.width).toBeLessThanOrEqual(390);
    await menu.getByRole("link", { name: "Brightest Markets" }).click();
    await page.waitForURL(/\/brightest$/);
  });

  it("a country page at 390 px shows its phone layout's collapsed sections open", async () => {
    // Moved from tests/e2e/site.test.ts ("without JavaScript"), whose other checks of the pages before JavaScript
    // read the server's HTML.
    const { page } = tab(noJsPhone);
    await page.goto(`${h.base}/country/de`);
    expect(await page.getByText("General signal").last().isVisible()).toBe(true);
    expect(await page.getByText("Be selective and precise").last().isVisible()).toBe(true);
    await screenshot(page, "country-nojs-mobile");
  });

  it("sends a waiting-list request: errors next to the fields, then stored once, the success text, a reload stores nothing", async () => {
    const before = count("waiting_list");
    const { page } = tab(noJs);
    await page.goto(`${h.base}/waiting-list/cv-upgrade`);
    await page.getByLabel("Full name *").fill("Ana Visitor");
    await page.getByLabel("Email *").fill("not-an-address");
    expect(await post(page, "Join the waiting list")).toBe(400);
    expect(count("waiting_list")).toBe(before);
    // What was typed is kept; each error is under its field and named by it.
    expect(await page.getByLabel("Full name *").inputValue()).toBe("Ana Visitor");
    const email = page.getByLabel("Email *");
    expect(await email.getAttribute("aria-invalid")).toBe("true");
    expect(await page.locator("#wl-email-error").innerText()).toBe("Please enter a valid email address");
    expect(await page.locator("#wl-message-error").innerText()).toBe("Message is required");
    expect(await page.getByRole("alert").innerText()).toMatch(/Some fields need your attention/);
    // The page answering a refused post focuses the first field in error.
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("wl-email");

    await email.fill("ana@example.org");
    await page.getByLabel("Message *").fill("Please look at my CV.");
    expect(await post(page, "Join the waiting list")).toBe(303);
    await page.waitForURL(/\/waiting-list\/cv-upgrade\?sent=1$/);
    expect(await page.getByRole("status").filter({ hasText: "You're on the waiting list" }).count()).toBe(1);
    expect(count("waiting_list")).toBe(before + 1);
    await page.reload();
    expect(count("waiting_list")).toBe(before + 1);
  });

  it("a post over the rate limit says so and keeps what was typed", async () => {
    const { page } = tab(noJs);
    for (let i = count("waiting_list"); i < WAITING_LIST_LIMIT; i++) {
      await page.goto(`${h.base}/waiting-list/career-consultant`);
      await page.getByLabel("Full name *").fill(`Filler ${i}`);
      await page.getByLabel("Email *").fill(`filler${i}@example.org`);
      await page.getByLabel("Message *").fill("Filling the budget.");
      expect(await post(page, "Join the waiting list")).toBe(303);
    }
    await page.goto(`${h.base}/waiting-list/career-consultant`);
    await page.getByLabel("Full name *").fill("One Too Many");
    await page.getByLabel("Email *").fill("many@example.org");
    await page.getByLabel("Message *").fill("Over the limit.");
    const stored = count("waiting_list");
    expect(await post(page, "Join the waiting list")).toBe(429);
    expect(await page.getByRole("alert").innerText()).toMatch(/several times in a short time/);
    expect(await page.getByLabel("Message *").inputValue()).toBe("Over the limit.");
    expect(count("waiting_list")).toBe(stored);
  });

  it("sends a contact message: errors next to the fields, then stored once, the success text", async () => {
    const before = count("contact_messages");
    const { page } = tab(noJs);
    await page.goto(`${h.base}/contact`);
    await page.getByLabel("Name", { exact: true }).fill("Ben Writer");
    await page.getByLabel("Message", { exact: true }).fill("Where do the vacancy figures come from?");
    expect(await post(page, "Send message")).toBe(400);
    expect(await page.getByTestId("contact-email-error").innerText()).toBe("Email is required");
    expect(await page.getByTestId("contact-topic-error").innerText()).toBe("Topic is required");
    expect(await page.getByLabel("Message", { exact: true }).inputValue()).toBe(
      "Where do the vacancy figures come from?",
    );
    expect(count("contact_messages")).toBe(before);

    await page.getByLabel("Email", { exact: true }).fill("ben@example.org");
    await page.getByLabel("Topic", { exact: true }).selectOption({ index: 1 });
    expect(await post(page, "Send message")).toBe(303);
    await page.waitForURL(/\/contact\?sent=1$/);
    expect(await page.getByRole("status").filter({ hasText: "Message sent" }).count()).toBe(1);
    expect(count("contact_messages")).toBe(before + 1);
    await page.reload();
    expect(count("contact_messages")).toBe(before + 1);
  });

  it("shares an experience from a country page: errors next to the choices, then published once, the success text", async () => {
    const before = count("experiences", "country_code = 'DE'");
    const { page } = tab(noJs);
    await page.goto(`${h.base}/country/de`);
    const share = page.locator("details#share");
    expect(await share.getAttribute("open")).toBeNull();
    await share.locator("summary").click();
    await page.getByLabel("Comment (optional)").fill("Two interviews, no offer yet.");
    expect(await post(page, "Share experience")).toBe(400);
    expect(await share.getAttribute("open")).not.toBeNull();
    expect(await page.locator("#experience-role_family-error").innerText()).toMatch(/role/i);
    expect(await page.getByLabel("Comment (optional)").inputValue()).toBe("Two interviews, no offer yet.");
    expect(count("experiences", "country_code = 'DE'")).toBe(before);

    await page.locator("#experience-role_family").selectOption({ index: 1 });
    await page.locator("#experience-seniority").selectOption({ index: 1 });
    await page.locator("#experience-residency").selectOption({ index: 1 });
    expect(await post(page, "Share experience")).toBe(303);
    await page.waitForURL(/\/country\/de\?sent=1#share$/);
    expect(await page.getByRole("status").filter({ hasText: "Your experience has been shared" }).count()).toBe(1);
    expect(await page.getByText("Two interviews, no offer yet.").count()).toBe(1);
    expect(count("experiences", "country_code = 'DE'")).toBe(before + 1);
    await page.reload();
    expect(count("experiences", "country_code = 'DE'")).toBe(before + 1);
  });

  it("compare with one or five countries explains the 2-to-4 rule, and its form adds a country", async () => {
    const { page } = tab(noJs);
    await page.goto(`${h.base}/compare/de`);
    expect(await page.getByRole("heading", { level: 1 }).innerText()).toBe("Compare 2 to 4 countries");
    await page.getByTestId("compare-with").locator("select").selectOption("fr");
    await page.getByTestId("compare-with").getByRole("button", { name: "Compare" }).click();
    await page.waitForURL(/\/compare\/de-fr$/);
    await page.goto(`${h.base}/compare/at-be-de-fr-it`);
    expect(await page.getByTestId("compare-limits").innerText()).toMatch(/this address names 5/);
    await page.getByRole("link", { name: /^Compare Austria, Belgium, Germany,? and France$/ }).click();
    await page.waitForURL(/\/compare\/at-be-de-fr$/);
    expect(await page.locator("[data-testid=compare-cards] > div").count()).toBe(4);
  });
});

describe("the pages as they are before JavaScript, judged by axe-core", () => {
  // axe needs scripts in the page: here the browser runs them, but the site's own never load (every request for a
  // script is refused), so the pages stay as a browser without JavaScript shows them.
  it("the open picker, the open phone menu, and forms answering a refused post have no serious violation", async () => {
    const context = await browser.newContext({ ...MOBILE, reducedMotion: "reduce" });
    await context.route(/\/assets\/.*\.js$/, (route) => route.abort());
    const { page } = await newPage(context);
    const judge = async (what: string) =>
      expect(await axeViolations(page, { skip: ["color-contrast"] }), what).toEqual([]);
    await page.goto(`${h.base}/`);
    await page.getByTestId("country-picker").click();
    await judge("home, picker open");
    await page.getByTestId("phone-menu").locator("summary").click();
    await judge("home, phone menu open");
    await page.goto(`${h.base}/waiting-list/career-consultant`);
    await page.getByRole("button", { name: "Join the waiting list" }).click();
    await page.waitForLoadState("load");
    await judge("waiting list, refused");
    await page.goto(`${h.base}/country/fr`);
    await page.locator("details#share summary").click();
    await page.getByRole("button", { name: "Share experience", exact: true }).click();
    await page.waitForLoadState("load");
    await judge("country page, experience refused");
    await context.close();
  });
});

describe("with JavaScript: the picker keeps what is typed before it is ready", () => {
  // One context and one tab for the desktop tests (nothing here is stored in the context: no language is chosen, no
  // form sent). Playwright turns the HTTP cache off while a route is set, so every test's own route (set before its
  // page.goto, removed by close()) sees the list's script asked for.
  let context: BrowserContext;
  let tabOf: { page: Page; console: ConsoleWatch };
  beforeAll(async () => {
    context = await browser.newContext(DESKTOP);
    tabOf = await newPage(context);
  });
  afterAll(async () => {
    await context?.close();
  });

  /** The home page in `lang`, hydrated, with the picker's list held back for `holdMs` once asked for. */
  async function home(lang: string, holdMs: number) {
    const { page, console } = tabOf;
    console.clear();
    const menu = /country-picker-menu-[\w-]+\.js$/;
    await page.route(menu, async (route) => {
      await new Promise((r) => setTimeout(r, holdMs));
      await route.continue();
    });
    await page.goto(`${h.base}${lang === "en" ? "/" : `/${lang}`}`);
    await hydrated(page);
    // As closing the page did: a held request is let through, its handler's late continue ignored.
    return { page, console, close: () => page.unrouteAll({ behavior: "ignoreErrors" }) };
  }

  it("'Irl' typed at once and Enter, before the list has loaded, opens Ireland (a client-side navigation)", async () => {
    const { page, console, close } = await home("en", 2_000);
    const documents: string[] = [];
    const onRequest = (r: Request) => void (r.resourceType() === "document" && documents.push(r.url()));
    page.on("request", onRequest);
    await page.getByTestId("country-picker").click();
    await page.keyboard.type("Irl");
    await page.keyboard.press("Enter");
    await page.waitForURL(/\/country\/ie$/);
    // React Router's route discovery (/__manifest?paths=…) is not redirected away: no full page load.
    expect(documents).toEqual([]);
    page.off("request", onRequest);
    expect(console.unexpected()).toEqual([]);
    await close();
  });

  it("what was typed is in the search once the list has loaded, and the match is first", async () => {
    const { page, close } = await home("en", 800);
    await page.getByTestId("country-picker").click();
    await page.keyboard.type("Irl");
    const input = page.getByPlaceholder("Search countries...");
    await input.waitFor();
    expect(await input.inputValue()).toBe("Irl");
    const first = page.locator("[cmdk-item]").first();
    expect(await first.innerText()).toBe("Ireland");
    expect(await first.getAttribute("data-selected")).toBe("true");
    await close();
  });

  // One load per language: the searches of a language are typed one after the other into the same picker.
  it.each([
    ["es", [["paises bajos", "Países Bajos"]]],
    ["pl", [["lotwa", "Łotwa"]]],
    [
      "en",
      [
        ["HOLLAND", "Netherlands"],
        ["czech republic", "Czechia"],
        ["Deutschland", "Germany"],
      ],
    ],
    ["de", [["osterreich", "Österreich"]]],
    ["fr", [["Republique tcheque", "Tchéquie"]]],
    ["it", [["olanda", "Paesi Bassi"]]],
  ] as const)("on the %s page, the search finds %j first", async (lang, searches) => {
    const { page, close } = await home(lang, 0);
    await page.getByTestId("country-picker").click();
    const input = page.locator("[cmdk-input]");
    await input.waitFor();
    for (const [typed, name] of searches) {
      await input.fill(typed);
      await expect.poll(() => page.locator("[cmdk-item]").first().innerText(), { message: typed }).toBe(name);
    }
    await close();
  });

  it("the phone menu opens the drawer once the page is ready (at 390 px)", async () => {
    // The desktop tab at a phone's width: the menu's breakpoint is the width alone (md, 768 px; docs/testing.md).
    const { page, console } = tabOf;
    console.clear();
    await page.setViewportSize(MOBILE.viewport);
    try {
      await page.goto(`${h.base}/methodology`);
      await hydrated(page);
      await page.getByTestId("phone-menu").locator("summary").click();
      const drawer = page.getByRole("dialog", { name: "Menu" });
      await drawer.waitFor();
      await drawer.getByRole("link", { name: "Stormiest Markets" }).click();
      await page.waitForURL(/\/stormiest$/);
      expect(console.unexpected()).toEqual([]);
    } finally {
      await page.setViewportSize(DESKTOP.viewport);
    }
  });
});
