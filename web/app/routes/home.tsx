// Home (docs/product.md): the live home, or the paused card when the operator paused publication or no covered
// country has a fresh score.
import type { ComponentProps } from "react";
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { countingToday, getOverview, rankingOf } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { FormattedMessage, useIntl } from "react-intl";
import { STATUSES_BEST_FIRST, STATUS_RANGES } from "../../../product/weather.ts";
import { extremeNoticeMessage, statusCounts } from "../lib/ranking-notice.ts";
import { intlOf } from "../i18n/meta-intl.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { PausedCard } from "../components/paused-card.tsx";
import { CountryPicker } from "../components/country-picker.tsx";
import { CountingToday } from "../components/counting-today.tsx";
import { EuropeMap } from "../components/europe-map.tsx";
import { RankingList } from "../components/ranking-list.tsx";
import { ChevronRightIcon } from "../components/icons.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

const PREVIEW_SIZE = 5;

export function loader({ context, request }: SiteLoaderArgs) {
  const messages = pageMessages(request, "home");
  const overview = getOverview(context.read, context.now);
  if (overview.paused) return { paused: true as const, messages };
  const pick = ({
    code,
    name,
    score,
    status,
    label,
    confidence,
    evidence,
    withheld_reason,
  }: (typeof overview.countries)[number]) => ({
    code,
    name,
    score,
    status,
    label,
    confidence,
    evidence,
    reason: withheld_reason,
  });
  return {
    paused: false as const,
    countries: overview.countries.map(pick),
    brightest: rankingOf(context.read, "brightest", context.now).slice(0, PREVIEW_SIZE).map(pick),
    stormiest: rankingOf(context.read, "stormiest", context.now).slice(0, PREVIEW_SIZE).map(pick),
    counts: statusCounts(overview.countries),
    counting: countingToday(context.read, context.now),
    scoredCount: overview.scoredCount,
    total: overview.countries.length,
    publishedAt: overview.publication?.published_at ?? null,
    messages,
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    description: intlOf(args.matches).formatMessage({ id: "home.meta.description" }),
    keywords: intlOf(args.matches).formatMessage({ id: "home.meta.keywords" }),
    feeds: [null],
  });

/** "stormy below 2, rainy below 4, cloudy below 7, bright below 9, sunny from 9" from the model's thresholds. */
function useScaleSentence(): string {
  const intl = useIntl();
  const f = useFormat();
  const worstFirst = [...STATUSES_BEST_FIRST].reverse();
  return worstFirst
    .map((s, i) =>
      i === worstFirst.length - 1
        ? intl.formatMessage({ id: "home.scale.from" }, { status: s, value: f.plain(STATUS_RANGES[s].from) })
        : intl.formatMessage({ id: "home.scale.below" }, { status: s, value: f.plain(STATUS_RANGES[s].to) }),
    )
    .join(intl.formatMessage({ id: "home.scale.separator" }));
}

export default function Home() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const f = useFormat();
  const to = useLocalePath();
  const scale = useScaleSentence();
  if (data.paused) return <PausedCard />;
  const notice = (type: "brightest" | "stormiest", shown: number) => {
    const m = extremeNoticeMessage(type, data.counts, shown);
    return m ? intl.formatMessage({ id: m.id }, m.values) : null;
  };
  return (
    <div className="mx-auto max-w-6xl px-4">
      <section className="py-10 sm:py-14">
        <h1 className="max-w-3xl text-3xl font-bold tracking-tight text-slate-900 sm:text-5xl">
          <FormattedMessage id="home.title" />
        </h1>
        <p className="mt-4 max-w-2xl text-lg text-slate-700">
          <FormattedMessage id="home.lead" values={{ total: data.total }} />
        </p>
        <div className="mt-6 flex flex-col gap-3 sm:flex-row sm:items-center">
          <CountryPicker id="home-picker" label={<FormattedMessage id="picker.placeholder" />} />
          <p className="text-sm text-slate-600">
            <FormattedMessage id="home.scored" values={{ scored: data.scoredCount, total: data.total }} />
            {data.publishedAt ? <> · {f.published(data.publishedAt)}</> : null}
          </p>
        </div>
      </section>

      <div className="grid grid-cols-1 gap-8 lg:grid-cols-[minmax(0,1.6fr)_minmax(0,1fr)]">
        <section aria-labelledby="map-title">
          <h2 id="map-title" className="mb-3 text-xl font-semibold">
            <FormattedMessage id="home.map.title" />
          </h2>
          <a
            href="#rankings"
            className="sr-only focus:not-sr-only focus:mb-3 focus:inline-block focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:font-medium focus:text-brand-700 focus:underline"
          >
            <FormattedMessage id="home.map.skip" />
          </a>
          <EuropeMap countries={data.countries} />
        </section>
        <div id="rankings" tabIndex={-1} className="space-y-8 focus:outline-none">
          <RankingPreview
            type="brightest"
            title={intl.formatMessage({ id: "home.brightest" })}
            rows={data.brightest}
            notice={notice("brightest", data.brightest.length)}
          />
          <RankingPreview
            type="stormiest"
            title={intl.formatMessage({ id: "home.stormiest" })}
            rows={data.stormiest}
            notice={notice("stormiest", data.stormiest.length)}
          />
          <p className="text-sm">
            <Link to={to("/top-regions")} className="font-medium text-brand-700 hover:underline">
              <FormattedMessage id="home.regionsLink" />
            </Link>
          </p>
        </div>
      </div>

      <section aria-labelledby="how-title" className="mt-14 rounded-2xl border border-slate-200 bg-white p-6 sm:p-8">
        <h2 id="how-title" className="text-xl font-semibold">
          <FormattedMessage id="home.how.title" />
        </h2>
        <ol className="mt-4 grid grid-cols-1 gap-6 sm:grid-cols-3">
          <li>
            <p className="font-semibold">
              <FormattedMessage id="home.how.step1.title" />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage id="home.how.step1.text" />
            </p>
            <CountingToday counts={data.counting} className="mt-2 text-sm text-slate-700" />
          </li>
          <li>
            <p className="font-semibold">
              <FormattedMessage id="home.how.step2.title" />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage id="home.how.step2.text" />
            </p>
          </li>
          <li>
            <p className="font-semibold">
              <FormattedMessage id="home.how.step3.title" />
            </p>
            <p className="mt-1 text-sm text-slate-700">
              <FormattedMessage id="home.how.step3.text" values={{ scale }} />
            </p>
          </li>
        </ol>
        <p className="mt-6 text-sm">
          <Link to={to("/methodology")} className="font-medium text-brand-700 hover:underline">
            <FormattedMessage id="home.methodologyLink" />
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
  const to = useLocalePath();
  return (
    <section aria-labelledby={`${type}-title`}>
      <div className="mb-3 flex items-baseline justify-between">
        <h2 id={`${type}-title`} className="text-xl font-semibold">
          {title}
        </h2>
        <Link
          to={to(`/${type}`)}
          className="inline-flex items-center text-sm font-medium text-brand-700 hover:underline"
        >
          <FormattedMessage id="home.top10" /> <ChevronRightIcon className="h-4 w-4" />
        </Link>
      </div>
      {notice && rows.length > 0 ? <p className="mb-2 text-sm text-slate-700">{notice}</p> : null}
      <RankingList rows={rows} compact />
    </section>
  );
}
