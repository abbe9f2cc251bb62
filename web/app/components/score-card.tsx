// The headline score card (docs/product.md §2 "Country card"): name, score to one decimal, weather label + "Job Market",
// confidence badge with its explanation, the 1 to 10 bar with the marker at (score − 1) / 9, and a weather
// backdrop drawn per status. Without a fresh score it says why (product/no-score.ts) and shows no number, no bar
// and no marker: a calm card, not a broken one.
import { countryPhrase } from "../../../product/country-phrases.ts";
import { useEffect, useState, type ReactNode } from "react";
import type { Snapshot } from "../../../pipeline/model/types.ts";
import { SUB_SCORE_KEYS } from "../../../pipeline/model/tables.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { STATUS_STYLE, STATUSES_BEST_FIRST, markerFraction, type Status } from "../../../product/weather.ts";
import { ageInMonths } from "../../../pipeline/model/period.ts";
import { noScoreReason } from "../../../product/no-score.ts";
import { evidenceFrom } from "../../../product/evidence.ts";
import { useFormat } from "../i18n/format.ts";
import { InfoPopover } from "./info.tsx";
import { Flag } from "./flag.tsx";
import { WeatherIcon } from "./icons.tsx";
import { WeatherBackdrop } from "./weather-backdrop.tsx";

/** Spec §4: the default score before load. */
const DEFAULT_SCORE = 5.5;

/** The bases of a score with a text in the catalogues (country.basis.*); any other is shown as it is. */
const BASES = new Set(["blended", "historical-only", "sentiment-only"]);

export interface ScoreCardProps {
  code: string;
  name: string;
  score: number | null;
  status: Status | null;
  label: string | null;
  confidence: string | null;
  basis: string | null;
  cover: number | null;
  subScores: Snapshot["sub_scores"] | null;
  anchorMonth: string | null;
  /** As-of date of the published snapshot; null when nothing was published for the country. */
  asOf: string | null;
  /** Publication is paused: no score is shown, and the card says that is why. */
  paused?: boolean;
  /** The loader's clock (ISO), for data ages. */
  now: string;
  /** A navigation to another country is under way. */
  pending?: boolean;
}

/**
 * A label such as "Gemischt/durchschnittlich" with a line-break opportunity after each slash: on a 320 px phone the
 * German label is wider than the room beside the weather icon, and browsers do not break after a slash by themselves.
 */
function breakAfterSlash(text: string): ReactNode {
  const parts = text.split("/");
  return parts.flatMap((part, i) => (i === 0 ? [part] : ["/", <wbr key={i} />, part]));
}

export function ConfidenceBadge({
  confidence,
  basis,
  cover,
  subScores,
  now,
}: Pick<ScoreCardProps, "confidence" | "basis" | "cover" | "subScores" | "now">) {
  if (!confidence) return null;
  const keys = SUB_SCORE_KEYS;
  const evidence = evidenceFrom(cover, subScores);
  const intl = useIntl();
  const f = useFormat();
  return (
    <InfoPopover
      title={intl.formatMessage({ id: "country.card.confidenceTitle" })}
      triggerClassName="inline-flex max-w-full flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 rounded-2xl border border-slate-300 bg-white/80 px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-white"
      trigger={
        <>
          <span
            aria-hidden
            className={`h-2 w-2 rounded-full ${confidence === "high" ? "bg-good" : confidence === "medium" ? "bg-fair" : "bg-poor"}`}
          />
          <span className="whitespace-nowrap">{f.confidence(confidence)}</span>
          {/* A space for the text and screen readers; the flex gap draws it. */}
          {evidence ? " " : null}
          {evidence ? (
            // May wrap: "· 2 von 5 Eingangsgrößen, Abdeckung 45 %" is wider than a 320 px phone leaves it.
            <span className="min-w-0 font-normal" data-testid="evidence">
              · {f.evidence(evidence)}
            </span>
          ) : null}
        </>
      }
    >
      <p>{basis ? (BASES.has(basis) ? intl.formatMessage({ id: `country.basis.${basis}` }) : basis) : null}</p>
      {evidence ? (
        <p className="mt-2">
          <FormattedMessage
            id="country.card.evidence"
            values={{
              inputs: evidence.inputs,
              of: evidence.of,
              cover: f.percent(Math.round(evidence.cover * 100), 0),
              b: (chunks) => <strong>{chunks}</strong>,
            }}
          />
        </p>
      ) : null}
      <ul className="mt-2 space-y-1">
        {keys.map((k) => {
          const s = subScores?.[k];
          return (
            <li key={k} className="flex justify-between gap-3">
              <span>
                <FormattedMessage id={`country.input.${k}`} />
              </span>
              <span className="shrink-0 text-right text-slate-500">
                {s
                  ? intl.formatMessage(
                      { id: "country.card.inputAge" },
                      { period: f.period(s.period), age: ageInMonths(s.period, now.slice(0, 10)) },
                    )
                  : intl.formatMessage({ id: "country.card.noRecentData" })}
              </span>
            </li>
          );
        })}
      </ul>
    </InfoPopover>
  );
}

function ScaleBar({ score }: { score: number }) {
  const stops = [...STATUSES_BEST_FIRST].reverse().map((s) => STATUS_STYLE[s].fill);
  return (
    <figure className="mt-5">
      <div
        className="relative h-3 rounded-full"
        style={{ background: `linear-gradient(90deg, ${stops.join(", ")})` }}
        aria-hidden
      >
        <span
          data-testid="scale-marker"
          className="absolute top-1/2 h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-slate-900 shadow"
          style={{ left: `${(markerFraction(score) * 100).toFixed(2)}%` }}
        />
      </div>
      <figcaption className="mt-2 text-xs text-slate-700">
        <FormattedMessage id="country.card.scale" />
      </figcaption>
    </figure>
  );
}

export function ScoreCard(props: ScoreCardProps) {
  const { code, score, status, label, anchorMonth, asOf, paused = false, pending = false } = props;
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (pending) {
      setVisible(false);
      return;
    }
    const frame = requestAnimationFrame(() => setVisible(true));
    return () => cancelAnimationFrame(frame);
  }, [pending]);

  const intl = useIntl();
  const f = useFormat();
  const hasScore = score !== null && status !== null;
  const reason = !pending && !hasScore ? noScoreReason({ asOf, anchorMonth, paused }) : null;
  const none = reason
    ? {
        title: intl.formatMessage({ id: `country.noScore.${reason}.title` }),
        text: intl.formatMessage(
          { id: `country.noScore.${reason}.text` },
          {
            name: f.country(code),
            forCountry: countryPhrase(f.locale, code, "for"),
            period: anchorMonth ? f.period(anchorMonth) : "",
          },
        ),
      }
    : null;
  return (
    <section
      aria-labelledby="score-card-title"
      data-state={pending ? "loading" : hasScore ? "score" : "no-score"}
      className={`wx wx-${pending ? "cloudy" : (status ?? "none")} rounded-2xl border border-slate-200 p-6 shadow-sm sm:p-8`}
    >
      {!pending && status ? <WeatherBackdrop status={status} /> : null}
      <div className="relative">
        <div className="flex flex-wrap items-start justify-between gap-3">
          <h2 id="score-card-title" className="flex items-center gap-2 text-xl font-semibold text-slate-900">
            <Flag code={code} height={20} />
            {f.country(code)}
          </h2>
          {!pending && hasScore ? <ConfidenceBadge {...props} /> : null}
        </div>
        {pending ? (
          <div className="mt-4" role="status">
            <p className="text-6xl font-bold tabular-nums text-slate-400">-.--</p>
            <p className="mt-1 text-lg text-slate-600">
              <FormattedMessage id="common.loading.page" />
            </p>
          </div>
        ) : hasScore ? (
          <div className={`score-fade mt-4 flex items-center gap-4 ${visible ? "opacity-100" : "opacity-0"}`}>
            <WeatherIcon status={status} className="h-16 w-16 shrink-0 drop-shadow-sm" />
            <div className="min-w-0 break-words">
              <p className="text-6xl font-bold tabular-nums tracking-tight text-slate-900" data-testid="score">
                {f.score(score)}
                <span className="ml-1 text-xl font-medium text-slate-700">/ 10</span>
              </p>
              <p className="mt-1 text-lg font-semibold text-slate-800">{f.weatherTitle(status)}</p>
              {label ? <p className="text-sm text-slate-700">{breakAfterSlash(f.label(label))}</p> : null}
            </div>
          </div>
        ) : (
          <div className="mt-4" data-testid="no-score">
            <p className="flex items-center gap-3 text-2xl font-semibold text-slate-900">
              <WeatherIcon status={null} className="h-12 w-12 shrink-0" />
              {none!.title}
            </p>
            <p className="mt-2 max-w-2xl text-slate-700">{none!.text}</p>
          </div>
        )}
        {pending ? <ScaleBar score={DEFAULT_SCORE} /> : hasScore ? <ScaleBar score={score} /> : null}
      </div>
    </section>
  );
}
