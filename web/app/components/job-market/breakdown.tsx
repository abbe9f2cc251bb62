// "Why the Job Market Score is X" (docs/product.md §9 breakdown cards): one card per figure, each with the
// comparison /country/{code} makes of it in the same words and against the same yardstick (useComparisonRows);
// without a score, why there is none; then the one line naming what is missing.
import type { CountryPageData } from "../../lib/country.server.ts";
import { countingSaid } from "../../lib/sentiment.ts";
import type { Availability } from "../../lib/availability.ts";
import { useFormat } from "../../i18n/format.ts";
import { useComparisonRows } from "../comparison-insights.tsx";
import { NotAvailable } from "../market-parts.tsx";
import { useIntl } from "react-intl";
import { FlagMark, joinFlags } from "../flag-mark.tsx";
import { useJobMarketText, type NoScore } from "./text.ts";

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
  flag,
}: {
  id: string;
  title: string;
  value: string;
  bar: number;
  comparison: { text: string; detail: string } | null;
  /** Eurostat's flag of the figure (of its inputs, for competition). */
  flag: string | null;
}) {
  const t = useJobMarketText();
  return (
    <li className="rounded-xl border border-slate-200 bg-white p-4" data-testid="breakdown" data-key={id}>
      <p className="text-sm text-slate-700">{title}</p>
      <p className="mt-1 text-2xl font-semibold tabular-nums">
        {value}
        <FlagMark flag={flag} />
      </p>
      <div
        className="mt-3 h-2 rounded-full bg-slate-100"
        role="meter"
        aria-label={t("breakdown.bar", { title })}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(bar)}
      >
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

/** The breakdown cards of the figures that exist (none without a panel). */
function BreakdownCards({ data, available }: { data: CountryPageData; available: Availability }) {
  const { panel } = data;
  const b = panel?.breakdown;
  const rows = useComparisonRows(panel, available.comparisons);
  const intl = useIntl();
  const f = useFormat();
  const t = useJobMarketText();
  const row = (key: "eu" | "vacancy" | "competition") => {
    const r = rows.find((x) => x.key === key);
    return r ? { text: intl.formatMessage({ id: "market.euNote" }, { verdict: r.verdict }), detail: r.detail } : null;
  };
  const lmb = panel?.sentiment_sources?.find((x) => x.source === "lmb") ?? null;
  const cards = [
    b?.unemployment ? (
      <Breakdown
        key="u"
        id="eu"
        title={t("breakdown.unemployment")}
        value={f.percent(b.unemployment.value)}
        bar={b.unemployment.bar}
        comparison={row("eu")}
        flag={panel!.flags.unemployment}
      />
    ) : null,
    b?.vacancy ? (
      <Breakdown
        key="v"
        id="vacancy"
        title={t("breakdown.vacancy")}
        value={f.percent(b.vacancy.value)}
        bar={b.vacancy.bar}
        comparison={row("vacancy")}
        flag={panel!.flags.vacancy}
      />
    ) : null,
    b?.competition ? (
      <Breakdown
        key="c"
        id="competition"
        title={t("breakdown.competition")}
        value={t("breakdown.perOpening", { value: f.number(b.competition.value) })}
        bar={b.competition.bar}
        comparison={row("competition")}
        flag={joinFlags(panel!.flags.unemployment, panel!.flags.vacancy)}
      />
    ) : null,
    b?.sentiment ? (
      <Breakdown
        key="s"
        id="sentiment"
        title={t("breakdown.sentiment")}
        value={f.number(b.sentiment.value)}
        bar={b.sentiment.bar}
        flag={panel!.flags.lmb}
        // The card's verdict by its level (product/market-grades.ts breakdown.sentiment says the same in English).
        comparison={{
          text: t(`breakdown.sentiment.${b.sentiment.level}`),
          detail: lmb ? countingSaid(intl, f, lmb) : t("breakdown.neutral"),
        }}
      />
    ) : null,
  ].filter((c) => c !== null);
  return cards.length > 0 ? (
    <ul className={`mt-4 grid grid-cols-1 gap-4 ${cards.length > 1 ? "sm:grid-cols-2" : ""}`}>{cards}</ul>
  ) : null;
}

/** The heading, why there is no score (when there is none), the cards and what is not available. */
export function WhySection({
  data,
  available,
  none,
}: {
  data: CountryPageData;
  available: Availability;
  none: NoScore | null;
}) {
  const f = useFormat();
  const t = useJobMarketText();
  return (
    <section aria-labelledby="why-title">
      <h2 id="why-title" className="text-2xl font-semibold tracking-tight">
        {data.score !== null ? t("why.title", { score: f.score(data.score) }) : t("why.noScore")}
      </h2>
      {none ? <p className="mt-2 text-slate-700">{none.text}</p> : null}
      <BreakdownCards data={data} available={available} />
      <div className="mt-4">
        {data.paused ? null : <NotAvailable countryName={data.country.name} missing={available.missing} />}
      </div>
    </section>
  );
}
