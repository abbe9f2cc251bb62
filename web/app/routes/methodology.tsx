// /methodology (docs/product.md §2): model v2.1 in plain words with its parameters (read from the current model),
// the two sentiment sources and how they blend, the rounded-status rule, every accepted source table, the data
// sources with their update dates (source_status of the current publication), and the licences.
import { Fragment } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import type { SourceTable } from "../../../pipeline/source-tables.ts";
import type { DataType } from "../../../pipeline/types.ts";
import { getOverview } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { formatDate, formatPeriod, formatScore } from "../../../product/format.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, rangeText } from "../../../product/weather.ts";
import { SENTIMENT_SOURCE_INFO } from "../lib/sentiment.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";

/**
 * Each source table: its title, what it is used for and how it arrives (presentation only; the accepted tables
 * and their pins live in pipeline/sources). Keyed by every table the pipeline accepts, so the compiler names a
 * table added there and missing here.
 */
const TABLES: Record<SourceTable, { title: string; dataType: DataType; how: string }> = {
  une_rt_m: {
    title: "Unemployment by sex and age – monthly data",
    dataType: "unemployment",
    how: "Seasonally adjusted, all ages, % of the labour force. The under-25s' rate (age Y_LT25) is read from the same table and shown beside it as context only: it never enters the score.",
  },
  une_rt_q: {
    title: "Unemployment by sex and age – quarterly data",
    dataType: "unemployment",
    how: "Seasonally adjusted, ages 15–74. A country's score uses the fresher of the monthly and quarterly series.",
  },
  jvs_q_nace2: {
    title: "Job vacancy statistics by NACE Rev. 2 activity – quarterly data",
    dataType: "vacancy",
    how: "Industry, construction and services (NACE B-S). Closed at 2025; replaced by its NACE Rev. 2.1 successor.",
  },
  jvs_q_r21: {
    title: "Job vacancy statistics by NACE Rev. 2.1 activity – quarterly data",
    dataType: "vacancy",
    how: "Industry, construction and services (B-T in NACE Rev. 2.1's lettering) where the answer has them, else the whole economy (A-T); the upload notes say which. Where it and its predecessor give the same quarter, it wins.",
  },
  namq_10_gdp: { title: "GDP and main components – quarterly data", dataType: "gdp", how: "Real GDP growth. Context only." },
  prc_hicp_manr: { title: "HICP – monthly data (annual rate of change)", dataType: "inflation", how: "Discontinued after December 2025. Context only." },
  prc_hicp_minr: { title: "HICP – ECOICOP ver. 2 – monthly data (annual rate of change)", dataType: "inflation", how: "The successor of prc_hicp_manr. Context only." },
  teibs030: {
    title: "Employment expectations indicator",
    dataType: "expectations",
    how: "The Employment Expectations Indicator, seasonally adjusted. Preferred where several sources give the same month.",
  },
  ei_bsee_m_r2: {
    title: "Employment expectations indicator – monthly data",
    dataType: "expectations",
    how: "The same indicator in Eurostat's monthly business-survey table. Uploaded by the operator, not downloaded by the update.",
  },
  ecfin_eei: {
    title: "Employment Expectations Indicator (DG ECFIN business surveys)",
    dataType: "expectations",
    how: "The European Commission's own file of the indicator (long CSV: date, country, series, value). Used where Eurostat's tables have no value for the month.",
  },
  lmb: {
    title: "European Labour Market Barometer",
    dataType: "lmb",
    how: "A workbook from IAB and the public employment services, uploaded by the operator (or downloaded when a URL is configured).",
  },
};

const DATA_TYPE_NAMES: Record<DataType, string> = {
  unemployment: "Unemployment rate",
  vacancy: "Job vacancy rate",
  expectations: "Employment expectations (EEI)",
  lmb: "Expert labour market barometer",
  gdp: "GDP growth (context only)",
  inflation: "Inflation (context only)",
  youth_unemployment: "Youth unemployment, under 25 (context only)",
};
/** Data types in the order the page lists them: the score's inputs first, then the context. */
const DATA_TYPE_ORDER = Object.keys(DATA_TYPE_NAMES) as DataType[];

const tableInfo = (table: string) => (Object.hasOwn(TABLES, table) ? TABLES[table as SourceTable] : null);
const typeName = (dataType: string) => (Object.hasOwn(DATA_TYPE_NAMES, dataType) ? DATA_TYPE_NAMES[dataType as DataType] : dataType);
const typeRank = (dataType: string) => {
  const i = DATA_TYPE_ORDER.indexOf(dataType as DataType);
  return i < 0 ? DATA_TYPE_ORDER.length : i;
};

const SUB_SCORES: Array<{ key: SubScoreKey; name: string; input: string; unit: string }> = [
  { key: "U", name: "Unemployment level", input: "latest unemployment rate", unit: "%" },
  { key: "V", name: "Vacancy level", input: "latest job vacancy rate", unit: "%" },
  { key: "C", name: "Competition", input: "job seekers per opening (unemployment ÷ vacancy rate)", unit: "" },
  { key: "M", name: "Momentum", input: "change of the unemployment rate over 12 months, in points", unit: " pt" },
  { key: "S", name: "Sentiment", input: "latest barometer and/or Employment Expectations Indicator value (each through this table)", unit: "" },
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
    description: `How the ${PRODUCT_NAME} turns Eurostat unemployment and job vacancy statistics, the expert labour market barometer and the Employment Expectations Indicator into a 1 to 10 score: model ${CURRENT_PARAMS.id}, its parameters, data sources and licences.`,
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

function SourceLink({ table }: { table: string }) {
  if (table === "lmb") return <span className="text-slate-600">IAB</span>;
  if (table === "ecfin_eei") return <span className="text-slate-600">European Commission, DG ECFIN</span>;
  return (
    <a
      className="text-brand-700 underline-offset-2 hover:underline"
      href={`https://ec.europa.eu/eurostat/databrowser/view/${encodeURIComponent(table)}/default/table`}
      rel="noopener noreferrer"
      target="_blank"
    >
      Eurostat {table}
    </a>
  );
}

function DatasetName({ s }: { s: Source }) {
  return (
    <>
      <span className="block font-medium">{tableInfo(s.source_table)?.title ?? s.source_table}</span>
      <SourceLink table={s.source_table} />
    </>
  );
}

/** Every table the pipeline accepts, by what it is used for (whether or not data of it is loaded now). */
function AcceptedTables() {
  const entries = (Object.entries(TABLES) as Array<[SourceTable, (typeof TABLES)[SourceTable]]>).sort(
    ([, a], [, b]) => typeRank(a.dataType) - typeRank(b.dataType),
  );
  return (
    <dl className="mt-4 space-y-3 text-sm" data-testid="accepted-tables">
      {entries.map(([table, info]) => (
        <div key={table} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt>
            <span className="font-medium">{info.title}</span> <span className="text-slate-600">· {typeName(info.dataType)}</span>
            <span className="block">
              <SourceLink table={table} />
            </span>
          </dt>
          <dd className="mt-1 text-slate-700">{info.how}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * The sources with their dates: a table on wide screens, one card per source on a phone (nothing to scroll
 * sideways). A date column that no source has is left out rather than shown as a column of dashes.
 */
function SourcesTable({ sources: unordered }: { sources: Source[] }) {
  const sources = [...unordered].sort((a, b) => typeRank(a.data_type) - typeRank(b.data_type) || a.source_table.localeCompare(b.source_table));
  const columns: Array<{ key: string; title: string; value: (s: Source) => string | null }> = [
    { key: "used", title: "Used for", value: (s) => typeName(s.data_type) },
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
  const lmb = SENTIMENT_SOURCE_INFO.lmb;
  const eei = SENTIMENT_SOURCE_INFO.eei;
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
        <li>
          We read official statistics: the unemployment rate and the job vacancy rate from Eurostat; and two sentiment indicators: the expert labour market
          barometer of the public employment services, where it is published, and the Employment Expectations Indicator of the European Commission's
          business surveys.
        </li>
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
          Sentiment (S: the barometer and the Employment Expectations Indicator, each on its own): grace {sent.grace} months, half-life {sent.halfLife}{" "}
          months, cut-off {sent.cutoff} months.
        </li>
      </ul>
      <p className={para}>
        A value past its cut-off no longer counts in today's score, but the score history still uses it for the months in which it was recent enough: a
        sentiment value of August 2025 counts in the scores up to August 2026 and not after. The country page says when a source is too old to count.
      </p>

      <h2 className={h2}>Sentiment: two sources</h2>
      <p className={para}>The sentiment sub-score S reads up to two monthly indicators of where hiring is heading:</p>
      <dl className="mt-3 space-y-3 text-slate-800" data-testid="sentiment-sources">
        <div>
          <dt className="font-medium">{lmb.name}</dt>
          <dd>
            From {lmb.publisher}: experts' outlook for unemployment and employment over the next three months. {lmb.scale}. Published for about 15 to 17
            countries (Belgium as regions, averaged into one value).
          </dd>
        </div>
        <div>
          <dt className="font-medium">{eei.name}</dt>
          <dd>
            From {eei.publisher}: managers' employment plans for the next three months in industry, services, retail trade and construction. {eei.scale}.
            Published for the EU member states (not for Luxembourg) and candidate countries, as Eurostat table teibs030 and in DG ECFIN's own file.
          </dd>
        </div>
      </dl>
      <p className={para}>
        Both go through the same table ({p.anchors.S.map(([x, y]) => `${x} → ${y}`).join(", ")}) and age by the same freshness rule. With both within
        their cut-off, S is their freshness-weighted mean: S = (f<sub>b</sub> × S(barometer) + f<sub>x</sub> × S(EEI)) ÷ (f<sub>b</sub> + f<sub>x</sub>),
        and the freshness of S is the larger of the two. With one, S is that one's. A country is never marked down for lacking one of the two sources.
      </p>

      <h2 className={h2}>Blend</h2>
      <p className={para}>
        Base weights: unemployment {p.weights.U}, vacancies {p.weights.V}, competition {p.weights.C}, momentum {p.weights.M} (together the official-statistics
        block, {(p.weights.U + p.weights.V + p.weights.C + p.weights.M).toFixed(2)}) and sentiment {p.weights.S}. Each weight is multiplied by the freshness
        of its figure. The blend is the weighted mean of the sub-scores that are present.
      </p>
      <p className={para}>
        <strong>Cover</strong> measures how complete and fresh the evidence is: the sum of the freshness-adjusted weights divided by the sum of the base
        weights of the blocks the country has. A country without any sentiment source is not penalised for lacking one; it shows in its confidence
        instead.
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
      <p className={para} data-testid="rounded-status">
        Status and label come from the score <strong>as shown</strong>, rounded to {p.display.decimals} decimal (halves away from zero): a score of 6.96
        is shown {formatScore(6.96)} and is {STATUS_STYLE.bright.name.toLowerCase()}, "{p.label.thresholds.find((t) => t.atLeast <= 7)?.value}", never{" "}
        {formatScore(6.96)} and {STATUS_STYLE.cloudy.name.toLowerCase()}. Rankings still sort by the unrounded score.
      </p>
      <p className={para}>
        Confidence is <strong>high</strong> when both the unemployment figure (with at least {p.confidence.highMinHistoryPoints.monthly} months of history) and
        a sentiment source (the barometer or the Employment Expectations Indicator) are present with freshness of at least{" "}
        {p.confidence.highMinFreshness}; <strong>medium</strong> when only one of the two blocks is
        present or one is old; <strong>low</strong> when cover is below {p.confidence.lowCoverBelow}.
      </p>
      <p className={para}>
        Every month is also scored with the data available at the end of that month, which gives each country's score history. The year-on-year badge
        compares the score with the one {p.yoy.lagMonths} months earlier: Up above +{p.yoy.threshold}, Down below −{p.yoy.threshold}, otherwise Same.
      </p>

      <h2 className={h2}>Data sources</h2>
      <p className={para}>The data loaded now, with its dates:</p>
      {sources.length === 0 ? <p className={para}>No data has been loaded yet.</p> : <SourcesTable sources={sources} />}
      <h3 className="mt-8 text-lg font-semibold">Every table the index accepts</h3>
      <p className={para}>
        Eurostat tables come as JSON-stat (the API's answer) or as CSV (the data browser's SDMX-CSV, or one column per dimension); the same figures give
        the same score whatever the format. The automatic update downloads every Eurostat table below except ei_bsee_m_r2; the other files are uploaded
        by the operator.
      </p>
      <AcceptedTables />

      <h2 className={h2}>Licences</h2>
      <p className={para}>
        <strong>Source: Eurostat.</strong> Unemployment, job vacancy, GDP, consumer price and employment expectations data © European Union, 1995 – today,
        re-used under Eurostat's copyright and licence policy. Some files are cut to recent periods; the values are not modified. Eurostat is not responsible
        for the scores computed from them.
      </p>
      <p className={para}>
        <strong>Employment Expectations Indicator</strong> © European Union (European Commission, DG ECFIN, business and consumer surveys), re-used under
        the Commission's reuse policy (Decision 2011/833/EU). DG ECFIN's file is used reshaped (one row per country and month), its values unchanged.
      </p>
      <p className={para}>
        <strong>European Labour Market Barometer</strong> © IAB (Institut für Arbeitsmarkt- und Berufsforschung), with the participating public employment
        services.
      </p>
      <p className={para}>Map shapes: Natural Earth (public domain), via world-atlas.</p>
    </article>
  );
}
