// /methodology (decisions.md): model v2 in plain words with its parameters (read from the current model), the data
// sources with their update dates (source_status of the current publication), and the licences.
import { Fragment } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import { getOverview } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatDate, formatPeriod } from "../../../product/format.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, rangeText } from "../../../product/weather.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";

/** Human titles of the source tables (presentation only; the accepted tables live in pipeline/sources). */
const TABLE_TITLES: Record<string, string> = {
  une_rt_m: "Unemployment by sex and age – monthly data",
  une_rt_q: "Unemployment by sex and age – quarterly data",
  jvs_q_nace2: "Job vacancy statistics by NACE Rev. 2 activity – quarterly data",
  jvs_q_r21: "Job vacancy statistics by NACE Rev. 2.1 activity – quarterly data",
  namq_10_gdp: "GDP and main components – quarterly data",
  prc_hicp_manr: "HICP – monthly data (annual rate of change)",
  prc_hicp_minr: "HICP – ECOICOP ver. 2 – monthly data (annual rate of change)",
  lmb: "European Labour Market Barometer",
};

const DATA_TYPE_NAMES: Record<string, string> = {
  unemployment: "Unemployment rate",
  vacancy: "Job vacancy rate",
  gdp: "GDP growth (context only)",
  inflation: "Inflation (context only)",
  lmb: "Expert labour market barometer",
};

const SUB_SCORES: Array<{ key: SubScoreKey; name: string; input: string; unit: string }> = [
  { key: "U", name: "Unemployment level", input: "latest unemployment rate", unit: "%" },
  { key: "V", name: "Vacancy level", input: "latest job vacancy rate", unit: "%" },
  { key: "C", name: "Competition", input: "job seekers per opening (unemployment ÷ vacancy rate)", unit: "" },
  { key: "M", name: "Momentum", input: "change of the unemployment rate over 12 months, in points", unit: " pt" },
  { key: "S", name: "Sentiment", input: "latest expert barometer value (100 = neutral)", unit: "" },
];

export function loader({ context }: SiteLoaderArgs) {
  const overview = getOverview(context.read, context.now);
  return {
    sources: context.read.sources(),
    publication: overview.publication,
    scoredCount: overview.scoredCount,
    total: overview.countries.length,
  };
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Methodology: how the score is made",
    description: `How the ${PRODUCT_NAME} turns Eurostat unemployment and job vacancy statistics and the expert labour market barometer into a 1 to 10 score: model ${CURRENT_PARAMS.id}, its parameters, data sources and licences.`,
  });

/** "2% → 100, 4% → 80, …", each pair kept on one line. */
function Anchors({ s }: { s: (typeof SUB_SCORES)[number] }) {
  const pairs = CURRENT_PARAMS.anchors[s.key];
  return (
    <>
      {pairs.map(([x, y], i) => (
        <Fragment key={i}>
          <span className="whitespace-nowrap">{`${s.key === "M" ? signed(x) : x}${s.unit} → ${y}`}</span>
          {i < pairs.length - 1 ? ", " : ""}
        </Fragment>
      ))}
    </>
  );
}

type Source = ReturnType<typeof useLoaderData<typeof loader>>["sources"][number];

function DatasetName({ s }: { s: Source }) {
  return (
    <>
      <span className="block font-medium">{TABLE_TITLES[s.source_table] ?? s.source_table}</span>
      {s.source_table !== "lmb" ? (
        <a
          className="text-brand-700 underline-offset-2 hover:underline"
          href={`https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(s.source_table)}/default/table`}
          rel="noopener noreferrer"
          target="_blank"
        >
          Eurostat {s.source_table}
        </a>
      ) : (
        <span className="text-slate-600">IAB</span>
      )}
    </>
  );
}

/**
 * The sources with their dates: a table on wide screens, one card per source on a phone (nothing to scroll
 * sideways). A date column that no source has is left out rather than shown as a column of dashes.
 */
function SourcesTable({ sources }: { sources: Source[] }) {
  const columns: Array<{ key: string; title: string; value: (s: Source) => string | null }> = [
    { key: "used", title: "Used for", value: (s) => DATA_TYPE_NAMES[s.data_type] ?? s.data_type },
    { key: "newest", title: "Newest period", value: (s) => (s.newest_period ? formatPeriod(s.newest_period) : null) },
    { key: "updated", title: "Updated at source", value: (s) => (s.source_updated ? formatDate(s.source_updated) : null) },
    { key: "loaded", title: "Loaded", value: (s) => (s.last_ingested_at ? formatDate(s.last_ingested_at) : null) },
    { key: "checked", title: "Last checked", value: (s) => (s.last_checked_at ? formatDate(s.last_checked_at) : null) },
  ];
  const shown = columns.filter((c) => sources.some((s) => c.value(s) !== null));
  return (
    <>
      <table className="mt-4 hidden w-full text-left text-sm md:table" data-testid="sources-table">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Dataset
            </th>
            {shown.map((c) => (
              <th key={c.key} scope="col" className="py-2 pr-4 last:pr-0">
                {c.title}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {sources.map((s) => (
            <tr key={s.source_table} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4">
                <DatasetName s={s} />
              </td>
              {shown.map((c) => (
                <td key={c.key} className="py-2 pr-4 last:pr-0">
                  {c.value(s) ?? "–"}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      <ul className="mt-4 space-y-3 md:hidden" data-testid="sources-cards">
        {sources.map((s) => (
          <li key={s.source_table} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <DatasetName s={s} />
            <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
              {shown.map((c) => {
                const v = c.value(s);
                return v === null ? null : (
                  <div key={c.key} className="contents">
                    <dt className="text-slate-600">{c.title}</dt>
                    <dd>{v}</dd>
                  </div>
                );
              })}
            </dl>
          </li>
        ))}
      </ul>
    </>
  );
}

const signed = (n: number) => (n > 0 ? `+${n}` : `${n}`);

export default function Methodology() {
  const { sources, publication, scoredCount, total } = useLoaderData<typeof loader>();
  const p = CURRENT_PARAMS;
  const hist = p.freshness.historical;
  const sent = p.freshness.sentiment;
  const h2 = "mt-12 text-2xl font-semibold tracking-tight";
  const para = "mt-3 text-slate-800 leading-relaxed";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">How the {PRODUCT_NAME} works</h1>
      <p className="mt-3 text-lg text-slate-700">
        One question, answered for {total} European countries: how favourable is the job market for a job seeker right now, on a scale from 1 to 10?
        This page explains model {p.id}, the version that computes every score you see.
      </p>
      {publication ? (
        <p className="mt-3 text-sm text-slate-600">
          Current scores: model {publication.model}, computed as of {formatDate(publication.as_of)}; {scoredCount} of {total} countries have enough recent data for a score.
        </p>
      ) : null}

      <h2 className={h2}>In plain words</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
        <li>We read official statistics: the unemployment rate and the job vacancy rate from Eurostat, and, where it is published, the expert labour market barometer of the public employment services.</li>
        <li>Each figure becomes a sub-score from 0 to 100, where higher is better for a job seeker.</li>
        <li>Recent figures count fully; older ones count less and less, and figures that are too old stop counting.</li>
        <li>The sub-scores are blended. When evidence is thin or old, the result is pulled toward the middle of the scale, so a country is never called sunny or stormy on weak evidence.</li>
        <li>The blend becomes a score from 1 to 10, shown to one decimal, and a weather status. A country without enough recent data gets no score: we say so instead of guessing.</li>
      </ol>
      <p className={para}>The same inputs and the same date always give the same score, to the last digit. GDP growth and inflation are shown as context only and never enter the score.</p>

      <h2 className={h2}>Sub-scores</h2>
      <p className={para}>Each sub-score is read off a table of anchor points and interpolated in a straight line between them; beyond the ends it stays at the end value.</p>
      <table className="mt-4 hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              Sub-score
            </th>
            <th scope="col" className="py-2 pr-4">
              Input
            </th>
            <th scope="col" className="py-2">
              Anchors (input → sub-score)
            </th>
          </tr>
        </thead>
        <tbody>
          {SUB_SCORES.map((s) => (
            <tr key={s.key} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 font-medium">
                {s.key}, {s.name}
              </td>
              <td className="py-2 pr-4">{s.input}</td>
              <td className="py-2 tabular-nums">
                <Anchors s={s} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one block per sub-score instead of a three-column table. */}
      <ul className="mt-4 space-y-3 md:hidden">
        {SUB_SCORES.map((s) => (
          <li key={s.key} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium">
              {s.key}, {s.name}
            </p>
            <p className="text-slate-700">{s.input}</p>
            <p className="mt-1 tabular-nums">
              <span className="sr-only">Anchors (input → sub-score): </span>
              <Anchors s={s} />
            </p>
          </li>
        ))}
      </ul>

      <h2 className={h2}>Freshness</h2>
      <p className={para}>
        The age of a figure is counted in months from the end of its period: July data is 4 months old in November. A figure counts fully during a grace
        period; after that its weight halves every half-life; past the cut-off it no longer counts at all.
      </p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
        <li>
          Official statistics (U, V, C, M): grace {hist.grace} months, half-life {hist.halfLife} months, cut-off {hist.cutoff} months.
        </li>
        <li>
          Expert barometer (S): grace {sent.grace} months, half-life {sent.halfLife} months, cut-off {sent.cutoff} months.
        </li>
      </ul>

      <h2 className={h2}>Blend</h2>
      <p className={para}>
        Base weights: unemployment {p.weights.U}, vacancies {p.weights.V}, competition {p.weights.C}, momentum {p.weights.M} (together the official-statistics
        block, {(p.weights.U + p.weights.V + p.weights.C + p.weights.M).toFixed(2)}) and sentiment {p.weights.S}. Each weight is multiplied by the freshness
        of its figure. The blend is the weighted mean of the sub-scores that are present.
      </p>
      <p className={para}>
        <strong>Cover</strong> measures how complete and fresh the evidence is: the sum of the freshness-adjusted weights divided by the sum of the base
        weights of the blocks the country has. A country without a barometer is not penalised for lacking one; it shows in its confidence instead.
      </p>
      <p className={para}>
        <strong>Shrinking:</strong> the blend is pulled toward the neutral {p.shrink.neutral} by keeping only {Math.round(p.shrink.base * 100)}% plus{" "}
        {Math.round(p.shrink.coverWeight * 100)}% × cover of its distance from it. Finally the 0–100 result is mapped onto the {p.scale.min}–{p.scale.max} scale.
      </p>

      <h2 className={h2}>Weather, rating and confidence</h2>
      <ul className="mt-3 grid gap-2 sm:grid-cols-5">
        {STATUSES_BEST_FIRST.map((s) => (
          <li key={s} className="rounded-lg border border-slate-200 bg-white p-3 text-center">
            <span aria-hidden className="mx-auto mb-1 block h-3 w-10 rounded-full" style={{ background: STATUS_STYLE[s].fill }} />
            <span className="block font-medium">{STATUS_STYLE[s].name}</span>
            <span className="block text-sm text-slate-600">{rangeText(s)}</span>
          </li>
        ))}
      </ul>
      <p className={para}>
        Rating labels: {p.label.thresholds.map((t) => `${t.atLeast} and above "${t.value}"`).join(", ")}, otherwise "{p.label.otherwise}".
      </p>
      <p className={para}>
        Confidence is <strong>high</strong> when both the unemployment figure (with at least {p.confidence.highMinHistoryPoints.monthly} months of history) and
        the barometer are present with freshness of at least {p.confidence.highMinFreshness}; <strong>medium</strong> when only one of the two blocks is
        present or one is old; <strong>low</strong> when cover is below {p.confidence.lowCoverBelow}.
      </p>
      <p className={para}>
        Every month is also scored with the data available at the end of that month, which gives each country's score history. The year-on-year badge
        compares the score with the one {p.yoy.lagMonths} months earlier: Up above +{p.yoy.threshold}, Down below −{p.yoy.threshold}, otherwise Same.
      </p>

      <h2 className={h2}>Data sources</h2>
      {sources.length === 0 ? <p className={para}>No data has been loaded yet.</p> : <SourcesTable sources={sources} />}

      <h2 className={h2}>Licences</h2>
      <p className={para}>
        <strong>Source: Eurostat.</strong> Unemployment, job vacancy, GDP and consumer price data © European Union, 1995 – today, re-used under Eurostat's
        copyright and licence policy. Some files are cut to recent periods; the values are not modified. Eurostat is not responsible for the scores computed
        from them.
      </p>
      <p className={para}>
        <strong>European Labour Market Barometer</strong> © IAB (Institut für Arbeitsmarkt- und Berufsforschung), with the participating public employment
        services.
      </p>
      <p className={para}>Map shapes: Natural Earth (public domain), via world-atlas.</p>
    </article>
  );
}
