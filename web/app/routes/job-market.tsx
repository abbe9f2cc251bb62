// /job-market/{name}: the 31 lower-case English names (docs/product.md §2). An unknown name shows the one
// "Country Not Found" page with status 404 (docs/product.md).
import { data, redirect, useLoaderData, type MetaFunction } from "react-router";
import { useIntl } from "react-intl";
import { countryBySlug } from "../../../pipeline/countries.ts";
import { historyRange, loadCountryPage } from "../lib/country.server.ts";
import { countryCanonicalPath, countryJsonLd, countryMeta } from "../lib/country-meta.ts";
import { canonicalUrl } from "../lib/meta.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { JobMarketView } from "../components/job-market-view.tsx";
import { CountryNotFound } from "../components/not-found.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";

export function loader({ params, request, context }: SiteLoaderArgs) {
  const raw = params.name ?? "";
  const country = countryBySlug(raw);
  if (!country) return data({ notFound: true as const }, { status: 404 });
  const url = new URL(request.url);
  if (raw !== country.slug) throw redirect(`/job-market/${country.slug}${url.search}`, 301);
  return { notFound: false as const, ...loadCountryPage(context.read, country.code, historyRange(null), context.now)! };
}

// The same country story as /country/{code}, in another layout: that page is the canonical one (docs/product.md §2).
export const meta: MetaFunction<typeof loader> = (args) => countryMeta(args, (name, year) => `Job Market in ${name} ${year}`, { canonicalOfCountry: true });

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
