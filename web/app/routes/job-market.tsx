// /job-market/{name}: the 31 lower-case English names (docs/product.md §2), and under a language's prefix the
// country's name in that language (/de/job-market/deutschland, product/job-market-slugs.ts; docs/i18n.md). A name
// that is the country's but not written as its slug there (the English one under a prefix, another case) answers
// 301 to it; an unknown name shows the one "Country Not Found" page with status 404, in the page's language.
import { data, redirect, useLoaderData, type MetaFunction } from "react-router";
import { countryForJobMarketName, jobMarketSlug } from "../../../product/job-market-slugs.ts";
import { localeFromPath, localePath } from "../i18n/locales.ts";
import { useIntl } from "react-intl";
import { historyRange, loadCountryPage } from "../lib/country.server.ts";
import { countryCanonicalPath, countryJsonLd, countryMeta } from "../lib/country-meta.ts";
import { canonicalUrl } from "../lib/meta.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { JobMarketView } from "../components/job-market-view.tsx";
import { CountryNotFound } from "../components/not-found.tsx";
import type { SiteLoadContext, SiteLoaderArgs, PageHandle } from "../lib/context.ts";
import { pageMessages } from "../i18n/catalog.server.ts";
import { withMessages } from "../i18n/client-messages.ts";
import { loadCountryParts } from "../components/country-static-parts.ts";
import { NextMoves } from "../components/job-market/next-moves-part.ts";
import { formAction } from "../lib/form-action.server.ts";
import { SENT_PARAM } from "../../../product/forms.ts";

/** The query parameters this page reads or carries on its redirect (any other is dropped: server/site/page-query.ts). */
export const handle: PageHandle = { query: ["range", SENT_PARAM] };

export function loader({ params, request, context }: SiteLoaderArgs) {
  const raw = params.name ?? "";
  const url = new URL(request.url);
  const locale = localeFromPath(url.pathname);
  const country = countryForJobMarketName(locale, raw);
  if (!country) return data({ notFound: true as const }, { status: 404 });
  if (raw !== jobMarketSlug(locale, country.code))
    throw redirect(`${localePath(locale, `/job-market/${country.slug}`)}${url.search}`, 301);
  return {
    notFound: false as const,
    ...loadCountryPage(context.read, country.code, historyRange(null), context.now)!,
    messages: pageMessages(request, "job-market"),
  };
}

// The same country story as /country/{code}, in another layout: that page is the canonical one (docs/product.md §2).
// Its hreflang alternates are therefore the canonical page's translations (hreflang names canonical pages only); the
// language control still leads to this layout in the other language, under its own name there (docs/i18n.md).
/** A experience posted without JavaScript and refused: this page again, with why (web/app/lib/form-action.server.ts). */
export const action = ({ context }: { context: SiteLoadContext }) => formAction(context, "experience");

/**
 * On navigations: the data, then its messages file (web/app/i18n/client-messages.ts), and meanwhile the code of the
 * page's static parts (components/country-static-parts.ts).
 */
export const clientLoader = (args: Parameters<typeof withMessages<Awaited<ReturnType<typeof loader>>>>[0]) =>
  Promise.all([withMessages(args), loadCountryParts(), NextMoves.preload()]).then(([d]) => d);

export const meta: MetaFunction<typeof loader> = (args) =>
  countryMeta(args, { canonicalOfCountry: true, headingId: "job-market.meta.heading" });

export default function JobMarketPage() {
  const d = useLoaderData<typeof loader>();
  const { origin } = usePageUrl();
  const intl = useIntl();
  if (d.notFound) return <CountryNotFound />;
  return (
    <>
      <JsonLd data={countryJsonLd(d, origin, canonicalUrl(origin, countryCanonicalPath(d.country.code)), intl)} />
      <JobMarketView data={d} />
    </>
  );
}
