// The methodology page's weather section: the five statuses, the labels, the rounded-status rule, confidence and history.
import { CURRENT_PARAMS } from "../../../../pipeline/model/current.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, rangeText } from "../../../../product/weather.ts";
import { scoreIn } from "../../lib/intl-numbers.ts";
import { h2, para, strong, useMethodologyText } from "./text.tsx";

function StatusList() {
  return (
    <ul className="mt-3 grid gap-2 sm:grid-cols-5">
      {STATUSES_BEST_FIRST.map((s) => (
        <li key={s} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
          <span aria-hidden className="mx-auto mb-1 block h-3 w-10 rounded-full" style={{ background: STATUS_STYLE[s].fill }} />
          <span className="block font-medium">{STATUS_STYLE[s].name}</span>
          <span className="block text-sm text-slate-600">{rangeText(s)}</span>
        </li>
      ))}
    </ul>
  );
}

export function WeatherSection() {
  const { intl, t, m, n } = useMethodologyText();
  const p = CURRENT_PARAMS;
  const bright = p.label.thresholds.find((x) => x.atLeast <= 7)?.value ?? "";
  return (
    <>
      <h2 className={h2}>{t("weather.title")}</h2>
      <StatusList />
      <p className={para}>
        {t("weather.labels", {
          list: p.label.thresholds.map((x) => t("weather.labelItem", { atLeast: n(x.atLeast), label: x.value })).join(", "),
          otherwise: p.label.otherwise,
        })}
      </p>
      <p className={para} data-testid="rounded-status">
        {m("weather.rounded", {
          strong,
          decimals: p.display.decimals,
          raw: n(6.96),
          shown: scoreIn(intl, 6.96),
          status: STATUS_STYLE.bright.name.toLowerCase(),
          label: bright,
          wrong: STATUS_STYLE.cloudy.name.toLowerCase(),
        })}
      </p>
      <p className={para}>
        {m("weather.confidence", {
          strong,
          months: p.confidence.highMinHistoryPoints.monthly,
          freshness: n(p.confidence.highMinFreshness),
          cover: n(p.confidence.lowCoverBelow),
        })}
      </p>
      <p className={para}>{t("weather.history", { lag: p.yoy.lagMonths, threshold: n(p.yoy.threshold) })}</p>
    </>
  );
}
