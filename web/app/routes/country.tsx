// /country/{code}: two letters, case-insensitive; an unknown code redirects home (docs/product.md §2).
import { redirect, useLoaderData, type MetaFunction } from "react-router";
import { countryByCode } from "../../../pipeline/countries.ts";
import { historyRange, loadCountryPage } from "../lib/country.server.ts";
import { countryJsonLd, countryMeta } from "../lib/country-meta.ts";
import { JsonLd, usePageUrl } from "../components/json-ld.tsx";
import { CountryView } from "../components/country-view.tsx";
import type { SiteLoaderArgs } from "../lib/context.ts";

export function loader({ params, request, context }: SiteLoaderArgs) {
  const raw = params.code ?? "";
  const country = /^[a-z]{2}$/i.test(raw) ? countryByCode(raw) : undefined;
  if (!country) throw redirect("/");
  const url = new URL(request.url);
  if (raw !== raw.toLowerCase()) throw redirect(`/country/${raw.toLowerCase()}${url.search}`, 301);
  return loadCountryPage(context.read, country.code, historyRange(url.searchParams.get("range")), context.now)!;
}

export const meta: MetaFunction<typeof loader> = (args) => countryMeta(args, (name, year) => `${name} Job Market ${year}`);

export default function CountryPage() {
  const data = useLoaderData<typeof loader>();
  const { origin, url } = usePageUrl();
  return (
    <>
      <JsonLd data={countryJsonLd(data, origin, url)} />
      <CountryView data={data} />
    </>
  );
}
