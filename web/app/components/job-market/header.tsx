// The top of /job-market/{name}: back link, breadcrumbs, the country picker that stays on this layout, the heading
// with the flag, and the page's two dates.
import { countryPhrase } from "../../../../product/country-phrases.ts";
import { FormattedMessage, useIntl } from "react-intl";
import type { CountryPageData } from "../../lib/country.server.ts";
import { useFormat } from "../../i18n/format.ts";
import { CountryPicker } from "../country-picker.tsx";
import { BackButton, Breadcrumbs, DatesLine } from "../page-parts.tsx";
import { Flag } from "../flag.tsx";
import { useJobMarketText } from "./text.ts";

export function JobMarketHeader({ data }: { data: CountryPageData }) {
  const { country } = data;
  const hasScore = data.score !== null;
  const intl = useIntl();
  const f = useFormat();
  const t = useJobMarketText();
  const name = f.country(country.code);
  return (
    <>
      <div className="flex flex-col gap-3 md:flex-row md:items-center md:justify-between">
        <div className="flex items-center gap-3">
          <BackButton label={intl.formatMessage({ id: "common.notFound.back" })} home />
          <Breadcrumbs
            items={[{ label: t("breadcrumb.home"), to: "/" }, { label: t("breadcrumb.section") }, { label: name }]}
          />
        </div>
        <div>
          <CountryPicker
            id="job-market-picker"
            label={<FormattedMessage id="country.changeCountry" />}
            current={country.code}
            target="job-market"
          />
        </div>
      </div>

      <header className="mt-6">
        <h1 className="flex flex-wrap items-center gap-x-3 gap-y-1 text-3xl font-bold tracking-tight sm:text-4xl">
          {t("title", { inCountry: countryPhrase(f.locale, country.code, "in") })}{" "}
          <Flag code={country.code} height={28} />
        </h1>
        <DatesLine anchorMonth={hasScore ? data.anchorMonth : null} publishedAt={data.publishedAt} />
      </header>
    </>
  );
}
