// /top-regions (decisions.md): European regions ranked by the average score of their covered countries, with
// their best and worst country.
import { Link, useLoaderData, type LoaderFunctionArgs, type MetaFunction } from "react-router";
import { getOverview, regionsOf } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatScore } from "../lib/format.ts";
import { STATUS_STYLE } from "../lib/weather.ts";
import { WeatherIcon } from "../components/icons.tsx";
import { RankingLegend } from "../components/ranking-list.tsx";

export function loader({ context }: LoaderFunctionArgs) {
  const overview = getOverview(context.db, context.now);
  const slim = (c: { code: string; name: string; flag: string; score: number | null } | null) => (c ? { code: c.code, name: c.name, flag: c.flag, score: c.score } : null);
  return {
    regions: regionsOf(overview).map((r) => ({
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
  };
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Top Regions in Europe",
    description: "European regions (Nordic, Baltic, Western, Central and Eastern, Southern) ranked by the average job market score of their countries.",
  });

function CountryLink({ c }: { c: { code: string; name: string; flag: string; score: number | null } }) {
  return (
    <Link to={`/country/${c.code.toLowerCase()}`} className="font-medium text-brand-700 hover:underline">
      <span aria-hidden className="mr-1">
        {c.flag}
      </span>
      {c.name}
      {c.score !== null ? <span className="ml-1 font-normal text-slate-700">({formatScore(c.score)})</span> : null}
    </Link>
  );
}

export default function TopRegions() {
  const data = useLoaderData<typeof loader>();
  return (
    <div className="mx-auto max-w-4xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Top Regions in Europe</h1>
      <p className="mt-2 text-lg text-slate-700">European regions ranked by the average score of their covered countries</p>
      <div className="mt-6">
        <RankingLegend />
      </div>
      {data.regions.every((r) => r.average === null) ? (
        <p className="mt-6 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">No ranking data available</p>
      ) : (
        <ol className="mt-6 space-y-4">
          {data.regions.map((r, i) => (
            <li key={r.id} className="rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
              <div className="flex flex-wrap items-center gap-4">
                <span className="w-7 text-right text-lg font-semibold tabular-nums text-slate-600">{i + 1}</span>
                <WeatherIcon status={r.status} className="h-10 w-10" />
                <div className="min-w-0 flex-1">
                  <h2 className="text-xl font-semibold">{r.name}</h2>
                  <p className="text-sm text-slate-600">
                    {r.scored} of {r.total} countries scored
                    {r.status ? ` · ${STATUS_STYLE[r.status].name}` : ""}
                  </p>
                </div>
                <div className="text-right">
                  <span className="block text-2xl font-bold tabular-nums">{r.average !== null ? formatScore(r.average) : "–"}</span>
                  <span className="block text-xs text-slate-600">{r.average !== null ? "average, out of 10" : "not enough recent data"}</span>
                </div>
              </div>
              {r.best || r.worst ? (
                <dl className="mt-4 grid gap-2 text-sm sm:grid-cols-2">
                  {r.best ? (
                    <div>
                      <dt className="text-slate-600">Best</dt>
                      <dd>
                        <CountryLink c={r.best} />
                      </dd>
                    </div>
                  ) : null}
                  {r.worst ? (
                    <div>
                      <dt className="text-slate-600">Worst</dt>
                      <dd>
                        <CountryLink c={r.worst} />
                      </dd>
                    </div>
                  ) : null}
                </dl>
              ) : null}
              <p className="mt-3 text-sm text-slate-700">
                <span className="sr-only">Countries: </span>
                {r.countries.map((c, k) => (
                  <span key={c.code}>
                    {k > 0 ? ", " : ""}
                    <Link to={`/country/${c.code.toLowerCase()}`} className="hover:underline">
                      {c.name}
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
