// The page-weight ratchet (issue 50; docs/decisions/017-page-weight.md): the country page's inline scripts (React
// Router's hydration data, JSON-LD, bootstraps) and its JavaScript, gzipped as built, may not grow past
// bench/page-weight.ts RATCHET; no other page type loads more JavaScript than the country page may. Read from the
// served HTML and the built files (no browser). `npm run bench -- web` prints the same figures for the eight types.
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PAGE_TYPES, RATCHET, pageWeight } from "../../bench/page-weight.ts";
import { DEFAULT_BUILD_DIR } from "../../server/main.ts";
import { sharedSite, type SharedHarness } from "./harness.ts";

const CLIENT_DIR = path.join(DEFAULT_BUILD_DIR, "client");
let h: SharedHarness;
beforeAll(async () => {
  h = await sharedSite();
});
afterAll(async () => {
  await h?.close();
});

const weightOf = async (p: string, cache: Map<string, number>) => {
  const res = await fetch(`${h.base}${p}`);
  expect(res.status, p).toBe(200);
  return pageWeight(await res.text(), CLIENT_DIR, cache);
};

describe("page weight", () => {
  it("the country page's inline scripts and JavaScript stay within the ratchet, in English and in German", async () => {
    const cache = new Map<string, number>();
    for (const p of ["/country/de", "/de/country/de"]) {
      const w = await weightOf(p, cache);
      expect(w.inline.all, `${p}: inline script bytes`).toBeLessThanOrEqual(RATCHET.countryInlineBytes);
      // The messages are not inline (web/app/i18n/catalog.server.ts): the hydration data is the pages' own data.
      expect(w.inline.hydration, `${p}: hydration data bytes`).toBeGreaterThan(0);
      expect(w.jsGzipBytes, `${p}: JavaScript gzipped`).toBeLessThanOrEqual(RATCHET.countryJsGzipBytes);
    }
  });

  it("no other page type loads more JavaScript than the country page may", async () => {
    const cache = new Map<string, number>();
    for (const { path: p } of PAGE_TYPES) {
      const w = await weightOf(p, cache);
      expect(w.js.length, p).toBeGreaterThan(0);
      expect(w.jsGzipBytes, `${p}: JavaScript gzipped`).toBeLessThanOrEqual(RATCHET.countryJsGzipBytes);
    }
  });
});
