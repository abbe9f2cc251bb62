import { describe, expect, it } from "vitest";
import { canonicalUrl, pageMeta, serializeJsonLd } from "./meta.ts";

describe("canonicalUrl", () => {
  it("joins the fixed origin, the path without trailing slashes and the query string", () => {
    expect(canonicalUrl("https://jw.example", "/country/de/", "?range=all")).toBe(
      "https://jw.example/country/de?range=all",
    );
    expect(canonicalUrl("https://jw.example/", "/brightest//", "")).toBe("https://jw.example/brightest");
    expect(canonicalUrl("https://jw.example", "/", "")).toBe("https://jw.example/");
  });
});

describe("serializeJsonLd", () => {
  it("cannot be broken out of with </script> or comments, and still parses to the same data", () => {
    const data = { name: "</script><script>alert(1)</script>", note: "<!-- & -->", sep: "a\u2028b\u2029c" };
    const out = serializeJsonLd(data);
    expect(out).not.toMatch(/<\/script/i);
    expect(out).not.toContain("<!--");
    expect(out).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(out)).toEqual(data);
  });
});

describe("pageMeta", () => {
  const args = {
    location: { pathname: "/country/de/", search: "?range=10y" },
    matches: [{ id: "root", data: { site: { publicOrigin: "https://jw.example", feedbackUrl: null } } }],
  };
  it("gives title, description, canonical, Open Graph and Twitter tags from the public origin", () => {
    const tags = pageMeta(args, { title: "Germany", description: "About Germany" });
    const find = (key: string, value: string) =>
      tags.find((t) => (t as Record<string, unknown>)[key] === value) as Record<string, string> | undefined;
    expect(tags[0]).toEqual({ title: "Germany | Job Weather Index" });
    expect(find("name", "description")?.content).toBe("About Germany");
    expect(find("rel", "canonical")?.href).toBe("https://jw.example/country/de?range=10y");
    expect(find("property", "og:url")?.content).toBe("https://jw.example/country/de?range=10y");
    expect(find("property", "og:type")?.content).toBe("website");
    expect(find("property", "og:image")?.content).toBe("https://jw.example/og-image.png");
    expect(find("name", "twitter:card")?.content).toBe("summary_large_image");
    expect(find("name", "twitter:title")?.content).toBe("Germany | Job Weather Index");
  });

  it("advertises Atom feeds as absolute alternate links, and none unless asked", () => {
    const links = (tags: ReturnType<typeof pageMeta>) =>
      tags.filter((t) => (t as Record<string, unknown>).type === "application/atom+xml");
    expect(links(pageMeta(args, { title: "Germany", feeds: [{ code: "DE", name: "Germany" }, null] }))).toEqual([
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: "Job Weather Index: Germany",
        href: "https://jw.example/feeds/de.atom",
      },
      {
        tagName: "link",
        rel: "alternate",
        type: "application/atom+xml",
        title: "Job Weather Index: all countries",
        href: "https://jw.example/feeds/all.atom",
      },
    ]);
    expect(links(pageMeta(args, { title: "Terms" }))).toEqual([]);
  });
});
