// Why a field was refused, as a code and its parameters (docs/architecture.md "Errors", docs/i18n.md "Errors between
// layers"): what the server hands the site's pages, which word it from their catalogues in their own language (the
// forms' error messages). The API's English sentences (`error.details`) stay beside it for API clients.
import type { ZodError } from "zod";

/**
 * required: missing or empty; too_long / too_short: a text past its bounds (`max` / `min` characters); too_large /
 * too_small: a number past its bounds (`max` / `min`); invalid: not of the form asked for (an email address, a phone
 * number); not_allowed: not one of the values offered; wrong_type: another kind of value (a number for a text).
 */
export const FIELD_ERROR_CODES = [
  "required",
  "too_long",
  "too_short",
  "too_large",
  "too_small",
  "invalid",
  "not_allowed",
  "wrong_type",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export interface FieldError {
  /** The field's name as sent (`body` for the whole body). */
  field: string;
  code: FieldErrorCode;
  /** The bound passed: characters for a text, the value for a number. */
  max?: number;
  min?: number;
}

type Issue = ZodError["issues"][number] & { input?: unknown; origin?: string; maximum?: unknown; minimum?: unknown };

const isEmpty = (v: unknown) => v === undefined || v === null || (typeof v === "string" && v.trim() === "");

/** One issue's code and bound. `input` is known when the schema was parsed with `reportInput`. */
function codeOf(issue: Issue): Omit<FieldError, "field"> {
  const text = issue.origin === "string";
  switch (issue.code) {
    case "too_big":
      return { code: text ? "too_long" : "too_large", max: Number(issue.maximum) };
    case "too_small":
      if (text && Number(issue.minimum) <= 1) return { code: "required" };
      return { code: text ? "too_short" : "too_small", min: Number(issue.minimum) };
    case "invalid_format":
      return { code: "invalid" };
    case "invalid_value":
    case "custom":
      return { code: "input" in issue && isEmpty(issue.input) ? "required" : "not_allowed" };
    case "invalid_type":
      return { code: "input" in issue && !isEmpty(issue.input) ? "wrong_type" : "required" };
    default:
      return { code: "invalid" };
  }
}

/** A zod refusal's fields, each with its first issue's code and bound, in the order zod found them. */
export function fieldErrorCodes(err: ZodError): FieldError[] {
  const out: FieldError[] = [];
  for (const issue of err.issues as Issue[]) {
    const field = issue.path.length ? issue.path.map(String).join(".") : "body";
    if (!out.some((e) => e.field === field)) out.push({ field, ...codeOf(issue) });
  }
  return out;
}
