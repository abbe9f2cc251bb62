// "Why they differ" as the page says it, from the compare catalogue: in English (hand-checked sentences, and every
// line with its share for any pair of countries); in German with German numbers and months.
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

const s = (value: number, input: number, period = "2026-09", freshness = 1) => ({
  value,
  freshness,
  input,
  period,
  age: 2,
});
const france = (name: string) => ({
  code: "FR",
  name,
  score: 5.9,
  sub_scores: { U: s(45, 7.4), V: s(60, 2.5, "2026-Q1", 0.5), C: null, M: null, S: null },
});
const germany = (name: string) => ({
  code: "DE",
  name,
  score: 7.2,
  sub_scores: { U: s(80, 3.1), V: s(60, 2.5), C: null, M: null, S: s(50, 100) },
});

describe("differenceSentence", () => {
  it("says it in English from the catalogue, the newer figure's period first whichever country has it", () => {
    const text = differenceSentence(en, differenceView(france("France"), germany("Germany"))!);
    expect(text).toMatch(/^Germany scores \d\.\d higher than France: /);
    expect(text).toContain("unemployment: 3.1% in Germany vs 7.4% in France");
    expect(text).toContain("only Germany has a sentiment survey");
    expect(text).toContain("the figure for the vacancy rate is more recent for Germany (September 2026 vs Q1 2026)");
    const newerLow = { ...france("France"), sub_scores: { ...france("").sub_scores, V: s(60, 2.5, "2026-10") } };
    const olderHigh = {
      ...germany("Germany"),
      sub_scores: { ...germany("").sub_scores, V: s(60, 2.5, "2026-Q1", 0.5) },
    };
    expect(differenceSentence(en, differenceView(newerLow, olderHigh)!)).toContain(
      "the figure for the vacancy rate is more recent for France (October 2026 vs Q1 2026)",
    );
  });

  it("says every line of any pair of countries, each with its share", () => {
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
          const text = differenceSentence(en, view!);
          // The scores here are drawn apart from the sub-scores: the difference of the inputs may be negative.
          expect(text).toMatch(/^(Germany|France) (scores -?\d+\.\d higher than|and) (Germany|France)/);
          expect(text).not.toMatch(/[{}]|undefined|NaN|compare\./);
          expect(text.match(/\([+\u2212]?\d+\.\d\)/g) ?? []).toHaveLength(view!.lines.length);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("says it in German with German numbers and months", () => {
    const text = differenceSentence(de, differenceView(france("Frankreich"), germany("Deutschland"))!);
    expect(text).toMatch(/^Deutschland erreicht \d,\d Punkte mehr als Frankreich: /);
    expect(text).toContain("Arbeitslosigkeit: 3,1 % in Deutschland gegenüber 7,4 % in Frankreich");
    expect(text).toContain("nur Deutschland hat eine Stimmungsumfrage");
    expect(text).toContain("(September 2026 gegenüber Q1 2026)");
  });
});
