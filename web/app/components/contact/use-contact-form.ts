// The contact form's state and sending (docs/product.md §2, §5): what was typed, the server's field errors, and the
// POST to /api/contact with its toasts. Every check is the server's (api/schemas.ts) except the message's cap.
// Without JavaScript the browser posts the form itself (api/routes/form-posts.ts) and the page answers it.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  DELETE_MY_DATA_TOPIC,
  HONEYPOT_FIELD,
  type ContactTopic,
} from "../../../../product/options.ts";
import { notify, preloadToasts } from "../../lib/toast.ts";
import { fieldErrorsOf, localFieldErrors, overCapMessage, refusedErrors, useFormPost } from "../form-fields.tsx";

export type ContactField = "name" | "email" | "topic" | "message";
export type ContactFormState = Record<ContactField | "website", string>;
export type ContactErrors = Partial<Record<ContactField, string>>;
export const CONTACT_FIELDS: readonly ContactField[] = ["name", "email", "topic", "message"];
const FIELDS = CONTACT_FIELDS;

const empty = (topic: ContactTopic | null): ContactFormState => ({
  name: "",
  email: "",
  topic: topic ?? "",
  message: "",
  website: "",
});

function serverMessageOf(body: unknown): string | null {
  const message = (body as { error?: { message?: unknown } } | null)?.error?.message;
  return typeof message === "string" && message.trim() ? message : null;
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
  const { refused, sent: sentByPost } = useFormPost("contact");
  const [form, setForm] = useState<ContactFormState>(() => ({ ...empty(asked), ...refused?.values }));
  const [errors, setErrors] = useState<ContactErrors>(() =>
    localFieldErrors(intl, "contact", refusedErrors(refused, FIELDS)),
  );
  const [submitting, setSubmitting] = useState(false);
  const [sent, setSent] = useState(sentByPost);
  const formRef = useRef<HTMLFormElement>(null);

  useEffect(() => {
    // The form is what this page is for: get the toasts ready once the page is interactive.
    void preloadToasts();
  }, []);

  const set = (k: keyof ContactFormState, v: string) => {
    setForm((f) => ({ ...f, [k]: v }));
    setSent(false);
    setErrors((e) => {
      if (!(k in e)) return e;
      const next = { ...e };
      delete next[k as ContactField];
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The message's cap is checked here, so a long message is never cut; the other rules are the server's.
    const over = overCapMessage(intl, "message", form.message.length, CONTACT_MESSAGE_MAX_LENGTH);
    if (over) {
      setErrors({ message: over });
      formRef.current?.querySelector<HTMLElement>('[name="message"]')?.focus();
      void notify(
        "error",
        intl.formatMessage({ id: "forms.toast.check.title" }),
        intl.formatMessage({ id: "forms.toast.check.body" }),
      );
      return;
    }
    setSubmitting(true);
    setSent(false);
    try {
      const res = await fetch("/api/contact", {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          name: form.name,
          email: form.email,
          topic: form.topic,
          message: form.message,
          [HONEYPOT_FIELD]: form.website,
        }),
      });
      const body: unknown = await res.json().catch(() => null);
      if (res.ok) {
        const deletion = form.topic === DELETE_MY_DATA_TOPIC;
        setForm(empty(null));
        setErrors({});
        setSent(true);
        void notify("success", t("toast.sent.title"), deletion ? t("toast.sent.deletion") : t("toast.sent.body"));
        return;
      }
      if (res.status === 400 && Object.keys(fieldErrorsOf(body, FIELDS)).length > 0) {
        const found = localFieldErrors(intl, "contact", fieldErrorsOf(body, FIELDS));
        setErrors(found);
        const first = FIELDS.find((f) => found[f]);
        if (first) formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
        void notify(
          "error",
          intl.formatMessage({ id: "forms.toast.check.title" }),
          intl.formatMessage({ id: "forms.toast.check.body" }),
        );
        return;
      }
      if (res.status === 429) {
        // The server's own sentence says when to try again; it is English, so other languages say it generally.
        const server = intl.locale.startsWith("en") ? serverMessageOf(body) : null;
        void notify("error", t("toast.tooMany.title"), server ?? t("toast.tryLater"));
        return;
      }
      throw new Error(`HTTP ${res.status}`);
    } catch {
      void notify("error", t("toast.failed.title"), t("toast.tryLater"));
    } finally {
      setSubmitting(false);
    }
  }

  return { form, errors, submitting, sent, refused, formRef, set, submit };
}
