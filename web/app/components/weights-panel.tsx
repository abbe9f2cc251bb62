// A visitor's own weights (docs/decisions/020-personal-weights.md): one slider per input (0..5 steps, step 2 = as
// in the index), each with a plain-language help line, inside a plain GET form so that the page works without
// JavaScript (the form submits `?U=…&M=…`, which the page turns into `?weights=…`). With JavaScript, `onChange`
// re-ranks at once. Native range inputs: keyboard (arrows, Home, End, Page Up/Down) and touch for free; each has
// a visible label, its help as description and its value in words (aria-valuetext). Where the page knows, each slider
// says for how many countries its input counts today (a weight on an input no country has changes nothing).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import { INDEX_STEPS, MAX_STEP, MIN_STEP, WEIGHT_KEYS, type WeightSteps } from "../../../product/weights.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";

export function WeightsPanel({
  steps: given,
  action,
  onChange,
  onReset,
  onShow,
  counting,
  compact = false,
}: {
  steps: WeightSteps;
  /** Where the form submits (the page itself). */
  action: string;
  onChange?: (steps: WeightSteps) => void;
  onReset?: () => void;
  /** With JavaScript, "Show my ranking" calls this instead of submitting (the page is already re-ranked). */
  onShow?: () => void;
  /** For how many of `total` countries each input counts in today's scores. */
  counting?: { counts: Record<SubScoreKey, number>; total: number };
  compact?: boolean;
}) {
  const id = useId();
  const intl = useIntl();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `your-weather.${key}` }, values);
  const stepSaid = (step: number) => t(`step.${step}`);
  // Without a handler (the rankings' panel, which only submits) the panel keeps its own values.
  const [local, setLocal] = useState(given);
  const steps = onChange ? given : local;
  const set = (key: SubScoreKey, value: number) => (onChange ?? setLocal)({ ...steps, [key]: value });
  return (
    <form
      method="get"
      action={action}
      className="rounded-xl border border-slate-200 bg-white p-4"
      aria-labelledby={`${id}-title`}
      data-testid="weights-form"
      onSubmit={(e) => {
        if (!onShow) return;
        e.preventDefault();
        onShow();
      }}
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold text-slate-900">
        {t("panel.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("panel.intro")}</p>
      <div className={`mt-3 grid grid-cols-1 gap-4 ${compact ? "sm:grid-cols-2" : ""}`}>
        {WEIGHT_KEYS.map((key) => {
          const inputId = `${id}-${key}`;
          return (
            <div key={key}>
              <div className="flex items-baseline justify-between gap-2">
                <label htmlFor={inputId} className="font-medium text-slate-900">
                  {t(`weight.${key}.name`)}
                </label>
                <output
                  htmlFor={inputId}
                  className="text-sm tabular-nums text-slate-700"
                  data-testid={`weight-value-${key}`}
                >
                  {t("panel.value", { step: steps[key], text: stepSaid(steps[key]) })}
                </output>
              </div>
              <input
                id={inputId}
                name={key}
                type="range"
                min={MIN_STEP}
                max={MAX_STEP}
                step={1}
                value={steps[key]}
                aria-valuetext={t("panel.valuetext", { step: steps[key], text: stepSaid(steps[key]) })}
                aria-describedby={counting ? `${inputId}-help ${inputId}-counts` : `${inputId}-help`}
                onChange={(e) => set(key, Number(e.currentTarget.value))}
                className="mt-1 h-11 w-full cursor-pointer accent-brand-700"
                data-weight={key}
              />
              <p id={`${inputId}-help`} className="text-sm text-slate-600">
                {t(`weight.${key}.help`)}
              </p>
              {counting ? (
                <p
                  id={`${inputId}-counts`}
                  className={`text-sm ${counting.counts[key] === 0 ? "font-medium text-slate-900" : "text-slate-600"}`}
                  data-testid={`weight-counts-${key}`}
                >
                  {t("panel.counts", { count: counting.counts[key], total: counting.total })}
                </p>
              ) : null}
            </div>
          );
        })}
      </div>
      <div className="mt-4 flex flex-wrap items-center gap-3">
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800 focus-visible:outline-offset-2"
        >
          {t("panel.submit")}
        </button>
        <a
          href={action}
          onClick={(e) => {
            e.preventDefault();
            if (onReset) onReset();
            else setLocal(INDEX_STEPS);
          }}
          className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 px-4 py-2 font-medium text-slate-800 hover:bg-slate-50"
          data-testid="weights-reset"
        >
          {t("panel.reset")}
        </a>
      </div>
    </form>
  );
}
