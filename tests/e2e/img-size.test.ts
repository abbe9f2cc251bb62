// Every <img> of every page names its width and height (docs/decisions/017-page-weight.md): the browser keeps the
// picture's room before it arrives, so nothing moves when it does (Lighthouse's layout shift, CLS). Reads the
// server-rendered pages from the real server, one page of each route of web/app/routes.ts.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import routes from "../../web/app/routes.ts";
import { unprefixedRoute } from "../../product/locales.ts";
import { sharedSite, type SharedHarness } from "./harness.ts";

/** A page of each route (route path → URLs), as tests/e2e/valid-html.test.ts lists them. */
const PAGES: Record<string, string[]> = {
  "": ["/"],
  "country/:code": ["/country/de", "/country/li", "/country/zz"],
  "job-market/:name": ["/job-market/germany", "/job-market/liechtenstein"],
  brightest: ["/brightest"],
  stormiest: ["/stormiest"],
  "brightest-markets": ["/brightest-markets"],
  "stormiest-markets": ["/stormiest-markets"],
  "top-regions": ["/top-regions"],
  "your-weather": ["/your-weather"],
  "compare/:codes": ["/compare/de-fr"],
  sectors: ["/sectors"],
  "waiting-list/:service": ["/waiting-list/career-consultant"],
  methodology: ["/methodology"],
  "open-data": ["/open-data"],
  "open-data/api": ["/open-data/api"],
  contact: ["/contact"],
  privacy: ["/privacy"],
  terms: ["/terms"],
  admin: ["/admin"],
  "*": ["/no-such-page"],
};

/** The attributes of each <img> tag of a document. */
function images(html: string): Array<Record<string, string>> {
  return [...html.matchAll(/<img\b([^>]*)>/gi)].map((m) => {
    const attrs: Record<string, string> = {};
    for (const a of m[1]!.matchAll(/([\w-]+)(?:="([^"]*)")?/g)) attrs[a[1]!.toLowerCase()] = a[2] ?? "";
    return attrs;
  });
}

let site: SharedHarness;

beforeAll(async () => {
  site = await sharedSite();
}, 180_000);

afterAll(async () => {
  await site?.close();
});

describe("sized images", () => {
  it("lists a page for every route of the site", () => {
    expect(routes.map((r) => unprefixedRoute(r.path ?? "")).filter((p) => !(p in PAGES))).toEqual([]);
  });

  it("gives every <img> of every page a positive width and height", async () => {
    const unsized: string[] = [];
    let seen = 0;
    for (const url of Object.values(PAGES).flat()) {
      const html = await (await fetch(`${site.base}${url}`)).text();
      for (const img of images(html)) {
        seen++;
        const ok = ["width", "height"].every((k) => /^\d+$/.test(img[k] ?? "") && Number(img[k]) > 0);
        if (!ok) unsized.push(`${url}: <img src="${img.src}" width="${img.width ?? ""}" height="${img.height ?? ""}">`);
      }
    }
    expect(unsized).toEqual([]);
    // The country pages alone show flags and the badge: a page list without images would prove nothing.
    expect(seen).toBeGreaterThan(10);
  });

  it("names the badge preview's size as the badge draws it", async () => {
    const html = await (await fetch(`${site.base}/country/de`)).text();
    const badge = images(html).find((i) => i.src === "/badge/de.svg");
    expect(badge).toBeDefined();
    const svg = await (await fetch(`${site.base}/badge/de.svg`)).text();
    const size = /<svg[^>]*\swidth="(\d+)"\s+height="(\d+)"/.exec(svg);
    expect(size).not.toBeNull();
    expect({ width: badge!.width, height: badge!.height }).toEqual({ width: size![1], height: size![2] });
  });
});
