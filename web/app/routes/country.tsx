// /country/{code}: two letters, case-insensitive; an unknown code answers the "Country Not Found" page with status
// 404, as an unknown /job-market name does (docs/product.md §2).
import { data, redirect, useLoaderData, type MetaFunction } from "react-router";
import { useIntl } from "react-intl";
import { countryByCode } from "../../../lib/countries.ts";
import { historyRange, loadCountryPage } from "../lib/country.server.ts";
import { countryJsonLd, countryMeta } from "../lib/country-meta.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { CountryView } from "../components/country-view.tsx";
import { CountryNotFound } from "../components/not-found.tsx";
import type { SiteLoadContext, SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { loadCountryParts } from "../components/country-static-parts.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { formAction } from "../lib/form-action.server.ts";
import { SENT_PARAM } from "../../../product/forms.ts";

/** The query parameters this page reads (any other is dropped by a redirect: server/site/page-query.ts). */
export const handle: PageHandle = { query: ["range", SENT_PARAM] };

export function loader({ params, request, context }: SiteLoaderArgs) {
  const raw = params.code ?? "";
  const country = /^[a-z]{2}$/i.test(raw) ? countryByCode(raw) : undefined;
  if (!country) return data({ notFound: true as const }, { status: 404 });
  const url = new URL(request.url);
  if (raw !== raw.toLowerCase())
    throw redirect(`${localePath(localeFromPath(url.pathname), `/country/${raw.toLowerCase()}`)}${url.search}`, 301);
  return {
    notFound: false as const,
    ...loadCountryPage(context.read, country.code, historyRange(url.searchParams.get("range")), context.now)!,
    messages: pageMessages(request, "country"),
  };
}

/** A experience posted without JavaScript and refused: this page again, with why (web/app/lib/form-action.server.ts). */
export const action = ({ context }: { context: SiteLoadContext }) => formAction(context, "experience");

/**
 * On navigations: the data, then its messages file (web/app/i18n/client-messages.ts), and meanwhile the code of the
 * page's static parts (components/country-static-parts.ts).
 */
export const clientLoader = (args: Parameters<typeof withMessages<Awaited<ReturnType<typeof loader>>>>[0]) =>
  Promise.all([withMessages(args), loadCountryParts()]).then(([d]) => d);

export const meta: MetaFunction<typeof loader> = (args) => countryMeta(args);

export default function CountryPage() {
  const d = useLoaderData<typeof loader>();
  const { origin, url } = usePageUrl();
  const intl = useIntl();
  if (d.notFound) return <CountryNotFound />;
  return (
    <>
      <JsonLd data={countryJsonLd(d, origin, url, intl)} />
      <CountryView data={d} />
    </>
  );
}
