// The compare page's table of inputs (routes/compare.tsx): a row per sub-score, a column per country, each cell the
// input as published with its flag, its month, its freshness and its sub-score.
import { useIntl, type IntlShape } from "react-intl";
import { roundHalfAway } from "../../../../pipeline/model/round.ts";
import type { SubScoreKey } from "../../../../pipeline/model/types.ts";
import { WEIGHT_KEYS } from "../../../../product/weights.ts";
import type { ComparedCountry } from "../../lib/compare-page.server.ts";
import { fixedIn, periodIn } from "../../lib/intl-numbers.ts";
import { FlagMark } from "../flag-mark.tsx";

/** The table's value of an input (one decimal as published, not the explanation's rounding). */
function inputCell(intl: IntlShape, key: SubScoreKey, x: number): string {
  const n = fixedIn(intl, x, 1);
  if (key === "U" || key === "V") return intl.formatMessage({ id: "compare.unit.percent" }, { value: n });
  if (key === "M") return intl.formatMessage({ id: "compare.unit.points" }, { value: x > 0 ? `+${n}` : n });
  return n;
}

export function CompareInputs({ countries }: { countries: readonly ComparedCountry[] }) {
  const intl = useIntl();
  const t = (id: string) => intl.formatMessage({ id: `compare.inputs.${id}` });
  return (
    <section aria-labelledby="inputs-title" className="mt-8">
      <h2 id="inputs-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <div
        className="scroll-hint mt-2 overflow-x-auto rounded-xl border border-slate-200"
        tabIndex={0}
        role="region"
        aria-label={t("label")}
      >
        <table className="w-full text-sm">
          <caption className="sr-only">{t("caption")}</caption>
          <thead className="bg-slate-100 text-left">
            <tr>
              <th scope="col" className="px-3 py-2">
                {t("input")}
              </th>
              {countries.map((c) => (
                <th key={c.code} scope="col" className="px-3 py-2">
                  {c.name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {WEIGHT_KEYS.map((k) => (
              <tr key={k} className="border-t border-slate-100" data-key={k}>
                <th scope="row" className="px-3 py-2 text-left font-medium">
                  {intl.formatMessage({ id: `your-weather.weight.${k}.name` })}
                </th>
                {countries.map((c) => (
                  <InputCell key={c.code} country={c} k={k} />
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

/** One country's input of one sub-score (or "no figure"). */
function InputCell({ country: c, k }: { country: ComparedCountry; k: SubScoreKey }) {
  const intl = useIntl();
  const s = c.subScores?.[k] ?? null;
  return (
    <td className="px-3 py-2 align-top">
      {s ? (
        <>
          <span className="block font-semibold tabular-nums">
            {inputCell(intl, k, s.input)}
            <FlagMark flag={c.flags?.[k]} />
          </span>
          <span className="block text-xs text-slate-600">
            {intl.formatMessage(
              { id: "compare.inputs.cell" },
              {
                period: periodIn(intl, s.period),
                fresh: roundHalfAway(s.freshness, 2),
                value: roundHalfAway(s.value, 0),
              },
            )}
          </span>
        </>
      ) : (
        <span className="text-slate-600">{intl.formatMessage({ id: "compare.inputs.none" })}</span>
      )}
    </td>
  );
}
