// "Why they differ" said in the page's language (docs/i18n-pages.md): the same lines and shares as product/compare.ts
// differenceView (whose English `sentence` the API and its tests keep), each phrase from the compare catalogue, each
// country named in the language's grammar (article, number, after a preposition: product/country-phrases.ts).
import type { IntlShape } from "react-intl";
import type { DifferenceView, SideInput } from "../../../product/compare.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import { countryInSentence, countryNumber, countryPhrase } from "../../../product/country-phrases.ts";
import { decimalIn, fixedIn, periodIn } from "./intl-numbers.ts";

/** An input's value with its unit: "7.4%", "+0.3 points", "2.1". */
function inputValueIn(intl: IntlShape, key: SubScoreKey, x: number): string {
  const n = decimalIn(intl, x);
  if (key === "U" || key === "V") return intl.formatMessage({ id: "compare.unit.percent" }, { value: n });
  if (key === "M") return intl.formatMessage({ id: "compare.unit.points" }, { value: x > 0 ? `+${n}` : n });
  return n;
}

/**
 * A country as the compare sentences say it in the page's language: as a subject with its article ("los Países
 * Bajos"), whether a verb agrees with it in the plural ("puntúan"), and after "in" and "for" ("in den Niederlanden",
 * "für die Niederlande"); product/country-phrases.ts.
 */
function said(intl: IntlShape, code: string) {
  const l = intl.locale;
  return {
    name: countryInSentence(l, code),
    number: countryNumber(l, code),
    in: countryPhrase(l, code, "in"),
    for: countryPhrase(l, code, "for"),
  };
}

function phrase(intl: IntlShape, line: DifferenceView["lines"][number], view: DifferenceView): string {
  const { key, kind } = line;
  const one = (c: ReturnType<typeof said>) => ({ name: c.name, nameNumber: c.number, nameFor: c.for });
  const higher = said(intl, view.higher);
  const lower = said(intl, view.lower);
  if (kind === "added") return intl.formatMessage({ id: `compare.why.only.${key}` }, one(higher));
  if (kind === "removed") return intl.formatMessage({ id: `compare.why.only.${key}` }, one(lower));
  const a = line.lower as SideInput;
  const b = line.higher as SideInput;
  if (kind === "freshness") {
    const [newer, n, o] = b.freshness > a.freshness ? [higher, b, a] : [lower, a, b];
    return intl.formatMessage(
      { id: `compare.why.fresher.${key}` },
      { ...one(newer), newer: periodIn(intl, n.period), older: periodIn(intl, o.period) },
    );
  }
  return intl.formatMessage(
    { id: "compare.why.values" },
    {
      input: intl.formatMessage({ id: `compare.input.${key}` }),
      higherValue: inputValueIn(intl, key, b.input),
      higher: higher.name,
      higherIn: higher.in,
      lowerValue: inputValueIn(intl, key, a.input),
      lower: lower.name,
      lowerIn: lower.in,
    },
  );
}

/** The whole sentence: "Germany scores 1.2 higher than France: unemployment: … (+0.8); …." */
export function differenceSentence(intl: IntlShape, view: DifferenceView): string {
  const higher = said(intl, view.higher);
  const lower = said(intl, view.lower);
  const pair = { higher: higher.name, higherNumber: higher.number, lower: lower.name, lowerNumber: lower.number };
  const head =
    view.delta_tenths === 0
      ? intl.formatMessage({ id: "compare.why.same" }, pair)
      : intl.formatMessage({ id: "compare.why.higher" }, { ...pair, delta: fixedIn(intl, view.delta_tenths / 10, 1) });
  if (!view.lines.length) return capitalised(intl, intl.formatMessage({ id: "compare.why.headOnly" }, { head }));
  const lines = view.lines.map((l) =>
    intl.formatMessage(
      { id: "compare.why.line" },
      { words: phrase(intl, l, view), share: signedTenthsIn(intl, l.shown_tenths) },
    ),
  );
  return capitalised(
    intl,
    intl.formatMessage(
      { id: "compare.why.withLines" },
      { head, lines: lines.join(intl.formatMessage({ id: "compare.why.separator" })) },
    ),
  );
}

/** A sentence starts with a capital ("The Netherlands scores …": the names are said as a sentence says them). */
function capitalised(intl: IntlShape, text: string): string {
  return text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1);
}

/** Tenths as a signed share: "+0.8", "−0.3", "0.0" (pipeline/model/explain-phrases.ts signedTenths). */
function signedTenthsIn(intl: IntlShape, t: number): string {
  const text = fixedIn(intl, Math.abs(t) / 10, 1);
  return t > 0 ? `+${text}` : t < 0 ? `\u2212${text}` : text;
}
