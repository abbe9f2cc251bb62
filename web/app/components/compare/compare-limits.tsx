// The compare page's answer to an address it does not compare (routes/compare.tsx; docs/product.md): one country
// alone, five and more, or a country named twice: the 2-to-4 rule said, and the ways on.
import { Link } from "react-router";
import { useIntl } from "react-intl";
import { COMPARE_MAX, COMPARE_MIN, compareAddress, comparePath } from "../../../../product/compare.ts";
import { countryInSentence } from "../../../../product/country-phrases.ts";
import { useFormat } from "../../i18n/format.ts";
import { useLocalePath } from "../../i18n/use-locale.ts";
import { CompareWith } from "../compare-with.tsx";
import { Flag } from "../flag.tsx";

/**
 * An address naming one country alone, five and more, or a country twice: the rule said, and the ways on. One
 * country: the "Compare with…" form (a plain GET form, without JavaScript too) and its page; more: the first four
 * compared, and each country's page. A country named twice is said first (`repeated`), then the same ways on for the
 * countries named, each once.
 */
export function CompareLimits({ codes, repeated }: { codes: readonly string[]; repeated: readonly string[] }) {
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `compare.limits.${id}` }, { min: COMPARE_MIN, max: COMPARE_MAX, ...values });
  const names = codes.map((c) => f.country(c));
  const list = (xs: readonly string[]) => intl.formatList(xs, { type: "conjunction" });
  const first = codes.slice(0, COMPARE_MAX);
  const twice = repeated.length
    ? intl.formatMessage(
        { id: "compare.duplicate.text" },
        { names: list(repeated.map((c) => countryInSentence(intl.locale, c))) },
      )
    : null;
  return (
    <div className="mx-auto max-w-3xl px-4 py-10" data-testid="compare-limits">
      <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">
        {twice ? intl.formatMessage({ id: "compare.duplicate.title" }) : t("title")}
      </h1>
      {twice ? (
        <p className="mt-3 text-lg text-slate-700" data-testid="compare-duplicate">
          {twice}
        </p>
      ) : null}
      {twice && codes.length >= COMPARE_MIN && codes.length <= COMPARE_MAX ? (
        <p className="mt-6">
          <Link
            to={lp(compareAddress(codes))}
            className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
          >
            {t("firstFour", { names: list(codes.map((c) => f.country(c))) })}
          </Link>
        </p>
      ) : codes.length < COMPARE_MIN ? (
        <>
          <p className="mt-3 text-lg text-slate-700">{t("one", { country: names[0]! })}</p>
          <div className="mt-6">
            <CompareWith codes={codes} />
          </div>
        </>
      ) : (
        <>
          <p className="mt-3 text-lg text-slate-700">{t("many", { count: codes.length })}</p>
          <p className="mt-6">
            <Link
              to={lp(comparePath(first))}
              className="inline-flex min-h-11 items-center rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              {t("firstFour", { names: list(first.map((c) => f.country(c))) })}
            </Link>
          </p>
        </>
      )}
      <h2 className="mt-8 text-lg font-semibold">{t("pages")}</h2>
      <CountryPageLinks codes={codes} names={names} />
    </div>
  );
}

/** Each country named, a link to its page. */
function CountryPageLinks({ codes, names }: { codes: readonly string[]; names: readonly string[] }) {
  const lp = useLocalePath();
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {codes.map((c, i) => (
        <li key={c}>
          <Link
            to={lp(`/country/${c.toLowerCase()}`)}
            className="inline-flex min-h-11 items-center gap-2 rounded-full border border-slate-300 bg-white px-3 py-1 font-medium hover:bg-slate-50"
          >
            <Flag code={c} height={14} />
            {names[i]}
          </Link>
        </li>
      ))}
    </ul>
  );
}
