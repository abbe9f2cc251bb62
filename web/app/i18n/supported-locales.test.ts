import { afterEach, describe, expect, it, vi } from "vitest";
import { dateTimeFormatLocalesOf, numberFormatLocalesOf } from "./supported-locales.ts";

describe("the locales FormatJS asks about", () => {
  afterEach(() => vi.restoreAllMocks());

  it("answers for the site's own languages without asking the browser", () => {
    const number = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    const date = vi.spyOn(Intl.DateTimeFormat, "supportedLocalesOf");
    expect(numberFormatLocalesOf("pl")).toEqual(["pl"]);
    expect(numberFormatLocalesOf(["de", "en"])).toEqual(["de", "en"]);
    expect(dateTimeFormatLocalesOf("fr")).toEqual(["fr"]);
    expect(number).not.toHaveBeenCalled();
    expect(date).not.toHaveBeenCalled();
  });

  it("asks the browser about any other locale, as FormatJS would", () => {
    const number = vi.spyOn(Intl.NumberFormat, "supportedLocalesOf");
    expect(numberFormatLocalesOf("pt-BR")).toEqual(Intl.NumberFormat.supportedLocalesOf("pt-BR"));
    expect(numberFormatLocalesOf(["de", "tlh"])).toEqual(Intl.NumberFormat.supportedLocalesOf(["de", "tlh"]));
    expect(dateTimeFormatLocalesOf("en-XA")).toEqual(Intl.DateTimeFormat.supportedLocalesOf("en-XA"));
    expect(number).toHaveBeenCalled();
  });
});
