import { describe, expect, it } from "vitest";
import { checkWellFormedXml } from "./xml.ts";

describe("checkWellFormedXml", () => {
  it("accepts a small document and outlines it", () => {
    const doc = checkWellFormedXml(`<?xml version="1.0"?>\n<svg a="1 &amp; 2"><title>x &lt; y</title><rect/></svg>\n`);
    expect(doc.root).toBe("svg");
    expect(doc.elements.map((e) => e.name)).toEqual(["svg", "title", "rect"]);
    expect(doc.elements[0]!.attrs.a).toBe("1 &amp; 2");
    expect(doc.text).toBe("x &lt; y");
  });

  it.each([
    ["an unbalanced tag", "<a><b></a>"],
    ["an unclosed root", "<a><b/>"],
    ["a raw < in an attribute", '<a x="<"/>'],
    ["a raw < in text", "<a>1 < 2</a>"],
    ["a bare & in text", "<a>R&D</a>"],
    ["a bare & in an attribute", '<a x="R&D"/>'],
    ["a quote that ends an attribute early", '<a x="say "hi""/>'],
    ["a duplicate attribute", '<a x="1" x="2"/>'],
    ["two roots", "<a/><b/>"],
    ["text outside the root", "<a/>tail"],
  ])("refuses %s", (_why, doc) => {
    expect(() => checkWellFormedXml(doc)).toThrow(/not well-formed/);
  });
});
