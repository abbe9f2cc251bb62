import { readFileSync } from "node:fs";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ADVICE, ADVICE_VALUES, adviceFacts, adviceFor, countingInputs, type AdviceInput } from "./advice.ts";
import { STATUSES_BEST_FIRST } from "./weather.ts";

// The items are ids; their English words are the English catalogue's (read as a file: product/ imports no page code).
const MARKET = JSON.parse(
  readFileSync(new URL("../web/app/i18n/messages/en/market.json", import.meta.url), "utf8"),
) as Record<string, string>;
const english = (id: string) =>
  MARKET[`market.advice.${id}`]!.replace(/\{(min|max|match)\}/g, (_, k: keyof typeof ADVICE_VALUES) =>
    String(ADVICE_VALUES[k]),
  );

const INPUTS: AdviceInput[] = ["openings", "competition", "sentiment"];
/** Words that claim something about openings or competition (the inputs a page may list as not available). */
const CLAIMS: Record<AdviceInput, RegExp> = {
  openings: /openings/i,
  competition: /seekers|compete/i,
  sentiment: /experts|barometer|expectations/i,
};

describe("advice only where the data supports it (docs/product.md §9)", () => {
  it("every item that rests on an input has a variant without the claim", () => {
    for (const s of STATUSES_BEST_FIRST) {
      for (const item of ADVICE[s]) {
        if (item.rests_on.length > 0) {
          expect(item.without, `${s} ${item.text}`).toBeDefined();
          expect(item.without!.rests_on).toEqual([]);
        }
      }
    }
  });
  it("never shows a claim about an input that does not count, whatever counts", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...STATUSES_BEST_FIRST),
        fc.record({ openings: fc.boolean(), competition: fc.boolean(), sentiment: fc.boolean() }),
        fc.option(fc.double({ min: 0.1, max: 20, noNaN: true }), { nil: null }),
        (status, counting, competition) => {
          const items = adviceFor(status, { counting, competition });
          expect(items).toHaveLength(3);
          for (const item of items) {
            for (const k of INPUTS) {
              if (!counting[k]) {
                expect(item.rests_on).not.toContain(k);
                expect(english(item.text), `${status} "${item.title}" without ${k}`).not.toMatch(CLAIMS[k]);
              }
            }
          }
        },
      ),
    );
  });
  it("keeps the claim when its inputs count and the figure says so, drops it when not", () => {
    const all = { openings: true, competition: true, sentiment: true };
    const without = "bright.2.without.text";
    expect(english(adviceFor("bright", { counting: all, competition: 0.8 })[2]!.text)).toMatch(
      /^With more openings than seekers/,
    );
    expect(
      adviceFor("bright", { counting: { ...all, openings: false, competition: false }, competition: 0.8 })[2]!.text,
    ).toBe(without);
    // Germany, 1 December 2026: 1.6 job seekers per opening ("about 63 openings per 100 job seekers") is not "more
    // openings than seekers"; nor is exactly 1 (the Netherlands), nor 0.96, which the page shows as 1.0.
    for (const competition of [1.6, 1, 0.96, null])
      expect(adviceFor("bright", { counting: all, competition })[2]!.text, String(competition)).toBe(without);
    expect(english(adviceFor("bright", { counting: all, competition: 0.94 })[2]!.text)).toMatch(/^With more openings/);
    // The sunny item's "employers compete for people" rests on the same figure.
    expect(english(adviceFor("sunny", { counting: all, competition: 1.2 })[0]!.text)).toMatch(
      /^The market is very favorable/,
    );
    expect(english(adviceFor("sunny", { counting: all, competition: 0.5 })[0]!.text)).toMatch(
      /^Employers compete for people/,
    );
  });

  it("labels the tips that rest on no figure as general tips, and only those", () => {
    const all = { counting: { openings: true, competition: true, sentiment: true }, competition: 0.5 };
    for (const s of STATUSES_BEST_FIRST)
      for (const item of adviceFor(s, all)) {
        // A general tip names no input and no state of the market; the others do (or the score's band).
        if (item.general) expect(item.rests_on, `${s} ${item.title}`).toEqual([]);
        if (item.general)
          expect(english(item.text), `${s} ${item.title}`).not.toMatch(/favorable|mixed|tough|scarce|compete|seekers/i);
        else expect(english(item.text), `${s} ${item.title}`).toMatch(/favorable|mixed|tough|scarce|compete|seekers/i);
      }
    expect(adviceFor("bright", all).map((i) => i.general === true)).toEqual([false, true, false]);
  });

  it("reads the facts from a snapshot: the inputs that count and the competition", () => {
    expect(adviceFacts(null)).toEqual({
      counting: { openings: false, competition: false, sentiment: false },
      competition: null,
    });
  });
  it("reads the inputs that count from the sub-scores (V openings, C competition, S sentiment)", () => {
    const sub = {
      key: "V",
      value: 1,
      input: 1,
      period: "2026-Q2",
      age: 5,
      freshness: 1,
      weight: 0.125,
      effectiveWeight: 0.125,
    } as const;
    expect(countingInputs({ U: null, V: sub, C: null, M: null, S: null })).toEqual({
      openings: true,
      competition: false,
      sentiment: false,
    });
    expect(countingInputs(null)).toEqual({ openings: false, competition: false, sentiment: false });
  });
});
