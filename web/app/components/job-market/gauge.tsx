// The score panel of /job-market/{name} (docs/product.md §2 second country layout): the half-circle gauge with its
// needle, the confidence badge and the scale's key.
import { FormattedMessage } from "react-intl";
import type { CountryPageData } from "../../lib/country.server.ts";
import {
  STATUS_RANGES,
  STATUS_STYLE,
  STATUSES_BEST_FIRST,
  SCORE_MAX,
  SCORE_MIN,
  type Status,
} from "../../../../product/weather.ts";
import { useFormat } from "../../i18n/format.ts";
import { ConfidenceBadge } from "../score-card.tsx";
import { useJobMarketText, type NoScore } from "./text.ts";

function polar(cx: number, cy: number, r: number, score: number): [number, number] {
  const a = Math.PI * (1 - (score - SCORE_MIN) / (SCORE_MAX - SCORE_MIN));
  return [cx + r * Math.cos(a), cy - r * Math.sin(a)];
}

/** The gauge: a needle on the five weather bands with the score and its weather below; without a score, why not. */
function ScoreGauge({ score, status, none }: { score: number | null; status: Status | null; none: NoScore | null }) {
  const f = useFormat();
  const t = useJobMarketText();
  const cx = 120;
  const cy = 115;
  const r = 95;
  const arc = (from: number, to: number) => {
    const [x1, y1] = polar(cx, cy, r, from);
    const [x2, y2] = polar(cx, cy, r, to);
    return `M${x1.toFixed(1)} ${y1.toFixed(1)}A${r} ${r} 0 0 1 ${x2.toFixed(1)} ${y2.toFixed(1)}`;
  };
  const needle = score !== null ? polar(cx, cy, r - 22, score) : null;
  return (
    <figure className="flex flex-col items-center">
      <svg
        viewBox="0 0 240 135"
        className="w-full max-w-xs"
        role="img"
        aria-label={
          score !== null && status
            ? t("gauge.label", { score: f.score(score), weather: f.weatherTitle(status) })
            : t(`gauge.noScore.${none?.reason ?? "stale"}`)
        }
      >
        {[...STATUSES_BEST_FIRST].reverse().map((s) => (
          <path
            key={s}
            d={arc(STATUS_RANGES[s].from, STATUS_RANGES[s].to)}
            stroke={score !== null ? STATUS_STYLE[s].fill : "#e2e8f0"}
            strokeWidth={18}
            fill="none"
          />
        ))}
        {needle ? (
          <>
            <line
              x1={cx}
              y1={cy}
              x2={needle[0]}
              y2={needle[1]}
              stroke="#0f172a"
              strokeWidth={4}
              strokeLinecap="round"
            />
            <circle cx={cx} cy={cy} r={7} fill="#0f172a" />
          </>
        ) : null}
        <text x={cx - r} y={cy + 16} fontSize={11} textAnchor="middle" fill="#475569">
          {SCORE_MIN}
        </text>
        <text x={cx + r} y={cy + 16} fontSize={11} textAnchor="middle" fill="#475569">
          {SCORE_MAX}
        </text>
      </svg>
      <figcaption className="-mt-1 text-center">
        {score !== null && status ? (
          <>
            <span className="block text-4xl font-bold tabular-nums">{f.score(score)}</span>
            <span className="text-sm font-medium text-slate-700">{f.weatherTitle(status)}</span>
          </>
        ) : (
          <span className="text-lg font-semibold text-slate-700">{none?.title}</span>
        )}
      </figcaption>
    </figure>
  );
}

/** The gauge, the confidence badge (with a score) and the scale's key. */
export function ScorePanel({ data, none }: { data: CountryPageData; none: NoScore | null }) {
  const hasScore = data.score !== null;
  const t = useJobMarketText();
  return (
    <section
      aria-label={t("score.label")}
      className={`wx wx-${data.status ?? "none"} flex flex-col items-center justify-center rounded-2xl border border-slate-200 p-6 shadow-sm`}
    >
      <ScoreGauge score={data.score} status={data.status} none={none} />
      {hasScore ? (
        <div className="mt-3">
          <ConfidenceBadge
            confidence={data.confidence}
            basis={data.basis}
            cover={data.cover}
            subScores={data.subScores}
            now={data.now}
          />
        </div>
      ) : null}
      <p className="mt-3 text-xs text-slate-700">
        <FormattedMessage id="country.card.scale" />
      </p>
    </section>
  );
}
