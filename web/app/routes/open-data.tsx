// /open-data (docs/open-data.md): what a re-user can take and on which terms. The CSV downloads, the API and its
// OpenAPI document, the licence of the index's own numbers and the sources' attribution, the caching rules. The
// CSV columns and the endpoint list come from the API's own definitions (lib/open-data.server.ts), the terms
// from product/open-data.ts.
import { Link, useLoaderData, type MetaFunction } from "react-router";
import {
  API_REFERENCE_PAGE,
  API_V1_BASE,
  CACHING_NOTE,
  DERIVATION_NOTE,
  INDEX_LICENCE,
  OPENAPI_PATH,
  SOURCE_TERMS,
  SUGGESTED_CREDIT,
} from "../../../product/open-data.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { formatDate } from "../../../product/format.ts";
import { pageMeta } from "../lib/meta.ts";
import { feedPath } from "../../../product/feeds.ts";
import { badgePath, shareCardPath } from "../lib/share.ts";
import { csvFormats, endpointList, type CsvFormatInfo } from "../lib/open-data.server.ts";

export function loader({ context }: SiteLoaderArgs) {
  const publication = context.read.publication();
  return {
    asOf: publication?.as_of ?? null,
    countries: context.read.countries(context.now).map((c) => ({ code: c.code, name: c.name })),
    csv: csvFormats(),
    endpoints: endpointList(context.site.publicOrigin),
  };
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "Open data: scores as CSV and a JSON API",
    description: `Download the ${PRODUCT_NAME} scores of 31 European job markets as CSV or read them from a versioned JSON API with an OpenAPI 3.1 description. Free to re-use under ${INDEX_LICENCE.short}.`,
  });

const h2 = "mt-10 text-xl font-semibold";
const para = "mt-3 leading-relaxed";
const link = "text-brand-700 underline underline-offset-2 hover:text-brand-900";
const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900 [overflow-wrap:anywhere]";

function Columns({ title, format }: { title: string; format: CsvFormatInfo }) {
  return (
    <details className="mt-3 rounded-lg border border-slate-200 bg-white p-3">
      <summary className="cursor-pointer font-medium">{title}</summary>
      <p className="mt-2 text-sm text-slate-700">A header row, then {format.line}.</p>
      <dl className="mt-2 space-y-2 text-sm">
        {format.columns.map((c) => (
          <div key={c.name}>
            <dt>
              <code className={code}>{c.name}</code>
            </dt>
            <dd className="mt-0.5 text-slate-700">{c.description}</dd>
          </div>
        ))}
      </dl>
    </details>
  );
}

export default function OpenData() {
  const data = useLoaderData<typeof loader>();
  const { origin, url } = usePageUrl();
  const scoresCsv = `${API_V1_BASE}/scores.csv`;
  const jsonLd = {
    "@context": "https://schema.org",
    "@type": "Dataset",
    name: `${PRODUCT_NAME}: job market scores of 31 European countries`,
    description: `Monthly 1 to 10 scores of the job markets of 31 European countries, computed from Eurostat statistics, with their inputs and history.`,
    url,
    license: INDEX_LICENCE.url,
    creator: { "@type": "Organization", name: PRODUCT_NAME, url: origin },
    isBasedOn: "https://ec.europa.eu/eurostat",
    creditText: SUGGESTED_CREDIT,
    ...(data.asOf ? { dateModified: data.asOf } : {}),
    distribution: [
      { "@type": "DataDownload", encodingFormat: "text/csv", contentUrl: `${origin}${scoresCsv}` },
      { "@type": "DataDownload", encodingFormat: "application/json", contentUrl: `${origin}${API_V1_BASE}/countries` },
    ],
  };

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      <JsonLd data={jsonLd} />
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">Open data</h1>
      <p className="mt-3 text-lg text-slate-700">
        Use the {PRODUCT_NAME} in an article, a spreadsheet or your own site: every score is free to re-use under{" "}
        <a className={link} href={INDEX_LICENCE.url} rel="license noopener noreferrer" target="_blank">
          {INDEX_LICENCE.short}
        </a>
        , as CSV files or from a JSON API.
      </p>

      <h2 className={h2} id="downloads">
        Downloads (CSV)
      </h2>
      <p className={para}>
        <a className={`${link} font-medium`} href={scoresCsv} download>
          Today's scores of all {data.countries.length} countries (CSV)
        </a>
        {data.asOf ? <span className="text-slate-700"> · scores as of {formatDate(data.asOf)}</span> : null}
      </p>
      <p className={para}>Each country's monthly score history (CSV):</p>
      <ul className="mt-2 grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-3" aria-label="Score history downloads">
        {data.countries.map((c) => (
          <li key={c.code}>
            <a className={link} href={`${API_V1_BASE}/countries/${c.code.toLowerCase()}/history.csv`} download>
              {c.name}
            </a>
          </li>
        ))}
      </ul>
      <p className={para}>
        The files follow RFC 4180: UTF-8 without a byte order mark, a header row, CRLF line ends, fields with a comma or a quote in double quotes.
        Numbers use a dot as the decimal mark. An empty score means that no score may be shown: there was not enough recent data, and the index
        never shows an old score as if it were current.
      </p>
      <Columns title="Columns of the scores file" format={data.csv.scores} />
      <Columns title="Columns of the history files" format={data.csv.history} />

      <h2 className={h2} id="api">
        JSON API
      </h2>
      <p className={para}>
        Read-only, no key, JSON. Base address <code className={code}>{`${origin}${API_V1_BASE}`}</code>. It is described by an{" "}
        <a className={link} href={OPENAPI_PATH}>
          OpenAPI 3.1 document
        </a>{" "}
        (for code generators and API tools) and in the{" "}
        <Link className={link} to={API_REFERENCE_PAGE}>
          API reference
        </Link>{" "}
        (for people).
      </p>
      <ul className="mt-3 space-y-2">
        {data.endpoints.map((e) => (
          <li key={e.id}>
            <Link className={`${link} font-mono text-sm [overflow-wrap:anywhere]`} to={`${API_REFERENCE_PAGE}#${e.id}`}>
              GET {e.path}
            </Link>
            <span className="block text-sm text-slate-700">{e.summary}</span>
          </li>
        ))}
      </ul>
      <p className={para}>For example:</p>
      <pre className="mt-2 whitespace-pre-wrap rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [overflow-wrap:anywhere]">
        <code>{`curl ${origin}${API_V1_BASE}/countries/de`}</code>
      </pre>

      <h2 className={h2} id="feeds">
        Feeds and share images
      </h2>
      <p className={para}>
        Follow new publications in a feed reader:{" "}
        <a className={link} href={feedPath(null)}>
          the Atom feed of all {data.countries.length} countries
        </a>
        , or one country's feed. Each country also has a share image (the picture social networks show for its page) and a badge to embed on your
        site.
      </p>
      <ul className="mt-3 space-y-1 text-sm" aria-label="Feeds and share images by country">
        {data.countries.map((c) => (
          <li key={c.code}>
            <span className="font-medium">{c.name}:</span>{" "}
            <a className={link} href={feedPath(c.code)}>
              Atom feed<span className="sr-only"> of {c.name}</span>
            </a>
            {" · "}
            <a className={link} href={shareCardPath(c.code)}>
              share image<span className="sr-only"> of {c.name}</span>
            </a>
            {" · "}
            <a className={link} href={badgePath(c.code)}>
              badge<span className="sr-only"> of {c.name}</span>
            </a>
          </li>
        ))}
      </ul>

      <h2 className={h2} id="licence">
        Licence and attribution
      </h2>
      <p className={para}>
        The index's own numbers (scores, sub-scores, statuses, labels, year-on-year changes and their explanation) are published under the{" "}
        <a className={link} href={INDEX_LICENCE.url} rel="license noopener noreferrer" target="_blank">
          {INDEX_LICENCE.name}
        </a>{" "}
        licence. Re-use them freely, also commercially, and credit us, for example:
      </p>
      <blockquote className="mt-3 border-l-4 border-brand-600 bg-brand-50 px-4 py-2 text-slate-900">{SUGGESTED_CREDIT}</blockquote>
      <p className={para}>{DERIVATION_NOTE}</p>
      <ul className="mt-3 list-disc space-y-2 pl-5">
        {SOURCE_TERMS.map((s) => (
          <li key={s.source}>
            <strong>{s.credit}.</strong> {s.terms}{" "}
            <a className={link} href={s.url} rel="noopener noreferrer" target="_blank">
              Terms of {s.source}
              <span className="sr-only"> (opens in a new tab)</span>
            </a>
          </li>
        ))}
      </ul>

      <h2 className={h2} id="caching">
        Caching and fair use
      </h2>
      <p className={para}>{CACHING_NOTE}</p>
      <p className={para}>
        There is no key and no sign-up. Please keep a copy and revalidate it rather than downloading everything again: one request per minute is plenty
        for a live display. The unversioned <code className={code}>/api/…</code> routes serve this site and may change; build on{" "}
        <code className={code}>{API_V1_BASE}</code>, which keeps its shapes.
      </p>
    </article>
  );
}
