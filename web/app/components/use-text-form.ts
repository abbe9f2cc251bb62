// The state of a text form (contact, waiting list; docs/product.md §5): what was typed and its field errors, from a
// refused post the page answers, the checks before sending and the JSON post.
import { useEffect, useRef, useState } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { HONEYPOT_FIELD } from "../../../product/options.ts";
import { notify, preloadToasts } from "../lib/toast.ts";
import { firstInvalid, focusFirstInvalid } from "./form-fields.tsx";
import { localFieldErrors, overCapMessage, postForm, useFormPost } from "./form-post.tsx";

/**
 * A text form's state (contact, waiting list): what was typed, from what a refused post sent back (the page answering
 * it), and the field errors, from the refusal's said in the page's language, with the field the page then focuses.
 * `set` changes a field and drops its error; `showErrors` puts the errors found under their fields, focuses the
 * first and says so in a toast; `send` posts it. The toasts load once the page is interactive. `refused` and `sent`
 * are useFormPost's.
 */
export function useTextForm<F extends string, S extends Record<F | "message" | "website", string>>(
  name: "contact" | "waitingList",
  fields: readonly F[],
  empty: S,
) {
  const intl = useIntl();
  const { refused, sent } = useFormPost(name);
  const [form, setForm] = useState<S>(() => ({ ...empty, ...refused?.values }));
  const [errors, setErrors] = useState<Partial<Record<F, string>>>(() =>
    localFieldErrors(intl, name, fields, refused?.errors ?? []),
  );
  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    // The form is what its page is for: get the toasts ready once the page is interactive.
    void preloadToasts();
  }, []);
  const set = (k: keyof S & string, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setErrors((e) => {
      if (!(k in e)) return e;
      const next = { ...e };
      delete next[k as string as F];
      return next;
    });
  };
  const showErrors = (found: Partial<Record<F, string>>) => {
    setErrors(found);
    focusFirstInvalid(formRef.current, fields, found);
    notifyCheckFields(intl);
  };
  const focus = refused ? firstInvalid(fields, errors) : undefined;
  /** The message's cap, checked before sending so a long message is never cut: true (and said) when past it. */
  const messageTooLong = (max: number): boolean => {
    const over = overCapMessage(intl, "message", form.message.length, max);
    if (over) showErrors({ message: over } as Partial<Record<F, string>>);
    return over !== null;
  };
  /** Posts what was typed, the fields and the honeypot, with `extra` (the waiting list's service). */
  const send = (url: string, extra: Record<string, string> = {}) =>
    postForm(url, { ...Object.fromEntries(fields.map((f) => [f, form[f]])), [HONEYPOT_FIELD]: form.website, ...extra });
  return { form, setForm, errors, setErrors, focus, refused, sent, formRef, set, showErrors, messageTooLong, send };
}

/** The toast of a form sent with mistakes in its fields ("Please check the form…"). */
function notifyCheckFields(intl: IntlShape): void {
  void notify(
    "error",
    intl.formatMessage({ id: "forms.toast.check.title" }),
    intl.formatMessage({ id: "forms.toast.check.body" }),
  );
}
