// The share form's state and sending (docs/product.md §4, §5, §7, §8): what was chosen and typed, the checks before a
// send (the three required choices, the comment's cap), and the POST with its toasts word for word. Without
// JavaScript the browser posts the form to its page (api/routes/form-posts.ts), which answers with the same checks.
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useIntl, type IntlShape } from "react-intl";
import { COMMENT_MAX_LENGTH, HONEYPOT_FIELD, MOOD_DEFAULT, MOOD_MAX, MOOD_MIN } from "../../../../product/options.ts";
import { notify } from "../../lib/toast.ts";
import { firstInvalid, focusFirstInvalid } from "../form-fields.tsx";
import { overCapMessage, useFormPost, postForm } from "../form-post.tsx";

export interface ExperienceFormState {
  role_family: string;
  seniority: string;
  residency: string;
  mood: number;
  local_language: boolean;
  comment: string;
  website: string;
}

const EMPTY: ExperienceFormState = {
  role_family: "",
  seniority: "",
  residency: "",
  mood: MOOD_DEFAULT,
  local_language: false,
  comment: "",
  website: "",
};

export type Checked = "role_family" | "seniority" | "residency" | "comment";
/** The fields checked before sending, in form order (the first in error gets focus). */
const CHECKED: readonly Checked[] = ["role_family", "seniority", "residency", "comment"];
export type ExperienceErrors = Partial<Record<Checked, string>>;

/** The form's texts under `forms.experience.`. */
export function useExperienceText() {
  const intl = useIntl();
  return (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.experience.${id}` }, values);
}

/** Field errors of the form as typed: the three required choices and the comment's cap (docs/product.md §5). */
function errorsOf(intl: IntlShape, form: ExperienceFormState): ExperienceErrors {
  const out: ExperienceErrors = {};
  if (!form.role_family) out.role_family = intl.formatMessage({ id: "forms.experience.error.roleFamily" });
  if (!form.seniority) out.seniority = intl.formatMessage({ id: "forms.experience.error.seniority" });
  if (!form.residency) out.residency = intl.formatMessage({ id: "forms.experience.error.residency" });
  const over = overCapMessage(intl, "comment", form.comment.length, COMMENT_MAX_LENGTH);
  if (over) out.comment = over;
  return out;
}

/** The form's state from the fields of a post (strings: the mood a number, the checkbox "on"). */
function stateOf(values: Record<string, string>): ExperienceFormState {
  const mood = Number(values.mood);
  return {
    ...EMPTY,
    role_family: values.role_family ?? "",
    seniority: values.seniority ?? "",
    residency: values.residency ?? "",
    mood: Number.isInteger(mood) && mood >= MOOD_MIN && mood <= MOOD_MAX ? mood : MOOD_DEFAULT,
    local_language: ["on", "true", "1"].includes(values.local_language ?? ""),
    comment: values.comment ?? "",
  };
}

export function useExperienceForm(countryCode: string, onClose: () => void) {
  const intl = useIntl();
  const t = useExperienceText();
  // Sent without JavaScript and refused: this page answers the post with what was typed (api/routes/form-posts.ts).
  const { refused } = useFormPost("experience");
  const [form, setForm] = useState<ExperienceFormState>(() => (refused ? stateOf(refused.values) : EMPTY));
  const [submitting, setSubmitting] = useState(false);
  // The same checks as before a send with JavaScript, on what was typed: the server's rules are these.
  const [errors, setErrors] = useState<ExperienceErrors>(() =>
    refused ? errorsOf(intl, stateOf(refused.values)) : {},
  );
  const focus = refused ? firstInvalid(CHECKED, errors) : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const set = <K extends keyof ExperienceFormState>(key: K, value: ExperienceFormState[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    // A corrected field loses its error; the comment's is recomputed as it is typed.
    setErrors((e) => {
      if (!(key in e)) return e;
      const next = { ...e };
      delete next[key as Checked];
      if (key === "comment") {
        const over = overCapMessage(intl, "comment", String(value).length, COMMENT_MAX_LENGTH);
        if (over) next.comment = over;
      }
      return next;
    });
  };

  async function submit(e: FormEvent) {
    e.preventDefault();
    const found = errorsOf(intl, form);
    if (Object.keys(found).length > 0) {
      setErrors(found);
      focusFirstInvalid(formRef.current, CHECKED, found);
      if (found.role_family || found.seniority || found.residency)
        void notify("message", t("toast.missing.title"), t("toast.missing.body"));
      return;
    }
    setSubmitting(true);
    try {
      const res = await postForm(`/api/countries/${countryCode.toUpperCase()}/experiences`, {
        role_family: form.role_family,
        seniority: form.seniority,
        residency: form.residency,
        mood: form.mood,
        local_language: form.local_language,
        comment: form.comment,
        [HONEYPOT_FIELD]: form.website,
      });
      if (!res.ok) throw new Error(`HTTP ${res.status}`);
      void notify("success", t("toast.success"));
      setForm(EMPTY);
      setErrors({});
      onClose();
      revalidator.revalidate();
    } catch {
      void notify("error", t("toast.error.title"), t("toast.error.body"));
    } finally {
      setSubmitting(false);
    }
  }

  return { form, errors, focus, submitting, refused, formRef, set, submit };
}
