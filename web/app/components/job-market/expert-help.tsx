// "Get expert help" on /job-market/{name}: the two promoted services (docs/product.md §2), said for this country.
import { Link } from "react-router";

export function ExpertHelp({ countryName }: { countryName: string }) {
  return (
    <section aria-labelledby="expert-title" className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <h2 id="expert-title" className="text-xl font-semibold text-brand-900">
        Get expert help
      </h2>
      <p className="mt-1 text-sm text-slate-700">A career consultant who knows the {countryName} market, or a CV rewritten for it.</p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link
          to="/waiting-list/career-consultant"
          className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
        >
          Book a Career Consultant
        </Link>
        <Link
          to="/waiting-list/cv-upgrade"
          className="rounded-md border border-brand-600 bg-white px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          Upgrade Your CV
        </Link>
      </div>
    </section>
  );
}
