// Weights a page's URL names that cannot be read cross to the page as a code and its values (product/weights.ts
// StepsProblem), which the page says from `your-weather.problem.<code>`: English as the API says it, word for word,
// and every other language in its own words with every value filled in.
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { stepsProblemText, type StepsProblem } from "../../../product/weights.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES } from "../i18n/locales.ts";
import { stepsOfUrl } from "./personal.server.ts";

const problemOf = (search: string): StepsProblem | null => {
  const s = stepsOfUrl(new URL(`http://x/your-weather${search}`));
  return s.kind === "steps" ? s.problem : null;
};

const PROBLEMS = [
  "?weights=" + "U:2,".repeat(20),
  "?weights=%20",
  "?weights=U2",
  "?weights=X:2",
  "?weights=U:2,U:3",
  "?weights=U:9",
  "?weights=U:2&weights=M:2",
  "?U=7",
].map((q) => problemOf(q)!);

describe("the weights a page cannot read", () => {
  it("are codes with their values, one for each way to be wrong", () => {
    expect(PROBLEMS.map((p) => p.code)).toEqual([
      "too_long",
      "empty",
      "not_a_weight",
      "unknown_input",
      "twice",
      "out_of_range",
      "repeated",
      "out_of_range",
    ]);
    expect(PROBLEMS[5]).toEqual({ code: "out_of_range", key: "U", min: 0, max: 5, got: "9" });
    expect(problemOf("?weights=U:3")).toBeNull();
  });

  it("are said in every language from the catalogue, English as the API says them", () => {
    for (const locale of LOCALES) {
      const errors: string[] = [];
      const intl = createIntl({ locale, messages: messagesFor(locale), onError: (e) => errors.push(e.message) });
      for (const p of PROBLEMS) {
        const said = intl.formatMessage({ id: `your-weather.problem.${p.code}` }, { ...p });
        if (locale === "en") expect(said).toBe(stepsProblemText(p));
        else expect(said, `${locale} ${p.code}`).not.toBe(stepsProblemText(p));
        expect(said).not.toMatch(/[{}]/);
      }
      expect(errors, locale).toEqual([]);
    }
  });
});
