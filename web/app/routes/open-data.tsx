// /open-data (docs/open-data.md): what a re-user can take and on which terms. The CSV downloads, the API and its
// OpenAPI document, the licence of the index's own numbers and the sources' attribution, the caching rules. The
// CSV columns and the endpoint list come from the API's own definitions (web/app/lib/open-data.server.ts), in the page's
// language (the `api` catalogue, keyed by operation and column), the terms from product/open-data.ts. Column
// names, paths and methods are code.
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import type { ReactNode } from "react";
import {
  API_REFERENCE_PAGE,
  API_V1_BASE,
  INDEX_LICENCE,
  OPENAPI_PATH,
  SOURCE_TERMS,
} from "../../../product/open-data.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { feedPath } from "../../../product/feeds.ts";
import { badgePath, shareCardPath } from "../lib/share.ts";
import { csvFormats, endpointList, type CsvFormatInfo } from "../lib/open-data.server.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { dayIn } from "../lib/intl-numbers.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { Code, Marked } from "../components/api-type.tsx";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";

export function loader({ context, request }: SiteLoaderArgs) {
  const publication = context.read.publication();
  const t = pageTextOf(request);
  return {
    meta: {
      title: t("open-data.meta.title"),
      description: t("open-data.meta.description", { product: PRODUCT_NAME, licence: INDEX_LICENCE.short }),
    },
    asOf: publication?.as_of ?? null,
    countries: context.read.countries(context.now).map((c) => ({ code: c.code, scored: c.score !== null })),
    csv: csvFormats(context.site.publicOrigin, t),
    endpoints: endpointList(context.site.publicOrigin, t),
    messages: pageMessages(request, "open-data"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title,
    description: args.data?.meta.description,
  });

const h2 = "mt-10 text-xl font-semibold";
const para = "mt-3 leading-relaxed";
const link = "text-brand-700 underline underline-offset-2 hover:text-brand-900";

/** The CSV columns are the API's own definitions (web/app/lib/open-data.server.ts): their names as defined, their descriptions in the page's language. */
function Columns({ title, format }: { title: string; format: CsvFormatInfo }) {
  const intl = useIntl();
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer font-medium">{title}</summary>
      <p className="mt-2 text-sm text-slate-700">
        {intl.formatMessage({ id: "open-data.columns.intro" }, { line: format.line })}
      </p>
      <dl className="mt-2 space-y-2 text-sm">
        {format.columns.map((c) => (
          <div key={c.name}>
            <dt>
              <Code>{c.name}</Code>
            </dt>
            <dd className="mt-0.5 text-slate-700">
              <Marked text={c.description} />
            </dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

type OpenDataLoader = ReturnType<typeof useLoaderData<typeof loader>>;
/** A country as the lists name it, in the page's language. */
type NamedCountry = { code: string; name: string };

/** The page's messages (`open-data.*`), plain and with tags. */
function useOpenDataText() {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `open-data.${id}` }, values);
  const rich = (id: string, values: Record<string, string | number | ((chunks: ReactNode[]) => ReactNode)>) => (
    <FormattedMessage id={`open-data.${id}`} values={values} />
  );
  return { t, rich };
}

/** The CSV downloads: every score, the sectors, each country's history, and their columns. */
function Downloads({ data, countries }: { data: OpenDataLoader; countries: NamedCountry[] }) {
  const { t } = useOpenDataText();
  const intl = useIntl();
  const scoresCsv = `${API_V1_BASE}/scores.csv`;
  return (
    <>
      <h2 className={h2} id="downloads">
        {t("downloads.title")}
      </h2>
      <p className={para}>
        <a className={`${link} font-medium`} href={scoresCsv} download>
          {t("downloads.scores", {
            count: data.countries.length,
            scored: data.countries.filter((c) => c.scored).length,
          })}
        </a>
        {data.asOf ? (
          <span className="text-slate-700">
            {" · "}
            {t("downloads.asOf", { date: dayIn(intl, data.asOf) })}
          </span>
        ) : null}
      </p>
      <p className={para}>
        <a className={link} href={`${API_V1_BASE}/sectors.csv`} download>
          {t("downloads.sectors")}
        </a>
      </p>
      <p className={para}>{t("downloads.history")}</p>
      <ul
        className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3"
        aria-label={t("downloads.historyLabel")}
      >
        {countries.map((c) => (
          <li key={c.code}>
            <a className={link} href={`${API_V1_BASE}/countries/${c.code.toLowerCase()}/history.csv`} download>
              {c.name}
            </a>
          </li>
        ))}
      </ul>
      <p className={para}>{t("downloads.format")}</p>
      <Columns title={t("columns.scores")} format={data.csv.scores} />
      <Columns title={t("columns.history")} format={data.csv.history} />
      <Columns title={t("columns.sectors")} format={data.csv.sectors} />
    </>
  );
}

/** The JSON API: its base, its document, its endpoints in brief and an example request. */
function ApiSection({ endpoints, origin }: { endpoints: OpenDataLoader["endpoints"]; origin: string }) {
  const { t, rich } = useOpenDataText();
  const lp = useLocalePath();
  return (
    <>
      <h2 className={h2} id="api">
        {t("api.title")}
      </h2>
      <p className={para}>
        {rich("api.intro", {
          base: `${origin}${API_V1_BASE}`,
          code: (chunks) => <Code>{chunks}</Code>,
          openapi: (chunks) => (
            <a className={link} href={OPENAPI_PATH}>
              {chunks}
            </a>
          ),
          reference: (chunks) => (
            <Link className={link} to={lp(API_REFERENCE_PAGE)}>
              {chunks}
            </Link>
          ),
        })}
      </p>
      <ul className="mt-3 space-y-2">
        {endpoints.map((e) => (
          <li key={e.id}>
            <Link
              className={`${link} font-mono text-sm [overflow-wrap:anywhere]`}
              to={lp(`${API_REFERENCE_PAGE}#${e.id}`)}
            >
              <Code className="">{`${e.method} ${e.path}`}</Code>
            </Link>
            <span className="block text-sm text-slate-700">
              <Marked text={e.summary} />
            </span>
          </li>
        ))}
      </ul>
      <p className={para}>{t("api.example")}</p>
      <pre
        className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [overflow-wrap:anywhere]"
        translate="no"
      >
        <code>{`curl ${origin}${API_V1_BASE}/countries/de`}</code>
      </pre>
    </>
  );
}

/** The feeds, share images and badges of every country. */
function Feeds({ countries }: { countries: NamedCountry[] }) {
  const { t, rich } = useOpenDataText();
  return (
    <>
      <h2 className={h2} id="feeds">
        {t("feeds.title")}
      </h2>
      <p className={para}>
        {rich("feeds.intro", {
          feed: (chunks) => (
            <a className={link} href={feedPath(null)}>
              {chunks}
            </a>
          ),
        })}
      </p>
      <ul className="mt-3 space-y-1 text-sm" aria-label={t("feeds.label")}>
        {countries.map((c) => (
          <li key={c.code}>
            <span className="font-medium">{c.name}:</span>{" "}
            <a className={link} href={feedPath(c.code)}>
              {rich("feeds.atom", { name: c.name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            </a>
            {" · "}
            <a className={link} href={shareCardPath(c.code)}>
              {rich("feeds.image", { name: c.name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            </a>
            {" · "}
            <a className={link} href={badgePath(c.code)}>
              {rich("feeds.badge", { name: c.name, sr: (chunks) => <span className="sr-only">{chunks}</span> })}
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

/** The licence of the index's own numbers, its credit line and the sources' terms. */
function Licence({ credit }: { credit: string }) {
  const { t, rich } = useOpenDataText();
  const intl = useIntl();
  return (
    <>
      <h2 className={h2} id="licence">
        {t("licence.title")}
      </h2>
      <p className={para}>
        {rich("licence.intro", {
          licence: (chunks) => (
            <a className={link} href={INDEX_LICENCE.url} rel="license noopener noreferrer" target="_blank">
              {chunks}
            </a>
          ),
          name: t("licence.name"),
        })}
      </p>
      <blockquote className="mt-3 border-l-4 border-brand-600 bg-brand-50 px-4 py-2 text-slate-900">
        {credit}
      </blockquote>
      <p className={para}>{t("licence.derivation")}</p>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {SOURCE_TERMS.map((s, i) => (
          <li key={s.source}>
            <strong>{t(`source.${i}.credit`)}.</strong> {t(`source.${i}.terms`)}{" "}
            <a className={link} href={s.url} rel="noopener noreferrer" target="_blank">
              {t("source.link", { source: s.source })}
              <span className="sr-only"> {intl.formatMessage({ id: "forms.newTab" })}</span>
            </a>
          </li>
        ))}
      </ul>
    </>
  );
}

export default function OpenData() {
  const data = useLoaderData<typeof loader>();
  const { origin, url } = usePageUrl();
  const intl = useIntl();
  const f = useFormat();
  const { t, rich } = useOpenDataText();
  // The CSV and feed lists by the countries' names in the page's language, as a reader looks them up.
  const collator = new Intl.Collator(intl.locale);
  const countries = data.countries
    .map((c) => ({ code: c.code, name: f.country(c.code) }))
    .sort((a, b) => collator.compare(a.name, b.name));
  const credit = t("credit");
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: t("jsonld.name", { product: PRODUCT_NAME }),
    description: t("jsonld.description"),
    url,
    license: INDEX_LICENCE.url,
    creator: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
    isBasedOn: "https://ec.europa.eu/eurostat",
    creditText: credit,
    ...(data.asOf ? { dateModified: data.asOf } : {}),
    distribution: [
      { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${origin}${API_V1_BASE}/scores.csv` },
      { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: `${origin}${API_V1_BASE}/countries` },
    ],
  };

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-700">
        {rich("intro", {
          product: PRODUCT_NAME,
          licence: (chunks) => (
            <a className={link} href={INDEX_LICENCE.url} rel="license noopener noreferrer" target="_blank">
              {chunks}
            </a>
          ),
          short: INDEX_LICENCE.short,
        })}
      </p>

      <Downloads data={data} countries={countries} />
      <ApiSection endpoints={data.endpoints} origin={origin} />
      <Feeds countries={countries} />
      <Licence credit={credit} />
      <h2 className={h2} id="caching">
        {t("caching.title")}
      </h2>
      <p className={para}>{t("caching.note")}</p>
      <p className={para}>{rich("caching.fairUse", { base: API_V1_BASE, code: (chunks) => <Code>{chunks}</Code> })}</p>
    </article>
  );
}
