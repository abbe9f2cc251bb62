// The share form of "Real experiences from job seekers here" (docs/product.md §4, §5, §7, §8), in the share card
// (community.tsx): the toasts word for word, mood slider 1 to 5 (default 3), the language checkbox, the honeypot.
// Without JavaScript the browser posts it to its page (api/routes/form-posts.ts), which answers with the same checks.
import { countryPhrase } from "../../../product/country-phrases.ts";
import { useRef, useState, type FormEvent } from "react";
import { useRevalidator } from "react-router";
import { useIntl, type IntlShape } from "react-intl";
import {
  COMMENT_MAX_LENGTH,
  HONEYPOT_FIELD,
  MOOD_DEFAULT,
  MOOD_LABELS,
  MOOD_MAX,
  MOOD_MIN,
  RESIDENCY_OPTIONS,
  ROLE_FAMILIES,
  SENIORITY_LEVELS,
} from "../../../product/options.ts";
import { notify } from "../lib/toast.ts";
import { CloseIcon } from "./icons.tsx";
import { Honeypot } from "./honeypot.tsx";
import {
  FormRefusal,
  SelectField,
  TextAreaField,
  firstInvalid,
  focusFirstInvalid,
  optionLabel,
  overCapMessage,
  useFormPost,
} from "./form-fields.tsx";

interface FormState {
  role_family: string;
  seniority: string;
  residency: string;
  mood: number;
  local_language: boolean;
  comment: string;
  website: string;
}

const EMPTY: FormState = {
  role_family: "",
  seniority: "",
  residency: "",
  mood: MOOD_DEFAULT,
  local_language: false,
  comment: "",
  website: "",
};

type Checked = "role_family" | "seniority" | "residency" | "comment";
/** The fields checked before sending, in form order (the first in error gets focus). */
const CHECKED: readonly Checked[] = ["role_family", "seniority", "residency", "comment"];

/** Field errors of the form as typed: the three required choices and the comment's cap (docs/product.md §5). */
function errorsOf(intl: IntlShape, form: FormState): Partial<Record<Checked, string>> {
  const out: Partial<Record<Checked, string>> = {};
  if (!form.role_family) out.role_family = intl.formatMessage({ id: "forms.experience.error.roleFamily" });
  if (!form.seniority) out.seniority = intl.formatMessage({ id: "forms.experience.error.seniority" });
  if (!form.residency) out.residency = intl.formatMessage({ id: "forms.experience.error.residency" });
  const over = overCapMessage(intl, "comment", form.comment.length, COMMENT_MAX_LENGTH);
  if (over) out.comment = over;
  return out;
}

/** The form's state from the fields of a post (strings: the mood a number, the checkbox "on"). */
function stateOf(values: Record<string, string>): FormState {
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

const MOODS = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => MOOD_MIN + i);

export default function ExperienceForm({
  countryCode,
  // The title names the country as a sentence does ("in the Netherlands", "w Niemczech"): from its code.
  countryName: _countryName,
  onClose,
}: {
  countryCode: string;
  countryName: string;
  onClose: () => void;
}) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `forms.experience.${id}` }, values);
  // Sent without JavaScript and refused: this page answers the post with what was typed (api/routes/form-posts.ts).
  const { refused } = useFormPost("experience");
  const [form, setForm] = useState<FormState>(() => (refused ? stateOf(refused.values) : EMPTY));
  const [submitting, setSubmitting] = useState(false);
  // The same checks as before a send with JavaScript, on what was typed: the server's rules are these.
  const [errors, setErrors] = useState<Partial<Record<Checked, string>>>(() =>
    refused ? errorsOf(intl, stateOf(refused.values)) : {},
  );
  const focus = refused ? firstInvalid(CHECKED, errors) : undefined;
  const formRef = useRef<HTMLFormElement>(null);
  const revalidator = useRevalidator();
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) => {
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

  const moodLabel = (m: number) => optionLabel(intl, MOOD_LABELS[m] ?? "");
  const collapse = onClose;
  // The toasts load when the share card is reached for (community.tsx), not with every country page.

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
      const res = await fetch(`/api/countries/${countryCode.toUpperCase()}/experiences`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Accept: "application/json" },
        body: JSON.stringify({
          role_family: form.role_family,
          seniority: form.seniority,
          residency: form.residency,
          mood: form.mood,
          local_language: form.local_language,
          comment: form.comment,
          [HONEYPOT_FIELD]: form.website,
        }),
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

  return (
    <form
      ref={formRef}
      method="post"
      onSubmit={submit}
      noValidate
      className="relative rounded-xl border border-slate-200 bg-white p-5"
      aria-labelledby="share-title"
    >
      <button
        type="button"
        onClick={collapse}
        data-nojs-hide
        aria-label={t("close")}
        className="absolute right-3 top-3 inline-flex h-8 w-8 items-center justify-center rounded-md hover:bg-slate-100"
      >
        <CloseIcon className="h-4 w-4" />
      </button>
      <h3 id="share-title" className="pr-10 font-semibold">
        {t("title", { inCountry: countryPhrase(intl.locale, countryCode, "in") })}
      </h3>
      <p className="mt-1 text-sm text-slate-600">{intl.formatMessage({ id: "forms.requiredMarked" })}</p>
      <p className="mt-1 text-sm text-slate-700" id="share-public" data-testid="share-public">
        {t("public")}
      </p>
      <div className="mt-3">
        <FormRefusal outcome={refused} />
      </div>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        <RequiredSelect
          label={t("roleFamily")}
          name="role_family"
          error={errors.role_family}
          autoFocus={focus === "role_family"}
          placeholder={t("roleFamily.placeholder")}
          options={ROLE_FAMILIES}
          value={form.role_family}
          onChange={(v) => set("role_family", v)}
        />
        <RequiredSelect
          label={t("seniority")}
          name="seniority"
          error={errors.seniority}
          autoFocus={focus === "seniority"}
          placeholder={t("seniority.placeholder")}
          options={SENIORITY_LEVELS}
          value={form.seniority}
          onChange={(v) => set("seniority", v)}
        />
        <RequiredSelect
          label={t("residency")}
          name="residency"
          error={errors.residency}
          autoFocus={focus === "residency"}
          placeholder={t("residency.placeholder")}
          options={RESIDENCY_OPTIONS}
          value={form.residency}
          onChange={(v) => set("residency", v)}
        />
      </div>
      <div className="mt-5">
        <label htmlFor="mood" className="block text-sm font-medium">
          {t("mood")} <span className="font-semibold">{moodLabel(form.mood)}</span>
        </label>
        {/* The labels sit exactly under the slider's stops: the thumb has a fixed width (--thumb, .mood-range in
            app.css), so stop i of n is at thumb/2 + (width − thumb) × i / (n − 1). */}
        <div className="mood-scale mt-2 px-8">
          <input
            id="mood"
            name="mood"
            type="range"
            min={MOOD_MIN}
            max={MOOD_MAX}
            step={1}
            value={form.mood}
            aria-valuetext={moodLabel(form.mood)}
            onChange={(e) => set("mood", Number(e.target.value))}
            className="mood-range block w-full"
          />
          <div className="relative mt-1 h-9 text-xs text-slate-600" aria-hidden>
            {MOODS.map((m, i) => (
              <span
                key={m}
                data-stop={m}
                className={`absolute top-0 flex -translate-x-1/2 flex-col items-center whitespace-nowrap ${m === form.mood ? "font-semibold text-slate-900" : ""}`}
                style={{ left: `calc(var(--thumb) / 2 + (100% - var(--thumb)) * ${i / (MOODS.length - 1)})` }}
              >
                <span className="mb-0.5 h-1.5 w-px bg-slate-400" />
                {moodLabel(m)}
              </span>
            ))}
          </div>
        </div>
      </div>
      <label className="mt-4 flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={form.local_language}
          onChange={(e) => set("local_language", e.target.checked)}
          className="h-4 w-4 accent-brand-600"
          name="local_language"
        />
        {t("localLanguage")}
      </label>
      <TextAreaField
        boxClass="mt-4"
        id="experience-comment"
        name="comment"
        label={t("comment")}
        rows={3}
        placeholder={t("comment.placeholder")}
        counter={{ length: form.comment.length, max: COMMENT_MAX_LENGTH }}
        autoFocus={focus === "comment"}
        value={form.comment}
        error={errors.comment}
        onChange={(v) => set("comment", v)}
      />
      <Honeypot value={form.website} onChange={(v) => set("website", v)} />
      <div className="mt-5 flex gap-3">
        <button
          type="submit"
          disabled={submitting}
          className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {submitting ? t("submitting") : t("submit")}
        </button>
        <button
          type="button"
          disabled={submitting}
          onClick={collapse}
          data-nojs-hide
          className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 disabled:opacity-60"
        >
          {t("cancel")}
        </button>
      </div>
    </form>
  );
}

/** One required choice of the form (role family, seniority, residency) from the API's option lists, with its error. */
function RequiredSelect(props: {
  label: string;
  name: string;
  autoFocus?: boolean;
  placeholder: string;
  options: readonly string[];
  value: string;
  error: string | undefined;
  onChange(value: string): void;
}) {
  const intl = useIntl();
  return (
    <SelectField
      {...props}
      id={`experience-${props.name}`}
      required
      options={props.options.map((value) => ({ value, label: optionLabel(intl, value) }))}
    />
  );
}
