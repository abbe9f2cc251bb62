// "Why it changed" in the catalogues (the `why` messages): English says word for word what the pipeline says
// (describeChange, the API's change_text) for random explanations of every kind, and every language says every
// variant of every line, detail and head without a missing value; German, Polish and French figures, months and
// plural forms checked by hand.
import fc from "fast-check";
import { createIntl, type IntlShape } from "react-intl";
import { describe, expect, it } from "vitest";
import { explanationArb } from "../../../pipeline/model/explain-cases.ts";
import { splitParts } from "../../../pipeline/model/explain.ts";
import { causeSpec, type CauseSpec } from "../../../pipeline/model/explain-spec.ts";
import { changeLines, describeChange, ratedHead } from "../../../pipeline/model/explain-text.ts";
import type { ChangePart, Explanation, SubScoreKey, SubScoreState } from "../../../pipeline/model/types.ts";
import { changeSpec, changeView, type ChangeSpec, type DetailSpec } from "../../../product/change-view.ts";
import { messagesFor } from "../i18n/catalog.server.ts";
import { LOCALES, type Locale } from "../i18n/locales.ts";
import { capitalised, detailText, headText, lineText, noComparisonIn, sentenceText, shownText } from "./why-text.ts";

/** A language's formatter that fails on any message error (a missing value, a missing message, a bad select). */
function strictIntl(locale: Locale): IntlShape {
  return createIntl({
    locale,
    messages: messagesFor(locale),
    defaultLocale: "en",
    timeZone: "UTC",
    onError: (e) => {
      throw e;
    },
  });
}

const en = strictIntl("en");

/** Everything the block says about a change, as text. */
function said(intl: IntlShape, spec: ChangeSpec) {
  return {
    sentence: sentenceText(intl, spec),
    head: headText(intl, spec),
    lines: spec.lines.map((l) => ({
      words: lineText(intl, l),
      detail: detailText(intl, l.detail),
      shown: shownText(intl, l.shown_tenths),
    })),
  };
}

/** The variants a spec takes: which message, and which case of each select in it. */
function variants(c: CauseSpec, effect: string, d: DetailSpec): string[] {
  const out = [`cause ${c.id} ${effect}`, `detail ${d.id}`];
  if ("key" in c) out.push(`cause ${c.id} key ${c.key}`);
  if ("figures" in c) out.push(`cause ${c.id} figures ${c.figures}`);
  if ("order" in c) out.push(`cause ${c.id} ${c.order} ${c.link}`);
  if ("direction" in c) out.push(`cause ${c.id} ${c.direction}`);
  if ("by" in c) out.push(`cause ${c.id} ${c.by ? "by" : "slightly"}`);
  if (c.id === "trend") out.push(`trend ${c.trend}`);
  if ("key" in d) out.push(`detail ${d.id} ${d.key}`);
  return out;
}

const KEYS: SubScoreKey[] = ["U", "V", "C", "M", "S"];
const FRESHNESS = ["aged", "younger", "sameAge", "replaced", "replacedSameAge"] as const;
const VALUES = ["unemployment", "vacancyRate", "competition", "sentiment", "trend"] as const;

/** Every variant there is (the sample below must show each). */
const EVERY = new Set<string>([
  ...["up", "down"].map((e) => `cause added ${e}`),
  ...["middle", "othersUp", "othersDown"].map((e) => `cause removed ${e}`),
  ...FRESHNESS.flatMap((id) => ["middle", "othersUp", "othersDown", "up", "down"].map((e) => `cause ${id} ${e}`)),
  ...VALUES.flatMap((id) => ["up", "down"].map((e) => `cause ${id} ${e}`)),
  ...["added", "removed"].flatMap((id) => KEYS.map((k) => `cause ${id} key ${k}`)),
  ...FRESHNESS.flatMap((id) => ["U", "V", "C", "S"].map((f) => `cause ${id} figures ${f}`)),
  ...["replaced", "replacedSameAge"].flatMap((id) =>
    ["newer but", "newer and", "older but", "older and", "neither and"].map((o) => `cause ${id} ${o}`),
  ),
  ...["unemployment", "vacancyRate", "competition", "sentiment"].flatMap((id) =>
    ["up", "down"].map((d) => `cause ${id} ${d}`),
  ),
  ...["unemployment", "vacancyRate"].flatMap((id) => ["by", "slightly"].map((s) => `cause ${id} ${s}`)),
  ...[
    "nowFalling",
    "noLongerRising",
    "nowRising",
    "noLongerFalling",
    "risingSlower",
    "risingFaster",
    "fallingFaster",
    "fallingSlower",
  ].map((t) => `trend ${t}`),
  ...["added", "removed", "ages", "periods", "values", "valuesPeriods"].map((id) => `detail ${id}`),
  ...["added", "removed", "values", "valuesPeriods"].flatMap((id) => KEYS.map((k) => `detail ${id} ${k}`)),
]);

/** A fixed sample of explanations that shows every variant (checked below), said in every language. */
const SAMPLE: Explanation[] = fc.sample(explanationArb, { numRuns: 400, seed: 1 });
const SPECS = SAMPLE.map((e) => changeSpec(e)!);

/** The head's notes a spec takes: the weather when it changed, what mostly moved a change made mostly of evidence. */
function noteVariants(s: ChangeSpec): string[] {
  const out: string[] = [];
  if (s.from_status !== s.to_status) out.push("note weather");
  if (s.mostly) out.push(`mostly ${s.mostly.id} ${"key" in s.mostly ? s.mostly.key : s.mostly.figures}`);
  return out;
}
const EVERY_NOTE = new Set<string>([
  "note weather",
  ...["stopped", "started"].flatMap((id) => KEYS.map((k) => `mostly ${id} ${k}`)),
  ...["aged", "fresher"].flatMap((id) => ["U", "V", "C", "S"].map((f) => `mostly ${id} ${f}`)),
]);

describe("why it changed, English: the catalogue says the pipeline's words", () => {
  it("the sample shows every variant of every message", () => {
    const seen = new Set(SPECS.flatMap((s) => s.lines.flatMap((l) => variants(l.cause, l.effect, l.detail))));
    expect([...EVERY].filter((v) => !seen.has(v))).toEqual([]);
    expect([...seen].filter((v) => !EVERY.has(v))).toEqual([]);
    const notes = new Set(SPECS.flatMap(noteVariants));
    expect([...EVERY_NOTE].filter((v) => !notes.has(v))).toEqual([]);
    expect([...notes].filter((v) => !EVERY_NOTE.has(v))).toEqual([]);
    expect(SPECS.some((s) => s.lines.length === 0)).toBe(true);
    expect(SPECS.some((s) => s.delta_tenths === 0 && s.lines.length > 0)).toBe(true);
  });

  const check = (e: Explanation) => {
    const spec = changeSpec(e)!;
    const view = changeView(e)!;
    const words = said(en, spec);
    expect(words.sentence).toBe(describeChange(e));
    expect(words.sentence).toBe(view.text);
    expect(words.head).toBe(ratedHead(Math.round(view.delta * 10), `since ${view.since}`));
    expect(words.lines).toEqual(view.parts.map((p) => ({ words: p.words, detail: p.detail, shown: p.shown_text })));
    // The list item starts with a capital, as before.
    for (const [i, l] of spec.lines.entries())
      expect(capitalised(en, lineText(en, l))).toBe(
        view.parts[i]!.words.charAt(0).toUpperCase() + view.parts[i]!.words.slice(1),
      );
    // Parts merged into one line (same words) have the same cause as data, so every language says them as one.
    for (const l of changeLines(e).lines) for (const p of l.parts) expect(causeSpec(p)).toEqual(l.cause);
  };

  it("for the fixed sample", () => {
    for (const e of SAMPLE) check(e);
  });

  it("for random explanations (property)", () => {
    fc.assert(fc.property(explanationArb, check), { numRuns: 300 });
  });

  it("the 'no comparison' texts", () => {
    expect(noComparisonIn(en, "previous_month", "2026-01-15")).toBe("Not enough data in December 2025 to compare.");
    expect(noComparisonIn(en, "year_before", "2026-11-22")).toBe(
      "Not enough data a year ago (November 2025) to compare.",
    );
    expect(noComparisonIn(en, "previous_month", "2025-12-01")).toBe("Not enough data in November 2025 to compare.");
  });
});

describe("why it changed, every language", () => {
  for (const locale of LOCALES.filter((l) => l !== "en")) {
    it(`${locale}: every variant said with every value, in its own words`, () => {
      const intl = strictIntl(locale);
      for (const spec of SPECS) {
        const words = said(intl, spec);
        const english = said(en, spec);
        for (const text of [words.sentence, words.head, ...words.lines.flatMap((l) => [l.words, l.detail, l.shown])]) {
          expect(text, locale).not.toMatch(/[{}]|why\.|undefined|NaN/);
          expect(text.trim()).not.toBe("");
        }
        expect(words.head).not.toBe(english.head);
        for (const [i, l] of words.lines.entries())
          expect(l.words, `${locale}: ${english.lines[i]!.words}`).not.toBe(english.lines[i]!.words);
      }
      for (const which of ["previous_month", "year_before"] as const)
        expect(noComparisonIn(intl, which, "2026-11-22")).not.toBe(noComparisonIn(en, which, "2026-11-22"));
    });
  }
});

// Hand-checked sentences: decimal commas, month names, quarters, plural forms.
const st = (input: number, period: string, age: number, freshness = 1): SubScoreState => ({
  input,
  period,
  age,
  freshness,
  value: 50,
});
function one(part: Omit<ChangePart, "contribution">, contribution: number, fromScore = 6): ChangeSpec {
  return changeSpec({
    from_month: "2026-10",
    to_month: "2026-11",
    from_score: fromScore,
    to_score: fromScore + contribution,
    delta: contribution,
    ...splitParts([{ ...part, contribution }]),
    parts: [{ ...part, contribution }],
  })!;
}
const NBSP = "\u00a0";

describe("why it changed, by hand", () => {
  const de = strictIntl("de");
  const pl = strictIntl("pl");
  const fr = strictIntl("fr");

  it("German: decimal comma, German months, the head's word order, percent with a space", () => {
    const u = one({ key: "U", kind: "value", from: st(6.1, "2026-09", 1), to: st(5.9, "2026-10", 1) }, 0.34);
    // Within ±0.5 the index calls it the same: the head says the number, never "gestiegen" (one word per change).
    expect(headText(de, u)).toBe("+0,3 seit Oktober 2026, was der Index als keine Veränderung wertet");
    expect(headText(de, { delta_tenths: 6, from_month: "2026-10" })).toBe("Seit Oktober 2026 um 0,6 gestiegen");
    expect(headText(de, { delta_tenths: -5, from_month: "2025-12" })).toBe(
      "\u22120,5 seit Dezember 2025, was der Index als keine Veränderung wertet",
    );
    expect(lineText(de, u.lines[0]!)).toBe(
      "die Arbeitslosigkeit sank um 0,2 Prozentpunkte: weniger Menschen ohne Arbeit, daher steigt der Wert",
    );
    expect(detailText(de, u.lines[0]!.detail)).toBe(`6,1${NBSP}% (September 2026) → 5,9${NBSP}% (Oktober 2026)`);
    expect(shownText(de, -1)).toBe("\u22120,1");
    expect(sentenceText(de, u)).toBe(
      "+0,3 seit Oktober 2026, was der Index als keine Veränderung wertet: die Arbeitslosigkeit sank um 0,2 Prozentpunkte: weniger Menschen ohne Arbeit, daher steigt der Wert (+0,3).",
    );
    const v = one(
      { key: "V", kind: "freshness", from: st(2.4, "2026-Q2", 1, 1), to: st(2.4, "2026-Q2", 2, 0.8) },
      -0.12,
    );
    expect(lineText(de, v.lines[0]!)).toBe(
      "die Zahlen zu offenen Stellen (Q2 2026) sind von 1 auf 2 Monate gealtert, zählen daher weniger, und der Wert rückt zur Mitte",
    );
    expect(detailText(de, v.lines[0]!.detail)).toBe("Daten für Q2 2026, 1 → 2 Monate alt");
    expect(headText(de, { delta_tenths: 0, from_month: "2026-03" })).toBe("Seit März 2026 unverändert");
  });

  it("Polish: plural forms one, few and many, months, the head without a genitive", () => {
    const aged = (from: number, to: number) =>
      one({ key: "S", kind: "freshness", from: st(100, "2026-07", from, 1), to: st(100, "2026-07", to, 0.9) }, -0.2);
    expect(detailText(pl, aged(0, 1).lines[0]!.detail)).toBe("dane za lipiec 2026, wiek: 0 → 1 miesiąc");
    expect(detailText(pl, aged(1, 3).lines[0]!.detail)).toBe("dane za lipiec 2026, wiek: 1 → 3 miesiące");
    expect(detailText(pl, aged(3, 5).lines[0]!.detail)).toBe("dane za lipiec 2026, wiek: 3 → 5 miesięcy");
    expect(detailText(pl, aged(12, 22).lines[0]!.detail)).toBe("dane za lipiec 2026, wiek: 12 → 22 miesiące");
    expect(lineText(pl, aged(3, 5).lines[0]!)).toBe(
      "dane o nastrojach (lipiec 2026) postarzały się z 3 do 5 miesięcy, więc liczą się mniej, a ocena przesuwa się ku środkowi",
    );
    expect(lineText(pl, aged(1, 2).lines[0]!)).toContain("z 1 do 2 miesięcy");
    expect(headText(pl, { delta_tenths: 4, from_month: "2026-10" })).toBe(
      "+0,4 względem oceny za październik 2026, co indeks liczy jako brak zmiany",
    );
    expect(headText(pl, { delta_tenths: 6, from_month: "2026-10" })).toBe(
      "W górę o 0,6 względem oceny za październik 2026",
    );
    const removed = one({ key: "C", kind: "removed", from: st(2.54, "2026-Q2", 5), to: null }, -0.3);
    expect(detailText(pl, removed.lines[0]!.detail)).toBe("wcześniej 2,5 (2 kw. 2026, sprzed 5 miesięcy)");
    const replaced = one(
      { key: "U", kind: "freshness", from: st(6, "2025-11", 0, 1), to: st(6, "2026-07", 4, 0.8) },
      -0.1,
    );
    expect(detailText(pl, replaced.lines[0]!.detail)).toBe(
      "listopad 2025 (z bieżącego miesiąca) → lipiec 2026 (sprzed 4 miesięcy)",
    );
    expect(lineText(pl, replaced.lines[0]!)).toBe(
      "nowsze dane o bezrobociu (lipiec 2026) zastąpiły dane za listopad 2025, ale są sprzed 4 miesięcy, a nie z bieżącego miesiąca, więc liczą się mniej, a ocena przesuwa się ku środkowi",
    );
  });

  it("French: a point below two, points from two; signed points", () => {
    const u = (a: number, b: number) =>
      lineText(
        fr,
        one({ key: "U", kind: "value", from: st(a, "2026-09", 1), to: st(b, "2026-10", 1) }, -0.3).lines[0]!,
      );
    expect(u(6.1, 6.3)).toContain("de 0,2 point :");
    expect(u(6.1, 8.6)).toContain("de 2,5 points :");
    const m = one({ key: "M", kind: "value", from: st(0.5, "2025-11", 1), to: st(0.2, "2026-07", 1) }, 0.2);
    expect(detailText(fr, m.lines[0]!.detail)).toBe("+0,5 point (novembre 2025) → +0,2 point (juillet 2026)");
  });
});
