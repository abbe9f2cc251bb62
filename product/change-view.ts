// "Why it changed" as both doors show it (docs/model.md §9): the model's sentence (`describeChange`) and its
// lines as shown (`changeLines`: display-rounded so that they add up to the change as shown), each line with the
// figures behind it ("6.1% → 5.9%"). The API answers them in English beside the snapshot (`change_text`), the feeds
// carry the sentence: one wording, made once here from the model's own functions. The country page gets the same
// lines as data (`changeSpecs`: each line's cause, effect and detail spec) and says them in its language
// (web/app/lib/why-text.ts, docs/i18n.md).
import {
  changeHead,
  changeLines,
  describeChange,
  monthName,
  periodName,
  signedTenths,
} from "../pipeline/model/explain-text.ts";
import {
  figure,
  type CauseSpec,
  type EffectSpec,
  type EvidenceReason,
  type Figure,
} from "../pipeline/model/explain-spec.ts";
import { isMostlyEvidence, marketAndEvidence } from "../pipeline/model/explain.ts";
import { roundHalfAway, shownChangeTenths, tenths } from "../pipeline/model/round.ts";
import type { ChangeKind, Explanation, Snapshot, Status, SubScoreKey, SubScoreState } from "../pipeline/model/types.ts";

/** One line of a change as shown: what changed, the figures behind it, and its share of the change. */
interface ChangePartView {
  /** What changed and why that moved the score, in the sentence's words ("unemployment fell 0.2 points: fewer people out of work, so the score rises"). */
  words: string;
  /** The figures behind the words, from → to ("6.1% (September 2026) → 5.9% (October 2026)"). */
  detail: string;
  /** Its contribution as shown, one decimal; the parts of a change add up to its `delta` exactly. */
  shown: number;
  /** The same as text with a sign and a proper minus ("+0.3", "−0.1"). */
  shown_text: string;
  /** The model's inputs behind the line (two when U's and M's unemployment data age together). */
  inputs: Array<{ key: SubScoreKey; kind: ChangeKind }>;
}

/** One change (since the month before, or since a year before) as shown. */
export interface ChangeView {
  /** YYYY-MM of each side. */
  from_month: string;
  to_month: string;
  /** The older side in words ("October 2026"). */
  since: string;
  /** The whole sentence (`describeChange`): "Up 0.4 since October 2026: unemployment fell 0.2 points: fewer people out of work, so the score rises (+0.3); …". */
  text: string;
  /** The change as shown: "Up 0.4", "Down 0.1", "No change". */
  head: string;
  /** The change as shown, one decimal: the difference of the two scores as shown. */
  delta: number;
  /** Its market part as shown (inputs counted on both sides whose level moved); market + evidence = delta. */
  market: number;
  /** Its evidence part as shown (data that started, stopped counting, aged or got fresher). */
  evidence: number;
  /** True when the evidence part outweighs the market part (unrounded) and the change shows: the text says so. */
  mostly_evidence: boolean;
  /** The lines that show as non-zero, largest first; their `shown` add up to `delta`. */
  parts: ChangePartView[];
}

export interface ChangeViews {
  /** Since the month before the as-of month; null when either month has no score. */
  previous_month: ChangeView | null;
  /** Since 12 months before (the model's year-on-year lag); null when either month has no score. */
  year_before: ChangeView | null;
}

/** `2026-10` → "October 2026"; `2026-Q3` → "Q3 2026" (the model's words: explain-phrases.ts). */
export { periodName };

const MINUS = "\u2212";

/** Decimals that tell two values apart (1, else 2), as the sentence does. */
function decimalsFor(a: number, b: number): number {
  return roundHalfAway(a, 1) !== roundHalfAway(b, 1) ? 1 : 2;
}

function fixed(x: number, d: number, sign = false): string {
  const r = roundHalfAway(x, d);
  const text = Math.abs(r).toFixed(d);
  return r < 0 ? `${MINUS}${text}` : sign && r > 0 ? `+${text}` : text;
}

/**
 * The figures behind one line as data (the pages say them in their language, web/app/lib/why-text.ts): an input
 * coming or going with its value, period and age; data ageing within one period (`ages`) or another period in
 * its place (`periods`); a value moving within one period (`values`) or from one period to another
 * (`valuesPeriods`). Values are in the input's unit (U and V in %, M in signed points, C and S plain).
 */
export type DetailSpec =
  | { id: "added" | "removed"; key: SubScoreKey; value: Figure; period: string; age: number }
  | { id: "ages"; period: string; from_age: number; to_age: number }
  | { id: "periods"; from_period: string; from_age: number; to_period: string; to_age: number }
  | { id: "values"; key: SubScoreKey; from: Figure; to: Figure; period: string }
  | { id: "valuesPeriods"; key: SubScoreKey; from: Figure; from_period: string; to: Figure; to_period: string };

/** The figures behind one part as data: values and periods from → to, or the data's age from → to. */
function detailSpec(p: {
  key: SubScoreKey;
  kind: ChangeKind;
  from: SubScoreState | null;
  to: SubScoreState | null;
}): DetailSpec {
  const { from, to } = p;
  if (p.kind === "added")
    return { id: "added", key: p.key, value: figure(to!.input, 1), period: to!.period, age: to!.age };
  if (p.kind === "removed")
    return { id: "removed", key: p.key, value: figure(from!.input, 1), period: from!.period, age: from!.age };
  const a = from!;
  const b = to!;
  if (p.kind === "freshness") {
    return a.period === b.period
      ? { id: "ages", period: a.period, from_age: a.age, to_age: b.age }
      : { id: "periods", from_period: a.period, from_age: a.age, to_period: b.period, to_age: b.age };
  }
  const d = decimalsFor(a.input, b.input);
  return a.period === b.period
    ? { id: "values", key: p.key, from: figure(a.input, d), to: figure(b.input, d), period: b.period }
    : {
        id: "valuesPeriods",
        key: p.key,
        from: figure(a.input, d),
        from_period: a.period,
        to: figure(b.input, d),
        to_period: b.period,
      };
}

/** One input's value in its unit: U and V in %, M in points, C and S plain. */
function inputText(key: SubScoreKey, x: Figure): string {
  switch (key) {
    case "U":
    case "V":
      return `${fixed(x.value, x.decimals)}%`;
    case "M":
      return `${fixed(x.value, x.decimals, true)} points`;
    case "C":
    case "S":
      return fixed(x.value, x.decimals);
  }
}

const months = (n: number) => (n === 1 ? "1 month old" : `${n} months old`);

/** The figures behind one line in English ("6.1% (September 2026) → 5.9% (October 2026)"). */
function detailWords(d: DetailSpec): string {
  switch (d.id) {
    case "added":
      return `${inputText(d.key, d.value)} (${periodName(d.period)}, ${months(d.age)})`;
    case "removed":
      return `was ${inputText(d.key, d.value)} (${periodName(d.period)}, ${months(d.age)})`;
    case "ages":
      return `${periodName(d.period)} figures, ${d.from_age} → ${months(d.to_age)}`;
    case "periods":
      return `${periodName(d.from_period)} (${months(d.from_age)}) → ${periodName(d.to_period)} (${months(d.to_age)})`;
    case "values":
      return `${inputText(d.key, d.from)} → ${inputText(d.key, d.to)} (${periodName(d.period)})`;
    case "valuesPeriods":
      return `${inputText(d.key, d.from)} (${periodName(d.from_period)}) → ${inputText(d.key, d.to)} (${periodName(d.to_period)})`;
  }
}

/** The figures behind one part in English: values and periods from → to, or the data's age from → to. */
export function partDetail(p: {
  key: SubScoreKey;
  kind: ChangeKind;
  from: SubScoreState | null;
  to: SubScoreState | null;
}): string {
  return detailWords(detailSpec(p));
}

/** A change as shown, or null without an explanation. `since` replaces the older side's month name. */
export function changeView(e: Explanation | null | undefined, opts: { since?: string } = {}): ChangeView | null {
  if (!e) return null;
  const { delta_tenths, lines, market_tenths, evidence_tenths, mostly } = changeLines(e);
  return {
    from_month: e.from_month,
    to_month: e.to_month,
    since: opts.since ?? monthName(e.from_month),
    text: describeChange(e, opts),
    head: changeHead(delta_tenths),
    delta: delta_tenths / 10,
    market: market_tenths / 10,
    evidence: evidence_tenths / 10,
    mostly_evidence: mostly !== null,
    parts: lines.map((l) => ({
      words: l.words,
      detail: partDetail(l.parts[0]!),
      shown: l.shown_tenths / 10,
      shown_text: signedTenths(l.shown_tenths),
      inputs: l.parts.map((p) => ({ key: p.key, kind: p.kind })),
    })),
  };
}

/**
 * The snapshot's two changes as shown; null when the snapshot has no score (nothing, or withheld: the reader
 * nulls `change` with the score, product/publication.ts `withheld`) or was made by a model without attribution.
 */
export function changeViews(s: Snapshot | null): ChangeViews | null {
  if (!s || s.score === null || !s.change) return null;
  return { previous_month: changeView(s.change.previous_month), year_before: changeView(s.change.year_before) };
}

/** One line of a change as data: its cause and effect, the figures behind it, and its share in whole tenths. */
export interface ChangeLineSpec {
  cause: CauseSpec;
  effect: EffectSpec;
  detail: DetailSpec;
  shown_tenths: number;
}

/**
 * A change as data, for the pages to say in their language (web/app/lib/why-text.ts): the same lines as
 * `changeView` (display-rounded, largest first), without words. The English words of each piece are
 * `changeView`'s; web/app/lib/why-text.test.ts holds the two to one wording.
 */
export interface ChangeSpec {
  /** YYYY-MM of each side. */
  from_month: string;
  to_month: string;
  /** The change as shown (the difference of the two shown scores), in whole tenths; the lines add up to it. */
  delta_tenths: number;
  /** Its market and evidence parts as shown, in whole tenths; they add up to `delta_tenths`. */
  market_tenths: number;
  evidence_tenths: number;
  /** What mostly moved a change whose evidence part outweighs its market part; null otherwise. */
  mostly: EvidenceReason | null;
  /**
   * The evidence part is larger in size than the market part (unrounded; explain.ts `isMostlyEvidence`, the one rule):
   * a badge of this change is neutral (no improving or worsening colour or arrow).
   */
  mostly_evidence: boolean;
  /** The weather of each side's score as shown (they differ when the change crossed a band: "from bright to cloudy"). */
  from_status: Status;
  to_status: Status;
  lines: ChangeLineSpec[];
}

export interface ChangeSpecs {
  previous_month: ChangeSpec | null;
  year_before: ChangeSpec | null;
}

/** A change as data, or null without an explanation. */
export function changeSpec(e: Explanation | null | undefined): ChangeSpec | null {
  if (!e) return null;
  const { delta_tenths, lines, market_tenths, evidence_tenths, mostly, from_status, to_status } = changeLines(e);
  return {
    from_month: e.from_month,
    to_month: e.to_month,
    delta_tenths,
    market_tenths,
    evidence_tenths,
    mostly,
    mostly_evidence: isMostlyEvidence(marketAndEvidence(e)),
    from_status,
    to_status,
    lines: lines.map((l) => ({
      cause: l.cause,
      effect: l.effect,
      detail: detailSpec(l.parts[0]!),
      shown_tenths: l.shown_tenths,
    })),
  };
}

/** The snapshot's two changes as data; null exactly when `changeViews` is. */
export function changeSpecs(s: Snapshot | null): ChangeSpecs | null {
  if (!s || s.score === null || !s.change) return null;
  return { previous_month: changeSpec(s.change.previous_month), year_before: changeSpec(s.change.year_before) };
}

/**
 * A change as every place that states it shows it (docs/model.md §9 "Display"): unrounded, as shown (the difference
 * of the two scores as shown, the number printed beside them), and its market and evidence parts, unrounded.
 */
export interface ShownChange {
  /** to − from, unrounded. */
  delta: number;
  /** The difference of the two scores as shown, one decimal ("+0.5" beside 6.9 → 7.4). */
  shown: number;
  /** The market part (the change's parts of kind value), unrounded; market + evidence = delta. */
  market: number;
  /** The evidence part (data starting, stopping, ageing), unrounded. */
  evidence: number;
}

/** A change as shown, with its parts (an explanation published before the parts existed: from its parts). */
export function shownChange(e: Explanation): ShownChange {
  return {
    delta: e.delta,
    shown: shownChangeTenths(e.from_score, e.to_score) / 10,
    ...marketAndEvidence(e),
  };
}

/**
 * The yearly change of a snapshot as the badge, the lists, the CSV and the API show it: the one yearly change of
 * model v2.2 (`yoy.delta` is the very change `change.year_before` explains, docs/model.md §6), shown as the
 * difference of the two shown scores, with its word (the model's, decided from that shown number: +0.5 is "Same")
 * and its market and evidence parts. Nulls without a yearly change (or when the score is withheld).
 */
export function yoyOf(s: Pick<Snapshot, "yoy" | "change"> | null | undefined): {
  delta: number | null;
  label: Snapshot["yoy"]["label"];
  shown: number | null;
  market: number | null;
  evidence: number | null;
} {
  const delta = s?.yoy?.delta ?? null;
  const label = s?.yoy?.label ?? null;
  const e = s?.change?.year_before ?? null;
  if (delta === null) return { delta, label, shown: null, market: null, evidence: null };
  // The explanation is the yearly change itself when it ends at the same month (v2.2 on); else only the rounding.
  if (!e || e.delta !== delta) return { delta, label, shown: tenths(delta) / 10, market: null, evidence: null };
  const c = shownChange(e);
  return { delta, label, shown: c.shown, market: c.market, evidence: c.evidence };
}

/** A shown change as a badge prints it: "+0.6", "−0.6", "0.0". */
export function changeShownText(shown: number): string {
  return signedTenths(tenths(shown));
}

/** The month `back` months before a YYYY-MM month. */
export function monthsBefore(month: string, back: number): string {
  const [y, m] = month.split("-").map(Number) as [number, number];
  const i = y * 12 + (m - 1) - back;
  return `${Math.floor(i / 12)}-${String((i % 12) + 1).padStart(2, "0")}`;
}
