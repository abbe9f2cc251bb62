// "Why they differ" on the compare page (routes/compare.tsx): each country against the highest score of the set, in
// words (product/compare.ts's attribution, web/app/lib/compare-text.ts's sentence).
import { useIntl } from "react-intl";
import type { DifferenceView } from "../../../../product/compare.ts";
import { differenceSentence } from "../../lib/compare-text.ts";

export function WhyTheyDiffer({ differences }: { differences: readonly DifferenceView[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `compare.why.${id}` });
  return (
    <section aria-labelledby="why-differ" className="mt-8">
      <h2 id="why-differ" className="text-xl font-semibold">
        {t("title")}
      </h2>
      {differences.length ? (
        <ul className="mt-2 space-y-2" data-testid="why-differ">
          {differences.map((x) => (
            <li
              key={x.lower}
              className="rounded-lg border border-slate-200 bg-white px-4 py-3 text-slate-800"
              data-higher={x.higher}
              data-lower={x.lower}
            >
              {differenceSentence(intl, x)}
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-2 text-slate-700">{t("none")}</p>
      )}
      <p className="mt-2 text-sm text-slate-600">{t("method")}</p>
    </section>
  );
}
