// The headline score card (docs/product.md §2 "Country card"): name, score to one decimal, weather label + "Job Market",
// confidence badge with its explanation, the 1 to 10 bar with the marker at (score − 1) / 9, and a weather
// backdrop drawn per status. Without a fresh score it says why (product/no-score.ts) and shows no number, no bar
// and no marker: a calm card, not a broken one.
import { useEffect, useState } from "react";
import type { Snapshot, SubScoreKey } from "../../../pipeline/model/types.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, markerFraction, weatherTitle, type Status } from "../../../product/weather.ts";
import { ageInMonths } from "../../../pipeline/model/period.ts";
import { ageText, formatPeriod, formatScore } from "../../../product/format.ts";
import { noScoreText } from "../../../product/no-score.ts";
import { confidenceText, evidenceFrom, evidenceText } from "../../../product/evidence.ts";
import { InfoPopover } from "./info.tsx";
import { Flag } from "./flag.tsx";
import { WeatherIcon } from "./icons.tsx";
import { WeatherBackdrop } from "./weather-backdrop.tsx";

/** Spec §4: the default score before load. */
const DEFAULT_SCORE = 5.5;

const BASIS_TEXT: Record<string, string> = {
  blended: "Official statistics and the expert labour market barometer, weighted 50/50.",
  "historical-only": "Official Eurostat statistics only: no expert labour market barometer is published for this country.",
  "sentiment-only": "The expert labour market barometer only: no recent official unemployment statistics exist for this country.",
};
const INPUT_NAMES: Record<SubScoreKey, string> = {
  U: "Unemployment rate",
  V: "Job vacancy rate",
  C: "Competition (job seekers per opening)",
  M: "Unemployment trend over 12 months",
  S: "Expert labour market barometer",
};

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

export function ConfidenceBadge({ confidence, basis, cover, subScores, now }: Pick<ScoreCardProps, "confidence" | "basis" | "cover" | "subScores" | "now">) {
  if (!confidence) return null;
  const keys: SubScoreKey[] = ["U", "V", "C", "M", "S"];
  const evidence = evidenceFrom(cover, subScores);
  return (
    <InfoPopover
      title="How sure is this score?"
      triggerClassName="inline-flex flex-wrap items-center justify-center gap-x-1.5 gap-y-0.5 rounded-full border border-slate-300 bg-white/80 px-3 py-1 text-xs font-semibold text-slate-800 hover:bg-white"
      trigger={
        <>
          <span aria-hidden className={`h-2 w-2 rounded-full ${confidence === "high" ? "bg-good" : confidence === "medium" ? "bg-fair" : "bg-poor"}`} />
          <span className="whitespace-nowrap">{confidenceText(confidence)}</span>
          {/* A space for the text and screen readers; the flex gap draws it. */}
          {evidence ? " " : null}
          {evidence ? (
            <span className="whitespace-nowrap font-normal" data-testid="evidence">
              · {evidenceText(evidence)}
            </span>
          ) : null}
        </>
      }
    >
      <p>{basis ? (BASIS_TEXT[basis] ?? basis) : null}</p>
      {evidence ? (
        <p className="mt-2">
          The score rests on <strong>{evidence.inputs} of {evidence.of} inputs</strong> with an evidence cover of <strong>{Math.round(evidence.cover * 100)}%</strong>.
          Cover is how complete and fresh the inputs are; thin or old evidence pulls the score toward the middle of the scale.
        </p>
      ) : null}
      <ul className="mt-2 space-y-1">
        {keys.map((k) => {
          const s = subScores?.[k];
          return (
            <li key={k} className="flex justify-between gap-3">
              <span>{INPUT_NAMES[k]}</span>
              <span className="shrink-0 text-right text-slate-500">
                {s ? `${formatPeriod(s.period)} (${ageText(ageInMonths(s.period, now.slice(0, 10)))})` : "no recent data"}
              </span>
            </li>
          );
        })}
      </ul>
    </InfoPopover>
  );
}

export function ScaleBar({ score }: { score: number }) {
  const stops = [...STATUSES_BEST_FIRST].reverse().map((s) => STATUS_STYLE[s].fill);
  return (
    <figure className="mt-5">
      <div className="relative h-3 rounded-full" style={{ background: `linear-gradient(90deg, ${stops.join(", ")})` }} aria-hidden>
        <span
          data-testid="scale-marker"
          className="absolute top-1/2 h-5 w-5 -translate-x-1/2 -translate-y-1/2 rounded-full border-[3px] border-white bg-slate-900 shadow"
          style={{ left: `${(markerFraction(score) * 100).toFixed(2)}%` }}
        />
      </div>
      <figcaption className="mt-2 text-xs text-slate-700">1 = very tough · 10 = very favorable</figcaption>
    </figure>
  );
}

export function ScoreCard(props: ScoreCardProps) {
  const { code, name, score, status, label, anchorMonth, asOf, paused = false, pending = false } = props;
  const [visible, setVisible] = useState(true);
  useEffect(() => {
    if (pending) {
      setVisible(false);
      return;
    }
    const frame = requestAnimationFrame(() => setVisible(true));
    return () => cancelAnimationFrame(frame);
  }, [pending]);

  const hasScore = score !== null && status !== null;
  const none = !pending && !hasScore ? noScoreText(name, { asOf, anchorMonth, paused }) : null;
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
            {name}
          </h2>
          {!pending && hasScore ? <ConfidenceBadge {...props} /> : null}
        </div>
        {pending ? (
          <div className="mt-4" role="status">
            <p className="text-6xl font-bold tabular-nums text-slate-400">-.--</p>
            <p className="mt-1 text-lg text-slate-600">Loading...</p>
          </div>
        ) : hasScore ? (
          <div className={`score-fade mt-4 flex items-center gap-4 ${visible ? "opacity-100" : "opacity-0"}`}>
            <WeatherIcon status={status} className="h-16 w-16 shrink-0 drop-shadow-sm" />
            <div>
              <p className="text-6xl font-bold tabular-nums tracking-tight text-slate-900" data-testid="score">
                {formatScore(score)}
                <span className="ml-1 text-xl font-medium text-slate-700">/ 10</span>
              </p>
              <p className="mt-1 text-lg font-semibold text-slate-800">{weatherTitle(status)}</p>
              {label ? <p className="text-sm text-slate-700">{label}</p> : null}
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
