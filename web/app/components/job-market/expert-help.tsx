// "Get expert help" on /job-market/{name}: the two promoted services (docs/product.md §2), said for this country; the
// buttons carry the titles of the pages they open (the waiting lists, forms.waitingList.*).
import { countryPhrase } from "../../../../product/country-phrases.ts";
import { Link } from "react-router";
import { FormattedMessage } from "react-intl";
import { useFormat } from "../../i18n/format.ts";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { useJobMarketText } from "./text.ts";

export function ExpertHelp({ code }: { code: string }) {
  const f = useFormat();
  const t = useJobMarketText();
  const lp = useLocalePath();
  return (
    <section aria-labelledby="expert-title" className="mt-8 rounded-2xl border border-brand-100 bg-brand-50 p-6">
      <h2 id="expert-title" className="text-xl font-semibold text-brand-900">
        {t("help.title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t("help.text", { inCountry: countryPhrase(f.locale, code, "in") })}
      </p>
      <div className="mt-4 flex flex-col gap-2 sm:flex-row">
        <Link
          to={lp("/waiting-list/career-consultant")}
          className="rounded-md bg-brand-600 px-4 py-2 text-center text-sm font-medium text-white hover:bg-brand-700"
        >
          <FormattedMessage id="forms.waitingList.careerConsultant.title" />
        </Link>
        <Link
          to={lp("/waiting-list/cv-upgrade")}
          className="rounded-md border border-brand-600 bg-white px-4 py-2 text-center text-sm font-medium text-brand-700 hover:bg-brand-50"
        >
          <FormattedMessage id="forms.waitingList.cvUpgrade.title" />
        </Link>
      </div>
    </section>
  );
}
