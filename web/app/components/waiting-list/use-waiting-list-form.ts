// The waiting-list form's state and sending (docs/product.md §2, §5, §7): what was typed, the server's field errors,
// the POST to /api/waiting-list with its toasts, and the way home 2 s after an accepted request. Every check is the
// server's (api/schemas.ts) except the message's cap. Without JavaScript the browser posts the form itself
// (api/routes/form-posts.ts) and the page answers it.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useNavigate } from "react-router";
import { useIntl } from "react-intl";
import { WAITING_LIST_MESSAGE_MAX_LENGTH, type WaitingListService } from "../../../../product/options.ts";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { notify } from "../../lib/toast.ts";
import { fieldErrorsOf, localFieldErrors } from "../form-post.tsx";
import { useTextForm } from "../use-text-form.ts";

/** Spec §9: redirect home 2000 ms after a successful request. */
const REDIRECT_AFTER_MS = 2000;

const EMPTY = { name: "", email: "", phone: "", message: "", website: "" };

type WaitingListField = "name" | "email" | "phone" | "message";
const FIELDS: readonly WaitingListField[] = ["name", "email", "phone", "message"];

/** The page's texts under `forms.waitingList.`. */
export function useWaitingListText() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.waitingList.${id}` }, values);
}

export function useWaitingListForm(service: WaitingListService) {
  const intl = useIntl();
  const t = useWaitingListText();
  const navigate = useNavigate();
  const lp = useLocalePath();
  // Sent without JavaScript (the browser posts the form itself: api/routes/form-posts.ts): refused (this page
  // answers the post, with what was typed and why) or accepted (`?sent=1`).
  const fields = useTextForm("waitingList", FIELDS, EMPTY);
  const { setForm, setErrors, showErrors, messageTooLong, send } = fields;
  const [submitting, setSubmitting] = useState(false);
  const [done, setDone] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );

  async function submit(e: FormEvent) {
    e.preventDefault();
    // The message's cap is checked here; every other rule is the server's (api/schemas.ts).
    if (messageTooLong(WAITING_LIST_MESSAGE_MAX_LENGTH)) return;
    setSubmitting(true);
    try {
      const res = await send("/api/waiting-list", { service });
      if (res.status === 400) {
        const found = fieldErrorsOf(await res.json().catch(() => null), FIELDS);
        if (found.length > 0) return showErrors(localFieldErrors(intl, "waitingList", FIELDS, found));
      }
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      setErrors({});
      setForm(EMPTY);
      setDone(true);
      void notify("success", t("toast.success.title"), t("toast.success.body"));
      timer.current = setTimeout(() => navigate(lp("/")), REDIRECT_AFTER_MS);
    } catch {
      void notify("error", t("toast.failed.title"), t("toast.failed.body"));
    } finally {
      setSubmitting(false);
    }
  }

  return { ...fields, submitting, done, submit };
}
