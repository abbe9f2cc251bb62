// The one 404 page (docs/product.md §2) and the one "Country Not Found" page (docs/product.md: one consistent behaviour).
import { Link } from "react-router";
import { ArrowLeftIcon, WeatherIcon } from "./icons.tsx";

export function PageNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <WeatherIcon status={null} className="h-16 w-16" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="mt-3 text-slate-600">The country or page you're looking for doesn't exist.</p>
      <Link to="/" className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        <ArrowLeftIcon className="h-4 w-4" />
        Back to Home
      </Link>
    </section>
  );
}

export function CountryNotFound() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <WeatherIcon status={null} className="h-16 w-16" />
      <h1 className="mt-6 text-3xl font-bold tracking-tight">Country Not Found</h1>
      <p className="mt-3 text-slate-600">
        We don't cover this country yet. Our coverage is expanding, so check back soon, or pick one of the 31 European countries we
        already cover.
      </p>
      <Link to="/" className="mt-8 inline-flex items-center gap-2 rounded-md bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700">
        <ArrowLeftIcon className="h-4 w-4" />
        Back to Homepage
      </Link>
    </section>
  );
}
