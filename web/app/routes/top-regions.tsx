// /top-regions (docs/product.md): European regions ranked by the average score of their covered countries, with
// their best and worst country.
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { pageMeta } from "../lib/meta.ts";
import { FormattedMessage } from "react-intl";
import { intlOf } from "../i18n/meta-intl.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { WeatherIcon } from "../components/icons.tsx";
import { Flag } from "../components/flag.tsx";
import { PAUSED_RANKING, RankingLegend, StatusChip } from "../components/ranking-list.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";

export function loader({ context, request }: SiteLoaderArgs) {
  const slim = (c: { code: string; name: string; score: number | null } | null) =>
    c ? { code: c.code, name: c.name, score: c.score } : null;
  return {
    paused: context.read.publicationState(context.now).paused,
    regions: context.read.regions(context.now).map((r) => ({
      id: r.id,
      name: r.name,
      average: r.average,
      status: r.status,
      scored: r.scored,
      total: r.total,
      best: slim(r.best),
      worst: slim(r.worst),
      countries: r.countries.map(slim).filter((c) => c !== null),
    })),
    messages: pageMessages(request, "top-regions"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: intlOf(args.matches).formatMessage({ id: "rankings.regions.title" }),
    description: intlOf(args.matches).formatMessage({ id: "rankings.regions.description" }),
  });

function CountryLink({ c }: { c: { code: string; name: string; score: number | null } }) {
  const f = useFormat();
  const to = useLocalePath();
  return (
    <Link
      to={to(`/country/${c.code.toLowerCase()}`)}
      className="inline-flex items-center gap-1.5 font-medium text-brand-700 hover:underline"
    >
      <Flag code={c.code} height={14} />
      {f.country(c.code)}
      {c.score !== null ? <span className="font-normal text-slate-700">({f.score(c.score)})</span> : null}
    </Link>
  );
}

export default function TopRegions() {
  const data = useLoaderData<typeof loader>();
  const f = useFormat();
  const to = useLocalePath();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        <FormattedMessage id="rankings.regions.title" />
      </h1>
      <p className="mt-2 text-lg text-slate-700">
        <FormattedMessage id="rankings.regions.subtitle" />
      </p>
      <div className="mt-6">
        <RankingLegend />
      </div>
      {data.regions.every((r) => r.average === null) ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
          <FormattedMessage id={data.paused ? PAUSED_RANKING : "rankings.empty"} />
        </p>
      ) : (
        <ol className="mt-6 space-y-4">
          {data.regions.map((r, i) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
              <div className="flex items-center gap-3 sm:gap-4">
                <span className="w-5 shrink-0 text-right text-lg font-semibold tabular-nums text-slate-600 sm:w-7">
                  {i + 1}
                </span>
                <WeatherIcon status={r.status} className="hidden h-10 w-10 shrink-0 sm:block" />
                <div className="min-w-0 flex-1">
                  <h2 className="text-lg font-semibold leading-snug sm:text-xl">
                    <FormattedMessage id={`rankings.region.${r.id}`} />
                  </h2>
                  <p className="text-sm text-slate-600">
                    <FormattedMessage id="rankings.regions.scored" values={{ scored: r.scored, total: r.total }} />
                  </p>
                </div>
                {r.status ? <StatusChip status={r.status} /> : null}
                <div className="shrink-0 text-right">
                  <span className="block text-2xl font-bold tabular-nums">
                    {r.average !== null ? f.score(r.average) : "–"}
                  </span>
                  <span className="block text-xs text-slate-600">
                    <FormattedMessage
                      id={r.average !== null ? "rankings.regions.average" : "rankings.regions.noData"}
                    />
                  </span>
                </div>
              </div>
              {r.best || r.worst ? (
                <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm sm:grid-cols-[auto_1fr_auto_1fr]">
                  {r.best ? (
                    <>
                      <dt className="text-slate-600">
                        <FormattedMessage id="rankings.regions.best" />
                      </dt>
                      <dd>
                        <CountryLink c={r.best} />
                      </dd>
                    </>
                  ) : null}
                  {r.worst ? (
                    <>
                      <dt className="text-slate-600">
                        <FormattedMessage id="rankings.regions.worst" />
                      </dt>
                      <dd>
                        <CountryLink c={r.worst} />
                      </dd>
                    </>
                  ) : null}
                </dl>
              ) : null}
              <p className="mt-3 text-sm text-slate-700">
                <span className="sr-only">
                  <FormattedMessage id="rankings.regions.countries" />{" "}
                </span>
                {r.countries.map((c, k) => (
                  <span key={c.code}>
                    {k > 0 ? ", " : ""}
                    <Link to={to(`/country/${c.code.toLowerCase()}`)} className="hover:underline">
                      {f.country(c.code)}
                    </Link>
                  </span>
                ))}
              </p>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
