// The ranking notice as the pages say it: the catalogue's message (English here) for what extremeNoticeMessage finds.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import type { RankingType } from "../../../product/options.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { extremeNoticeMessage, statusCounts, type StatusCounts } from "./ranking-notice.ts";

const en = createIntl({ locale: "en", messages: messagesFor("en") });
const noticeSaid = (type: RankingType, counts: StatusCounts, shown: number) => {
  const m = extremeNoticeMessage(type, counts, shown);
  return m ? en.formatMessage({ id: m.id }, m.values) : null;
};

describe("ranking notice", () => {
  const counts = (statuses: Array<"stormy" | "rainy" | "cloudy" | "bright" | "sunny" | null>) =>
    statusCounts(statuses.map((status) => ({ status })));

  it("says so when no country is stormy, naming rainy too when none is rainy either", () => {
    expect(noticeSaid("stormiest", counts(["rainy", "cloudy", null]), 10)).toBe(
      "No country is stormy right now: these are the 10 lowest scores.",
    );
    expect(noticeSaid("stormiest", counts(["cloudy", "bright"]), 2)).toBe(
      "No country is stormy or rainy right now: these are the 2 lowest scores.",
    );
    expect(noticeSaid("stormiest", counts(["stormy", "stormy"]), 2)).toBeNull();
  });

  it("does the same for the brightest end when no country is sunny or bright", () => {
    expect(noticeSaid("brightest", counts(["bright", "sunny", "cloudy"]), 2)).toBeNull();
    expect(noticeSaid("brightest", counts(["sunny"]), 1)).toBeNull();
    expect(noticeSaid("brightest", counts(["cloudy", "rainy"]), 1)).toBe(
      "No country is sunny or bright right now: this is the highest score.",
    );
    expect(noticeSaid("brightest", counts(["cloudy", "rainy"]), 10)).toBe(
      "No country is sunny or bright right now: these are the 10 highest scores.",
    );
  });

  it("says how many rows have the heading's weather when only some do (the list still shows the 10 ends)", () => {
    const five = counts(["bright", "bright", "bright", "bright", "sunny", "cloudy", "cloudy"]);
    expect(noticeSaid("brightest", five, 10)).toBe(
      "Only 5 countries are sunny or bright right now: the other 5 are the next highest scores.",
    );
    expect(noticeSaid("brightest", counts(["bright", "cloudy"]), 2)).toBe(
      "Only 1 country is sunny or bright right now: the other is the next highest score.",
    );
    expect(noticeSaid("stormiest", counts(["stormy", "rainy", "cloudy"]), 10)).toBe(
      "Only 2 countries are stormy or rainy right now: the other 8 are the next lowest scores.",
    );
  });
});
