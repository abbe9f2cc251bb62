// "Why it changed" said in the page's language (docs/i18n.md): the specs of product/change-view.ts `changeSpec` (each
// line's cause and effect, the figures behind it, its share), each line one `why.line.<cause>` message with the
// effect chosen inside it, figures and months through Intl. English says exactly what the pipeline's English says
// (pipeline/model/explain-text.ts `describeChange`, the API's `change_text`): web/app/lib/why-text.test.ts.
import type { IntlShape } from "react-intl";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import { ratedDirection } from "../../../pipeline/model/explain-text.ts";
import { roundHalfAway } from "../../../pipeline/model/round.ts";
import type { CauseSpec, EffectSpec, EvidenceReason, Figure } from "../../../pipeline/model/explain-spec.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import { monthsBefore, type ChangeLineSpec, type ChangeSpec, type DetailSpec } from "../../../product/change-view.ts";
import { periodIn, signedIn } from "./intl-numbers.ts";

const MINUS = "\u2212";

/** The digits of |x| to the figure's decimals, in the page's notation ("0.3", "0,3"); no grouping, as the English words. */
function digits(intl: IntlShape, x: number, decimals: number, style?: "percent"): string {
  return intl.formatNumber(Math.abs(x), {
    style,
    minimumFractionDigits: decimals,
    maximumFractionDigits: decimals,
    useGrouping: false,
  });
}

/** "2.5", "−0.3" (a proper minus). */
function plainIn(intl: IntlShape, f: Figure): string {
  return `${f.value < 0 ? MINUS : ""}${digits(intl, f.value, f.decimals)}`;
}

/** "+0.1", "−0.3", "0.0". */
function signedFigureIn(intl: IntlShape, f: Figure): string {
  return f.value > 0 ? `+${digits(intl, f.value, f.decimals)}` : plainIn(intl, f);
}

const rules = new Map<string, Intl.PluralRules>();

/** The plural rules of a language for numbers written with `decimals` decimals. */
function pluralRules(locale: string, decimals: number): Intl.PluralRules {
  const key = `${locale} ${decimals}`;
  let r = rules.get(key);
  if (!r) {
    r = new Intl.PluralRules(locale, { minimumFractionDigits: decimals, maximumFractionDigits: decimals });
    rules.set(key, r);
  }
  return r;
}

/**
 * Points with their word ("0.2 points", "0,2 point", "0,2 pkt proc."). The word's form is the CLDR plural category of
 * the number as written, decimals included (Intl.PluralRules), passed as `form`: ICU's own plural ignores the
 * decimals shown, so "1.0" would take the singular.
 */
function pointsIn(intl: IntlShape, f: Figure, signed: boolean): string {
  const form = pluralRules(intl.locale, f.decimals).select(Math.abs(f.value));
  return intl.formatMessage({ id: "why.points" }, { value: signed ? signedFigureIn(intl, f) : plainIn(intl, f), form });
}

/** Signed points to one decimal, in the page's language: "+0.2 points", "−0,3 Prozentpunkte". */
export function signedPointsIn(intl: IntlShape, x: number): string {
  return pointsIn(intl, { value: roundHalfAway(x, 1), decimals: 1 }, true);
}

/** An input's value in its unit: U and V in %, M in signed points, C and S plain. */
function figureIn(intl: IntlShape, key: SubScoreKey, f: Figure): string {
  switch (key) {
    case "U":
    case "V":
      return `${f.value < 0 ? MINUS : ""}${digits(intl, f.value / 100, f.decimals, "percent")}`;
    case "M":
      return pointsIn(intl, f, true);
    case "C":
    case "S":
      return plainIn(intl, f);
  }
}

/** The values a line's message takes: its cause's, and `effect`. */
function lineValues(intl: IntlShape, c: CauseSpec, effect: EffectSpec): Record<string, string | number> {
  const period = (p: string) => periodIn(intl, p);
  switch (c.id) {
    case "added":
    case "removed":
      return { key: c.key, effect };
    case "aged":
    case "younger":
      return { figures: c.figures, period: period(c.period), fromAge: c.from_age, toAge: c.to_age, effect };
    case "sameAge":
      return { figures: c.figures, period: period(c.period), age: c.age, effect };
    case "replaced":
      return {
        figures: c.figures,
        period: period(c.period),
        was: period(c.was),
        order: c.order,
        link: c.link,
        fromAge: c.from_age,
        toAge: c.to_age,
        effect,
      };
    case "replacedSameAge":
      return {
        figures: c.figures,
        period: period(c.period),
        was: period(c.was),
        order: c.order,
        link: c.link,
        age: c.age,
        effect,
      };
    case "unemployment":
    case "vacancyRate":
      return c.by
        ? { direction: c.direction, size: "points", by: pointsIn(intl, c.by, false), effect }
        : { direction: c.direction, size: "slight", effect };
    case "competition":
    case "sentiment":
      return { direction: c.direction, from: plainIn(intl, c.from), to: plainIn(intl, c.to), effect };
    case "trend":
      return { from: signedFigureIn(intl, c.from), to: pointsIn(intl, c.to, true), trend: c.trend, effect };
  }
}

/** One line's cause and effect, as the sentence says it (lower case: it continues the sentence). */
export function lineText(intl: IntlShape, line: Pick<ChangeLineSpec, "cause" | "effect">): string {
  return intl.formatMessage({ id: `why.line.${line.cause.id}` }, lineValues(intl, line.cause, line.effect));
}

/** The figures behind a line: "6.1% (September 2026) → 5.9% (October 2026)", "July 2026 figures, 3 → 4 months old". */
export function detailText(intl: IntlShape, d: DetailSpec): string {
  const period = (p: string) => periodIn(intl, p);
  const id = `why.detail.${d.id}`;
  switch (d.id) {
    case "added":
    case "removed":
      return intl.formatMessage(
        { id },
        { value: figureIn(intl, d.key, d.value), period: period(d.period), age: d.age },
      );
    case "ages":
      return intl.formatMessage({ id }, { period: period(d.period), fromAge: d.from_age, toAge: d.to_age });
    case "periods":
      return intl.formatMessage(
        { id },
        { fromPeriod: period(d.from_period), fromAge: d.from_age, toPeriod: period(d.to_period), toAge: d.to_age },
      );
    case "values":
      return intl.formatMessage(
        { id },
        { from: figureIn(intl, d.key, d.from), to: figureIn(intl, d.key, d.to), period: period(d.period) },
      );
    case "valuesPeriods":
      return intl.formatMessage(
        { id },
        {
          from: figureIn(intl, d.key, d.from),
          fromPeriod: period(d.from_period),
          to: figureIn(intl, d.key, d.to),
          toPeriod: period(d.to_period),
        },
      );
  }
}

/** A line's share as shown: "+0.3", "−0.1" (typographic minus), in the page's notation. */
export function shownText(intl: IntlShape, tenths: number): string {
  return signedIn(intl, tenths / 10);
}

/**
 * The change as shown since the older month, in the badge's word (pipeline/model/explain-text.ts `ratedHead`): "Up 0.6
 * since October 2026", "−0.5 since December 2025, which the index counts as no change", "No change since October 2026".
 */
export function headText(intl: IntlShape, view: Pick<ChangeSpec, "delta_tenths" | "from_month">): string {
  const t = view.delta_tenths;
  return intl.formatMessage(
    { id: "why.head" },
    {
      change: ratedDirection(t),
      amount: digits(intl, t / 10, 1),
      signed: shownText(intl, t),
      month: periodIn(intl, view.from_month),
    },
  );
}

/** What mostly moved a change that is mostly evidence ("sentiment figures stopped counting"). */
export function reasonText(intl: IntlShape, r: EvidenceReason): string {
  return intl.formatMessage(
    { id: "why.reason" },
    { id: r.id, key: "key" in r ? r.key : "none", figures: "figures" in r ? r.figures : "none" },
  );
}

/**
 * What the head adds after the change and its month (pipeline/model/explain-text.ts `describeChange`): the weather
 * when the change crossed a band (", from bright to cloudy"), and what mostly moved a change whose evidence part
 * outweighs its market part, with the market's own move (", mostly because … (on the same inputs the market moved
 * −0.1)"); empty otherwise.
 */
function noteText(
  intl: IntlShape,
  view: Pick<ChangeSpec, "from_status" | "to_status" | "mostly" | "market_tenths">,
): string {
  const weather =
    view.from_status !== view.to_status
      ? intl.formatMessage({ id: "why.weather" }, { from: view.from_status, to: view.to_status })
      : "";
  const mostly = view.mostly
    ? intl.formatMessage(
        { id: "why.mostly" },
        { reason: reasonText(intl, view.mostly), market: shownText(intl, view.market_tenths) },
      )
    : "";
  return weather + mostly;
}

/** The one-line summary's message and values: the head (in `<b>`) and its note, then each line with its share. */
export function sentenceMessage(
  intl: IntlShape,
  view: ChangeSpec,
): { id: string; values: { head: string; note: string; lines: string } } {
  const head = headText(intl, view);
  const note = noteText(intl, view);
  const lines = view.lines
    .map((l) =>
      intl.formatMessage(
        { id: "why.sentence.line" },
        { words: lineText(intl, l), shown: shownText(intl, l.shown_tenths) },
      ),
    )
    .join(intl.formatMessage({ id: "why.sentence.separator" }));
  return { id: view.lines.length > 0 ? "why.sentence" : "why.sentence.noLines", values: { head, note, lines } };
}

/** The one-line summary as plain text (the page bolds its head). */
export function sentenceText(intl: IntlShape, view: ChangeSpec): string {
  const { id, values } = sentenceMessage(intl, view);
  return intl.formatMessage({ id }, { ...values, b: (chunks: string[]) => chunks.join("") }) as string;
}

/** A line as a list item starts a sentence: its first letter in capitals. */
export function capitalised(intl: IntlShape, text: string): string {
  return text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1);
}

/** What to say when a change cannot be explained: one of the two months has no score. */
export function noComparisonIn(intl: IntlShape, which: "previous_month" | "year_before", asOf: string): string {
  const month = asOf.slice(0, 7);
  return which === "previous_month"
    ? intl.formatMessage({ id: "why.noComparison.month" }, { month: periodIn(intl, monthsBefore(month, 1)) })
    : intl.formatMessage(
        { id: "why.noComparison.year" },
        { month: periodIn(intl, monthsBefore(month, CURRENT_PARAMS.yoy.lagMonths)) },
      );
}
