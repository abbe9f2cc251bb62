// The contact form's state and sending (docs/product.md §2, §5): what was typed, the server's field errors, and the
// POST to /api/contact with its toasts. Every check is the server's (api/schemas.ts) except the message's cap; its
// refusals come as codes (lib/field-errors.ts), which the page words.
// Without JavaScript the browser posts the form itself (api/routes/form-posts.ts) and the page answers it.
import { useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { CONTACT_MESSAGE_MAX_LENGTH, DELETE_MY_DATA_TOPIC, type ContactTopic } from "../../../../product/options.ts";
import { notify } from "../../lib/toast.ts";
import { fieldErrorsOf, localFieldErrors } from "../form-post.tsx";
import { useTextForm } from "../use-text-form.ts";

export type ContactField = "name" | "email" | "topic" | "message";
export type ContactFormState = Record<ContactField | "website", string>;
export type ContactErrors = Partial<Record<ContactField, string>>;
const FIELDS: readonly ContactField[] = ["name", "email", "topic", "message"];

const empty = (topic: ContactTopic | null): ContactFormState => ({
  name: "",
  email: "",
  topic: topic ?? "",
  message: "",
  website: "",
});

/** When a refusal for too many posts says to try again (`error.details.retry_after_seconds`), in whole minutes. */
function retryMinutesOf(body: unknown): number | null {
  const seconds = (body as { error?: { details?: { retry_after_seconds?: unknown } } } | null)?.error?.details
    ?.retry_after_seconds;
  return typeof seconds === "number" && seconds > 0 ? Math.ceil(seconds / 60) : null;
}

/** The page's texts under `forms.contact.`. */
export function useContactText() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.contact.${id}` }, values);
}

export function useContactForm(asked: ContactTopic | null) {
  const intl = useIntl();
  const t = useContactText();
  // Sent without JavaScript: refused (this page answers the post, with what was typed) or accepted (`?sent=1`).
  const fields = useTextForm("contact", FIELDS, empty(asked));
  const { form, setForm, setErrors, showErrors, messageTooLong, send } = fields;
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(fields.sent);

  const set = (k: keyof ContactFormState, v: string) => {
    fields.set(k, v);
    setSent(false);
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The message's cap is checked here; the other rules are the server's.
    if (messageTooLong(CONTACT_MESSAGE_MAX_LENGTH)) return;
    setSubmitting(true);
    setSent(false);
    try {
      const res = await send("/api/contact");
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const deletion = form.topic === DELETE_MY_DATA_TOPIC;
        setForm(empty(null));
        setErrors({});
        setSent(true);
        void notify("success", t("toast.sent.title"), deletion ? t("toast.sent.deletion") : t("toast.sent.body"));
        return;
      }
      const refused = fieldErrorsOf(body, FIELDS);
      if (res.status === 400 && refused.length > 0)
        return showErrors(localFieldErrors(intl, "contact", FIELDS, refused));
      if (res.status === 429) {
        // When to try again is the refusal's `retry_after_seconds`, said in the page's language.
        const minutes = retryMinutesOf(body);
        void notify(
          "error",
          t("toast.tooMany.title"),
          minutes === null ? t("toast.tryLater") : t("toast.tryAgainIn", { minutes }),
        );
        return;
      }
      throw new Error(`HTTP ${res.status}`);
    } catch {
      void notify("error", t("toast.failed.title"), t("toast.tryLater"));
    } finally {
      setSubmitting(false);
    }
  }

  return { ...fields, submitting, sent, set, submit };
}
