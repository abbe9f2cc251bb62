// What a public form does with what was typed (docs/product.md §5): its checks' sentences (the caps), the server's
// field errors (codes and bounds, never its English) said in the page's language, the options as the page says them, the JSON post of a page with
// JavaScript and the refusal of a browser's own post without it (api/routes/form-posts.ts). Every text comes from the
// `forms` catalogue (web/app/i18n/messages/<locale>/forms.json, docs/i18n-pages.md). The fields are form-fields.tsx's.
import { Link, useActionData, useSearchParams } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import type { FieldError, FieldErrorCode } from "../../../lib/field-errors.ts";
import { SENT_PARAM, type FormName, type FormOutcome } from "../../../product/forms.ts";
import { useLocalePath } from "../i18n/use-locale.ts";

/**
 * What a form posted without JavaScript came back with (api/routes/form-posts.ts; docs/product.md §5): its refusal,
 * when this page answers one (the route's action: the errors and what was typed), and whether the page says it was
 * sent (`?sent=1`, where an accepted post is redirected). Every form reads it here, the same way.
 */
export function useFormPost(form: FormName): { refused: FormOutcome | null; sent: boolean } {
  const outcome = useActionData() as FormOutcome | undefined;
  const [params] = useSearchParams();
  return { refused: outcome?.form === form ? outcome : null, sent: params.get(SENT_PARAM) === "1" };
}

/** The sentence of a refusal that is not about one field (too many posts, a failure of ours, another site's post). */
export function FormRefusal({ outcome }: { outcome: FormOutcome | null }) {
  const intl = useIntl();
  if (!outcome) return null;
  const id =
    outcome.status === 400 && outcome.errors.length > 0
      ? "forms.refused.check"
      : outcome.status === 429
        ? "forms.refused.tooMany"
        : outcome.status === 403
          ? "forms.refused.crossSite"
          : "forms.refused.failed";
  return (
    <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800" data-form-refused>
      {intl.formatMessage({ id })}
    </p>
  );
}

/**
 * The server's refused fields (`error.fields` of a JSON answer, server/http/errors.ts; or a refused post's, which
 * the page answers) that are fields of this form: codes and bounds (lib/field-errors.ts), never the API's English.
 */
export function fieldErrorsOf<F extends string>(body: unknown, fields: readonly F[]): FieldError[] {
  const found = (body as { error?: { fields?: unknown } } | null)?.error?.fields;
  if (!Array.isArray(found)) return [];
  return (found as FieldError[]).filter(
    (e) => typeof e?.code === "string" && (fields as readonly string[]).includes(e.field),
  );
}

/** The catalogue's word for each code (`forms.error.<form>.<field>.<kind>`); a code without one is "check this". */
const KIND: Partial<Record<FieldErrorCode, string>> = { required: "required", too_long: "tooLong", invalid: "invalid" };

/**
 * A refused field said in the page's language from its code and bound: `forms.error.<form>.<field>.<kind>` with
 * `{max}`, else the general "Please check this field." (a code this form's own fields never get, such as a value
 * that is not one of the options offered).
 */
export function localFieldError(intl: IntlShape, form: "contact" | "waitingList", error: FieldError): string {
  const kind = KIND[error.code];
  const id = kind ? `forms.error.${form}.${error.field}.${kind}` : null;
  if (id && intl.messages[id] !== undefined) return intl.formatMessage({ id }, { max: error.max ?? 0 });
  return intl.formatMessage({ id: "forms.error.generic" });
}

/** Every refused field of `errors` that is one of `fields`, said in the page's language (localFieldError). */
export function localFieldErrors<F extends string>(
  intl: IntlShape,
  form: "contact" | "waitingList",
  fields: readonly F[],
  errors: readonly FieldError[],
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const e of errors)
    if ((fields as readonly string[]).includes(e.field) && out[e.field as F] === undefined)
      out[e.field as F] = localFieldError(intl, form, e);
  return out;
}

/** The capped fields: each has its own sentence ("Shorten your comment…", "Shorten your message…"). */
export type CappedField = "comment" | "message";

/** "Shorten your comment to 1,000 characters (12 too many).", or null within the cap. */
export function overCapMessage(intl: IntlShape, what: CappedField, length: number, max: number): string | null {
  return length > max ? intl.formatMessage({ id: `forms.overCap.${what}` }, { max, over: length - max }) : null;
}

/**
 * An option of the experience form as the page says it (role family, seniority, residency, mood label): the API's
 * English value is what is sent and stored; `forms.option.<slug>` is what is shown. Unknown values show as they are.
 */
export function optionLabel(intl: IntlShape, value: string): string {
  const id = `forms.option.${value
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")}`;
  return intl.messages[id] !== undefined ? intl.formatMessage({ id }) : value;
}

/** The values of a retention sentence ({unit, select, months {…} other {…}} with {count}): 365 → 12 months, 90 → 90 days. */
export function retentionValues(days: number): { unit: string; count: number } {
  return days % 365 === 0 ? { unit: "months", count: (days / 365) * 12 } : { unit: "days", count: days };
}

/** A form's JSON post (pages with JavaScript): the API answers it with the same checks as a browser's own post. */
export function postForm(url: string, body: Record<string, unknown>): Promise<Response> {
  return fetch(url, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
}

/** A form's note (its message `id`) whose `<link>` part goes to the privacy page. */
export function PrivacyNote({ id }: { id: string }) {
  const lp = useLocalePath();
  return (
    <FormattedMessage
      id={id}
      values={{
        link: (chunks) => (
          <Link to={lp("/privacy")} className="underline">
            {chunks}
          </Link>
        ),
      }}
    />
  );
}
