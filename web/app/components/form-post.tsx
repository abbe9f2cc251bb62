// What a public form does with what was typed (docs/product.md §5): its checks' sentences (the caps), the server's
// field errors said in the page's language, the options as the page says them, the JSON post of a page with
// JavaScript and the refusal of a browser's own post without it (api/routes/form-posts.ts). Every text comes from the
// `forms` catalogue (web/app/i18n/messages/<locale>/forms.json, docs/i18n-pages.md). The fields are form-fields.tsx's.
import { Link, useActionData, useSearchParams } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
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
    outcome.status === 400 && Object.keys(outcome.errors).length > 0
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

/** A refusal's field errors (the server's sentences) for the given fields of a form. */
export function refusedErrors<F extends string>(
  outcome: FormOutcome | null,
  fields: readonly F[],
): Partial<Record<F, string>> {
  return outcome ? fieldErrorsOf({ error: { details: outcome.errors } }, fields) : {};
}

/** The server's field errors (`error.details`, server/http/errors.ts fieldErrors) for the given fields of a form. */
export function fieldErrorsOf<F extends string>(body: unknown, fields: readonly F[]): Partial<Record<F, string>> {
  const details = (body as { error?: { details?: unknown } } | null)?.error?.details;
  if (typeof details !== "object" || details === null) return {};
  const out: Partial<Record<F, string>> = {};
  for (const f of fields) {
    const message = (details as Record<string, unknown>)[f];
    if (typeof message === "string") out[f] = message;
  }
  return out;
}

/**
 * What the page shows for a field error the server sent (English, api/schemas.ts): its kind read from the server's
 * sentence and said from the catalogue (`forms.error.<form>.<field>.<kind>`); a sentence of no known kind is shown
 * as sent in English and as a general "check this field" in the other languages.
 */
export function localFieldError(
  intl: IntlShape,
  form: "contact" | "waitingList",
  field: string,
  serverMessage: string,
): string {
  const tooLong = /must be at most (\d+) characters/.exec(serverMessage);
  const kind = / is required$/.test(serverMessage)
    ? "required"
    : tooLong
      ? "tooLong"
      : serverMessage === "Please enter a valid email address" || serverMessage.startsWith("Phone may hold")
        ? "invalid"
        : null;
  const id = kind ? `forms.error.${form}.${field}.${kind}` : null;
  if (id && intl.messages[id] !== undefined)
    return intl.formatMessage({ id }, { max: tooLong ? Number(tooLong[1]) : 0 });
  return intl.locale.startsWith("en") ? serverMessage : intl.formatMessage({ id: "forms.error.generic" });
}

/** Every server field error of `errors` said in the page's language (localFieldError). */
export function localFieldErrors<F extends string>(
  intl: IntlShape,
  form: "contact" | "waitingList",
  errors: Partial<Record<F, string>>,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const [f, m] of Object.entries(errors) as Array<[F, string]>) out[f] = localFieldError(intl, form, f, m);
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
