// The share form's fields: the three required choices from the API's option lists, the mood slider 1 to 5 (default
// 3) with its labels under its stops, the language checkbox and the comment with its counter.
import { useIntl } from "react-intl";
import {
  COMMENT_MAX_LENGTH,
  MOOD_LABELS,
  MOOD_MAX,
  MOOD_MIN,
  RESIDENCY_OPTIONS,
  ROLE_FAMILIES,
  SENIORITY_LEVELS,
} from "../../../../product/options.ts";
import { SelectField, TextAreaField } from "../form-fields.tsx";
import { optionLabel } from "../form-post.tsx";
import {
  useExperienceText,
  type Checked,
  type ExperienceErrors,
  type ExperienceFormState,
} from "./use-experience-form.ts";

/** The required choices, in form order: each field's name, its texts' key and the API's options. */
const CHOICES = [
  { name: "role_family", key: "roleFamily", options: ROLE_FAMILIES },
  { name: "seniority", key: "seniority", options: SENIORITY_LEVELS },
  { name: "residency", key: "residency", options: RESIDENCY_OPTIONS },
] as const;

const MOODS = Array.from({ length: MOOD_MAX - MOOD_MIN + 1 }, (_, i) => MOOD_MIN + i);

export function ExperienceFields({
  form,
  errors,
  set,
  focus,
}: {
  form: ExperienceFormState;
  errors: ExperienceErrors;
  set: <K extends keyof ExperienceFormState>(key: K, value: ExperienceFormState[K]) => void;
  /** The field the page focuses as it loads (the first in error of a form posted without JavaScript). */
  focus: Checked | undefined;
}) {
  const intl = useIntl();
  const t = useExperienceText();
  return (
    <>
      <div className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-3">
        {CHOICES.map(({ name, key, options }) => (
          <SelectField
            key={name}
            id={`experience-${name}`}
            name={name}
            label={t(key)}
            required
            placeholder={t(`${key}.placeholder`)}
            options={options.map((value) => ({ value, label: optionLabel(intl, value) }))}
            autoFocus={focus === name}
            value={form[name]}
            error={errors[name]}
            onChange={(v) => set(name, v)}
          />
        ))}
      </div>
      <MoodField mood={form.mood} onChange={(m) => set("mood", m)} />
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
    </>
  );
}

/** The mood slider (the family has no range member): its label says the mood chosen, its stops are labelled. */
function MoodField({ mood, onChange }: { mood: number; onChange: (mood: number) => void }) {
  const intl = useIntl();
  const t = useExperienceText();
  const moodLabel = (m: number) => optionLabel(intl, MOOD_LABELS[m] ?? "");
  return (
    <div className="mt-5">
      <label htmlFor="mood" className="block text-sm font-medium">
        {t("mood")} <span className="font-semibold">{moodLabel(mood)}</span>
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
          value={mood}
          aria-valuetext={moodLabel(mood)}
          onChange={(e) => onChange(Number(e.target.value))}
          className="mood-range block w-full"
        />
        <div className="relative mt-1 h-9 text-xs text-slate-600" aria-hidden>
          {MOODS.map((m, i) => (
            <span
              key={m}
              data-stop={m}
              className={`absolute top-0 flex -translate-x-1/2 flex-col items-center whitespace-nowrap ${m === mood ? "font-semibold text-slate-900" : ""}`}
              style={{ left: `calc(var(--thumb) / 2 + (100% - var(--thumb)) * ${i / (MOODS.length - 1)})` }}
            >
              <span className="mb-0.5 h-1.5 w-px bg-slate-400" />
              {moodLabel(m)}
            </span>
          ))}
        </div>
      </div>
    </div>
  );
}
