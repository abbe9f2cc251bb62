// Languages (docs/i18n.md) against the real server and real Chromium (every route in every language at 390 and 1280 px
// with axe: the route matrix, route-matrix.ts): hreflang alternates and canonical links name the same page in each language; the language control
// leads to the same page in another language and remembers the choice; Accept-Language picks the language only at
// "/" and only without a choice; numbers and months follow the page's language.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { LOCALES, localePath, PREFIXED_LOCALES } from "../../product/locales.ts";
import { DESKTOP, hydrated, MOBILE, newPage, PUBLIC_ORIGIN, startHarness, type Harness } from "./harness.ts";

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ prefix: "jwi-e2e-i18n-" });
}, 180_000);

afterAll(async () => {
  await h?.close();
});

const get = (path: string, headers: Record<string, string> = {}) =>
  fetch(`${h.base}${path}`, { headers, redirect: "manual" });

describe("served pages in every language", () => {
  it("say their language, and name themselves and their translations", async () => {
    for (const l of LOCALES) {
      for (const page of ["/", "/country/de", "/brightest", "/job-market/germany"]) {
        const path = localePath(l, page);
        const res = await get(path);
        expect(res.status, path).toBe(200);
        const html = await res.text();
        expect(/<html lang="([^"]+)"/.exec(html)?.[1], path).toBe(l);
        const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
        // /job-market/{name} names /country/{code} of its language canonical, and so its alternates are that page's
        // translations: hreflang links name canonical pages only (docs/i18n.md).
        const base = page === "/job-market/germany" ? "/country/de" : page;
        expect(canonical, path).toBe(`${PUBLIC_ORIGIN}${localePath(l, base)}`);
        const alternates = Object.fromEntries(
          [...html.matchAll(/<link rel="alternate" hrefLang="([a-zA-Z-]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
        );
        for (const other of LOCALES)
          expect(alternates[other], `${path} → ${other}`).toBe(`${PUBLIC_ORIGIN}${localePath(other, base)}`);
        expect(alternates["x-default"], path).toBe(`${PUBLIC_ORIGIN}${base}`);
      }
    }
  });

  it("translate the chrome and the core pages, English unchanged", async () => {
    const text = async (path: string) => (await (await get(path)).text()).replace(/<!-- -->/g, "");
    expect(await text("/")).toContain("What&#x27;s the job market weather in Europe today?");
    expect(await text("/de")).toContain("Wie ist das Arbeitsmarktwetter in Europa heute?");
    expect(await text("/fr/brightest")).toContain("Les 10 marchés les plus lumineux d’Europe");
    expect(await text("/pl/stormiest")).toContain("Najbardziej burzliwe rynki");
    expect(await text("/it/top-regions")).toContain("Le migliori regioni d’Europa");
    // Country names from Intl.DisplayNames in the page's language, English as the product names them.
    expect(await text("/de/brightest")).toMatch(/Tschechien|Niederlande|Dänemark|Schweden|Polen|Deutschland/);
    expect(await text("/es")).toContain("Saltar al contenido");
  });

  it("describe a country page in its language: meta and Open Graph description, image text and JSON-LD", async () => {
    const attr = (html: string, re: RegExp) =>
      (re.exec(html)?.[1] ?? "")
        .replace(/&#x27;/g, "'")
        .replace(/&quot;/g, '"')
        .replace(/&amp;/g, "&");
    const ldOf = (html: string) =>
      JSON.parse(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/.exec(html)![1]!) as Record<
        string,
        unknown
      >;
    const de = (await (await get("/de/country/de")).text()).replace(/<!-- -->/g, "");
    const ld = ldOf(de);
    expect(ld.name).toBe("Job Weather Index: Deutschland");
    expect(ld.inLanguage).toBe("de");
    expect(ld.keywords).toEqual(["Arbeitsmarkt", "Arbeitslosigkeit", "offene Stellen", "Deutschland"]);
    expect(ld.description).toMatch(
      /^Arbeitsmarktwetter in Deutschland für \d{4}: [a-zäöü]+, \d,\d von 10 \(.+\), aus amtlichen Eurostat-Statistiken\. Arbeitslosigkeit \d,\d\u00a0% \(.+ \d{4}\)\.$/,
    );
    expect(attr(de, /<meta property="og:description" content="([^"]*)"/)).toBe(ld.description);
    expect(attr(de, /<meta name="description" content="([^"]*)"/)).toBe(ld.description);
    expect(attr(de, /<meta property="og:title" content="([^"]*)"/)).toMatch(
      /^Arbeitsmarkt Deutschland \d{4}: [A-ZÄÖÜ][a-zäöü]+, \d,\d\/10 \| Job Weather Index$/,
    );
    expect(attr(de, /<meta property="og:image:alt" content="([^"]*)"/)).toMatch(
      /^Deutschland: \d,\d von 10, [a-zäöü]+ auf dem Arbeitsmarkt \(Daten bis .+ \d{4}\)$/,
    );
    // Without a score: the reason in the language's words.
    const li = (await (await get("/pl/country/li")).text()).replace(/<!-- -->/g, "");
    expect(ldOf(li).description).toMatch(/^Rynek pracy w Liechtensteinie, \d{4}: brak oceny\. .*dla Liechtensteinu/);
    expect(attr(li, /<title>([^<]*)<\/title>/)).toMatch(
      /^Rynek pracy – Liechtenstein \d{4}: brak danych do oceny \| Job Weather Index$/,
    );
    // English as before.
    const en = (await (await get("/country/de")).text()).replace(/<!-- -->/g, "");
    expect(ldOf(en).inLanguage).toBe("en");
    expect(ldOf(en).description).toMatch(
      /^Job market weather in Germany for \d{4}: [a-z]+, \d\.\d out of 10 \(.+\), from official Eurostat statistics\. Unemployment \d\.\d% \(.+\)\.$/,
    );
  });

  it("compare from a country page in its language: names sorted in the language, the compare page of the same language", async () => {
    const de = await (await get("/de/country/de")).text();
    const form = /<form[^>]*data-testid="compare-with"[\s\S]*?<\/form>/.exec(de)![0];
    expect(/action="([^"]+)"/.exec(form)?.[1]).toBe("/de/compare/de");
    const names = [...form.matchAll(/<option[^>]*>([^<]+)<\/option>/g)].map((m) => m[1]!);
    expect(names).toContain("Tschechien");
    expect(names).toEqual([...names].sort(new Intl.Collator("de").compare));
    const added = await get("/de/compare/de?add=fr");
    expect(added.status).toBe(303);
    expect(added.headers.get("location")).toBe("/de/compare/de-fr");
    const upper = await get("/pl/compare/FR-de");
    expect(upper.status).toBe(301);
    expect(upper.headers.get("location")).toBe("/pl/compare/fr-de");
    expect((await get("/compare/de?add=fr")).headers.get("location")).toBe("/compare/de-fr");
  });

  it("404 under an unknown prefix, and in the language of a known one", async () => {
    expect((await get("/xx/brightest")).status).toBe(404);
    expect((await get("/en/brightest")).status).toBe(404);
    expect((await get("/de/admin")).status).toBe(404);
    const res = await get("/fr/no-such-page");
    expect(res.status).toBe(404);
    const html = await res.text();
    expect(html).toContain('<html lang="fr"');
    expect(html).toContain("Page introuvable");
  });
});

describe("staying in the page's language", () => {
  it("a redirect of a page under a prefix keeps the prefix", async () => {
    for (const [from, to] of [
      ["/de/country/DE", "/de/country/de"],
      ["/pl/country/FR?range=all", "/pl/country/fr?range=all"],
      ["/fr/waiting-list/nothing", "/fr/waiting-list/career-consultant"],
      ["/it/your-weather?U=3&M=2&V=2&C=2&S=2", "/it/your-weather?weights=U:3,M:2,V:2,C:2,S:2"],
      // Paths are lower case, whatever the case they were asked in; a query stays.
      ["/DE/brightest", "/de/brightest"],
      ["/De/country/de?range=all", "/de/country/de?range=all"],
      ["/METHODOLOGY", "/methodology"],
      ["/de/Job-Market/deutschland", "/de/job-market/deutschland"],
      ["/fr/Waiting-List/CV-Upgrade", "/fr/waiting-list/cv-upgrade"],
      // English, unprefixed, as before.
      ["/country/DE", "/country/de"],
      ["/waiting-list/nothing", "/waiting-list/career-consultant"],
    ]) {
      const res = await get(from);
      expect([301, 302, 303], from).toContain(res.status);
      expect(
        new URL(res.headers.get("location")!, h.base).pathname + new URL(res.headers.get("location")!, h.base).search,
        from,
      ).toBe(to);
    }
    // A job-market name with diacritics, percent-encoded in upper case as browsers send it, is not redirected for the
    // case of its escapes (the page then answers 301 to the language's own slug, which has no escapes).
    const umlaut = await get("/de/job-market/%C3%96sterreich");
    expect(umlaut.status).toBe(301);
    expect(umlaut.headers.get("location")).toBe("/de/job-market/oesterreich");
  });

  it("/de/your-weather names the countries in German, links to the German pages, and keeps the weights' URL German", async () => {
    const { page, console } = await newPage(await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" }));
    await page.goto(`${h.base}/de/your-weather`, { waitUntil: "load" });
    await hydrated(page);
    const list = page.getByTestId("personal-ranking");
    const names = await list.locator("li a").allTextContents();
    expect(names).toContain("Niederlande");
    expect(names).not.toContain("Netherlands");
    for (const href of await list.locator("li a").evaluateAll((as) => as.map((a) => a.getAttribute("href"))))
      expect(href).toMatch(/^\/de\/country\/[a-z]{2}$/);
    expect(await page.locator("main form").first().getAttribute("action")).toBe("/de/your-weather");
    const slider = page.getByRole("slider").nth(1);
    await slider.focus();
    await page.keyboard.press("End");
    await expect.poll(() => new URL(page.url()).pathname).toBe("/de/your-weather");
    expect(new URL(page.url()).search).toMatch(/^\?weights=/);
    // The map's links walk the countries in German alphabetical order (as the picker lists them).
    const mapOrder = await page.locator("a.map-link").evaluateAll((as) => as.map((a) => a.getAttribute("data-code")));
    // English would put Austria before Belgium and Spain before Switzerland.
    expect(mapOrder.indexOf("BE")).toBeLessThan(mapOrder.indexOf("AT")); // Belgien, Österreich
    expect(mapOrder.indexOf("CH")).toBeLessThan(mapOrder.indexOf("ES")); // Schweiz, Spanien
    expect(console.unexpected()).toEqual([]);
    await page.close();
  });
});

describe("a form of a page under a prefix", () => {
  it("/fr/waiting-list: after a request the page goes home in French, and its privacy link is the French page", async () => {
    const { page, console } = await newPage(await h.browser.newContext({ ...DESKTOP, reducedMotion: "reduce" }));
    await page.goto(`${h.base}/fr/waiting-list/cv-upgrade`, { waitUntil: "load" });
    await hydrated(page);
    expect(await page.locator("main form a").last().getAttribute("href")).toBe("/fr/privacy");
    await page.locator("input[name=name]").fill("Camille Martin");
    await page.locator("input[name=email]").fill("camille@example.org");
    await page.locator("textarea[name=message]").fill("Je cherche un poste à Lyon.");
    await page.locator("main form button[type=submit]").click();
    await page.waitForURL((u) => u.pathname === "/fr", { timeout: 10_000 });
    expect(await page.evaluate(() => document.documentElement.lang)).toBe("fr");
    expect(console.unexpected()).toEqual([]);
    await page.close();
  });
});

describe("/job-market/{name} under the country's name in each language", () => {
  it("the English name under a prefix answers 301 to the language's own; its alternates are the canonical country pages", async () => {
    const moved = await get("/de/job-market/germany?range=10y");
    expect(moved.status).toBe(301);
    expect(moved.headers.get("location")).toBe("/de/job-market/deutschland?range=10y");
    expect((await get("/de/job-market/Deutschland")).headers.get("location")).toBe("/de/job-market/deutschland");
    const res = await get("/de/job-market/deutschland");
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<html lang="de"');
    const alternates = Object.fromEntries(
      [...html.matchAll(/<link rel="alternate" hrefLang="([a-zA-Z-]+)" href="([^"]+)"/g)].map((m) => [m[1], m[2]]),
    );
    for (const l of LOCALES) expect(alternates[l]).toBe(`${PUBLIC_ORIGIN}${localePath(l, "/country/de")}`);
    expect(alternates["x-default"]).toBe(`${PUBLIC_ORIGIN}/country/de`);
    expect(/<link rel="canonical" href="([^"]+)"/.exec(html)?.[1]).toBe(`${PUBLIC_ORIGIN}/de/country/de`);
    // Umlauts as two letters.
    expect((await get("/de/job-market/oesterreich")).status).toBe(200);
    expect((await get("/de/job-market/%C3%96sterreich")).headers.get("location")).toBe("/de/job-market/oesterreich");
  });

  it("another language's name is the 404 in the page's language; English URLs are as they were", async () => {
    const unknown = await get("/de/job-market/allemagne");
    expect(unknown.status).toBe(404);
    const html = await unknown.text();
    expect(html).toContain('<html lang="de"');
    expect(html).toContain("Land nicht gefunden");
    expect((await get("/fr/job-market/atlantis")).status).toBe(404);
    expect((await get("/job-market/germany")).status).toBe(200);
    expect((await get("/job-market/deutschland")).status).toBe(404);
    expect((await get("/job-market/Germany")).headers.get("location")).toBe("/job-market/germany");
  });

  it("the language control and the country picker follow the names", async () => {
    const context = await h.browser.newContext(DESKTOP);
    try {
      const { page, console } = await newPage(context);
      // The English page's control names every language's page under its own name; English stays /job-market/germany.
      await page.goto(`${h.base}/job-market/germany`, { waitUntil: "load" });
      await hydrated(page);
      const links = async () =>
        Object.fromEntries(
          await page
            .getByTestId("language-control")
            .locator("a")
            .evaluateAll((as) => as.map((a) => [a.getAttribute("hreflang"), a.getAttribute("href")])),
        );
      expect(await links()).toEqual(Object.fromEntries(LOCALES.map((l) => [l, localePath(l, "/job-market/germany")])));
      expect((await links()).en).toBe("/job-market/germany");
      // From the redirect to the German page, then by the control to the French one.
      await page.goto(`${h.base}/de/job-market/germany`, { waitUntil: "load" });
      expect(page.url()).toBe(`${h.base}/de/job-market/deutschland`);
      await hydrated(page);
      expect((await links()).fr).toBe("/fr/job-market/allemagne");
      const control = page.getByTestId("language-control");
      await control.locator("summary").click();
      await control.getByRole("link", { name: "Français" }).click();
      await page.waitForURL(`${h.base}/fr/job-market/allemagne`);
      await page.waitForSelector('html[lang="fr"]');
      expect((await page.locator("h1").textContent())!.trim()).toBe("Le marché de l’emploi en Allemagne");
      // The picker stays on this layout, under the chosen country's French name (a client-side navigation).
      await page.getByTestId("country-picker").click();
      await page.locator("[cmdk-input]").fill("autriche");
      await page.keyboard.press("Enter");
      await page.waitForURL(`${h.base}/fr/job-market/autriche`);
      await page.locator("h1", { hasText: "Autriche" }).waitFor();
      expect((await page.locator("h1").textContent())!.trim()).toBe("Le marché de l’emploi en Autriche");
      expect((await links()).de).toBe("/de/job-market/oesterreich");
      expect(console.unexpected()).toEqual([]);
    } finally {
      await context.close();
    }
  });
});

describe("numbers and dates in the page's language", () => {
  it("the country page writes percentages, decimals and months as its language does", async () => {
    const plain = async (path: string) =>
      (await (await get(path)).text())
        .replace(/<script[\s\S]*?<\/script>/g, "")
        .replace(/<!-- -->/g, "")
        .replace(/<[^>]+>/g, " ")
        .replace(/&nbsp;|\u00a0|\u202f/g, " ");
    const english = await plain("/country/de");
    const month = /[Dd]ata to ([A-Z][a-z]+) (\d{4})/.exec(english);
    expect(month, "the English page says which month its data reach").not.toBeNull();
    const index = [
      "January",
      "February",
      "March",
      "April",
      "May",
      "June",
      "July",
      "August",
      "September",
      "October",
      "November",
      "December",
    ].indexOf(month![1]!);
    expect(english).toMatch(/\d\.\d%/); // "4.0%" as before
    // Every language but English, written out: a language added to LOCALES fails to compile until it is here.
    const expected: Record<(typeof PREFIXED_LOCALES)[number], { dataTo: string; percent: RegExp; months: string[] }> = {
      de: {
        dataTo: "Daten bis",
        percent: /\d,\d %/,
        months: [
          "Januar",
          "Februar",
          "März",
          "April",
          "Mai",
          "Juni",
          "Juli",
          "August",
          "September",
          "Oktober",
          "November",
          "Dezember",
        ],
      },
      fr: {
        dataTo: "données jusqu’à",
        percent: /\d,\d %/,
        months: [
          "janvier",
          "février",
          "mars",
          "avril",
          "mai",
          "juin",
          "juillet",
          "août",
          "septembre",
          "octobre",
          "novembre",
          "décembre",
        ],
      },
      es: {
        dataTo: "datos hasta",
        percent: /\d,\d %/,
        months: [
          "enero",
          "febrero",
          "marzo",
          "abril",
          "mayo",
          "junio",
          "julio",
          "agosto",
          "septiembre",
          "octubre",
          "noviembre",
          "diciembre",
        ],
      },
      it: {
        dataTo: "dati fino a",
        percent: /\d,\d%/,
        months: [
          "gennaio",
          "febbraio",
          "marzo",
          "aprile",
          "maggio",
          "giugno",
          "luglio",
          "agosto",
          "settembre",
          "ottobre",
          "novembre",
          "dicembre",
        ],
      },
      pl: {
        dataTo: "najnowsze dane:",
        percent: /\d,\d%/,
        months: [
          "styczeń",
          "luty",
          "marzec",
          "kwiecień",
          "maj",
          "czerwiec",
          "lipiec",
          "sierpień",
          "wrzesień",
          "październik",
          "listopad",
          "grudzień",
        ],
      },
    };
    for (const l of PREFIXED_LOCALES) {
      const e = expected[l];
      const text = await plain(localePath(l, "/country/de"));
      // Spanish says "octubre de 2026".
      // The dates line starts with a capital in its own text (components/page-parts.tsx DatesLine).
      expect(text.toLowerCase(), l).toContain(
        `${e.dataTo} ${e.months[index]}${l === "es" ? " de" : ""} ${month![2]}`.toLowerCase(),
      );
      expect(text, l).toMatch(e.percent);
      // The score itself, to one decimal in the language's notation.
      expect(text, l).toMatch(/\d,\d\s*\/ 10/);
    }
  });
});

describe("choosing the language", () => {
  it("Accept-Language redirects only at / and only without a chosen language", async () => {
    const redirect = await get("/", { "accept-language": "de-AT,de;q=0.9,en;q=0.5" });
    expect(redirect.status).toBe(302);
    expect(redirect.headers.get("location")).toBe("/de");
    expect(redirect.headers.get("vary")).toMatch(/Accept-Language/);
    expect(redirect.headers.get("vary")).toMatch(/Cookie/);
    expect(redirect.headers.get("cache-control")).toMatch(/private/);
    // A chosen language wins over the browser's; English chosen stays at /.
    const chosen = await get("/", { "accept-language": "de", cookie: "jwi_lang=en" });
    expect(chosen.status).toBe(200);
    expect(chosen.headers.get("vary")).toMatch(/Accept-Language, Cookie/);
    expect((await get("/", { "accept-language": "de", cookie: "jwi_lang=pl" })).headers.get("location")).toBe("/pl");
    // English browsers, and deep links whatever the browser says, are never redirected.
    expect((await get("/", { "accept-language": "en-GB,en" })).status).toBe(200);
    expect((await get("/country/de", { "accept-language": "fr" })).status).toBe(200);
    expect((await get("/brightest", { "accept-language": "it", cookie: "jwi_lang=it" })).status).toBe(200);
    // The English home, once cached, still redirects a German browser (the cache is keyed by URL only).
    expect((await get("/", { "accept-language": "de" })).status).toBe(302);
  });

  it("the language control leads to the same page in another language and remembers the choice", async () => {
    const context = await h.browser.newContext(DESKTOP);
    try {
      const { page, console } = await newPage(context);
      await page.goto(`${h.base}/country/de?range=10y`, { waitUntil: "load" });
      await hydrated(page);
      const control = page.getByTestId("language-control");
      await control.locator("summary").click();
      const current = control.locator('a[aria-current="true"]');
      expect(await current.getAttribute("hreflang")).toBe("en");
      await control.getByRole("link", { name: "Deutsch" }).click();
      await page.waitForURL(`${h.base}/de/country/de?range=10y`);
      await page.waitForSelector('html[lang="de"]');
      expect((await context.cookies()).find((c) => c.name === "jwi_lang")?.value).toBe("de");
      // Back at / the choice is remembered: the German home.
      await page.goto(`${h.base}/`, { waitUntil: "load" });
      expect(new URL(page.url()).pathname).toBe("/de");
      expect(console.unexpected()).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it("works from the keyboard, without a mouse", async () => {
    const context = await h.browser.newContext(MOBILE);
    try {
      const { page } = await newPage(context);
      await page.goto(`${h.base}/brightest`, { waitUntil: "load" });
      await hydrated(page);
      await page.getByTestId("language-control").locator("summary").focus();
      await page.keyboard.press("Enter");
      await page.getByRole("link", { name: "Polski" }).focus();
      await page.keyboard.press("Enter");
      await page.waitForURL(`${h.base}/pl/brightest`);
      expect(await page.evaluate(() => document.documentElement.lang)).toBe("pl");
    } finally {
      await context.close();
    }
  });
});
