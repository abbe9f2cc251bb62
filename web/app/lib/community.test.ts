import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "../i18n/catalog.server.ts";
import { MOOD_SUMMARY_MIN_EXPERIENCES, canSummarise, okOrBetterPercent } from "./community.ts";

describe("community mood summaries", () => {
  it("gives a share only from the minimum number of experiences", () => {
    expect(MOOD_SUMMARY_MIN_EXPERIENCES).toBe(5);
    expect(canSummarise(4)).toBe(false);
    expect(canSummarise(5)).toBe(true);
    expect(okOrBetterPercent({ count: 1, neutral: 0, positive: 1 })).toBeNull();
    expect(okOrBetterPercent({ count: 5, neutral: 1, positive: 2 })).toBe(60);
  });

  it("says how many experiences there are below it, with the language's plural forms", () => {
    const en = createIntl({ locale: "en", messages: messagesFor("en") });
    expect(en.formatMessage({ id: "forms.community.tooFew" }, { count: 1 })).toBe(
      "1 experience so far: too few for an average or a percentage.",
    );
    expect(en.formatMessage({ id: "market.mood.tooFew" }, { count: 2 })).toBe(
      "2 experiences so far: too few for an average.",
    );
    const pl = createIntl({ locale: "pl", messages: messagesFor("pl") });
    expect([1, 2, 5].map((count) => pl.formatMessage({ id: "market.mood.tooFew" }, { count }))).toEqual([
      "Na razie 1 doświadczenie: za mało na średnią.",
      "Na razie 2 doświadczenia: za mało na średnią.",
      "Na razie 5 doświadczeń: za mało na średnią.",
    ]);
  });
});
