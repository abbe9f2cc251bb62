// The one 404 page (docs/product.md §2) and the one "Country Not Found" page (docs/product.md: one consistent behaviour).
import { Link } from "react-router";
import { FormattedMessage } from "react-intl";
import { COUNTRIES } from "../../../lib/countries.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { ArrowLeftIcon, WeatherIcon } from "./icons.tsx";

export function PageNotFound() {
  const to = useLocalePath();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <WeatherIcon status={null} className="h-16 w-16" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">
        <FormattedMessage id="common.notFound.title" />
      </h1>
      <p className="mt-3 text-slate-600">
        <FormattedMessage id="common.notFound.text" />
      </p>
      <Link
        to={to("/")}
        className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        <ArrowLeftIcon className="h-4 w-4" />
        <FormattedMessage id="common.notFound.back" />
      </Link>
    </section>
  );
}

export function CountryNotFound() {
  const to = useLocalePath();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <WeatherIcon status={null} className="h-16 w-16" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">
        <FormattedMessage id="common.countryNotFound.title" />
      </h1>
      <p className="mt-3 text-slate-600">
        <FormattedMessage id="common.countryNotFound.text" values={{ count: COUNTRIES.length }} />
      </p>
      <Link
        to={to("/")}
        className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        <ArrowLeftIcon className="h-4 w-4" />
        <FormattedMessage id="common.countryNotFound.back" />
      </Link>
    </section>
  );
}
