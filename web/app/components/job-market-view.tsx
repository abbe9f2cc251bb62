// The body of /job-market/{name} (docs/product.md §2 second country layout): gauge, "Why the Job Market Score is X" with
// the breakdown cards, expert help, "Current Market Snapshot", "Your Next Moves" and the community section. It
// tells the story of /country/{code} in another layout: the same figures, comparisons (comparisonRows), advice
// rules and evidence, no baselines of its own and no placeholders. Like /country/{code}, it shows only the
// figures that exist and names the missing ones once.
import type { MarketPanel, Tone } from "../../../product/market-panel.ts";
import type { CountryPageData } from "../lib/country.server.ts";
import { adviceFor, countingInputs } from "../../../product/advice.ts";
import { countingText } from "../lib/sentiment.ts";
import { formatNumber, formatPercent, formatPeriod, formatScore } from "../../../product/format.ts";
import { STATUS_RANGES, STATUS_STYLE, STATUSES_BEST_FIRST, SCORE_MAX, SCORE_MIN, weatherTitle, type Status } from "../../../product/weather.ts";
import { CountryPicker } from "./country-picker.tsx";
import { PopoverGroup } from "./info.tsx";
import { ConfidenceBadge } from "./score-card.tsx";
import { BackButton, Breadcrumbs, DatesLine } from "./page-parts.tsx";
import { FollowLinks } from "./follow-links.tsx";
import { CommunitySection } from "./community.tsx";
import { WhyChanged } from "./why-changed.tsx";
import { Flag } from "./flag.tsx";
import { NoAdvice, NotAvailable, adviceSaid, useComparisonRows } from "./market-panels.tsx";
import { useIntl } from "react-intl";
import { availabilityOf } from "../lib/availability.ts";
import { noScoreText } from "../../../product/no-score.ts";
import { Link } from "react-router";

function polar(cx: number, cy: number, r: number, score: number): [number, number] {
  const a = Math.PI * (1 - (score - SCORE_MIN) / (SCORE_MAX - SCORE_MIN));
  return [cx + r * Math.cos(a), cy - r * Math.sin(a)];
}

export function ScoreGauge({ score, status, noScoreTitle = "Not enough recent data" }: { score: number | null; status: Status | null; noScoreTitle?: string }) {
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
        aria-label={score !== null && status ? `Score ${formatScore(score)} out of 10: ${weatherTitle(status)}` : `No score: ${noScoreTitle.toLowerCase()}`}
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
            <line x1={cx} y1={cy} x2={needle[0]} y2={needle[1]} stroke="#0f172a" strokeWidth={4} strokeLinecap="round" />
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
            <span className="block text-4xl font-bold tabular-nums">{formatScore(score)}</span>
            <span className="text-sm font-medium text-slate-700">{weatherTitle(status)}</span>
          </>
        ) : (
          <span className="text-lg font-semibold text-slate-700">{noScoreTitle}</span>
        )}
      </figcaption>
    </figure>
  );
}

/**
 * One "Why the Job Market Score is X" card: the figure, its bar, and the comparison /country makes of it, in the
 * same words and against the same yardstick (docs/product.md §2 "One country story, two layouts"); no fixed
 * baseline of its own.
 */
function Breakdown({
  id,
  title,
  value,
  bar,
  comparison,
}: {
  id: string;
  title: string;
  value: string;
  bar: number;
  comparison: { text: string; detail: string } | null;
}) {
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="breakdown" data-key={id}>
      <p className="text-sm text-slate-700">{title}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">{value}</p>
      <div className="mt-3 h-2 rounded-full bg-slate-100" role="meter" aria-label={`${title} bar`} aria-valuemin={0} aria-valuemax={100} aria-valuenow={Math.round(bar)}>
        <div className="h-2 rounded-full bg-brand-600" style={{ width: `${bar}%` }} />
      </div>
      {comparison ? (
        <>
          <p className="mt-2 text-sm text-slate-800" data-testid="breakdown-verdict">
            {comparison.text}
          </p>
          <p className="mt-1 text-xs text-slate-600" data-testid="breakdown-detail">
            {comparison.detail}
          </p>
        </>
      ) : null}
    </li>
  );
}

const TONE_DOT: Record<Tone, string> = { good: "bg-good", fair: "bg-fair", poor: "bg-poor" };
const TONE_WORD: Record<Tone, string> = { good: "Good", fair: "Fair", poor: "Weak" };

function SnapshotList({ panel }: { panel: MarketPanel | null }) {
  if (!panel) return null;
  const eei = panel.sentiment_sources?.find((x) => x.source === "eei") ?? null;
  const rows: Array<{ label: string; value: string | null; period: string | null; tone: Tone | null; note?: string }> = [
    {
      label: "Unemployment rate",
      value: panel?.unemployment_rate != null ? formatPercent(panel.unemployment_rate) : null,
      period: panel?.unemployment_period ?? null,
      tone: panel?.tones.unemployment ?? null,
    },
    {
      label: "Unemployment under 25",
      value: panel?.youth_unemployment_rate != null ? formatPercent(panel.youth_unemployment_rate) : null,
      period: panel?.youth_unemployment_period ?? null,
      tone: null,
      note: panel.youth_unemployment_eu_rate != null ? `EU-27: ${formatPercent(panel.youth_unemployment_eu_rate)}; context only` : "context only",
    },
    {
      label: "Job vacancy rate",
      value: panel?.vacancy_rate != null ? formatPercent(panel.vacancy_rate) : null,
      period: panel?.vacancy_period ?? null,
      tone: panel?.tones.vacancy ?? null,
    },
    {
      label: "Job seekers per opening",
      value: panel?.competition != null ? formatNumber(panel.competition) : null,
      period: null,
      tone: panel?.tones.competition ?? null,
    },
    {
      label: "Expert barometer",
      value: panel?.lmb_value != null ? formatNumber(panel.lmb_value) : null,
      period: panel?.lmb_period ?? null,
      tone: panel?.tones.barometer ?? null,
    },
    {
      label: "Employment expectations (EEI)",
      value: eei ? formatNumber(eei.value) : null,
      period: eei?.period ?? null,
      tone: null,
      note: eei ? (eei.counts ? "100 = long-term average" : "too old to count today") : undefined,
    },
    {
      label: "GDP growth",
      value: panel?.gdp_rate != null ? formatPercent(panel.gdp_rate) : null,
      period: panel?.gdp_period ?? null,
      tone: panel?.tones.gdp ?? null,
    },
    {
      label: "Inflation",
      value: panel?.inflation_rate != null ? formatPercent(panel.inflation_rate) : null,
      period: panel?.inflation_period ?? null,
      tone: panel?.tones.inflation ?? null,
    },
  ];
  const shown = rows.filter((r) => r.value !== null);
  if (shown.length === 0) return null;
  return (
    <ul className="divide-y divide-slate-100">
      {shown.map((r) => (
        <li key={r.label} className="flex items-center justify-between gap-3 py-2.5">
          <span className="flex items-center gap-2 text-sm text-slate-800">
            <span aria-hidden className={`h-2.5 w-2.5 rounded-full ${r.tone ? TONE_DOT[r.tone] : "bg-slate-300"}`} />
            {r.label}
          </span>
          <span className="text-right text-sm">
            <span className="font-semibold tabular-nums">{r.value}</span>
            {r.tone ? <span className="ml-1 text-slate-600">· {TONE_WORD[r.tone]}</span> : null}
            {r.period ? (
              <span className="block text-xs text-slate-600">
                {formatPeriod(r.period)}
                {r.note ? ` · ${r.note}` : null}
              </span>
            ) : null}
          </span>
        </li>
      ))}
    </ul>
  );
}

export function JobMarketView({ data }: { data: CountryPageData }) {
  const { country, panel } = data;
  const b = panel?.breakdown;
  const hasScore = data.score !== null;
  const none = hasScore ? null : noScoreText(country.name, { asOf: data.asOf, anchorMonth: data.anchorMonth, paused: data.paused });
  const available = availabilityOf(panel, hasScore);
  const rows = useComparisonRows(panel, available.comparisons);
  const intl = useIntl();
  const row = (key: "eu" | "vacancy" | "competition") => {
    const r = rows.find((x) => x.key === key);
    return r ? { text: intl.formatMessage({ id: "market.euNote" }, { verdict: r.verdict }), detail: r.detail } : null;
  };
  const lmb = panel?.sentiment_sources?.find((x) => x.source === "lmb") ?? null;
  const cards = [
    b?.unemployment ? <Breakdown key="u" id="eu" title="Unemployment" value={formatPercent(b.unemployment.value)} bar={b.unemployment.bar} comparison={row("eu")} /> : null,
    b?.vacancy ? <Breakdown key="v" id="vacancy" title="Job vacancies" value={formatPercent(b.vacancy.value)} bar={b.vacancy.bar} comparison={row("vacancy")} /> : null,
    b?.competition ? (
      <Breakdown key="c" id="competition" title="Competition per opening" value={`${formatNumber(b.competition.value)} per opening`} bar={b.competition.bar} comparison={row("competition")} />
    ) : null,
    b?.sentiment ? (
      <Breakdown
        key="s"
        id="sentiment"
        title="Expert sentiment"
        value={formatNumber(b.sentiment.value)}
        bar={b.sentiment.bar}
        comparison={{ text: b.sentiment.text, detail: lmb ? countingText(lmb) : "100 = neutral." }}
      />
    ) : null,
  ].filter((c) => c !== null);
  const snapshot = <SnapshotList panel={panel} />;
  const hasSnapshot =
    available.conditions.unemployment ||
    available.conditions.vacancy ||
    available.conditions.competition ||
    available.sentiment.barometer ||
    available.sentiment.eei ||
    available.sentiment.gdp ||
    available.sentiment.inflation;
  return (
    <PopoverGroup>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex items-center gap-3">
            <BackButton label="Back to Home" home />
            <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Job Market" }, { label: country.name }]} />
          </div>
          <div>
            <label htmlFor="job-market-picker" className="sr-only">
              Change country
            </label>
            <CountryPicker id="job-market-picker" current={country.code} target="job-market" />
          </div>
        </div>

        <header className="mt-6">
          <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-3xl font-bold tracking-tight sm:text-4xl">
            Job Market in {country.name} <Flag code={country.code} height={28} />
          </h1>
          <DatesLine anchorMonth={hasScore ? data.anchorMonth : null} publishedAt={data.publishedAt} />
        </header>

        <div className="mt-6 grid gap-6 lg:grid-cols-[minmax(0,1fr)_minmax(0,2fr)] lg:items-start">
          <section
            aria-label="Score"
            className={`wx wx-${data.status ?? "none"} flex flex-col items-center justify-center rounded-2xl border border-slate-200 p-6 shadow-sm`}
          >
            <ScoreGauge score={data.score} status={data.status} noScoreTitle={none?.title} />
            {hasScore ? (
              <div className="mt-3">
                <ConfidenceBadge confidence={data.confidence} basis={data.basis} cover={data.cover} subScores={data.subScores} now={data.now} />
              </div>
            ) : null}
            <p className="mt-3 text-xs text-slate-700">1 = very tough · 10 = very favorable</p>
          </section>
          <section aria-labelledby="why-title">
            <h2 id="why-title" className="text-2xl font-semibold tracking-tight">
              {hasScore ? `Why the Job Market Score is ${formatScore(data.score!)}` : "Why there is no Job Market Score"}
            </h2>
            {none ? <p className="mt-2 text-slate-700">{none.text}</p> : null}
            {cards.length > 0 ? <ul className={`mt-4 grid gap-4 ${cards.length > 1 ? "sm:grid-cols-2" : ""}`}>{cards}</ul> : null}
            <div className="mt-4">
              {data.paused ? null : <NotAvailable countryName={country.name} missing={available.missing} />}
            </div>
          </section>
        </div>

        <WhyChanged views={data.whyChanged} asOf={data.asOf} />

        <section aria-labelledby="expert-title" className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6">
          <h2 id="expert-title" className="text-xl font-semibold text-brand-900">
            Get expert help
          </h2>
          <p className="mt-1 text-sm text-slate-700">A career consultant who knows the {country.name} market, or a CV rewritten for it.</p>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <Link
              to="/waiting-list/career-consultant"
              className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
            >
              Book a Career Consultant
            </Link>
            <Link
              to="/waiting-list/cv-upgrade"
              className="rounded-md border border-brand-600 bg-white px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
            >
              Upgrade Your CV
            </Link>
          </div>
        </section>

        <div className={`mt-8 grid gap-6 lg:items-start ${hasSnapshot ? "lg:grid-cols-2" : ""}`}>
          {hasSnapshot ? (
            <section aria-labelledby="snapshot-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <h2 id="snapshot-title" className="mb-2 text-xl font-semibold">
                Current Market Snapshot
              </h2>
              {snapshot}
            </section>
          ) : null}
          <section aria-labelledby="moves-title" className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
            <h2 id="moves-title" className="mb-3 text-xl font-semibold">
              Your Next Moves
            </h2>
            {data.status ? (
              <ol className="space-y-4" data-testid="advice">
                {adviceFor(data.status, countingInputs(data.subScores)).map((item) => adviceSaid(intl, data.status!, item)).map((a, i) => (
                  <li key={a.title} className="flex gap-3">
                    <span className="flex h-7 w-7 shrink-0 items-center justify-center rounded-full bg-brand-600 text-sm font-semibold text-white">
                      {i + 1}
                    </span>
                    <span>
                      <span className="block font-medium">{a.title}</span>
                      <span className="block text-sm text-slate-700">{a.text}</span>
                    </span>
                  </li>
                ))}
              </ol>
            ) : (
              <NoAdvice paused={data.paused} />
            )}
          </section>
        </div>

        <CommunitySection countryCode={country.code} countryName={country.name} items={data.community.items} summary={data.community.summary} now={data.now} />

        <FollowLinks code={country.code} name={country.name} />
      </div>
    </PopoverGroup>
  );
}
