import { describe, expect, it } from "vitest";
import { badgePath, badgeSnippet, shareCardPath } from "./share.ts";

describe("share links", () => {
  it("paths are lower case under /og and /badge", () => {
    expect(shareCardPath("DE")).toBe("/og/de.png");
    expect(badgePath("GR")).toBe("/badge/gr.svg");
  });

  it("the badge snippet links the country page with absolute URLs and says the score in its alt text", () => {
    expect(badgeSnippet("https://jw.example/", { code: "GR", name: "Greece" }, { score: 7.36, status: "bright" })).toBe(
      '<a href="https://jw.example/country/gr"><img src="https://jw.example/badge/gr.svg" alt="Job Weather Index for Greece: 7.4 (bright)"></a>',
    );
    expect(badgeSnippet("https://jw.example", { code: "LI", name: "Liechtenstein" }, null)).toBe(
      '<a href="https://jw.example/country/li"><img src="https://jw.example/badge/li.svg" alt="Job Weather Index for Liechtenstein"></a>',
    );
  });

  it("escapes what it puts in attributes", () => {
    const snippet = badgeSnippet('https://x.example/"><script>', { code: "GR", name: `"Hostile" <b>` }, null);
    expect(snippet).not.toContain("<script>");
    expect(snippet).not.toContain("<b>");
    expect(snippet).toContain('alt="Job Weather Index for &quot;Hostile&quot; &lt;b&gt;"');
  });
});
