import { describe, expect, it } from "vitest";
import { lowerCasePath } from "./site-handler.ts";

describe("lowerCasePath", () => {
  it("lowers the prefix and the page's name", () => {
    expect(lowerCasePath("/DE/brightest")).toBe("/de/brightest");
    expect(lowerCasePath("/METHODOLOGY")).toBe("/methodology");
    expect(lowerCasePath("/de/Waiting-List/CV-Upgrade")).toBe("/de/waiting-list/cv-upgrade");
    expect(lowerCasePath("/De/Country/de")).toBe("/de/country/de");
  });
  it("leaves the values the pages canonicalise themselves, and percent-escapes", () => {
    expect(lowerCasePath("/pl/compare/FR-de")).toBe("/pl/compare/FR-de");
    expect(lowerCasePath("/country/DE")).toBe("/country/DE");
    expect(lowerCasePath("/DE/Job-Market/Deutschland")).toBe("/de/job-market/Deutschland");
    expect(lowerCasePath("/de/job-market/%C3%96sterreich")).toBe("/de/job-market/%C3%96sterreich");
    expect(lowerCasePath("/de/x%2Fy")).toBe("/de/x%2Fy");
  });
  it("leaves a lower-case path as it is", () => {
    for (const p of ["/", "/de", "/de/country/de", "/your-weather", "/compare/de-fr"]) expect(lowerCasePath(p)).toBe(p);
  });
});
