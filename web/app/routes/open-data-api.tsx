// /open-data/api: the API reference for people, rendered on the server from the very OpenAPI document the API
// serves at /api/openapi.json (generated from the zod schemas that validate it): every endpoint with its
// parameters, an example request and its answers, and every schema with its fields in words.
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { OPEN_DATA_PAGE, OPENAPI_PATH } from "../../../product/open-data.ts";
import { Breadcrumbs } from "../components/page-parts.tsx";
import type { ReferenceEndpoint, ReferenceSchema } from "../lib/api-reference.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { apiReferenceFor } from "../lib/open-data.server.ts";

export function loader({ context }: SiteLoaderArgs) {
  return apiReferenceFor(context.site.publicOrigin);
}

export const meta: MetaFunction = (args) =>
  pageMeta(args, {
    title: "API reference",
    description: `Every endpoint of the ${PRODUCT_NAME} open data API (v1): parameters, example requests, answers and each field explained, from its OpenAPI 3.1 document.`,
  });

const link = "text-brand-700 underline underline-offset-2 hover:text-brand-900";
const code = "rounded bg-slate-100 px-1 py-0.5 font-mono text-[0.9em] text-slate-900 [overflow-wrap:anywhere]";
const schemaAnchor = (name: string) => `schema-${name}`;
const tagAnchor = (tag: string) => `tag-${tag.toLowerCase().replace(/[^a-z0-9]+/g, "-")}`;

function SchemaLink({ name }: { name: string }) {
  return (
    <a className={link} href={`#${schemaAnchor(name)}`}>
      {name}
    </a>
  );
}

/** Text of the document with its `code` spans as code. */
function Marked({ text }: { text: string }) {
  return <>{text.split("`").map((part, i) => (i % 2 ? <code key={i} className={code}>{part}</code> : part))}</>;
}

function Endpoint({ e }: { e: ReferenceEndpoint }) {
  return (
    <section id={e.id} aria-labelledby={`${e.id}-title`} className="mt-8 scroll-mt-20 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <h3 id={`${e.id}-title`} className="font-mono text-base font-semibold [overflow-wrap:anywhere]">
        <span className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-brand-700">{e.method}</span>
        {e.path}
      </h3>
      <p className="mt-2 font-medium">{e.summary}</p>
      {e.description ? <p className="mt-1 text-slate-700">{e.description}</p> : null}

      {e.params.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Parameters</h4>
          <dl className="mt-1 space-y-2 text-sm">
            {e.params.map((p) => (
              <div key={p.name}>
                <dt>
                  <code className={code}>{p.name}</code> <span className="text-slate-600">({p.in}, {p.required ? "required" : "optional"}, {p.type})</span>
                </dt>
                <dd className="mt-0.5 text-slate-700">{p.description}</dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Example request</h4>
      <pre className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [overflow-wrap:anywhere]">
        <code>{e.curl}</code>
      </pre>

      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">Answers</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {e.answers.map((a) => (
          <li key={a.status}>
            <span className="font-mono font-semibold">{a.status}</span> <Marked text={a.description} />
            {a.body ? (
              <span className="text-slate-700">
                {" "}
                Body ({a.mediaType}): {a.schema && a.body.includes(a.schema) ? <>{a.body.replace(a.schema, "").trim()} <SchemaLink name={a.schema} /></> : a.body}.
              </span>
            ) : null}
            {a.cacheControl ? (
              <span className="block text-slate-600">
                Cache-Control: <code className={code}>{a.cacheControl}</code>
              </span>
            ) : null}
            {a.columns.length ? (
              <dl className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3">
                {a.columns.map((c) => (
                  <div key={c.name}>
                    <dt>
                      <code className={code}>{c.name}</code>
                    </dt>
                    <dd className="text-slate-700">{c.description}</dd>
                  </div>
                ))}
              </dl>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Schema({ s }: { s: ReferenceSchema }) {
  return (
    <section id={schemaAnchor(s.name)} aria-labelledby={`${schemaAnchor(s.name)}-title`} className="mt-8 scroll-mt-20">
      <h3 id={`${schemaAnchor(s.name)}-title`} className="font-mono text-lg font-semibold">
        {s.name}
      </h3>
      <p className="mt-1 text-slate-700">
        {s.description} <span className="text-slate-600">({s.type})</span>
      </p>
      <dl className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {s.fields.map((f) => (
          <div key={f.path} className="px-3 py-2" style={{ paddingLeft: `${0.75 + Math.min(f.depth, 6) * 0.75}rem` }}>
            <dt>
              <code className={code}>{f.path}</code>{" "}
              <span className="text-slate-600">{f.schema ? <>{f.type.replace(f.schema, "").trim()} <SchemaLink name={f.schema} /></> : f.type}</span>
            </dt>
            {f.description ? <dd className="mt-0.5 text-slate-700">{f.description}</dd> : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function ApiReferencePage() {
  const ref = useLoaderData<typeof loader>();
  const tags = [...new Set(ref.endpoints.map((e) => e.tag))];
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs items={[{ label: "Open data", to: OPEN_DATA_PAGE }, { label: "API reference" }]} />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">API reference</h1>
      <p className="mt-3 text-lg text-slate-700">
        {ref.title}, version {ref.version}. Every address below is relative to <code className={code}>{ref.server}</code>. The machine-readable
        description is the{" "}
        <a className={link} href={OPENAPI_PATH}>
          OpenAPI {ref.openapi} document
        </a>
        ; this page is made from it.
      </p>
      <p className="mt-3 text-slate-700">
        Licence of the data: {ref.licence}, with attribution; see{" "}
        <Link className={link} to={`${OPEN_DATA_PAGE}#licence`}>
          licence and attribution
        </Link>
        . Errors answer <code className={code}>{`{"error": {"code", "message", "details"?}}`}</code> (
        <SchemaLink name="Error" />
        ), never stored by caches. Besides the answers listed under each endpoint, any request can get:
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {ref.generalAnswers.map((a) => (
          <li key={a.status}>
            <span className="font-mono font-semibold">{a.status}</span> <Marked text={a.description} />
          </li>
        ))}
      </ul>

      <nav aria-label="Endpoints" className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">Endpoints</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {ref.endpoints.map((e) => (
            <li key={e.id}>
              <a className={`${link} font-mono [overflow-wrap:anywhere]`} href={`#${e.id}`}>
                {e.method} {e.path}
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {tags.map((tag) => (
        <section key={tag} aria-labelledby={tagAnchor(tag)}>
          <h2 id={tagAnchor(tag)} className="mt-10 text-2xl font-semibold">
            {tag}
          </h2>
          {ref.endpoints
            .filter((e) => e.tag === tag)
            .map((e) => (
              <Endpoint key={e.id} e={e} />
            ))}
        </section>
      ))}

      <section aria-labelledby="schemas">
        <h2 id="schemas" className="mt-12 text-2xl font-semibold">
          Schemas
        </h2>
        <p className="mt-2 text-slate-700">The answers' fields. A score that may not be shown today is null, never an old number.</p>
        {ref.schemas.map((s) => (
          <Schema key={s.name} s={s} />
        ))}
      </section>
    </article>
  );
}
