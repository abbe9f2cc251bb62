// The expert-sentiment card of /job-market/{name} says its verdict from the catalogues by the card's level
// (job-market.breakdown.sentiment.<level>): English reads word for word as product/market-panel.ts's breakdown text,
// for a value of every level; every other language has its own words.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { breakdown } from "../../../../product/market-grades.ts";
import { messagesFor } from "../../i18n/catalog.server.ts";
import { LOCALES } from "../../i18n/locales.ts";

/** One barometer value per level: above, below and around 100. */
const VALUES = [108, 91, 100];

describe("breakdown sentiment messages", () => {
  it("cover every level, and English equals product/market-panel.ts", () => {
    const intl = createIntl({ locale: "en", messages: messagesFor("en") });
    const levels = new Set(VALUES.map((v) => breakdown.sentiment(v).level));
    expect([...levels].sort()).toEqual(["average", "high", "low"]);
    for (const v of VALUES) {
      const card = breakdown.sentiment(v);
      expect(intl.formatMessage({ id: `job-market.breakdown.sentiment.${card.level}` }), String(v)).toBe(card.text);
    }
  });

  it("every language has its own words", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = createIntl({ locale, messages: messagesFor(locale) });
      for (const v of VALUES) {
        const card = breakdown.sentiment(v);
        expect(intl.formatMessage({ id: `job-market.breakdown.sentiment.${card.level}` }), `${locale} ${v}`).not.toBe(
          card.text,
        );
      }
    }
  });
});
