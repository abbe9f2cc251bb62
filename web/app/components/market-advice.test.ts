// The advice in the catalogues (market.advice.*): product/advice.ts names each item by id, and every language says
// every item of every status, for every combination of counting inputs, in its own words, with the figures filled
// in; English reads as it always did (a few items pinned word for word).
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { adviceFor } from "../../../product/advice.ts";
import { STATUSES_BEST_FIRST as STATUSES } from "../../../product/weather.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import { adviceSaid } from "./market-advice.tsx";

const combos = [false, true].flatMap((openings) =>
  [false, true].flatMap((competition) =>
    [false, true].flatMap((sentiment) =>
      [0.5, 1.6].map((figure) => ({ counting: { openings, competition, sentiment }, competition: figure })),
    ),
  ),
);

const intlFor = (locale: Locale) => {
  const errors: string[] = [];
  const intl = createIntl({ locale, messages: messagesFor(locale), onError: (e) => errors.push(e.message) });
  return { intl, errors };
};

describe("advice messages", () => {
  it("English says the items as before, the figures filled in", () => {
    const { intl } = intlFor("en");
    const all = { openings: true, competition: true, sentiment: true };
    expect(adviceFor("bright", { counting: all, competition: 0.8 }).map((i) => adviceSaid(intl, i))).toEqual([
      {
        title: "Target growing employers",
        text: "Conditions are rather favorable. Focus on sectors and companies that are hiring and tailor each application to them.",
      },
      {
        title: "Keep a steady rhythm",
        text: "Send 5 to 10 quality applications a week to roles that match 70% or more of the requirements.",
      },
      {
        title: "Negotiate",
        text: "With more openings than seekers in many fields, you can ask about salary, remote work and training before you accept.",
      },
    ]);
    expect(adviceSaid(intl, adviceFor("bright", { counting: all, competition: 1.6 })[2]!).text).toBe(
      "In a rather favorable market you can ask about salary, remote work and training before you accept.",
    );
    expect(adviceSaid(intl, adviceFor("rainy", { counting: all, competition: 1.6 })[1]!).text).toBe(
      "Send 5 to 10 carefully tailored applications a week to roles that match 70% or more of the requirements, and follow up each one.",
    );
  });

  it("every language has its own words for every item, with no message missing", () => {
    const english = intlFor("en").intl;
    for (const locale of LOCALES) {
      const { intl, errors } = intlFor(locale);
      for (const status of STATUSES)
        for (const c of combos)
          for (const item of adviceFor(status, c)) {
            const said = adviceSaid(intl, item);
            expect(said.text).toMatch(/^[^{}]+$/);
            expect(said.title).not.toMatch(/^market\.advice\./);
            if (locale !== "en") expect(said.text, `${locale} ${status}`).not.toEqual(adviceSaid(english, item).text);
          }
      expect(errors, locale).toEqual([]);
    }
  });
});
