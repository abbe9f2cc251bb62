// The `action` of the pages with a public form (waiting list, contact, the country pages' experience form): a form
// posted without JavaScript and refused comes back here from api/routes/form-posts.ts, which did the checks and the
// writes; the page is rendered with the refusal's status, its errors next to the fields and what was typed
// (components/form-fields.tsx useFormPost). An accepted post never gets here: it is redirected to `?sent=1`.
import { data } from "react-router";
import type { FormName, FormOutcome } from "../../../product/forms.ts";
import type { SiteLoadContext } from "./context.ts";

export function formAction(context: SiteLoadContext, form: FormName) {
  const outcome: FormOutcome | undefined = context.form;
  if (!outcome || outcome.form !== form) throw data(null, { status: 405 });
  return data(outcome, { status: outcome.status });
}
