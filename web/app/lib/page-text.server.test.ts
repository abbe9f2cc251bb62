// Titles and descriptions said on the server in the page's language: the locale from the URL's prefix, English
// without one, and every catalogue file of the locale loaded.
import { describe, expect, it } from "vitest";
import { localeOfRequest, pageText, pageTextOf } from "./page-text.server.ts";

describe("page texts on the server", () => {
  it("reads the locale from the URL's first segment; English keeps its URLs", () => {
    expect(localeOfRequest(new Request("http://site.test/contact"))).toBe("en");
    expect(localeOfRequest(new Request("http://site.test/de/contact"))).toBe("de");
    expect(localeOfRequest(new Request("http://site.test/pl"))).toBe("pl");
    expect(localeOfRequest(new Request("http://site.test/denmark"))).toBe("en");
  });

  it("says a message in the locale, with its values", () => {
    expect(pageText("en", "compare.meta.title", { names: "France vs Germany" })).toBe(
      "France vs Germany: job markets compared",
    );
    expect(pageText("de", "forms.contact.meta.title")).toBe("Kontakt");
    expect(pageTextOf(new Request("http://site.test/fr/privacy"))("legal.privacy.meta.title")).toBe("Confidentialité");
    expect(() => pageText("de", "no.such.message")).toThrow(/no\.such\.message/);
  });
});
