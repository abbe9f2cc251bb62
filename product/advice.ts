// Advice per weather status ("What you can do now", "Your Next Moves": three items per status, docs/product.md §2
// and §9) and the fixed advice numbers of docs/product.md §9: 5 to 10 quality applications a week, roles matching
// 70% or more. An item whose words rest on an input (openings, competition, sentiment) is shown only when that
// input counts in today's score and, where its words claim something of the figure ("more openings than seekers"),
// the figure shown beside it says so; otherwise its variant without that claim (docs/product.md §9 "Advice"), so a
// page never advises on figures it says it does not have, nor against the figures it shows. Tips that rest on no
// figure at all are marked `general` (the pages label them "General tip"). Items are ids, not words: each page says
// them from its catalogue (`market.advice.*`, web/app/components/market-advice.tsx), English included.
import { roundHalfAway } from "../pipeline/model/round.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import type { Status } from "./weather.ts";

/** The advice numbers the catalogue's texts take as values: {min} to {max} applications a week, {match}% or more. */
export const ADVICE_VALUES = { min: 5, max: 10, match: 70 } as const;

/** The inputs advice may rest on, and the sub-score of each (docs/model.md §2): V, C and S. */
export type AdviceInput = "openings" | "competition" | "sentiment";
const ADVICE_INPUT_KEY = { openings: "V", competition: "C", sentiment: "S" } as const;

/**
 * An item of advice as the pages word it: catalogue ids under `market.advice.` (web/app/i18n/messages/<locale>/
 * market.json), said with ADVICE_VALUES. No words here: English is the English catalogue's (docs/i18n.md).
 */
export interface AdviceItem {
  /** `<status>.<slot>.title`. */
  title: string;
  /** `<status>.<slot>.text`, its variant without the claim `<status>.<slot>.without.text`, or the shared `applications`. */
  text: string;
  /** The inputs the text makes a claim about (empty: a claim from the score alone, or a general tip). */
  rests_on: readonly AdviceInput[];
  /** A tip that rests on no figure of the country (neither an input nor the score): labelled a general tip. */
  general?: true;
}

/** An item of the table: its own text or the shared one (`applications`), what it rests on. */
interface AdviceText {
  text: "own" | "applications";
  rests_on: readonly AdviceInput[];
  general?: true;
}

/**
 * What an advice text may claim of a figure, and the test the figure as shown must pass: "more openings than
 * seekers" and "employers compete for people" need fewer than 1 job seeker per opening, read from the competition
 * the page shows (one decimal: 0.96 is shown 1.0 and so makes no such claim).
 */
const ADVICE_CLAIMS = {
  "openings outnumber seekers": (f: AdviceFacts) =>
    f.competition !== null && roundHalfAway(f.competition, 1) < OPENINGS_OUTNUMBER_SEEKERS_BELOW,
} as const;
type AdviceClaim = keyof typeof ADVICE_CLAIMS;

/** Job seekers per opening below which there are more openings than seekers. */
const OPENINGS_OUTNUMBER_SEEKERS_BELOW = 1;

interface AdviceEntry extends AdviceText {
  /** What the text claims of a figure beyond the input counting (ADVICE_CLAIMS); the claim must hold to be shown. */
  claims?: AdviceClaim;
  /** The same advice without the claim (its own text, `without.text`), shown when an input it rests on does not
   * count today or its claim fails. */
  without?: { rests_on: readonly [] };
}

/** What the advice of a country is chosen from: the inputs that count today and the competition shown. */
export interface AdviceFacts {
  counting: Record<AdviceInput, boolean>;
  /** Job seekers per opening as published; null without the figure. */
  competition: number | null;
}

const own = { text: "own", rests_on: [] } as const;
const applications = { text: "applications", rests_on: [], general: true } as const;

/** The three items of each status, in the order shown (their words: `market.advice.<status>.<slot>.*`). */
export const ADVICE: Readonly<Record<Status, readonly [AdviceEntry, AdviceEntry, AdviceEntry]>> = {
  // Aim higher ("employers compete for people"), choose quality over volume, move quickly.
  sunny: [
    { text: "own", rests_on: ["competition"], claims: "openings outnumber seekers", without: { rests_on: [] } },
    applications,
    { ...own, general: true },
  ],
  // Target growing employers, keep a steady rhythm, negotiate ("more openings than seekers").
  bright: [
    own,
    applications,
    {
      text: "own",
      rests_on: ["openings", "competition"],
      claims: "openings outnumber seekers",
      without: { rests_on: [] },
    },
  ],
  // Be selective and precise, use your network, strengthen your profile.
  cloudy: [applications, own, { ...own, general: true }],
  // Widen your search ("openings are scarce"), stand out, get help early.
  rainy: [
    { text: "own", rests_on: ["openings"], without: { rests_on: [] } },
    { ...own, general: true },
    { ...own, general: true },
  ],
  // Plan for a longer search, look across borders, invest in skills.
  stormy: [own, { ...own, general: true }, { ...own, general: true }],
};

/** Which advice inputs count in a snapshot's score today (their sub-score is present). */
export function countingInputs(subScores: Snapshot["sub_scores"] | null): Record<AdviceInput, boolean> {
  return {
    openings: subScores?.[ADVICE_INPUT_KEY.openings] != null,
    competition: subScores?.[ADVICE_INPUT_KEY.competition] != null,
    sentiment: subScores?.[ADVICE_INPUT_KEY.sentiment] != null,
  };
}

/** The facts advice is chosen from, read from a published snapshot (null: nothing counts). */
export function adviceFacts(s: Pick<Snapshot, "sub_scores" | "competition"> | null): AdviceFacts {
  return { counting: countingInputs(s?.sub_scores ?? null), competition: s?.competition ?? null };
}

/**
 * The three items of a status, each with its claim only when every input it rests on counts today and what it
 * claims of a figure holds (ADVICE_CLAIMS); otherwise its variant without the claim.
 */
export function adviceFor(status: Status, facts: AdviceFacts): AdviceItem[] {
  return ADVICE[status].map((entry, slot) => {
    const { without, claims, text, ...rest } = entry;
    const base = `${status}.${slot}`;
    const holds = claims === undefined || ADVICE_CLAIMS[claims](facts);
    const title = `${base}.title`;
    if (holds && rest.rests_on.every((k) => facts.counting[k]))
      return { ...rest, title, text: text === "applications" ? "applications" : `${base}.text` };
    if (!without) throw new Error(`advice ${base} rests on an input and has no variant without it`);
    return { title, text: `${base}.without.text`, rests_on: without.rests_on };
  });
}
