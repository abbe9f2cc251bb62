// The sub-scores with their inputs and anchors (read from the current model): a table on wide screens, one block
// per sub-score on a phone.
import { Fragment } from "react";
import { useIntl } from "react-intl";
import { CURRENT_PARAMS } from "../../../../pipeline/model/current.ts";
import { SUB_SCORE_KEYS as SUB_SCORES } from "../../../../pipeline/model/tables.ts";
import type { SubScoreKey } from "../../../../pipeline/model/types.ts";
import { h2, para, useMethodologyText } from "./text.tsx";

/** The sub-scores in the page's order; names, inputs and units are `methodology.sub.<key>.*`. */

/** "2% → 100, 4% → 80, …", each pair kept on one line. */
function Anchors({ k }: { k: SubScoreKey }) {
  const intl = useIntl();
  const pairs = CURRENT_PARAMS.anchors[k];
  return (
    <>
      {pairs.map(([x, y], i) => (
        <Fragment key={i}>
          <span className="whitespace-nowrap">
            {intl.formatMessage(
              { id: "methodology.anchor" },
              {
                input: intl.formatMessage(
                  { id: `methodology.sub.${k}.unit` },
                  { value: intl.formatNumber(x, k === "M" ? { signDisplay: "exceptZero" } : {}) },
                ),
                score: intl.formatNumber(y),
              },
            )}
          </span>
          {i < pairs.length - 1 ? ", " : ""}
        </Fragment>
      ))}
    </>
  );
}

export function SubScoresSection() {
  const { t } = useMethodologyText();
  return (
    <>
      <h2 className={h2}>{t("sub.title")}</h2>
      <p className={para}>{t("sub.intro")}</p>
      <table className="mt-4 hidden w-full text-left text-sm md:table">
        <thead className="border-b border-slate-300">
          <tr>
            <th scope="col" className="py-2 pr-4">
              {t("sub.col.subScore")}
            </th>
            <th scope="col" className="py-2 pr-4">
              {t("sub.col.input")}
            </th>
            <th scope="col" className="py-2">
              {t("sub.col.anchors")}
            </th>
          </tr>
        </thead>
        <tbody>
          {SUB_SCORES.map((k) => (
            <tr key={k} className="border-b border-slate-100 align-top">
              <td className="py-2 pr-4 font-medium">{t("sub.label", { key: k, name: t(`sub.${k}.name`) })}</td>
              <td className="py-2 pr-4">{t(`sub.${k}.input`)}</td>
              <td className="py-2 tabular-nums">
                <Anchors k={k} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {/* Phones: one block per sub-score instead of a three-column table. */}
      <ul className="mt-4 space-y-3 md:hidden">
        {SUB_SCORES.map((k) => (
          <li key={k} className="rounded-xl border border-slate-200 bg-white p-4 text-sm">
            <p className="font-medium">{t("sub.label", { key: k, name: t(`sub.${k}.name`) })}</p>
            <p className="text-slate-700">{t(`sub.${k}.input`)}</p>
            <p className="mt-1 tabular-nums">
              <span className="sr-only">{t("sub.col.anchors")}: </span>
              <Anchors k={k} />
            </p>
          </li>
        ))}
      </ul>
    </>
  );
}
