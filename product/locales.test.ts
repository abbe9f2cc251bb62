import { describe, expect, it } from "vitest";
import {
  acceptLanguageLocale,
  cookieLocale,
  homeRedirect,
  localeFromPath,
  localePath,
  stripLocale,
} from "./locales.ts";

describe("language paths", () => {
  it("reads the language from the prefix only, English without one", () => {
    expect(localeFromPath("/de/country/fr")).toBe("de");
    expect(localeFromPath("/pl")).toBe("pl");
    expect(localeFromPath("/country/de")).toBe("en");
    expect(localeFromPath("/en/country/de")).toBe("en");
    expect(localeFromPath("/xx/brightest")).toBe("en");
    expect(localeFromPath("/denmark")).toBe("en");
  });
  it("strips and adds prefixes, round trip", () => {
    expect(stripLocale("/de/country/fr")).toBe("/country/fr");
    expect(stripLocale("/fr")).toBe("/");
    expect(stripLocale("/brightest")).toBe("/brightest");
    expect(localePath("de", "/")).toBe("/de");
    expect(localePath("it", "/brightest")).toBe("/it/brightest");
    expect(localePath("en", "/brightest")).toBe("/brightest");
    for (const p of ["/", "/country/de", "/open-data/api"]) expect(stripLocale(localePath("es", p))).toBe(p);
  });
});

describe("language negotiation", () => {
  it("takes the best q-value among our languages", () => {
    expect(acceptLanguageLocale("de-AT,de;q=0.9,en;q=0.8")).toBe("de");
    expect(acceptLanguageLocale("en-GB,en;q=0.9,fr;q=0.8")).toBe("en");
    expect(acceptLanguageLocale("nl,pl;q=0.5")).toBe("pl");
    expect(acceptLanguageLocale("fr;q=0.2,it;q=0.7")).toBe("it");
    expect(acceptLanguageLocale("es;q=0")).toBe("en");
    expect(acceptLanguageLocale(undefined)).toBe("en");
  });
  it("redirects only at /: to the chosen language, else (no cookie) to the browser's", () => {
    expect(homeRedirect("/", "de", undefined)).toBe("de");
    expect(homeRedirect("/", "de", "x=1; jwi_lang=en")).toBeNull();
    expect(homeRedirect("/", "de", "jwi_lang=fr")).toBe("fr");
    expect(homeRedirect("/", undefined, "jwi_lang=pl")).toBe("pl");
    expect(homeRedirect("/country/de", "de", undefined)).toBeNull();
    expect(homeRedirect("/", "en-US", undefined)).toBeNull();
    expect(cookieLocale("a=b; jwi_lang=pl")).toBe("pl");
    expect(cookieLocale("jwi_lang=xx")).toBeNull();
  });
});
