// /open-data/api: the API reference for people, rendered on the server from the very OpenAPI document the API
// serves at /api/openapi.json (generated from the zod schemas that validate it): every endpoint with its
// parameters, an example request and its answers, and every schema with its fields in words. The page's own words
// come from the open-data catalogue; the document's texts from the `api` catalogue, keyed by operation, parameter
// and field (translated by the loader, web/app/lib/open-data.server.ts; the document itself stays English); types are said
// by components/api-type.tsx. Paths, names, values and commands are code.
import { Link, useLoaderData, type MetaFunction } from "react-router";
import { FormattedMessage, useIntl } from "react-intl";
import { OPEN_DATA_PAGE, OPENAPI_PATH } from "../../../product/open-data.ts";
import { Breadcrumbs } from "../components/page-parts.tsx";
import { ApiType, Code, Marked } from "../components/api-type.tsx";
import type { ReferenceEndpoint, ReferenceSchema } from "../lib/api-reference-types.ts";
import { PRODUCT_NAME } from "../../../product/brand.ts";
import type { SiteLoaderArgs } from "../lib/context.ts";
import { pageMeta } from "../lib/meta.ts";
import { apiReferenceFor, localise, type Localised } from "../lib/open-data.server.ts";
import { pageTextOf } from "../lib/page-text.server.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { useLocalePath } from "../i18n/use-locale.ts";

export function loader({ context, request }: SiteLoaderArgs) {
  const t = pageTextOf(request);
  return {
    ...localise(apiReferenceFor(context.site.publicOrigin), t),
    meta: {
      title: t("open-data.reference.meta.title"),
      description: t("open-data.reference.meta.description", { product: PRODUCT_NAME }),
    },
    messages: pageMessages(request, "open-data-api"),
  };
}

/** On navigations: the data, then its messages file (web/app/i18n/client-messages.ts). */
export const clientLoader = withMessages;

export const meta: MetaFunction<typeof loader> = (args) =>
  pageMeta(args, {
    title: args.data?.meta.title,
    description: args.data?.meta.description,
  });

const link = "text-brand-700 underline underline-offset-2 hover:text-brand-900";
const schemaAnchor = (name: string) => `schema-${name}`;
/** The anchor of a tag's section (`tag-about-the-data`): the same in every language. */
const tagAnchor = (slug: string) => `tag-${slug}`;

function SchemaLink({ name }: { name: string }) {
  return (
    <a className={link} href={`#${schemaAnchor(name)}`}>
      <Code className="font-mono">{name}</Code>
    </a>
  );
}

const schemaLink = (name: string) => <SchemaLink name={name} />;

function Endpoint({ e }: { e: Localised<ReferenceEndpoint> }) {
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `open-data.reference.${id}` }, values);
  return (
    <section
      id={e.id}
      aria-labelledby={`${e.id}-title`}
      className="mt-8 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5"
    >
      <h3 id={`${e.id}-title`} className="font-mono text-base font-semibold [overflow-wrap:anywhere]">
        <Code className="mr-2 rounded bg-brand-50 px-1.5 py-0.5 text-brand-700">{e.method}</Code>
        <Code className="">{e.path}</Code>
      </h3>
      <p className="mt-2 font-medium">
        <Marked text={e.summary} />
      </p>
      {e.description ? (
        <p className="mt-1 text-slate-700">
          <Marked text={e.description} />
        </p>
      ) : null}

      {e.params.length ? (
        <>
          <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("parameters")}</h4>
          <dl className="mt-1 space-y-2 text-sm">
            {e.params.map((p) => (
              <div key={p.name}>
                <dt>
                  <Code>{p.name}</Code>{" "}
                  <span className="text-slate-600">
                    <FormattedMessage
                      id="open-data.reference.param"
                      values={{
                        in: <Code>{p.in}</Code>,
                        required: p.required ? "yes" : "no",
                        type: <ApiType type={p.type} link={schemaLink} />,
                      }}
                    />
                  </span>
                </dt>
                <dd className="mt-0.5 text-slate-700">
                  <Marked text={p.description} />
                </dd>
              </div>
            ))}
          </dl>
        </>
      ) : null}

      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("example")}</h4>
      <pre
        className="mt-1 whitespace-pre-wrap rounded-lg bg-slate-900 p-3 text-sm text-slate-100 [overflow-wrap:anywhere]"
        translate="no"
      >
        <code>{e.curl}</code>
      </pre>

      <h4 className="mt-4 text-sm font-semibold uppercase tracking-wide text-slate-600">{t("answers")}</h4>
      <ul className="mt-1 space-y-2 text-sm">
        {e.answers.map((a) => (
          <li key={a.status}>
            <span className="font-mono font-semibold">{a.status}</span> <Marked text={a.description} />
            {a.body ? (
              <span className="text-slate-700">
                {" "}
                <FormattedMessage
                  id="open-data.reference.body"
                  values={{ type: <Code>{a.mediaType ?? ""}</Code>, body: <ApiType type={a.body} link={schemaLink} /> }}
                />
              </span>
            ) : null}
            {a.cacheControl ? (
              <span className="block text-slate-600">
                <Code className="">Cache-Control:</Code> <Code>{a.cacheControl}</Code>
              </span>
            ) : null}
            {a.columns.length ? (
              <dl className="mt-2 space-y-1.5 border-l-2 border-slate-200 pl-3">
                {a.columns.map((c) => (
                  <div key={c.name}>
                    <dt>
                      <Code>{c.name}</Code>
                    </dt>
                    <dd className="text-slate-700">
                      <Marked text={c.description} />
                    </dd>
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

function Schema({ s }: { s: Localised<ReferenceSchema> }) {
  return (
    <section id={schemaAnchor(s.name)} aria-labelledby={`${schemaAnchor(s.name)}-title`} className="mt-8">
      <h3 id={`${schemaAnchor(s.name)}-title`} className="font-mono text-lg font-semibold">
        <Code className="">{s.name}</Code>
      </h3>
      <p className="mt-1 text-slate-700">
        <Marked text={s.description} />{" "}
        <span className="text-slate-600">
          (<ApiType type={s.type} link={schemaLink} />)
        </span>
      </p>
      <dl className="mt-3 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white text-sm">
        {s.fields.map((f) => (
          <div key={f.path} className="px-3 py-2" style={{ paddingLeft: `${0.75 + Math.min(f.depth, 6) * 0.75}rem` }}>
            <dt>
              <Code>{f.path}</Code>{" "}
              <span className="text-slate-600">
                <ApiType type={f.type} link={schemaLink} />
              </span>
            </dt>
            {f.description ? (
              <dd className="mt-0.5 text-slate-700">
                <Marked text={f.description} />
              </dd>
            ) : null}
          </div>
        ))}
      </dl>
    </section>
  );
}

export default function ApiReferencePage() {
  const ref = useLoaderData<typeof loader>();
  const lp = useLocalePath();
  const tags = [...new Map(ref.endpoints.map((e) => [e.tagSlug, e.tag])).entries()];
  const intl = useIntl();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `open-data.reference.${id}` }, values);
  return (
    <article className="mx-auto max-w-4xl px-4 py-10">
      <Breadcrumbs
        items={[{ label: intl.formatMessage({ id: "open-data.title" }), to: OPEN_DATA_PAGE }, { label: t("title") }]}
      />
      <h1 className="mt-2 text-3xl font-bold tracking-tight sm:text-4xl">{t("title")}</h1>
      <p className="mt-3 text-lg text-slate-700">
        <FormattedMessage
          id="open-data.reference.intro"
          values={{
            title: t("apiTitle", { product: PRODUCT_NAME }),
            version: ref.version,
            server: ref.server,
            openapi: ref.openapi,
            code: (chunks) => <Code>{chunks}</Code>,
            doc: (chunks) => (
              <a className={link} href={OPENAPI_PATH}>
                {chunks}
              </a>
            ),
          }}
        />
      </p>
      <p className="mt-3 text-slate-700">
        <FormattedMessage
          id="open-data.reference.licence"
          values={{
            licence: intl.formatMessage({ id: "open-data.licence.name" }),
            link: (chunks) => (
              <Link className={link} to={lp(`${OPEN_DATA_PAGE}#licence`)}>
                {chunks}
              </Link>
            ),
            shape: <Code>{`{"error": {"code", "message", "details"?}}`}</Code>,
            schema: <SchemaLink name="Error" />,
          }}
        />
      </p>
      <ul className="mt-2 space-y-1 text-sm text-slate-700">
        {ref.generalAnswers.map((a) => (
          <li key={a.status}>
            <span className="font-mono font-semibold">{a.status}</span> <Marked text={a.description} />
          </li>
        ))}
      </ul>

      <nav aria-label={t("endpoints")} className="mt-6 rounded-xl border border-slate-200 bg-slate-50 p-4">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{t("endpoints")}</h2>
        <ul className="mt-2 space-y-1 text-sm">
          {ref.endpoints.map((e) => (
            <li key={e.id}>
              <a className={`${link} font-mono [overflow-wrap:anywhere]`} href={`#${e.id}`}>
                <Code className="">{`${e.method} ${e.path}`}</Code>
              </a>
            </li>
          ))}
        </ul>
      </nav>

      {tags.map(([slug, tag]) => (
        <section key={slug} aria-labelledby={tagAnchor(slug)}>
          <h2 id={tagAnchor(slug)} className="mt-10 text-2xl font-semibold">
            {tag}
          </h2>
          {ref.endpoints
            .filter((e) => e.tagSlug === slug)
            .map((e) => (
              <Endpoint key={e.id} e={e} />
            ))}
        </section>
      ))}

      <section aria-labelledby="schemas">
        <h2 id="schemas" className="mt-12 text-2xl font-semibold">
          {t("schemas")}
        </h2>
        <p className="mt-2 text-slate-700">{t("schemas.intro")}</p>
        {ref.schemas.map((s) => (
          <Schema key={s.name} s={s} />
        ))}
      </section>
    </article>
  );
}
