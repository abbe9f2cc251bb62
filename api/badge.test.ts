import { describe, expect, it } from "vitest";
import { checkWellFormedXml } from "../tests/helpers/xml.ts";
import { MAP_STYLE, STATUS_STYLE, STATUSES_BEST_FIRST } from "../product/weather.ts";
import { badgeParts, badgeSvg, escapeXml, textWidth } from "./badge.ts";

describe("badge template", () => {
  it("says the score and status in the status colour, with a title and an aria-label", () => {
    const svg = badgeSvg(badgeParts("Greece", { score: 7.36, status: "bright" }));
    const doc = checkWellFormedXml(svg);
    expect(doc.root).toBe("svg");
    const root = doc.elements[0]!;
    expect(root.attrs.role).toBe("img");
    expect(root.attrs["aria-label"]).toBe("Job Weather Index for Greece: 7.4 out of 10, bright");
    expect(svg).toContain("<title>Job Weather Index for Greece: 7.4 out of 10, bright</title>");
    expect(doc.text).toContain("job weather · Greece");
    expect(doc.text).toContain("7.4 bright");
    const rects = doc.elements.filter((e) => e.name === "rect").map((e) => e.attrs.fill);
    expect(rects).toContain(STATUS_STYLE.bright.fill);
    const message = doc.elements.filter((e) => e.name === "text")[1]!;
    expect(message.attrs.fill).toBe(STATUS_STYLE.bright.ink);
  });

  it("takes each status's own colours", () => {
    const fills = STATUSES_BEST_FIRST.map((status) => {
      const doc = checkWellFormedXml(badgeSvg(badgeParts("Spain", { score: 5, status })));
      return doc.elements.find((e) => e.name === "rect" && e.attrs.x !== undefined)!.attrs.fill;
    });
    expect(fills).toEqual(STATUSES_BEST_FIRST.map((s) => STATUS_STYLE[s].fill));
  });

  it("shows no number without a score, only why", () => {
    const svg = badgeSvg(badgeParts("Liechtenstein", { score: null, phrase: "no data to score" }));
    const doc = checkWellFormedXml(svg);
    expect(doc.text).toContain("no data to score");
    expect(doc.text).not.toMatch(/\d/);
    expect(doc.elements.find((e) => e.name === "rect" && e.attrs.x !== undefined)!.attrs.fill).toBe(
      MAP_STYLE.noDataStripe,
    );
  });

  it("escapes a hostile name in text and attributes", () => {
    const name = `<script>alert("x")</script> & 'Co'`;
    const svg = badgeSvg(badgeParts(name, { score: 3, status: "rainy" }));
    expect(svg).not.toContain("<script");
    expect(svg).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &apos;Co&apos;");
    const doc = checkWellFormedXml(svg);
    expect(doc.elements.map((e) => e.name)).not.toContain("script");
    expect(doc.elements[0]!.attrs["aria-label"]).toContain("&lt;script&gt;");
  });

  it("grows with its text, and pins every text to its measured width", () => {
    const width = (name: string) =>
      Number(checkWellFormedXml(badgeSvg(badgeParts(name, { score: 5, status: "cloudy" }))).elements[0]!.attrs.width);
    expect(width("Liechtenstein")).toBeGreaterThan(width("Malta"));
    // "Liechtenstein" is 8 characters longer than "Malta": at 11 px that is well over 30 px.
    expect(width("Liechtenstein") - width("Malta")).toBeGreaterThan(30);
    const doc = checkWellFormedXml(badgeSvg(badgeParts("Malta", { score: 5, status: "cloudy" })));
    for (const t of doc.elements.filter((e) => e.name === "text"))
      expect(Number(t.attrs.textLength)).toBeGreaterThan(0);
  });

  it("measures with the DejaVu Sans table: wide letters wider than narrow ones, unknown characters as wide as W", () => {
    expect(textWidth("WWW")).toBeGreaterThan(textWidth("iii") * 2);
    expect(textWidth("")).toBe(0);
    expect(textWidth("Ł")).toBe(textWidth("W"));
    expect(textWidth("é")).toBeGreaterThan(textWidth("i"));
  });

  it("escapeXml leaves plain text alone", () => {
    expect(escapeXml("job weather · Czechia")).toBe("job weather · Czechia");
  });
});
