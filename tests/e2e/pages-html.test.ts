// Every page type's server-rendered head and frame, read from its HTML (no browser: nothing here depends on a script,
// a layout or an interaction): the status, the main heading, the title, the canonical link, the description, Open
// Graph and Twitter tags from the configured public origin, the footer's links and disclaimer. The same pages'
// layout, console, flags and accessibility are checked in Chromium by the route matrix (route-matrix.ts).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchPage, headValue, squash, textOf, type HtmlPage } from "../helpers/html.ts";
import { PUBLIC_ORIGIN, sharedSite, type SharedHarness } from "./harness.ts";
import { formatScore } from "../../product/format.ts";

interface RouteCase {
  /** Page type: names the screenshot and the axe check. */
  type: string;
  path: string;
  status: number;
  h1: string | RegExp;
  /** Part of the <title>; a function gives the whole title from the site's data. */
  title: string | RegExp | ((site: SharedHarness) => Promise<string>);
  /** og:image path (default the site's own image); country pages show their share card. */
  image?: string;
  /** Canonical path when another page is canonical (/job-market/{name} names /country/{code}). */
  canonical?: string;
}

const ROUTES: RouteCase[] = [
  {
    type: "home",
    path: "/",
    status: 200,
    h1: "What's the job market weather in Europe today?",
    title: "Job Weather Index",
  },
  {
    type: "country",
    path: "/country/de",
    status: 200,
    h1: "Germany: job market weather",
    // The published status and score, as the API gives them (the bundled data's numbers move with each model).
    title: async (site) => {
      const de = await (await fetch(`${site.base}/api/countries/de`)).json();
      const status = de.status.charAt(0).toUpperCase() + de.status.slice(1);
      return `Germany Job Market 2026: ${status}, ${formatScore(de.score)}/10 | Job Weather Index`;
    },
    image: "/og/de.png",
  },
  // Greece: its snapshot holds an Employment Expectations Indicator (older than its cut-off), and its unemployment
  // is compared with the EU-27 average of the same quarter.
  {
    type: "country-eei",
    path: "/country/gr",
    status: 200,
    h1: "Greece: job market weather",
    title: /^Greece Job Market 2026: Cloudy, \d\.\d\/10 \| Job Weather Index$/,
    image: "/og/gr.png",
  },
  {
    type: "country-no-score",
    path: "/country/li",
    status: 200,
    h1: "Liechtenstein: job market weather",
    title: /^Liechtenstein Job Market 2026: no data to score \| Job Weather Index$/,
    image: "/og/li.png",
  },
  {
    type: "job-market",
    path: "/job-market/germany",
    status: 200,
    h1: /^Job Market in Germany/,
    title: "Job Market in Germany 2026",
    image: "/og/de.png",
    canonical: "/country/de",
  },
  {
    type: "job-market-no-score",
    path: "/job-market/liechtenstein",
    status: 200,
    h1: /^Job Market in Liechtenstein/,
    title: "Job Market in Liechtenstein 2026",
    image: "/og/li.png",
    canonical: "/country/li",
  },
  {
    type: "brightest",
    path: "/brightest",
    status: 200,
    h1: "Top 10 Brightest Markets in Europe",
    title: "Top 10 Brightest Markets in Europe",
  },
  {
    type: "stormiest",
    path: "/stormiest",
    status: 200,
    h1: "Top 10 Stormiest Markets in Europe",
    title: "Top 10 Stormiest Markets in Europe",
  },
  {
    type: "top-regions",
    path: "/top-regions",
    status: 200,
    h1: "Top Regions in Europe",
    title: "Top Regions in Europe",
  },
  {
    type: "waiting-list",
    path: "/waiting-list/career-consultant",
    status: 200,
    h1: "Book a Career Consultant",
    title: "Book a Career Consultant",
  },
  {
    type: "waiting-list-cv",
    path: "/waiting-list/cv-upgrade",
    status: 200,
    h1: "Upgrade Your CV",
    title: "Upgrade Your CV",
  },
  {
    type: "methodology",
    path: "/methodology",
    status: 200,
    h1: "How the Job Weather Index works",
    title: "Methodology",
  },
  { type: "contact", path: "/contact", status: 200, h1: "Contact", title: "Contact" },
  { type: "privacy", path: "/privacy", status: 200, h1: "Privacy", title: "Privacy" },
  { type: "terms", path: "/terms", status: 200, h1: "Terms", title: "Terms" },
  { type: "not-found", path: "/no-such-page", status: 404, h1: "Page not found", title: "Page not found" },
  {
    type: "country-not-found",
    path: "/job-market/narnia",
    status: 404,
    h1: "Country Not Found",
    title: "Country Not Found",
  },
];

let h: SharedHarness;

beforeAll(async () => {
  h = await sharedSite();
});

afterAll(async () => {
  await h?.close();
});

function escape(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
}

const pattern = (p: string | RegExp, whole: boolean) =>
  typeof p === "string" ? new RegExp(whole ? `^${escape(p)}$` : escape(p)) : p;

describe("every page type's head and frame, in its server-rendered HTML", () => {
  for (const r of ROUTES) {
    it(`${r.path}: status, heading, title, canonical, description, Open Graph, Twitter, footer`, async () => {
      const { status, document, html }: HtmlPage = await fetchPage(h.base + r.path);
      expect(status, r.path).toBe(r.status);
      // Every part in its place: no Suspense boundary sent as pending and moved in later by a script ("<!--$?-->",
      // what React does to a large boundary by default), which a reader without JavaScript would never see.
      expect(html.match(/<!--\$[?!]-->|<div hidden id="S:/g), r.path).toBeNull();
      expect(textOf(document, "h1")).toMatch(pattern(r.h1, true));
      const title = document.title;
      if (typeof r.title === "function") expect(title).toBe(await r.title(h));
      else expect(title).toMatch(pattern(r.title, false));
      // Metadata, from the configured public origin.
      const canonical = `${PUBLIC_ORIGIN}${r.canonical ?? (r.path === "/" ? "/" : r.path)}`;
      expect(headValue(document, "link[rel=canonical]")).toBe(canonical);
      expect(headValue(document, "meta[name=description]")).toBeTruthy();
      expect(headValue(document, "meta[property='og:title']")).toBe(title);
      expect(headValue(document, "meta[property='og:url']")).toBe(canonical);
      expect(headValue(document, "meta[property='og:type']")).toMatch(/^(website|article)$/);
      expect(headValue(document, "meta[property='og:image']")).toBe(`${PUBLIC_ORIGIN}${r.image ?? "/og-image.png"}`);
      expect(headValue(document, "meta[name='twitter:card']")).toBe("summary_large_image");
      expect(headValue(document, "meta[name='twitter:title']")).toBe(title);
      // Footer on every page.
      const footerLinks = [...document.querySelectorAll("footer a")].map((a) => squash(a.textContent ?? ""));
      for (const name of ["Contact", "Privacy", "Terms"])
        expect(
          footerLinks.filter((t) => t === name),
          name,
        ).toHaveLength(1);
      expect(textOf(document, "footer")).toContain("is not financial or legal advice");
    });
  }
});
