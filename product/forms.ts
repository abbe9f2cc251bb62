// What the public forms' two doors share (docs/product.md §5): the JSON routes used by the pages with JavaScript, and
// a browser's own post without it (api/routes/form-posts.ts), whose refusal the page shows (components/form-fields.tsx).
import type { FieldError } from "../lib/field-errors.ts";

export type FormName = "experience" | "waitingList" | "contact";

/** A form posted without JavaScript and refused, as its page shows it (the page's route `action` returns it). */
export interface FormOutcome {
  form: FormName;
  /** 400 (a field), 403 (not sent from this site), 429 (too many), 5xx (ours). */
  status: number;
  /** Each refused field as a code and its bound (lib/field-errors.ts): the page words it (components/form-post.tsx). */
  errors: FieldError[];
  /** What was typed, so nothing is lost (never the honeypot). */
  values: Record<string, string>;
  /** The error's code for a refusal that is not about a field (`rate_limited`, `cross_site_post`, …); null otherwise. */
  code: string | null;
}

/** The query parameter of the page an accepted post is sent back to: the page then says it was sent. */
export const SENT_PARAM = "sent";
