// /methodology (docs/product.md §2): model v2.1 in plain words with its parameters (read from the current model),
// the two sentiment sources and how they blend, the rounded-status rule, every accepted source table, the data
// sources with their update dates (source_status of the current publication), and the licences. Its words are the
// methodology catalogue's (docs/i18n-pages.md); tables' official titles, status names and rating labels are English.
import { Fragment, type ReactNode } from "react";
import { useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl, type IntlShape } from "react-intl";
import { CURRENT_PARAMS } from "../../../pipeline/model/current.ts";
import type { SubScoreKey } from "../../../pipeline/model/types.ts";
import type { SourceTable } from "../../../pipeline/source-tables.ts";
import type { DataType } from "../../../pipeline/types.ts";
import { getOverview } from "../lib/data.server.ts";
import { pageMeta } from "../lib/meta.ts";
import { STATUS_STYLE, STATUSES_BEST_FIRST, rangeText } from "../../../product/weather.ts";
import { dayIn, periodIn, scoreIn } from "../lib/intl-numbers.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";

/**
 * Each source table: its official (English) title and what it is used for; how it arrives is the message
 * `methodology.table.<table>.how` (presentation only; the accepted tables and their pins live in pipeline/sources).
 * Keyed by every table the pipeline accepts, so the compiler names a table added there and missing here.
 */
const TABLES: Record<SourceTable, { title: string; dataType: DataType }> = {
  une_rt_m: { title: "Unemployment by sex and age – monthly data", dataType: "unemployment" },
  une_rt_q: { title: "Unemployment by sex and age – quarterly data", dataType: "unemployment" },
  jvs_q_nace2: { title: "Job vacancy statistics by NACE Rev. 2 activity – quarterly data", dataType: "vacancy" },
  jvs_q_r21: { title: "Job vacancy statistics by NACE Rev. 2.1 activity – quarterly data", dataType: "vacancy" },
  namq_10_gdp: { title: "GDP and main components – quarterly data", dataType: "gdp" },
  prc_hicp_manr: { title: "HICP – monthly data (annual rate of change)", dataType: "inflation" },
  prc_hicp_minr: { title: "HICP – ECOICOP ver. 2 – monthly data (annual rate of change)", dataType: "inflation" },
  teibs030: { title: "Employment expectations indicator", dataType: "expectations" },
  ei_bsee_m_r2: { title: "Employment expectations indicator – monthly data", dataType: "expectations" },
  ecfin_eei: { title: "Employment Expectations Indicator (DG ECFIN business surveys)", dataType: "expectations" },
  lmb: { title: "European Labour Market Barometer", dataType: "lmb" },
};

/** Data types in the order the page lists them (the score's inputs first, then the context); names `methodology.dataType.<type>`. */
const DATA_TYPE_ORDER = Object.keys({
  unemployment: 0,
  vacancy: 0,
  expectations: 0,
  lmb: 0,
  gdp: 0,
  inflation: 0,
  youth_unemployment: 0,
} satisfies Record<DataType, 0>) as DataType[];

const tableInfo = (table: string) => (Object.hasOwn(TABLES, table) ? TABLES[table as SourceTable] : null);
const typeName = (intl: IntlShape, dataType: string) =>
  (DATA_TYPE_ORDER as string[]).includes(dataType) ? intl.formatMessage({ id: `methodology.dataType.${dataType}` }) : dataType;
const typeRank = (dataType: string) => {
  const i = DATA_TYPE_ORDER.indexOf(dataType as DataType);
  return i < 0 ? DATA_TYPE_ORDER.length : i;
};

/** The sub-scores in the page's order; names, inputs and units are `methodology.sub.<key>.*`. */
const SUB_SCORES: SubScoreKey[] = ["U", "V", "C", "M", "S"];

export function loader({ context, request }: SiteLoaderArgs) {
  const overview = getOverview(context.read, context.now);
  const t = pageTextOf(request);
  return {
    meta: { title: t("methodology.meta.title"), description: t("methodology.meta.description", { product: PRODUCT_NAME, model: CURRENT_PARAMS.id }) },
    sources: context.read.sources(),
    publication: overview.publication,
    scoredCount: overview.scoredCount,
    total: overview.countries.length,
  };
}

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, { title: args.data?.meta.title ?? "Methodology: how the score is made", description: args.data?.meta.description });

type Values = Record<string, string | number | ReactNode | ((chunks: ReactNode[]) => ReactNode)>;
const strong = (chunks: ReactNode[]) => <strong>{chunks}</strong>;
const sub = (chunks: ReactNode[]) => <sub>{chunks}</sub>;

/** "2% → 100, 4% → 80, …", each pair kept on one line. */
function Anchors({ k }: { k: SubScoreKey }) {
  const intl = useIntl();
  const pairs = CURRENT_PARAMS.anchors[k];
  return (
    <>
      {pairs.map(([x, y], i) => (
        <Fragment key={i}>
          <span className="whitespace-nowrap">
            {intl.formatMessage(
              { id: "methodology.anchor" },
              { input: intl.formatMessage({ id: `methodology.sub.${k}.unit` }, { value: intl.formatNumber(x, k === "M" ? { signDisplay: "exceptZero" } : {}) }), score: intl.formatNumber(y) },
            )}
          </span>
          {i < pairs.length - 1 ? ", " : ""}
        </Fragment>
      ))}
    </>
  );
}

type Source = ReturnType<typeof useLoaderData<typeof loader>>["sources"][number];

function SourceLink({ table }: { table: string }) {
  const intl = useIntl();
  if (table === "lmb") return <span className="text-slate-600">IAB</span>;
  if (table === "ecfin_eei") return <span className="text-slate-600">{intl.formatMessage({ id: "methodology.source.ecfin" })}</span>;
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
  const intl = useIntl();
  const entries = (Object.entries(TABLES) as Array<[SourceTable, (typeof TABLES)[SourceTable]]>).sort(
    ([, a], [, b]) => typeRank(a.dataType) - typeRank(b.dataType),
  );
  return (
    <dl className="mt-4 space-y-3 text-sm" data-testid="accepted-tables">
      {entries.map(([table, info]) => (
        <div key={table} className="rounded-xl border border-slate-200 bg-white p-4">
          <dt>
            <span className="font-medium">{info.title}</span> <span className="text-slate-600">· {typeName(intl, info.dataType)}</span>
            <span className="block">
              <SourceLink table={table} />
            </span>
          </dt>
          <dd className="mt-1 text-slate-700">{intl.formatMessage({ id: `methodology.table.${table}.how` })}</dd>
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
  const intl = useIntl();
  const col = (key: string) => intl.formatMessage({ id: `methodology.sources.col.${key}` });
  const sources = [...unordered].sort((a, b) => typeRank(a.data_type) - typeRank(b.data_type) || a.source_table.localeCompare(b.source_table));
  const columns: Array<{ key: string; title: string; value: (s: Source) => string | null }> = [
    { key: "used", title: col("used"), value: (s) => typeName(intl, s.data_type) },
    { key: "newest", title: col("newest"), value: (s) => (s.newest_period ? periodIn(intl, s.newest_period) : null) },
    { key: "updated", title: col("updated"), value: (s) => (s.source_updated ? dayIn(intl, s.source_updated) : null) },
    { key: "loaded", title: col("loaded"), value: (s) => (s.last_ingested_at ? dayIn(intl, s.last_ingested_at) : null) },
    { key: "checked", title: col("checked"), value: (s) => (s.last_checked_at ? dayIn(intl, s.last_checked_at) : null) },
  ];
  const shown = columns.filter((c) => sources.some((s) => c.value(s) !== null));
  return (
    <>
      <table className="mt-4 hidden w-full text-left text-sm md:table" data-testid="sources-table">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {col("dataset")}
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

export default function Methodology() {
  const { sources, publication, scoredCount, total } = useLoaderData<typeof loader>();
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) => intl.formatMessage({ id: `methodology.${id}` }, values);
  const m = (id: string, values?: Values) => <FormattedMessage id={`methodology.${id}`} values={values as never} />;
  const n = (x: number, digits?: number) => intl.formatNumber(x, digits === undefined ? {} : { minimumFractionDigits: digits, maximumFractionDigits: digits });
  const p = CURRENT_PARAMS;
  const hist = p.freshness.historical;
  const sent = p.freshness.sentiment;
  const h2 = "mt-12 text-2xl font-semibold tracking-tight";
  const para = "mt-3 text-slate-800 leading-relaxed";
  const bright = p.label.thresholds.find((x) => x.atLeast <= 7)?.value ?? "";
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title", { product: PRODUCT_NAME })}</h1>
      <p className="mt-3 text-lg text-slate-700">{t("intro", { total, model: p.id })}</p>
      {publication ? (
        <p className="mt-3 text-sm text-slate-600">
          {t("current", { model: publication.model, date: dayIn(intl, publication.as_of), scored: scoredCount, total })}
        </p>
      ) : null}

      <h2 className={h2}>{t("plain.title")}</h2>
      <ol className="mt-3 list-decimal space-y-2 pl-5 text-slate-800">
        <li>{t("plain.1")}</li>
        <li>{t("plain.2")}</li>
        <li>{t("plain.3")}</li>
        <li>{t("plain.4")}</li>
        <li>{t("plain.5")}</li>
      </ol>
      <p className={para}>{t("plain.after")}</p>

      <h2 className={h2}>{t("sub.title")}</h2>
      <p className={para}>{t("sub.intro")}</p>
      <table className="mt-4 hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t("sub.col.subScore")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("sub.col.input")}
            </th>
            <th scope="col" className="py-2">
              {t("sub.col.anchors")}
            </th>
          </tr>
        </thead>
        <tbody>
          {SUB_SCORES.map((k) => (
            <tr key={k} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 font-medium">
                {k}, {t(`sub.${k}.name`)}
              </td>
              <td className="py-2 pr-4">{t(`sub.${k}.input`)}</td>
              <td className="py-2 tabular-nums">
                <Anchors k={k} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one block per sub-score instead of a three-column table. */}
      <ul className="mt-4 space-y-3 md:hidden">
        {SUB_SCORES.map((k) => (
          <li key={k} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium">
              {k}, {t(`sub.${k}.name`)}
            </p>
            <p className="text-slate-700">{t(`sub.${k}.input`)}</p>
            <p className="mt-1 tabular-nums">
              <span className="sr-only">{t("sub.col.anchors")}: </span>
              <Anchors k={k} />
            </p>
          </li>
        ))}
      </ul>

      <h2 className={h2}>{t("fresh.title")}</h2>
      <p className={para}>{t("fresh.intro")}</p>
      <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
        <li>{t("fresh.official", { grace: hist.grace, halfLife: hist.halfLife, cutoff: hist.cutoff })}</li>
        <li>{t("fresh.sentiment", { grace: sent.grace, halfLife: sent.halfLife, cutoff: sent.cutoff })}</li>
      </ul>
      <p className={para}>{t("fresh.history")}</p>

      <h2 className={h2}>{t("sent.title")}</h2>
      <p className={para}>{t("sent.intro")}</p>
      <dl className="mt-3 space-y-3 text-slate-800" data-testid="sentiment-sources">
        <div>
          <dt className="font-medium">{t("sent.lmb.name")}</dt>
          <dd>{t("sent.lmb.body")}</dd>
        </div>
        <div>
          <dt className="font-medium">{t("sent.eei.name")}</dt>
          <dd>{t("sent.eei.body")}</dd>
        </div>
      </dl>
      <p className={para}>{m("sent.blend", { table: p.anchors.S.map(([x, y]) => t("anchor", { input: n(x), score: n(y) })).join(", "), sub })}</p>

      <h2 className={h2}>{t("blend.title")}</h2>
      <p className={para}>
        {t("blend.weights", {
          u: n(p.weights.U),
          v: n(p.weights.V),
          c: n(p.weights.C),
          m: n(p.weights.M),
          block: n(p.weights.U + p.weights.V + p.weights.C + p.weights.M, 2),
          s: n(p.weights.S),
        })}
      </p>
      <p className={para}>{m("blend.cover", { strong })}</p>
      <p className={para}>
        {m("blend.shrink", { strong, neutral: n(p.shrink.neutral), base: Math.round(p.shrink.base * 100) / 100, cover: Math.round(p.shrink.coverWeight * 100) / 100, min: n(p.scale.min), max: n(p.scale.max) })}
      </p>

      <h2 className={h2}>{t("weather.title")}</h2>
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
        {t("weather.labels", {
          list: p.label.thresholds.map((x) => t("weather.labelItem", { atLeast: n(x.atLeast), label: x.value })).join(", "),
          otherwise: p.label.otherwise,
        })}
      </p>
      <p className={para} data-testid="rounded-status">
        {m("weather.rounded", {
          strong,
          decimals: p.display.decimals,
          raw: n(6.96),
          shown: scoreIn(intl, 6.96),
          status: STATUS_STYLE.bright.name.toLowerCase(),
          label: bright,
          wrong: STATUS_STYLE.cloudy.name.toLowerCase(),
        })}
      </p>
      <p className={para}>
        {m("weather.confidence", {
          strong,
          months: p.confidence.highMinHistoryPoints.monthly,
          freshness: n(p.confidence.highMinFreshness),
          cover: n(p.confidence.lowCoverBelow),
        })}
      </p>
      <p className={para}>{t("weather.history", { lag: p.yoy.lagMonths, threshold: n(p.yoy.threshold) })}</p>

      <h2 className={h2}>{t("sources.title")}</h2>
      <p className={para}>{t("sources.intro")}</p>
      {sources.length === 0 ? <p className={para}>{t("sources.none")}</p> : <SourcesTable sources={sources} />}
      <h3 className="mt-8 text-lg font-semibold">{t("accepted.title")}</h3>
      <p className={para}>{t("accepted.intro")}</p>
      <AcceptedTables />

      <h2 className={h2}>{t("licences.title")}</h2>
      <p className={para}>{m("licences.eurostat", { strong })}</p>
      <p className={para}>{m("licences.eei", { strong })}</p>
      <p className={para}>{m("licences.lmb", { strong })}</p>
      <p className={para}>{t("licences.map")}</p>
    </article>
  );
}
