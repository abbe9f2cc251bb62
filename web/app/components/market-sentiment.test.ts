// The general signal's tooltip as the country page says it (market.signal.rule, market.signal.here): the rule from
// the model's thresholds and the parts the signal read, in English and in another language's notation.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { messagesFor } from "../i18n/catalog.server.ts";
import { formatters } from "../i18n/format.ts";
import { signalExplanationIn } from "./market-sentiment.tsx";

const intlOf = (locale: "en" | "de") => createIntl({ locale, messages: messagesFor(locale) });

describe("the signal's tooltip", () => {
  it("explains the rule, with the parts it read", () => {
    const en = intlOf("en");
    expect(signalExplanationIn(en, formatters(en), null)).toBe(
      "The market part of the score's change over the 3 months to its newest data (the month in which its newest figure started counting): Improving when it is +0.3 or more, Weakening when it is −0.3 or less, otherwise Stable. Changes because data started or stopped counting, or aged, are left out: they are not the market moving.",
    );
    const reading = { market: -0.44, evidence: 2.1, from_month: "2026-08", to_month: "2026-11" };
    expect(signalExplanationIn(en, formatters(en), reading)).toMatch(
      /Here, from August 2026 to November 2026: market −0\.44, evidence \+2\.10\.$/,
    );
    const de = intlOf("de");
    expect(signalExplanationIn(de, formatters(de), reading)).toMatch(/−0,44.*\+2,10/);
  });
});
