// Advice per weather status ("What you can do now", "Your Next Moves": three items per status, docs/product.md §2
// and §9) and the fixed advice numbers of docs/product.md §9: 5 to 10 quality applications a week, roles matching
// 70% or more. An item whose words rest on an input (openings, competition, sentiment) is shown only when that
// input counts in today's score and, where its words claim something of the figure ("more openings than seekers"),
// the figure shown beside it says so; otherwise its variant without that claim (docs/product.md §9 "Advice"), so a
// page never advises on figures it says it does not have, nor against the figures it shows. Tips that rest on no
// figure at all are marked `general` (the pages label them "General tip").
import { roundHalfAway } from "../pipeline/model/round.ts";
import type { Snapshot } from "../pipeline/model/types.ts";
import type { Status } from "./weather.ts";

export const APPLICATIONS_PER_WEEK = "5 to 10";
export const MIN_REQUIREMENTS_MATCH = 70;

/** The inputs advice may rest on, and the sub-score of each (docs/model.md §2): V, C and S. */
export type AdviceInput = "openings" | "competition" | "sentiment";
const ADVICE_INPUT_KEY = { openings: "V", competition: "C", sentiment: "S" } as const;

export interface AdviceItem {
  title: string;
  text: string;
  /** The inputs the text makes a claim about (empty: a claim from the score alone, or a general tip). */
  rests_on: readonly AdviceInput[];
  /** A tip that rests on no figure of the country (neither an input nor the score): labelled a general tip. */
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

interface AdviceEntry extends AdviceItem {
  /** What the text claims of a figure beyond the input counting (ADVICE_CLAIMS); the claim must hold to be shown. */
  claims?: AdviceClaim;
  /** The same advice without the claim, shown when an input it rests on does not count today or its claim fails. */
  without?: AdviceItem;
}

/** What the advice of a country is chosen from: the inputs that count today and the competition shown. */
export interface AdviceFacts {
  counting: Record<AdviceInput, boolean>;
  /** Job seekers per opening as published; null without the figure. */
  competition: number | null;
}

const applications = `Send ${APPLICATIONS_PER_WEEK} quality applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements.`;

export const ADVICE: Readonly<Record<Status, readonly [AdviceEntry, AdviceEntry, AdviceEntry]>> = {
  sunny: [
    {
      title: "Aim higher",
      text: "Employers compete for people here. Apply for the roles you really want and negotiate salary and conditions with confidence.",
      rests_on: ["competition"],
      claims: "openings outnumber seekers",
      without: {
        title: "Aim higher",
        text: "The market is very favorable. Apply for the roles you really want and negotiate salary and conditions with confidence.",
        rests_on: [],
      },
    },
    { title: "Choose quality over volume", text: applications, rests_on: [], general: true },
    {
      title: "Move quickly",
      text: "Good candidates are hired fast. Keep your CV and references ready and answer recruiters within a day.",
      rests_on: [],
      general: true,
    },
  ],
  bright: [
    {
      title: "Target growing employers",
      text: "Conditions are rather favorable. Focus on sectors and companies that are hiring and tailor each application to them.",
      rests_on: [],
    },
    { title: "Keep a steady rhythm", text: applications, rests_on: [], general: true },
    {
      title: "Negotiate",
      text: "With more openings than seekers in many fields, you can ask about salary, remote work and training before you accept.",
      rests_on: ["openings", "competition"],
      claims: "openings outnumber seekers",
      without: {
        title: "Negotiate",
        text: "In a rather favorable market you can ask about salary, remote work and training before you accept.",
        rests_on: [],
      },
    },
  ],
  cloudy: [
    { title: "Be selective and precise", text: applications, rests_on: [], general: true },
    {
      title: "Use your network",
      text: "In a mixed market many jobs are filled through contacts. Tell former colleagues what you are looking for and ask for introductions.",
      rests_on: [],
    },
    {
      title: "Strengthen your profile",
      text: "Update your CV with measurable results and close one skill gap that shows up in the job ads you want.",
      rests_on: [],
      general: true,
    },
  ],
  rainy: [
    {
      title: "Widen your search",
      text: "Openings are scarce. Look at neighbouring roles, sectors and regions, and consider temporary or contract work as a bridge.",
      rests_on: ["openings"],
      without: {
        title: "Widen your search",
        text: "The market is tough. Look at neighbouring roles, sectors and regions, and consider temporary or contract work as a bridge.",
        rests_on: [],
      },
    },
    {
      title: "Stand out",
      text: `Send ${APPLICATIONS_PER_WEEK} carefully tailored applications a week to roles that match ${MIN_REQUIREMENTS_MATCH}% or more of the requirements, and follow up each one.`,
      rests_on: [],
      general: true,
    },
    {
      title: "Get help early",
      text: "A career consultant or a stronger CV can shorten a long search. Public employment services also offer free support.",
      rests_on: [],
      general: true,
    },
  ],
  stormy: [
    {
      title: "Plan for a longer search",
      text: "Conditions are very tough. Budget for several months and keep a routine that protects your energy.",
      rests_on: [],
    },
    {
      title: "Look across borders",
      text: "Compare brighter markets nearby: your skills may be in demand in another country or region.",
      rests_on: [],
      general: true,
    },
    {
      title: "Invest in skills",
      text: `Use the time for a short course that opens a field with demand, and keep sending ${APPLICATIONS_PER_WEEK} quality applications a week.`,
      rests_on: [],
      general: true,
    },
  ],
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
  return ADVICE[status].map((entry) => {
    const { without, claims, ...item } = entry;
    const holds = claims === undefined || ADVICE_CLAIMS[claims](facts);
    if (holds && item.rests_on.every((k) => facts.counting[k])) return item;
    if (!without) throw new Error(`advice "${item.title}" rests on an input and has no variant without it`);
    return without;
  });
}
