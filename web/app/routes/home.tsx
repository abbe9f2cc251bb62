// Home (docs/product.md): the live home, or the paused card when the operator paused publication or no covered
// country has a fresh score.
import type { ComponentProps } from "react";
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { getOverview, rankingOf } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { publishedText } from "../../../product/format.ts";
import { statusScaleSentence } from "../../../product/weather.ts";
import { extremeNotice, statusCounts } from "../lib/ranking-notice.ts";
import { PausedCard } from "../components/paused-card.tsx";
import { CountryPicker } from "../components/country-picker.tsx";
import { EuropeMap } from "../components/europe-map.tsx";
import { RankingList } from "../components/ranking-list.tsx";
import { ChevronRightIcon } from "../components/icons.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";

const PREVIEW_SIZE = 5;

export function loader({ context }: SiteLoaderArgs) {
  const overview = getOverview(context.read, context.now);
  if (overview.paused) return { paused: true as const };
  const pick = ({ code, name, score, status, label, confidence, evidence }: (typeof overview.countries)[number]) => ({
    code,
    name,
    score,
    status,
    label,
    confidence,
    evidence,
  });
  return {
    paused: false as const,
    countries: overview.countries.map(pick),
    brightest: rankingOf(context.read, "brightest", context.now).slice(0, PREVIEW_SIZE).map(pick),
    stormiest: rankingOf(context.read, "stormiest", context.now).slice(0, PREVIEW_SIZE).map(pick),
    counts: statusCounts(overview.countries),
    scoredCount: overview.scoredCount,
    total: overview.countries.length,
    publishedAt: overview.publication?.published_at ?? null,
  };
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    description:
      "Job Weather Index: the job market of 31 European countries scored from 1 (very tough) to 10 (very favorable) from official Eurostat statistics, shown as weather.",
    keywords: "job market Europe, unemployment, job vacancies, job seekers, Eurostat, job search",
    feeds: [null],
  });

export default function Home() {
  const data = useLoaderData<typeof loader>();
  if (data.paused) return <PausedCard />;
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">What's the job market weather in Europe today?</h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          A score from 1 (very tough) to 10 (very favorable) for {data.total} European countries, computed from official Eurostat statistics and shown as
          weather, from stormy to sunny.
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <label htmlFor="home-picker" className="sr-only">
            Pick a country
          </label>
          <CountryPicker id="home-picker" />
          <p className="text-sm text-slate-600">
            {data.scoredCount} of {data.total} countries scored
            {data.publishedAt ? <> · {publishedText(data.publishedAt)}</> : null}
          </p>
        </div>
      </section>

      <div className="grid gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <section aria-labelledby="map-title">
          <h2 id="map-title" className="mb-3 text-xl font-semibold">
            Europe's job market weather
          </h2>
          <a
            href="#rankings"
            className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-brand-700 focus:underline"
          >
            Skip the map: go to the rankings
          </a>
          <EuropeMap countries={data.countries} />
        </section>
        <div id="rankings" tabIndex={-1} className="space-y-8 focus:outline-none">
          <RankingPreview
            type="brightest"
            title="Brightest markets"
            rows={data.brightest}
            notice={extremeNotice("brightest", data.counts, data.brightest.length)}
          />
          <RankingPreview
            type="stormiest"
            title="Stormiest markets"
            rows={data.stormiest}
            notice={extremeNotice("stormiest", data.counts, data.stormiest.length)}
          />
          <p className="text-sm">
            <Link to="/top-regions" className="font-medium text-brand-700 hover:underline">
              Compare European regions →
            </Link>
          </p>
        </div>
      </div>

      <section aria-labelledby="how-title" className="mt-14 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h2 id="how-title" className="text-xl font-semibold">
          How the index works
        </h2>
        <ol className="mt-4 grid gap-6 sm:grid-cols-3">
          <li>
            <p className="font-semibold">1. Official data in</p>
            <p className="mt-1 text-sm text-slate-700">
              Unemployment and job vacancy rates from Eurostat, plus the expert labour market barometer where one is published.
            </p>
          </li>
          <li>
            <p className="font-semibold">2. Fresh data counts more</p>
            <p className="mt-1 text-sm text-slate-700">
              Each input becomes a 0–100 sub-score. Older figures weigh less; thin or stale evidence pulls the score toward the middle.
            </p>
          </li>
          <li>
            <p className="font-semibold">3. One score, as weather</p>
            <p className="mt-1 text-sm text-slate-700">The blend becomes a 1–10 score: {statusScaleSentence()}.</p>
          </li>
        </ol>
        <p className="mt-6 text-sm">
          <Link to="/methodology" className="font-medium text-brand-700 hover:underline">
            Read the full methodology →
          </Link>
        </p>
      </section>
    </div>
  );
}

/** The top of one ranking with a link to the whole list. */
function RankingPreview({
  type,
  title,
  rows,
  notice,
}: {
  type: "brightest" | "stormiest";
  title: string;
  rows: ComponentProps<typeof RankingList>["rows"];
  notice: string | null;
}) {
  return (
    <section aria-labelledby={`${type}-title`}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id={`${type}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <Link to={`/${type}`} className="inline-flex items-center text-sm font-medium text-brand-700 hover:underline">
          Top 10 <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
      {notice && rows.length > 0 ? <p className="mb-2 text-sm text-slate-700">{notice}</p> : null}
      <RankingList rows={rows} compact />
    </section>
  );
}
