// A visitor's own weights as the site and the API write them (docs/decisions/020-personal-weights.md): one
// step 0..5 per input, in one format shared by page URLs and the API, `U:2,M:2,V:2,C:2,S:2`. Step 2 is "as in
// the index": the weight a_i is the index's base weight w_i × step / 2 (0 ignores the input, 5 weighs it
// 2.5 times as much as the index does). Steps scale the index's own weights, so the default steps give the
// base weights exactly and so the published scores (docs/model.md §11). Pure; runs in the browser.
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import type { PersonalModel, WeightVector } from "../pipeline/model/personal.ts";
import { statusOf } from "../pipeline/model/kernel.ts";
import type { SubScoreKey } from "../pipeline/model/types.ts";

/** The inputs in the order the page and the format list them. */
export const WEIGHT_KEYS: readonly SubScoreKey[] = Object.freeze(["U", "M", "V", "C", "S"] as const);
export const MIN_STEP = 0;
export const MAX_STEP = 5;
/** The step that weighs an input as the index does. */
const INDEX_STEP = 2;

export type WeightSteps = Readonly<Record<SubScoreKey, number>>;

export const INDEX_STEPS: WeightSteps = Object.freeze({
  U: INDEX_STEP,
  M: INDEX_STEP,
  V: INDEX_STEP,
  C: INDEX_STEP,
  S: INDEX_STEP,
});

/** Plain-language name and help of each input (what a visitor weighs). */
export const WEIGHT_TEXT: Readonly<Record<SubScoreKey, { name: string; help: string }>> = Object.freeze({
  U: {
    name: "Unemployment level",
    help: "How many people who want a job do not have one. Lower is better for job seekers.",
  },
  M: {
    name: "Change in unemployment",
    help: "Whether unemployment went up or down over the last 12 months. Falling is better.",
  },
  V: { name: "Job vacancies", help: "The share of jobs employers are trying to fill. More open jobs is better." },
  C: {
    name: "Competition",
    help: "Job seekers per open job: how many people compete for each opening. Fewer is better.",
  },
  S: {
    name: "Sentiment",
    help: "How employers and workers expect the job market to go (surveys). More optimism is better.",
  },
});

export const isIndexSteps = (s: WeightSteps) => WEIGHT_KEYS.every((k) => s[k] === INDEX_STEP);

/** `U:2,M:2,V:2,C:2,S:2` */
export function formatSteps(s: WeightSteps): string {
  return WEIGHT_KEYS.map((k) => `${k}:${s[k]}`).join(",");
}

/**
 * Why weights could not be read, as a code and its values: the pages say it from their catalogue
 * (the your-weather page's problem messages), the API in English (`error`, stepsProblemText).
 */
export type StepsProblem =
  | { code: "too_long"; max: number }
  | { code: "empty" }
  | { code: "not_a_weight"; part: string }
  | { code: "unknown_input"; input: string }
  | { code: "twice"; key: SubScoreKey }
  | { code: "out_of_range"; key: SubScoreKey; min: number; max: number; got: string }
  /** The page's URL names `weights` more than once. */
  | { code: "repeated" };

export type ParsedSteps = { ok: true; steps: WeightSteps } | { ok: false; error: string; problem: StepsProblem };

const MAX_TEXT = 60;

/** A problem in the API's English (its 400 `invalid_weights` message). */
export function stepsProblemText(p: StepsProblem): string {
  switch (p.code) {
    case "too_long":
      return `Weights are at most ${p.max} characters, like U:2,M:2,V:2,C:2,S:2.`;
    case "empty":
      return "Weights are empty: write them like U:2,M:2,V:2,C:2,S:2.";
    case "not_a_weight":
      return `"${p.part}" is not a weight: write KEY:STEP, like U:2.`;
    case "unknown_input":
      return `Unknown input "${p.input}": use U, M, V, C and S.`;
    case "twice":
      return `${p.key} is given twice.`;
    case "out_of_range":
      return `The weight of ${p.key} must be a whole step from ${p.min} to ${p.max} (got ${p.got}).`;
    case "repeated":
      return "weights is given more than once.";
  }
}

const refused = (problem: StepsProblem): ParsedSteps => ({ ok: false, error: stepsProblemText(problem), problem });

/**
 * Reads `U:2,M:1,V:2,C:2,S:5` (keys in any order, any case; an input left out keeps step 2, as in the index).
 * Anything else is an error that says what is wrong; nothing is guessed.
 */
export function parseSteps(text: string): ParsedSteps {
  if (text.length > MAX_TEXT) return refused({ code: "too_long", max: MAX_TEXT });
  const steps: Record<SubScoreKey, number> = { ...INDEX_STEPS };
  const seen = new Set<string>();
  const trimmed = text.trim();
  if (trimmed === "") return refused({ code: "empty" });
  for (const part of trimmed.split(",")) {
    const m = /^\s*([A-Za-z]+)\s*:\s*([0-9]+)\s*$/.exec(part);
    if (!m) return refused({ code: "not_a_weight", part: part.trim().slice(0, 20) });
    const key = m[1]!.toUpperCase() as SubScoreKey;
    if (!WEIGHT_KEYS.includes(key)) return refused({ code: "unknown_input", input: m[1]!.slice(0, 10) });
    if (seen.has(key)) return refused({ code: "twice", key });
    seen.add(key);
    const step = Number(m[2]);
    if (!(step >= MIN_STEP && step <= MAX_STEP))
      return refused({ code: "out_of_range", key, min: MIN_STEP, max: MAX_STEP, got: m[2]!.slice(0, 10) });
    steps[key] = step;
  }
  return { ok: true, steps };
}

/** Steps from separate form fields (`?U=2&M=1…`, the page's form without JavaScript); null when none is given. */
export function stepsFromFields(get: (key: string) => string | null): ParsedSteps | null {
  const given = WEIGHT_KEYS.filter((k) => get(k) !== null);
  if (given.length === 0) return null;
  return parseSteps(given.map((k) => `${k}:${get(k)!.trim()}`).join(","));
}

/** The weights a_i of some steps: the current model's base weight × step / 2 (exact for step 2). */
export function weightVector(s: WeightSteps): WeightVector {
  const w = CURRENT_PARAMS.weights;
  const a = (k: SubScoreKey) => (w[k] * s[k]) / INDEX_STEP;
  return { U: a("U"), V: a("V"), C: a("C"), M: a("M"), S: a("S") };
}

/** The current model as the personal score needs it (the blend's parameters and §5's status). */
export const PERSONAL_MODEL: PersonalModel = Object.freeze({
  params: CURRENT_PARAMS,
  statusOf: (score: number) => statusOf(score, CURRENT_PARAMS),
});
