// The rankings' weights panel (docs/decisions/020-personal-weights.md): the five sliders, and as soon as a weight
// differs from the index, the visitor's own top 10 of this ranking computed in the browser from the published
// sub-scores the page was served with (product/personal-view.ts, as /your-weather), labelled as theirs — the
// published ranking above stays the index. Without JavaScript the sliders' form submits to /your-weather (in the
// page's language).
import { useMemo, useState } from "react";
import { Link } from "react-router";
import { useIntl } from "react-intl";
import { comparePath } from "../../../product/compare.ts";
import { personalRows, type PersonalInput } from "../../../product/personal-view.ts";
import { scoreIn } from "../lib/intl-numbers.ts";
import type { RankingType } from "../../../product/options.ts";
import { formatSteps, INDEX_STEPS, isIndexSteps, type WeightSteps } from "../../../product/weights.ts";
import { Flag } from "./flag.tsx";
import { StatusChip } from "./ranking-list.tsx";
import { WeightsPanel } from "./weights-panel.tsx";
import { useLocalePath } from "../i18n/use-locale.ts";
import { useFormat } from "../i18n/format.ts";

export function RankingWeightsPanel({
  type,
  inputs,
  size,
  codes,
}: {
  type: RankingType;
  inputs: PersonalInput[];
  size: number;
  codes: string[];
}) {
  const intl = useIntl();
  const lp = useLocalePath();
  const f = useFormat();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `your-weather.${id}` }, values);
  const [steps, setSteps] = useState<WeightSteps>(INDEX_STEPS);
  const mine = useMemo(() => {
    if (isIndexSteps(steps)) return [];
    const ranked = personalRows(inputs, steps).filter((r) => r.personal_score !== null);
    if (type === "stormiest")
      ranked.sort((a, b) => a.personal_score! - b.personal_score! || (a.code < b.code ? -1 : 1));
    return ranked.slice(0, size);
  }, [inputs, steps, type, size]);
  return (
    <section
      aria-labelledby="own-weather-title"
      className="rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="ranking-weights-panel"
    >
      <h2 id="own-weather-title" className="text-lg font-semibold text-slate-900">
        {t("rankingPanel.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("rankingPanel.intro", { type, size })}</p>
      <details className="mt-2">
        <summary className="min-h-11 cursor-pointer py-2 font-medium text-brand-700">{t("rankingPanel.set")}</summary>
        <WeightsPanel
          steps={steps}
          action={lp("/your-weather")}
          onChange={setSteps}
          onReset={() => setSteps(INDEX_STEPS)}
          compact
        />
      </details>
      <div aria-live="polite">
        {mine.length ? (
          <div className="mt-3" data-testid="ranking-personal">
            <h3 className="font-semibold text-slate-900">{t("rankingPanel.personalTitle")}</h3>
            <ol className="mt-2 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white">
              {mine.map((r, i) => (
                <li key={r.code} className="flex items-center gap-2 px-3 py-2" data-code={r.code}>
                  <span className="w-7 text-right font-semibold tabular-nums text-slate-600">{i + 1}</span>
                  <Flag code={r.code} height={16} />
                  <span className="min-w-0 flex-1 truncate font-medium">{f.country(r.code)}</span>
                  {r.personal_status ? <StatusChip status={r.personal_status} /> : null}
                  <span className="text-right tabular-nums">
                    <span className="font-bold">{scoreIn(intl, r.personal_score!)}</span>
                    <span className="block text-xs text-slate-600">
                      {t("indexScore", { score: r.score !== null ? scoreIn(intl, r.score) : "–" })}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
            <p className="mt-2 text-sm">
              <Link
                className="font-medium text-brand-700 underline"
                to={`${lp("/your-weather")}?weights=${formatSteps(steps)}`}
              >
                {t("rankingPanel.all")}
              </Link>
            </p>
          </div>
        ) : null}
      </div>
      <p className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm">
        <Link className="font-medium text-brand-700 underline" to={lp("/your-weather")}>
          {t("rankingPanel.open")}
        </Link>
        {codes.length === 2 ? (
          <Link className="font-medium text-brand-700 underline" to={lp(comparePath(codes))}>
            {t("rankingPanel.compareTop")}
          </Link>
        ) : null}
      </p>
    </section>
  );
}
