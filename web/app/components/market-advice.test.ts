// The advice in the catalogues (market.advice.*): English reads word for word as product/advice.ts, for every status
// and every combination of counting inputs; every language has a text for every item.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { adviceFor } from "../../../product/advice.ts";
import { STATUSES_BEST_FIRST as STATUSES } from "../../../product/weather.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES } from "../i18n/locales.ts";
import { adviceSaid } from "./market-advice.tsx";

const combos = [false, true].flatMap((openings) =>
  [false, true].flatMap((competition) =>
    [false, true].flatMap((sentiment) =>
      [0.5, 1.6].map((figure) => ({ counting: { openings, competition, sentiment }, competition: figure })),
    ),
  ),
);

describe("advice messages", () => {
  it("English equals product/advice.ts", () => {
    const intl = createIntl({ locale: "en", messages: messagesFor("en") });
    for (const status of STATUSES)
      for (const c of combos)
        for (const item of adviceFor(status, c))
          expect(adviceSaid(intl, status, item)).toEqual({ title: item.title, text: item.text });
  });

  it("every language has its own words", () => {
    for (const locale of LOCALES.filter((l) => l !== "en")) {
      const intl = createIntl({ locale, messages: messagesFor(locale) });
      for (const status of STATUSES)
        for (const c of combos)
          for (const item of adviceFor(status, c)) {
            const said = adviceSaid(intl, status, item);
            expect(said.text, `${locale} ${status}`).not.toEqual(item.text);
            expect(said.text).toMatch(/^[^{}]+$/);
          }
    }
  });
});
