// The top of /job-market/{name}: back link, breadcrumbs, the country picker that stays on this layout, the heading
// with the flag, and the page's two dates.
import type { CountryPageData } from "../../lib/country.server.ts";
import { CountryPicker } from "../country-picker.tsx";
import { BackButton, Breadcrumbs, DatesLine } from "../page-parts.tsx";
import { Flag } from "../flag.tsx";

export function JobMarketHeader({ data }: { data: CountryPageData }) {
  const { country } = data;
  const hasScore = data.score !== null;
  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <BackButton label="Back to Home" home />
          <Breadcrumbs items={[{ label: "Home", to: "/" }, { label: "Job Market" }, { label: country.name }]} />
        </div>
        <div>
          <label htmlFor="job-market-picker" className="sr-only">
            Change country
          </label>
          <CountryPicker id="job-market-picker" current={country.code} target="job-market" />
        </div>
      </div>

      <header className="mt-6">
        <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-3xl font-bold tracking-tight sm:text-4xl">
          Job Market in {country.name} <Flag code={country.code} height={28} />
        </h1>
        <DatesLine anchorMonth={hasScore ? data.anchorMonth : null} publishedAt={data.publishedAt} />
      </header>
    </>
  );
}
