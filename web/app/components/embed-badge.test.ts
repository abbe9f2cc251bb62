// The badge preview's alternative text from the catalogue (country.embed.alt*): English is web/app/lib/share.ts's badgeAlt
// word for word (the pasted snippet keeps that English text, for other sites); other languages name the country and
// the status in their own words.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { STATUSES_BEST_FIRST } from "../../../product/weather.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { badgeAlt } from "../lib/share.ts";
import { badgeAltIn } from "./embed-badge.tsx";

describe("the badge preview's alternative text", () => {
  it("English equals badgeAlt; German says it in German", () => {
    const en = createIntl({ locale: "en", messages: messagesFor("en") });
    for (const status of STATUSES_BEST_FIRST)
      expect(badgeAltIn(en, "GR", { score: 7.36, status })).toBe(badgeAlt("Greece", { score: 7.36, status }));
    expect(badgeAltIn(en, "LI", null)).toBe(badgeAlt("Liechtenstein", null));
    const de = createIntl({ locale: "de", messages: messagesFor("de") });
    expect(badgeAltIn(de, "GR", { score: 7.36, status: "cloudy" })).toBe(
      "Job Weather Index für Griechenland: 7,4 (bewölkt)",
    );
    expect(badgeAltIn(de, "LI", null)).toBe("Job Weather Index für Liechtenstein");
  });
});
