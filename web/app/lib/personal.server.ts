// What the /your-weather page and the rankings' weights panel load (docs/decisions/020-personal-weights.md): every
// covered country's published, shown score with the value and freshness of its published sub-scores, which is
// all the browser needs to rank by a visitor's weights without asking the server again. Server-only.
import { compactSub, type PersonalInput } from "../../../product/personal-view.ts";
import {
  formatSteps,
  INDEX_STEPS,
  parseSteps,
  stepsFromFields,
  type StepsProblem,
  type WeightSteps,
} from "../../../product/weights.ts";
import type { SiteReader } from "./context.ts";

export function personalInputs(read: SiteReader, now: Date): PersonalInput[] {
  return read.countries(now).map((c) => ({
    code: c.code,
    name: c.name,
    score: c.score,
    status: c.status,
    sub: c.score === null ? null : compactSub(read.country(c.code, now)?.snapshot?.sub_scores ?? null),
  }));
}

export type StepsOfUrl =
  /** `problem`: why the URL's weights could not be read, as a code the page words (never the API's English). */
  | { kind: "steps"; steps: WeightSteps; problem: StepsProblem | null }
  /** The form without JavaScript sent one field per input: the canonical URL names them in one parameter. */
  | { kind: "redirect"; search: string };

/** The steps a page URL names: `?weights=U:2,…`, or the form's `?U=2&M=1…`; the index's on a bad value, with why. */
export function stepsOfUrl(url: URL): StepsOfUrl {
  const fields = stepsFromFields((k) => url.searchParams.get(k));
  if (fields !== null) {
    if (!fields.ok) return { kind: "steps", steps: INDEX_STEPS, problem: fields.problem };
    return { kind: "redirect", search: `?weights=${formatSteps(fields.steps)}` };
  }
  const all = url.searchParams.getAll("weights");
  if (all.length === 0) return { kind: "steps", steps: INDEX_STEPS, problem: null };
  if (all.length > 1) return { kind: "steps", steps: INDEX_STEPS, problem: { code: "repeated" } };
  const parsed = parseSteps(all[0]!);
  return parsed.ok
    ? { kind: "steps", steps: parsed.steps, problem: null }
    : { kind: "steps", steps: INDEX_STEPS, problem: parsed.problem };
}
