// The body of /country/{code} (docs/product.md §2 "Country page") plus the score history chart. The panels follow the
// data (web/app/lib/availability.ts): a panel without figures is left out, the missing figures are named in one line,
// and on wide screens the cards flow in two columns instead of three equal-height ones.
import { CompareWith } from "./compare-with.tsx";
import type { ReactNode } from "react";
import { Link, useLocation, useNavigation } from "react-router";
import type { CountryPageData } from "../lib/country.server.ts";
import { availabilityOf, hasComparisons, hasConditions } from "../lib/availability.ts";
import { ScoreCard } from "./score-card.tsx";
import { AdviceList, ComparisonInsights, FollowLinks, WhereOpenings, WhyChanged } from "./country-static-parts.ts";
import { CountryPicker } from "./country-picker.tsx";
import { PopoverGroup } from "./info.tsx";
import { BackButton, Breadcrumbs, Card, DatesLine, HelpCard, Section } from "./page-parts.tsx";
import { MarketConditions } from "./market-conditions.tsx";
import { NotAvailable } from "./market-parts.tsx";
import { MarketSentiment, hasSentiment } from "./market-sentiment.tsx";
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

interface Panel {
  id: "conditions" | "sentiment" | "advice";
  /** Card title on wide screens, section title on small ones (docs/product.md §2). */
  wide: string;
  narrow: string;
  body: ReactNode;
}

export function CountryView({ data }: { data: CountryPageData }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const pending = target !== null && stripLocale(target).startsWith("/country/") && target !== location.pathname;
  const { country, panel, community } = data;
  const intl = useIntl();
  const f = useFormat();
  const t = (id: string) => intl.formatMessage({ id });
  const hasScore = data.score !== null;
  const available = availabilityOf(panel, hasScore);

  const panels: Panel[] = [];
  if (hasConditions(available)) {
    panels.push({
      id: "conditions",
      wide: t("country.panel.conditions"),
      narrow: t("country.panel.conditions"),
      body: <MarketConditions panel={panel} available={available.conditions} />,
    });
  }
  if (hasSentiment(available.sentiment, community.summary)) {
    panels.push({
      id: "sentiment",
      wide: t("country.panel.sentiment"),
      narrow: t("country.panel.sentiment"),
      body: (
        <MarketSentiment
          panel={panel}
          available={available.sentiment}
          summary={community.summary}
          yoyFrom={data.yoyFrom}
          yoyChange={data.whyChanged?.year_before ?? null}
          monthChange={data.whyChanged?.previous_month ?? null}
        />
      ),
    });
  }
  panels.push({
    id: "advice",
    wide: t("country.panel.adviceWide"),
    narrow: t("country.panel.adviceNarrow"),
    body: <AdviceList status={data.status} facts={data.adviceFacts} paused={data.paused} />,
  });

  // Two columns that fill evenly: the sentiment card (the longest) on the right, the others stacked on the left.
  const right = panels.length === 3 ? panels.filter((p) => p.id === "sentiment") : panels.slice(1);
  const left = panels.filter((p) => !right.includes(p));
  const card = (p: Panel) => (
    <Card key={p.id} title={p.wide}>
      {p.body}
    </Card>
  );
  const note =
    hasScore && data.basis === "historical-only" && !available.sentiment.barometer ? t("country.officialOnly") : null;

  return (
    <PageSourcesProvider value={data.sources}>
      <PopoverGroup>
        <div className="mx-auto max-w-6xl px-4 py-6">
          <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
            <div className="flex items-center gap-3">
              <BackButton />
              <Breadcrumbs items={[{ label: t("country.breadcrumb"), to: "/" }, { label: f.country(country.code) }]} />
            </div>
            <div>
              <CountryPicker
                id="country-picker"
                label={<FormattedMessage id="country.changeCountry" />}
                current={country.code}
              />
            </div>
          </div>

          <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
            <FormattedMessage id="country.title" values={{ name: f.country(country.code) }} />
          </h1>
          <DatesLine anchorMonth={hasScore ? data.anchorMonth : null} publishedAt={data.publishedAt} />
          <div className="mt-4">
            <ScoreCard
              code={country.code}
              name={country.name}
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

          <div className="mt-4">
            <CompareWith codes={[country.code]} />
          </div>

          <div className="mt-6">
            <HelpCard />
          </div>

          {/* Large screens: the cards in two columns that flow (one column when only the advice is left). */}
          <div
            className={`mt-6 hidden gap-6 lg:grid lg:items-start ${panels.length > 1 ? "lg:grid-cols-2" : ""}`}
            data-testid="panels-wide"
          >
            <div className="space-y-6">{left.map(card)}</div>
            {right.length > 0 ? <div className="space-y-6">{right.map(card)}</div> : null}
          </div>
          {/* Small screens: collapsible sections, the first one ("Market conditions" when it exists) open. */}
          <div className="mt-6 space-y-3 lg:hidden">
            {panels.map((p, i) => (
              <Section key={p.id} title={p.narrow} defaultOpen={i === 0}>
                {p.body}
              </Section>
            ))}
          </div>
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

          {data.history.length > 0 || hasScore ? (
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
                    aria-label={t("country.history.range")}
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
                <HistoryChart points={data.history} countryName={f.country(country.code)} />
              </div>
            </section>
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

          <EmbedBadge
            code={country.code}
            name={country.name}
            shown={hasScore && data.status ? { score: data.score!, status: data.status } : null}
            width={data.badgeWidth}
          />
        </div>
      </PopoverGroup>
    </PageSourcesProvider>
  );
}
