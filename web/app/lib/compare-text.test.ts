// "Why they differ" as the page says it: in English word for word the sentence of product/compare.ts (which the API
// and its tests keep), for any pair of countries; in German with German numbers and months.
import { readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { createIntl } from "react-intl";
import { describe, expect, it } from "vitest";
import { differenceView } from "../../../product/compare.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import { differenceSentence } from "./compare-text.ts";

const messages = (locale: string) =>
  JSON.parse(
    readFileSync(join(import.meta.dirname, "..", "i18n", "messages", locale, "compare.json"), "utf8"),
  ) as Record<string, string>;
const en = createIntl({ locale: "en", messages: messages("en") });
const de = createIntl({ locale: "de", messages: messages("de") });

const KEYS: SubScoreKey[] = ["U", "V", "C", "M", "S"];
const sub = fc.option(
  fc.record({
    value: fc.constantFrom(0, 20, 50, 65.5, 100, 33.3),
    freshness: fc.constantFrom(1, 0.5, 0.25, 0.8),
    input: fc.double({ min: -20, max: 20, noNaN: true, noDefaultInfinity: true }),
    period: fc.constantFrom("2026-09", "2026-Q1", "2025-12"),
    age: fc.constant(2),
  }),
  { nil: null },
);
type Sub = { value: number; freshness: number; input: number; period: string; age: number } | null;
const side = fc.record(Object.fromEntries(KEYS.map((k) => [k, sub]))) as fc.Arbitrary<Record<SubScoreKey, Sub>>;

describe("differenceSentence", () => {
  it("says in English exactly what product/compare.ts says", () => {
    fc.assert(
      fc.property(
        side,
        side,
        fc.double({ min: 0, max: 10, noNaN: true }),
        fc.double({ min: 0, max: 10, noNaN: true }),
        (a, b, sa, sb) => {
          const view = differenceView(
            { code: "FR", name: "France", score: sa, sub_scores: a },
            { code: "DE", name: "Germany", score: sb, sub_scores: b },
          );
          fc.pre(view !== null);
          expect(differenceSentence(en, view!)).toBe(view!.sentence);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("says it in German with German numbers and months", () => {
    const s = (value: number, input: number, period = "2026-09", freshness = 1) => ({
      value,
      freshness,
      input,
      period,
      age: 2,
    });
    const view = differenceView(
      {
        code: "FR",
        name: "Frankreich",
        score: 5.9,
        sub_scores: { U: s(45, 7.4), V: s(60, 2.5, "2026-Q1", 0.5), C: null, M: null, S: null },
      },
      {
        code: "DE",
        name: "Deutschland",
        score: 7.2,
        sub_scores: { U: s(80, 3.1), V: s(60, 2.5), C: null, M: null, S: s(50, 100) },
      },
    )!;
    const text = differenceSentence(de, view);
    expect(text).toMatch(/^Deutschland liegt \d,\d Punkte vor Frankreich: /);
    expect(text).toContain("Arbeitslosigkeit: 3,1 % in Deutschland gegenüber 7,4 % in Frankreich");
    expect(text).toContain("nur Deutschland hat eine Stimmungsumfrage");
    expect(text).toContain("(September 2026 gegenüber Q1 2026)");
  });
});
