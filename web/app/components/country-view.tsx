// The body of /country/{code} (spec §2 "Country page") plus the score history chart.
import { Link, useLocation, useNavigation } from "react-router";
import type { CountryPageData } from "../lib/country.server.ts";
import { ScoreCard } from "./score-card.tsx";
import { CountryPicker } from "./country-picker.tsx";
import { PopoverGroup } from "./info.tsx";
import { BackButton, Breadcrumbs, Card, HelpCard, Section } from "./page-parts.tsx";
import { AdviceList, ComparisonInsights, MarketConditions, MarketSentiment } from "./market-panels.tsx";
import { HistoryChart } from "./history-chart.tsx";
import { CommunitySection } from "./community.tsx";

const RANGE_LABEL = { "5y": "5 years", "10y": "10 years", all: "All" } as const;

export function CountryView({ data }: { data: CountryPageData }) {
  const navigation = useNavigation();
  const location = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const pending = target !== null && target.startsWith("/country/") && target !== location.pathname;
  const { country, panel, community } = data;

  return (
    <PopoverGroup>
      <div className="mx-auto max-w-6xl px-4 py-6">
        <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
          <div className="flex items-center gap-3">
            <BackButton />
            <Breadcrumbs items={[{ label: "Job Market Analysis", to: "/" }, { label: country.name }]} />
          </div>
          <div>
            <label htmlFor="country-picker" className="sr-only">
              Change country
            </label>
            <CountryPicker id="country-picker" current={country.code} />
          </div>
        </div>

        <h1 className="mt-6 text-2xl font-bold tracking-tight sm:text-3xl">
          {country.name}: job market weather
        </h1>
        <div className="mt-4">
          <ScoreCard
            name={country.name}
            flag={country.flag}
            score={data.score}
            status={data.status}
            label={data.label}
            confidence={data.confidence}
            basis={data.basis}
            cover={data.cover}
            subScores={data.subScores}
            anchorMonth={data.anchorMonth}
            now={data.now}
            pending={pending}
          />
        </div>

        <div className="mt-6">
          <HelpCard />
        </div>

        {/* Large screens: three cards. */}
        <div className="mt-6 hidden gap-6 lg:grid lg:grid-cols-3">
          <Card title="Market conditions">
            <MarketConditions panel={panel} />
          </Card>
          <Card title="Market sentiment">
            <MarketSentiment panel={panel} countryName={country.name} summary={community.summary} yoyFrom={data.yoyFrom} />
          </Card>
          <Card title="What you can do now">
            <AdviceList status={data.status} />
          </Card>
        </div>
        {/* Small screens: collapsible sections, the first one open. */}
        <div className="mt-6 space-y-3 lg:hidden">
          <Section title="Market conditions" defaultOpen>
            <MarketConditions panel={panel} />
          </Section>
          <Section title="Market sentiment">
            <MarketSentiment panel={panel} countryName={country.name} summary={community.summary} yoyFrom={data.yoyFrom} />
          </Section>
          <Section title="What this means for you">
            <AdviceList status={data.status} />
          </Section>
        </div>

        <section aria-labelledby="insights-title" className="mt-10">
          <h2 id="insights-title" className="mb-4 text-2xl font-semibold tracking-tight">
            Comparison insights
          </h2>
          <ComparisonInsights panel={panel} />
        </section>

        <section aria-labelledby="history-heading" className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <h2 id="history-heading" className="text-2xl font-semibold tracking-tight">
              Score history
            </h2>
            {data.historyMonths > 60 ? (
              <nav aria-label="History range" className="flex gap-1 rounded-lg bg-slate-100 p-1 text-sm">
                {(Object.keys(RANGE_LABEL) as Array<keyof typeof RANGE_LABEL>).map((r) => (
                  <Link
                    key={r}
                    to={r === "5y" ? "." : `?range=${r}`}
                    preventScrollReset
                    replace
                    aria-current={data.range === r ? "page" : undefined}
                    className={`rounded-md px-3 py-1 ${data.range === r ? "bg-white font-medium shadow-sm" : "text-slate-700 hover:text-slate-900"}`}
                  >
                    {RANGE_LABEL[r]}
                  </Link>
                ))}
              </nav>
            ) : null}
          </div>
          <p className="mt-1 text-sm text-slate-700">Each month scored with the data available at the end of that month.</p>
          <div className="mt-4">
            <HistoryChart points={data.history} countryName={country.name} />
          </div>
        </section>

        <CommunitySection countryCode={country.code} countryName={country.name} items={community.items} summary={community.summary} now={data.now} />
      </div>
    </PopoverGroup>
  );
}
