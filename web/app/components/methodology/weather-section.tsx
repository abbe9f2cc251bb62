// The methodology page's weather section: the five statuses, the labels, the rounded-status rule, confidence and history.
// Status names and rating labels are the country page's (country.status.*, country.label.*: i18n/format.ts).
import { CURRENT_PARAMS } from "../../../../pipeline/model/current.ts";
import { STATUS_RANGES, STATUS_STYLE, STATUSES_BEST_FIRST } from "../../../../product/weather.ts";
import { useFormat } from "../../i18n/format.ts";
import { scoreIn } from "../../lib/intl-numbers.ts";
import { h2, para, strong, useMethodologyText } from "./text.tsx";

function StatusList() {
  const { t } = useMethodologyText();
  const f = useFormat();
  return (
    <ul className="mt-3 grid grid-cols-1 gap-2 sm:grid-cols-5">
      {STATUSES_BEST_FIRST.map((s) => (
        <li key={s} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
          <span
            aria-hidden
            className="mx-auto mb-1 block h-3 w-10 rounded-full"
            style={{ background: STATUS_STYLE[s].fill }}
          />
          <span className="block font-medium [overflow-wrap:anywhere]">{f.status(s)}</span>
          <span className="block text-sm text-slate-600">
            {t("weather.range", { from: STATUS_RANGES[s].from, to: STATUS_RANGES[s].to })}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function WeatherSection() {
  const { intl, t, m, n } = useMethodologyText();
  const f = useFormat();
  const p = CURRENT_PARAMS;
  const bright = p.label.thresholds.find((x) => x.atLeast <= 7)?.value ?? "";
  // A status inside a sentence: lower case in the page's language ("bright", "heiter").
  const inSentence = (s: "bright" | "cloudy") => f.status(s).toLocaleLowerCase(intl.locale);
  return (
    <>
      <h2 className={h2}>{t("weather.title")}</h2>
      <StatusList />
      <p className={para}>
        {t("weather.labels", {
          list: p.label.thresholds
            .map((x) => t("weather.labelItem", { atLeast: n(x.atLeast), label: f.label(x.value) }))
            .join(", "),
          otherwise: f.label(p.label.otherwise),
        })}
      </p>
      <p className={para} data-testid="rounded-status">
        {m("weather.rounded", {
          strong,
          decimals: p.display.decimals,
          raw: n(6.96),
          shown: scoreIn(intl, 6.96),
          status: inSentence("bright"),
          label: f.label(bright),
          wrong: inSentence("cloudy"),
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
