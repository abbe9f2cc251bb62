// /your-weather (docs/decisions/020-personal-weights.md, docs/model.md §11): a visitor weighs the five inputs and
// every country is re-ranked by its personal score, in the browser, from the published sub-scores the page was
// served with (no server round trip); the published score stays beside each personal one. The weights live in
// the URL (`?weights=U:2,M:2,V:2,C:2,S:2`, the API's format) so a ranking can be shared; without JavaScript the
// server renders the ranking of the URL's weights and the form submits new ones.
import { useEffect, useMemo, useState, type ReactNode } from "react";
import { Link, redirect, useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { personalRows, shownMovedBy, type PersonalRowView } from "../../../product/personal-view.ts";
import { formatSteps, INDEX_STEPS, isIndexSteps, WEIGHT_KEYS, type WeightSteps } from "../../../product/weights.ts";
import { StatusChip } from "../components/ranking-list.tsx";
import { EuropeMap, type MapCountry } from "../components/europe-map.tsx";
import { Flag } from "../components/flag.tsx";
import { WeightsPanel } from "../components/weights-panel.tsx";
import type { SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { useByCountryName } from "../lib/country-order.ts";
import { personalInputs, stepsOfUrl } from "../lib/personal.server.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { scoreIn, signedIn } from "../lib/intl-numbers.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { useFormat } from "../i18n/format.ts";
import { listIn } from "../lib/list-in.ts";

const PATH = "/your-weather";

/** The query parameters this page reads: the weights, or the form's one field per input (server/site/page-query.ts). */
export const handle: PageHandle = { query: ["weights", ...WEIGHT_KEYS] };

export function loader({ request, context }: SiteLoaderArgs) {
  const url = new URL(request.url);
  const s = stepsOfUrl(url);
  if (s.kind === "redirect") throw redirect(`${localePath(localeFromPath(url.pathname), PATH)}${s.search}`, 303);
  const state = context.read.publicationState(context.now);
  const t = pageTextOf(request);
  return {
    meta: { title: t("your-weather.meta.title"), description: t("your-weather.meta.description") },
    steps: s.steps,
    problem: s.problem,
    paused: state.paused,
    inputs: state.paused ? [] : personalInputs(context.read, context.now),
    messages: pageMessages(request, "your-weather"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title,
    description: args.data?.meta.description,
    canonicalPath: PATH,
  });

/** The page's URL for some steps (the index's: the bare path), in the page's language (`lp`). */
const urlOf = (lp: (path: string) => string, steps: WeightSteps) =>
  isIndexSteps(steps) ? lp(PATH) : `${lp(PATH)}?weights=${formatSteps(steps)}`;

export default function YourWeather() {
  const data = useLoaderData<typeof loader>();
  const intl = useIntl();
  const lp = useLocalePath();
  const f = useFormat();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `your-weather.${id}` }, values);
  const link = (to: string) => (chunks: ReactNode[]) => (
    <Link className="font-medium text-brand-700 underline" to={lp(to)}>
      {chunks}
    </Link>
  );
  const [steps, setSteps] = useState<WeightSteps>(data.steps);
  // A new server answer (a submitted form, back/forward) replaces the local state.
  useEffect(() => setSteps(data.steps), [data.steps]);
  const rows = useMemo(() => personalRows(data.inputs, steps), [data.inputs, steps]);
  const change = (next: WeightSteps) => {
    setSteps(next);
    // The URL follows without a navigation (nothing to ask the server): shareable and bookmarkable.
    window.history.replaceState(window.history.state, "", urlOf(lp, next));
  };
  const ranked = rows.filter((r) => r.rank !== null);
  // For how many countries each input counts today (sentiment: none when every survey is past its cut-off), said
  // under its slider, so a weight on an input nobody has is seen to change nothing.
  const counting = {
    counts: Object.fromEntries(
      WEIGHT_KEYS.map((k) => [k, data.inputs.filter((i) => i.score !== null && i.sub?.[k]).length]),
    ) as Record<(typeof WEIGHT_KEYS)[number], number>,
    total: data.inputs.length,
  };
  // "Show my ranking" with JavaScript: the ranking is already there, below the sliders on a phone: go to it.
  const showRanking = () => {
    const heading = document.getElementById("your-ranking-title");
    heading?.focus();
    heading?.scrollIntoView({ block: "start" });
  };
  const top = ranked
    .slice(0, 3)
    .map((r) => f.country(r.code))
    .join(", ");
  return (
    <div className="mx-auto max-w-5xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-2 text-lg text-slate-700">{t("subtitle")}</p>
      <p
        className="mt-3 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-slate-900"
        data-testid="personal-note"
      >
        <FormattedMessage id="your-weather.note" values={{ strong: (chunks) => <strong>{chunks}</strong> }} />
      </p>
      {data.problem ? (
        <p
          role="alert"
          className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900"
          data-testid="weights-error"
        >
          {t("error", {
            error: intl.formatMessage({ id: `your-weather.problem.${data.problem.code}` }, { ...data.problem }),
          })}
        </p>
      ) : null}
      <div className="mt-6 grid grid-cols-1 gap-6 lg:grid-cols-[22rem_minmax(0,1fr)]">
        <div>
          <WeightsPanel
            steps={steps}
            action={lp(PATH)}
            onChange={change}
            onReset={() => change(INDEX_STEPS)}
            onShow={showRanking}
            counting={data.paused ? undefined : counting}
          />
          {ranked.length && !data.paused ? (
            <p className="mt-3 text-sm text-slate-800 lg:hidden" data-testid="top-now">
              <FormattedMessage
                id="your-weather.topNow"
                values={{
                  top,
                  link: (chunks) => (
                    <a className="font-medium text-brand-700 underline" href="#your-ranking-title">
                      {chunks}
                    </a>
                  ),
                }}
              />
            </p>
          ) : null}
          <p className="mt-3 text-sm text-slate-600">
            <FormattedMessage
              id="your-weather.download"
              values={{
                csv: (chunks) => (
                  <a
                    className="font-medium text-brand-700 underline"
                    href={`/api/v1/scores/personal.csv?weights=${formatSteps(steps)}`}
                  >
                    {chunks}
                  </a>
                ),
                json: (chunks) => (
                  <a
                    className="font-medium text-brand-700 underline"
                    href={`/api/v1/scores?weights=${formatSteps(steps)}`}
                  >
                    {chunks}
                  </a>
                ),
              }}
            />
          </p>
        </div>
        <section aria-labelledby="your-ranking-title">
          <h2 id="your-ranking-title" tabIndex={-1} className="text-xl font-semibold text-slate-900">
            {t("ranking.title")}
          </h2>
          <p className="sr-only" aria-live="polite" data-testid="ranking-summary">
            {ranked.length ? t("summary.top", { top }) : t("summary.none")}
          </p>
          {data.paused ? (
            <p className="mt-3 rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
              {t("paused")}
            </p>
          ) : (
            <>
              <PersonalList rows={rows} />
              <div className="mt-6" data-testid="personal-map">
                <EuropeMap countries={mapCountries(rows)} personal />
              </div>
            </>
          )}
          <p className="mt-3 text-sm text-slate-600">
            <FormattedMessage
              id="your-weather.published"
              values={{
                brightest: link("/brightest"),
                stormiest: link("/stormiest"),
                methodology: link("/methodology"),
              }}
            />
          </p>
        </section>
      </div>
    </div>
  );
}

/** The map's countries coloured by the personal score and its status (not the index's). */
function mapCountries(rows: readonly PersonalRowView[]): MapCountry[] {
  return rows.map((r) => ({
    code: r.code,
    name: r.name,
    score: r.personal_score,
    status: r.personal_status,
    label: null,
    confidence: null,
    evidence: null,
    reason: null,
  }));
}

/** What moved a country from its index score (product/personal-view.ts shownMovedBy, said in the page's language). */
function movedLine(intl: IntlShape, r: PersonalRowView): string {
  if (r.moved_by.length === 0) return intl.formatMessage({ id: "your-weather.moved.asIndex" });
  // The shares as shown add up to the difference of the two shown scores (largest remainder).
  const parts = shownMovedBy(r).map((p) =>
    intl.formatMessage(
      { id: "your-weather.moved.part" },
      {
        name: intl.formatMessage({ id: `your-weather.weight.${p.key}.inline` }),
        change: signedIn(intl, p.tenths / 10),
      },
    ),
  );
  return parts.length
    ? intl.formatMessage({ id: "your-weather.moved.by" }, { parts: parts.join(", ") })
    : intl.formatMessage({ id: "your-weather.moved.tiny" });
}

function PersonalList({ rows }: { rows: PersonalRowView[] }) {
  const intl = useIntl();
  const lp = useLocalePath();
  const f = useFormat();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `your-weather.${id}` }, values);
  const ranked = rows.filter((r) => r.rank !== null);
  const unranked = rows.filter((r) => r.rank === null);
  const byName = useByCountryName();
  return (
    <>
      <ol
        className="mt-3 divide-y divide-slate-200 overflow-hidden rounded-xl border border-slate-200 bg-white"
        data-testid="personal-ranking"
      >
        {ranked.map((r) => (
          <li key={r.code} className="flex items-center gap-2 px-3 py-3 sm:gap-3 sm:px-4" data-code={r.code}>
            <span className="w-7 text-right font-semibold tabular-nums text-slate-600">{r.rank}</span>
            <Flag code={r.code} height={18} />
            <span className="min-w-0 flex-1">
              <Link
                to={lp(`/country/${r.code.toLowerCase()}`)}
                className="block truncate font-medium text-slate-900 hover:underline"
              >
                {f.country(r.code)}
              </Link>
              <span className="mt-0.5 flex flex-wrap items-center gap-x-1.5 gap-y-0.5 text-xs text-slate-600">
                {r.personal_status ? <StatusChip status={r.personal_status} /> : null}
                <span data-testid="moved">{movedLine(intl, r)}</span>
              </span>
            </span>
            <span className="text-right">
              <span className="block text-lg font-bold tabular-nums text-slate-900" data-testid="personal-score">
                <span className="sr-only">{t("yourScore")} </span>
                {r.personal_score !== null ? scoreIn(intl, r.personal_score) : "–"}
              </span>
              <span className="block text-xs text-slate-600" data-testid="index-score">
                {t("indexScore", { score: r.score !== null ? scoreIn(intl, r.score) : "–" })}
              </span>
            </span>
          </li>
        ))}
      </ol>
      {unranked.length ? (
        <div className="mt-3 space-y-1 text-sm text-slate-600" data-testid="unranked">
          {(["nothingWeighed", "noScore"] as const).map((why) => {
            // Each reason once, its countries by name in the page's language.
            const names = unranked
              .filter((r) => (why === "noScore") === (r.score === null))
              .map((r) => r.code)
              .sort(byName)
              .map((code) => f.country(code));
            return names.length ? (
              <p key={why} data-testid={`unranked-${why}`}>
                {t(`unranked.${why}`, { count: names.length, list: listIn(intl.locale, names) })}
              </p>
            ) : null;
          })}
        </div>
      ) : null}
    </>
  );
}
