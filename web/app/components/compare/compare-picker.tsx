// The compare page's picker (routes/compare.tsx): the countries compared, each removable down to COMPARE_MIN, and the
// "Compare with…" form that adds one up to COMPARE_MAX. Every address keeps the sector pick (`keep`).
import { Link } from "react-router";
import { useIntl } from "react-intl";
import { COMPARE_MAX, COMPARE_MIN, compareAddress } from "../../../../product/compare.ts";
import type { SectorChoice } from "../../../../product/sectors.ts";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { CompareWith } from "../compare-with.tsx";
import { Flag } from "../flag.tsx";

export function ComparePicker({
  codes,
  countries,
  choice,
  keep,
}: {
  codes: readonly string[];
  countries: readonly { code: string; name: string }[];
  /** The sector picked, kept by the "Compare with…" form. */
  choice: SectorChoice;
  /** The query that keeps the sector pick on a removing link ("" or `?sector=…`). */
  keep: string;
}) {
  const intl = useIntl();
  const lp = useLocalePath();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `compare.picker.${id}` }, values);
  return (
    <section aria-label={t("label")} className="mt-6 flex flex-wrap items-end gap-4" data-testid="compare-picker">
      <ul className="flex flex-wrap gap-2">
        {countries.map((c) => (
          <li
            key={c.code}
            className="flex items-center gap-2 rounded-full border border-slate-300 bg-white py-1 pl-3 pr-1"
          >
            <Flag code={c.code} height={14} />
            <span className="font-medium">{c.name}</span>
            {countries.length > COMPARE_MIN ? (
              <Link
                to={`${lp(compareAddress(codes.filter((x) => x !== c.code)))}${keep}`}
                className="inline-flex min-h-11 min-w-11 items-center justify-center rounded-full text-slate-700 hover:bg-slate-100"
                aria-label={t("remove", { name: c.name })}
                data-testid={`remove-${c.code}`}
              >
                ×
              </Link>
            ) : null}
          </li>
        ))}
      </ul>
      {countries.length < COMPARE_MAX ? (
        <CompareWith
          codes={codes}
          label={t("add")}
          keep={choice.kind === "all" ? undefined : { sector: choice.value }}
        />
      ) : (
        <p className="text-sm text-slate-600">{t("max", { max: COMPARE_MAX })}</p>
      )}
    </section>
  );
}
