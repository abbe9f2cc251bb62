// The one pattern for a form's mistakes and caps (docs/product.md §5 "Forms say what is wrong where it is wrong"):
// an error written under its field and linked to it (aria-describedby, aria-invalid), focus on the first field
// in error, and a character counter under capped text that never cuts what was typed: past the cap it turns
// red and says by how much, and the form refuses to send it. Every text comes from the `forms` catalogue
// (web/app/i18n/messages/<locale>/forms.json, docs/i18n-pages.md).
import type { JSX, ReactNode } from "react";
import { useActionData, useSearchParams } from "react-router";
import { useIntl, type IntlShape } from "react-intl";
import { SENT_PARAM, type FormName, type FormOutcome } from "../../../product/forms.ts";

/** Ids of a field's error and hint, for aria-describedby ("" parts left out). */
export function describedBy(...ids: Array<string | null | undefined | false>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** A field's error, written under it (its id is what the field's aria-describedby names). */
export function FieldError({ id, message, testId }: { id: string; message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-normal text-red-700" data-field-error data-testid={testId}>
      {message}
    </p>
  );
}

/** The class of a form's text input, text area or select: a red border while the field is in error. */
export const fieldClass = (invalid: boolean) =>
  `mt-1 block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none ${invalid ? "border-red-600" : "border-slate-300"}`;

interface FieldParts {
  /** The control's id; its hint, counter and error are `${id}-hint`, `${id}-count`, `${id}-error`. */
  id: string;
  name: string;
  label: string;
  /** Marked with " *" and aria-required (the form says "* required"). */
  required?: boolean;
  error: string | undefined;
  /** A sentence under the control, before its error. */
  hint?: string;
  /** A character counter under capped text (CharCounter). */
  counter?: { length: number; max: number };
  /** The error's data-testid, where tests name it. */
  errorTestId?: string;
  /** The class of the field's box (its spacing in the form). */
  boxClass?: string;
  autoFocus?: boolean;
  value: string;
  onChange(value: string): void;
}

type InputParts = Pick<JSX.IntrinsicElements["input"], "type" | "autoComplete" | "maxLength" | "placeholder">;
type TextAreaParts = Pick<JSX.IntrinsicElements["textarea"], "rows" | "placeholder" | "maxLength">;

/**
 * One field of a form, the same in every form (docs/product.md §5): its label, the control, a hint, a counter and the
 * error under it, the control naming them (aria-describedby) and saying when it is in error (aria-invalid). The name
 * posts without JavaScript.
 */
function FieldFrame({ f, children }: { f: FieldParts; children: ReactNode }) {
  return (
    <div className={f.boxClass}>
      <label htmlFor={f.id} className="block text-sm font-medium">
        {f.label}
        {f.required ? " *" : null}
      </label>
      {children}
      {f.hint ? (
        <p id={`${f.id}-hint`} className="mt-1 text-xs text-slate-600">
          {f.hint}
        </p>
      ) : null}
      {f.counter ? <CharCounter id={`${f.id}-count`} length={f.counter.length} max={f.counter.max} /> : null}
      <FieldError id={`${f.id}-error`} message={f.error} testId={f.errorTestId} />
    </div>
  );
}

/** What every control of a field carries: id, name, value, focus, the red border, and the ARIA that links its parts. */
function controlProps(f: FieldParts) {
  return {
    id: f.id,
    name: f.name,
    autoFocus: f.autoFocus,
    className: fieldClass(!!f.error),
    value: f.value,
    "aria-required": f.required ? ("true" as const) : undefined,
    "aria-invalid": f.error ? true : undefined,
    "aria-describedby": describedBy(f.hint && `${f.id}-hint`, f.counter && `${f.id}-count`, f.error && `${f.id}-error`),
  };
}

/** A one-line text field (name, email, phone…). */
export function TextField(props: FieldParts & InputParts) {
  const { type, autoComplete, maxLength, placeholder } = props;
  return (
    <FieldFrame f={props}>
      <input
        {...controlProps(props)}
        type={type}
        autoComplete={autoComplete}
        maxLength={maxLength}
        placeholder={placeholder}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

/** A text area (a message, a comment), usually with its counter. */
export function TextAreaField(props: FieldParts & TextAreaParts) {
  const { rows, placeholder, maxLength } = props;
  return (
    <FieldFrame f={props}>
      <textarea
        {...controlProps(props)}
        rows={rows}
        placeholder={placeholder}
        maxLength={maxLength}
        onChange={(e) => props.onChange(e.target.value)}
      />
    </FieldFrame>
  );
}

/** A choice from a list: the first option, empty, asks to choose. */
export function SelectField(
  props: FieldParts & { placeholder: string; options: readonly { value: string; label: string }[] },
) {
  return (
    <FieldFrame f={props}>
      <select {...controlProps(props)} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">{props.placeholder}</option>
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

/** Focuses the first of `names` (in form order) that has an error. */
export function focusFirstInvalid(
  form: HTMLFormElement | null,
  names: readonly string[],
  errors: Partial<Record<string, string>>,
): void {
  const first = names.find((n) => errors[n]);
  if (first) form?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
}

/** The capped fields: each has its own sentence ("Shorten your comment…", "Shorten your message…"). */
export type CappedField = "comment" | "message";

/** "Shorten your comment to 1,000 characters (12 too many).", or null within the cap. */
export function overCapMessage(intl: IntlShape, what: CappedField, length: number, max: number): string | null {
  return length > max ? intl.formatMessage({ id: `forms.overCap.${what}` }, { max, over: length - max }) : null;
}

/** What the polite live region says: only when crossing 100 left, 20 left, the cap and past it, not per keystroke. */
function announcement(intl: IntlShape, length: number, max: number): string {
  const left = max - length;
  if (left < 0) return intl.formatMessage({ id: "forms.counter.over" }, { over: -left, max });
  if (left === 0) return intl.formatMessage({ id: "forms.counter.reached" }, { max });
  if (left <= 20) return intl.formatMessage({ id: "forms.counter.left20" });
  if (left <= 100) return intl.formatMessage({ id: "forms.counter.left100" });
  return "";
}

/** The visible counter ("12 / 1,000 characters", id for aria-describedby) and a polite announcement near the cap. */
export function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
  const over = length > max;
  const intl = useIntl();
  const said = announcement(intl, length, max);
  return (
    <>
      <p
        id={id}
        className={`mt-1 text-right text-xs font-normal tabular-nums ${over ? "font-semibold text-red-700" : "text-slate-600"}`}
        data-counter
      >
        {intl.formatMessage({ id: "forms.counter.count" }, { length, max })}
      </p>
      <p className="sr-only" aria-live="polite" data-counter-announce>
        {said}
      </p>
    </>
  );
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

/** The first of `names` (in form order) with an error: the field a page answering a refusal focuses (autoFocus). */
export function firstInvalid<F extends string>(names: readonly F[], errors: Partial<Record<F, string>>): F | undefined {
  return names.find((n) => errors[n]);
}
