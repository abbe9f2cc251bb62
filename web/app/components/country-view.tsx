// The body of /country/{code} (docs/product.md §2 "Country page") plus the score history chart. The panels follow the
// data (web/app/lib/availability.ts): a panel without figures is left out, the missing figures are named in one line,
// and on wide screens the cards flow in two columns instead of three equal-height ones.
import { Suspense } from "react";
import { CompareWith } from "./compare-with.tsx";
import { Link, useLocation, useNavigation } from "react-router";
import type { CountryPageData } from "../lib/country.server.ts";
import { availabilityOf, hasComparisons } from "../lib/availability.ts";
import { ScoreCard } from "./score-card.tsx";
import { ComparisonInsights, FollowLinks, WhereOpenings, WhyChanged } from "./country-static-parts.ts";
import { CountryPicker } from "./country-picker.tsx";
import { PopoverGroup } from "./info.tsx";
import { BackButton, Breadcrumbs, DatesLine, HelpCard } from "./page-parts.tsx";
import { countryPanels, Panels } from "./country-panels.tsx";
import { NotAvailable } from "./market-parts.tsx";
import { HistoryChart } from "./history-chart.tsx";
import { CommunitySection } from "./community.tsx";
import { EmbedBadge } from "./embed-badge.tsx";
import { FlagLegend, pageFlags } from "./flag-mark.tsx";
import { PageSourcesProvider } from "./source-check.tsx";
import { FormattedMessage, useIntl } from "react-intl";
import { useFormat } from "../i18n/format.ts";
import { stripLocale } from "../i18n/locales.ts";

/** The history ranges, labelled by the catalogues (country.history.range.*). */
const RANGE_LABEL = { "5y": "5y", "10y": "10y", all: "all" } as const;

/** Another country's page is loading (a picker choice): the score card says the figures are about to change. */
function usePendingCountry(): boolean {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  return target !== null && stripLocale(target).startsWith("/country/") && target !== location.pathname;
}

export function CountryView({ data }: { data: CountryPageData }) {
  const pending = usePendingCountry();
  const { country, panel, community } = data;
  const intl = useIntl();
  const f = useFormat();
  const t = (id: string) => intl.formatMessage({ id });
  const hasScore = data.score !== null;
  const available = availabilityOf(panel, hasScore);
  const panels = countryPanels(data, available, t);
  const note =
    hasScore && data.basis === "historical-only" && !available.sentiment.barometer ? t("country.officialOnly") : null;

  return (
    <PageSourcesProvider value={data.sources}>
      <PopoverGroup>
        <div className="mx-auto max-w-6xl px-4 py-6">
          <CountryTopBar code={country.code} />

          <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
            <FormattedMessage id="country.title" values={{ name: f.country(country.code) }} />
          </h1>
          <DatesLine anchorMonth={hasScore ? data.anchorMonth : null} publishedAt={data.publishedAt} />
          <CountryScoreCard data={data} pending={pending} />

          <div className="mt-4">
            <CompareWith codes={[country.code]} />
          </div>

          <div className="mt-6">
            <HelpCard />
          </div>

          <Panels panels={panels} />
          <div className="mt-6">
            {/* While paused nothing is missing: the figures are withheld with the score (the score card says why). */}
            {data.paused ? null : (
              <NotAvailable countryName={country.name} code={country.code} missing={available.missing} note={note} />
            )}
            {/* The flags beside the figures of the panels and of the sectors, named once (docs/data-sources.md §8). */}
            {data.paused ? null : <FlagLegend flags={pageFlags(data)} className="mt-3" />}
          </div>

          {hasComparisons(available) ? (
            <section aria-labelledby="insights-title" className="mt-10">
              <h2 id="insights-title" className="mb-4 text-2xl font-semibold tracking-tight">
                <FormattedMessage id="country.insights" />
              </h2>
              <ComparisonInsights panel={panel} available={available.comparisons} />
            </section>
          ) : null}

          <WhereOpenings sectors={data.sectors} code={country.code} paused={data.paused} />

          {/* Its own Suspense boundary: the browser hydrates the chart after the rest of the page, in a render and
              commit of its own, so that no single task of the page's start holds the main thread as long
              (docs/decisions/017-page-weight.md); a click on it before then hydrates it at once. */}
          {data.history.length > 0 || hasScore ? (
            <Suspense>
              <CountryHistory data={data} />
            </Suspense>
          ) : null}

          <WhyChanged views={data.whyChanged} asOf={data.asOf} />

          <CommunitySection
            countryCode={country.code}
            countryName={country.name}
            items={community.items}
            summary={community.summary}
            now={data.now}
          />

          <FollowLinks code={country.code} name={country.name} />

          <Suspense>
            <EmbedBadge
              code={country.code}
              name={country.name}
              shown={hasScore && data.status ? { score: data.score!, status: data.status } : null}
              width={data.badgeWidth}
            />
          </Suspense>
        </div>
      </PopoverGroup>
    </PageSourcesProvider>
  );
}

/** The way back, where the page is, and the picker to another country. */
function CountryTopBar({ code }: { code: string }) {
  const intl = useIntl();
  const f = useFormat();
  return (
    <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
      <div className="flex items-center gap-3">
        <BackButton />
        <Breadcrumbs
          items={[{ label: intl.formatMessage({ id: "country.breadcrumb" }), to: "/" }, { label: f.country(code) }]}
        />
      </div>
      <div>
        <CountryPicker id="country-picker" label={<FormattedMessage id="country.changeCountry" />} current={code} />
      </div>
    </div>
  );
}

/** The score, its status, confidence and sub-scores (`pending`: another country's page is loading). */
function CountryScoreCard({ data, pending }: { data: CountryPageData; pending: boolean }) {
  return (
    <div className="mt-4">
      <ScoreCard
        code={data.country.code}
        name={data.country.name}
        score={data.score}
        status={data.status}
        label={data.label}
        confidence={data.confidence}
        basis={data.basis}
        cover={data.cover}
        subScores={data.subScores}
        anchorMonth={data.anchorMonth}
        asOf={data.asOf}
        paused={data.paused}
        now={data.now}
        pending={pending}
      />
    </div>
  );
}

/** The score's history: the chart, and the range links when there is more than five years of it. */
function CountryHistory({ data }: { data: CountryPageData }) {
  const intl = useIntl();
  const f = useFormat();
  return (
    <section
      aria-labelledby="history-heading"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="history-heading" className="text-2xl font-semibold tracking-tight">
          <FormattedMessage id="country.history.title" />
        </h2>
        {data.historyMonths > 60 ? (
          <nav
            aria-label={intl.formatMessage({ id: "country.history.range" })}
            className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm"
          >
            {(Object.keys(RANGE_LABEL) as Array<keyof typeof RANGE_LABEL>).map((r) => (
              <Link
                key={r}
                to={r === "5y" ? "." : `?range=${r}`}
                preventScrollReset
                replace
                aria-current={data.range === r ? "page" : undefined}
                className={`rounded-md px-3 py-1 ${data.range === r ? "bg-white font-medium shadow-sm" : "text-slate-700 hover:text-slate-900"}`}
              >
                <FormattedMessage id={`country.history.range.${RANGE_LABEL[r]}`} />
              </Link>
            ))}
          </nav>
        ) : null}
      </div>
      <p className="mt-1 text-sm text-slate-700">
        <FormattedMessage id="country.history.note" />
      </p>
      <div className="mt-4">
        <HistoryChart points={data.history} countryName={f.country(data.country.code)} />
      </div>
    </section>
  );
}
