// The one field family of every form, the public ones and the operator's (docs/product.md §5 "Forms say what is wrong
// where it is wrong"): a label, the control, a hint, a character counter under capped text and the error under the
// field, linked to it (aria-describedby, aria-invalid); focus on the first field in error. The counter never cuts
// what was typed: past the cap it turns red and says by how much, and the form refuses to send it. Its texts come
// from the `forms` catalogue (web/app/i18n/messages/<locale>/forms.json, docs/i18n-pages.md). What a form does with
// what was typed (its checks' sentences, the server's errors, the post) is form-post.tsx's.
import type { JSX, ReactNode } from "react";
import { useIntl, type IntlShape } from "react-intl";

/** Ids of a field's error and hint, for aria-describedby ("" parts left out). */
function describedBy(...ids: Array<string | null | undefined | false>): string | undefined {
  const list = ids.filter(Boolean).join(" ");
  return list || undefined;
}

/** A field's error, written under it (its id is what the field's aria-describedby names). */
function FieldError({ id, message, testId }: { id: string; message: string | undefined; testId?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="mt-1 text-sm font-normal text-red-700" data-field-error data-testid={testId}>
      {message}
    </p>
  );
}

const CONTROL =
  "block w-full rounded-md border bg-white px-3 py-2 text-sm shadow-sm focus:border-brand-600 focus:outline-none";

/**
 * The class of a field's text input, text area or select: a red border while the field is in error; under its
 * label (`mt-1`), or, beside a label for screen readers only, as wide as its options on a wide screen.
 */
function controlClass(f: FieldParts, besideButton: boolean): string {
  const border = f.error ? "border-red-600" : "border-slate-300";
  // Beside a button (TextField's adornment): the box around both is under the label; the text stops short of it.
  if (besideButton) return `${CONTROL} ${border} pr-12`;
  return f.labelHidden ? `${CONTROL} ${border} sm:w-auto` : `mt-1 ${CONTROL} ${border}`;
}

interface FieldParts {
  /** The control's id; its hint, counter and error are `${id}-hint`, `${id}-count`, `${id}-error`. */
  id: string;
  name: string;
  label: string;
  /** The label for screen readers only (a list's filter, whose options say what they filter). */
  labelHidden?: boolean;
  /** Marked with " *" and aria-required (the form says "* required"). */
  required?: boolean;
  /** No " *" after a required field's label: a form that marks none (the operator's login, whose button waits). */
  unmarked?: boolean;
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

type InputParts = Pick<
  JSX.IntrinsicElements["input"],
  "type" | "autoComplete" | "autoCapitalize" | "spellCheck" | "maxLength" | "placeholder"
> & {
  /** A button at the input's right end, inside its border (the password's show/hide). */
  adornment?: ReactNode;
};

type TextAreaParts = Pick<JSX.IntrinsicElements["textarea"], "rows" | "placeholder" | "maxLength">;

/**
 * One field of a form, the same in every form (docs/product.md §5): its label, the control, a hint, a counter and the
 * error under it, the control naming them (aria-describedby) and saying when it is in error (aria-invalid). The name
 * posts without JavaScript.
 */
function FieldFrame({ f, children }: { f: FieldParts; children: ReactNode }) {
  return (
    <div className={f.boxClass}>
      <label htmlFor={f.id} className={f.labelHidden ? "sr-only" : "block text-sm font-medium"}>
        {f.label}
        {f.required && !f.unmarked ? " *" : null}
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
function controlProps(f: FieldParts, besideButton = false) {
  return {
    id: f.id,
    name: f.name,
    autoFocus: f.autoFocus,
    className: controlClass(f, besideButton),
    value: f.value,
    "aria-required": f.required ? ("true" as const) : undefined,
    "aria-invalid": f.error ? true : undefined,
    "aria-describedby": describedBy(f.hint && `${f.id}-hint`, f.counter && `${f.id}-count`, f.error && `${f.id}-error`),
  };
}

/** A one-line text field (name, email, phone, the operator's username and password…). */
export function TextField(props: FieldParts & InputParts) {
  const { type, autoComplete, autoCapitalize, spellCheck, maxLength, placeholder, adornment } = props;
  const input = (
    <input
      {...controlProps(props, !!adornment)}
      type={type}
      autoComplete={autoComplete}
      autoCapitalize={autoCapitalize}
      spellCheck={spellCheck}
      maxLength={maxLength}
      placeholder={placeholder}
      onChange={(e) => props.onChange(e.target.value)}
    />
  );
  return (
    <FieldFrame f={props}>
      {adornment ? (
        <div className="relative mt-1">
          {input}
          {adornment}
        </div>
      ) : (
        input
      )}
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

/**
 * A choice from a list: the first option, empty, asks to choose (`placeholder`); without one, the list holds every
 * choice (a filter's "All …" among them).
 */
export function SelectField(
  props: FieldParts & { placeholder?: string; options: readonly { value: string; label: string }[] },
) {
  return (
    <FieldFrame f={props}>
      <select {...controlProps(props)} onChange={(e) => props.onChange(e.target.value)}>
        {props.placeholder !== undefined ? <option value="">{props.placeholder}</option> : null}
        {props.options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
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
function CharCounter({ id, length, max }: { id: string; length: number; max: number }) {
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

/**
 * What each field of a form takes from the form's state, by its name: its id (`<prefix>-<name>`), value, error, the
 * focus of a page answering a refused post, and the change that sets it.
 */
export function fieldPropsOf<F extends string>(
  prefix: string,
  state: {
    form: Record<F, string>;
    errors: Partial<Record<F, string>>;
    set(field: F, value: string): void;
    focus?: F | undefined;
  },
) {
  return (name: F) => ({
    id: `${prefix}-${name}`,
    name,
    autoFocus: state.focus === name,
    value: state.form[name],
    error: state.errors[name],
    onChange: (v: string) => state.set(name, v),
  });
}

/**
 * A form's send button and, once sent, the sentence that says so (`done`, announced politely). `wide`: the whole
 * width on a phone (a page's form); otherwise a card's smaller button.
 */
export function SendButton({
  disabled,
  wide = false,
  done = null,
  children,
}: {
  disabled: boolean;
  wide?: boolean;
  done?: string | null;
  children: ReactNode;
}) {
  return (
    <>
      <button
        type="submit"
        disabled={disabled}
        className={
          wide
            ? "w-full rounded-md bg-brand-600 px-4 py-2.5 font-medium text-white hover:bg-brand-700 disabled:opacity-60 sm:w-auto"
            : "rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        }
      >
        {children}
      </button>
      {done ? (
        <p role="status" className="text-sm text-good">
          {done}
        </p>
      ) : null}
    </>
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

/** The first of `names` (in form order) with an error: the field a page answering a refusal focuses (autoFocus). */
export function firstInvalid<F extends string>(names: readonly F[], errors: Partial<Record<F, string>>): F | undefined {
  return names.find((n) => errors[n]);
}
