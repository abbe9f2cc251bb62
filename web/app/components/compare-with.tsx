// "Compare with…" (docs/decisions/020-personal-weights.md): a plain GET form to /compare/{codes}?add={code}, which
// the compare page turns into the canonical address of the countries plus the one picked. Works without
// JavaScript; a visible label names the select. The countries are named and sorted in the page's language.
import { useId } from "react";
import { useIntl } from "react-intl";
import { COUNTRIES } from "../../../lib/countries.ts";
import { useByCountryName } from "../lib/country-order.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";

export function CompareWith({
  codes,
  label,
  keep,
}: {
  codes: readonly string[];
  label?: string;
  /** Other parameters of the page the form keeps (compare's `sector`), sent as hidden fields. */
  keep?: Readonly<Record<string, string>>;
}) {
  const id = useId();
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  // The countries by their names in the page's language, in its alphabetical order.
  const byName = useByCountryName();
  const others = COUNTRIES.filter((c) => !codes.includes(c.code))
    .map((c) => c.code)
    .sort(byName)
    .map((code) => ({ code, name: f.country(code) }));
  return (
    <form
      method="get"
      action={lp(`/compare/${codes.map((c) => c.toLowerCase()).join("-")}`)}
      className="flex flex-wrap items-end gap-2"
      data-testid="compare-with"
    >
      <div>
        <label htmlFor={id} className="block text-sm font-medium text-slate-800">
          {label ?? intl.formatMessage({ id: "compare.with.label" })}
        </label>
        <select
          id={id}
          name="add"
          className="mt-1 min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900"
          defaultValue={others[0]?.code.toLowerCase()}
        >
          {others.map((c) => (
            <option key={c.code} value={c.code.toLowerCase()}>
              {c.name}
            </option>
          ))}
        </select>
      </div>
      {Object.entries(keep ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <button
        type="submit"
        className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
      >
        {intl.formatMessage({ id: "compare.with.submit" })}
      </button>
    </form>
  );
}
