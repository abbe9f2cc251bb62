// Compare's sector section (docs/product.md `/compare/{codes}`; score model v2.3 §11): the visitor's sector or role
// across the compared countries, each with its rate, quarter and Eurostat flag (components/flag-mark.tsx; the page's one
// legend explains it), the aggregate read named, and how much older a sector figure is than the country's headline
// vacancy rate; every sector (the headline rate) by default.
// The pick is a GET form (`?sector=O-Q`, `?sector=role-healthcare`): it works without JavaScript and stays in the
// address. Context only: never a score, ranking or weather word.
import { useId } from "react";
import { useIntl } from "react-intl";
import type { CompareSectorCell, SectorChoice } from "../../../product/sectors.ts";
import { useFormat } from "../i18n/format.ts";
import { Flag } from "./flag.tsx";
import { FlagMark } from "./flag-mark.tsx";
import { olderText } from "./sector-words.ts";
import { anySectorName, choiceName, SectorSelect } from "./sector-pick.tsx";

export function CompareSectors({
  countries,
  choice,
  covers,
  unknown,
  paused,
  action,
}: {
  countries: ReadonlyArray<{ code: string; name: string; cell: CompareSectorCell | null }>;
  choice: SectorChoice;
  /** What the role (or finer section) picked reads, in words (web/app/lib/sectors.server.ts coverSentences). */
  covers: readonly string[];
  /** The address asked for a sector the page does not know: every sector is shown, with a note. */
  unknown: boolean;
  paused: boolean;
  /** This compare page's address (the form's action). */
  action: string;
}) {
  const intl = useIntl();
  const f = useFormat();
  const id = useId();
  const t = (key: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `sectors.compare.${key}` }, values);
  const label = choiceName(intl, choice);
  const sectorCells = countries.map((c) => (c.cell?.kind === "sector" ? c.cell : null));
  const anyOlder = sectorCells.some((c) => c !== null && (c.behind ?? 0) > 0);
  return (
    <section aria-labelledby="sectors-title" className="mt-8" data-testid="compare-sectors">
      <h2 id="sectors-title" className="text-xl font-semibold">
        {t("title")}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t("intro")}</p>
      <form
        method="get"
        action={action}
        className="mt-3 flex flex-wrap items-end gap-3"
        data-testid="compare-sector-form"
      >
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor={id} className="block text-sm font-medium text-slate-900">
            {intl.formatMessage({ id: "sectors.pick.label" })}
          </label>
          <SectorSelect id={id} value={choice.value} allowAll />
        </div>
        <button
          type="submit"
          className="min-h-11 rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800"
        >
          {t("show")}
        </button>
      </form>
      {unknown ? (
        <p role="alert" className="mt-3 rounded-lg border border-red-300 bg-red-50 px-4 py-3 text-red-900">
          {t("unknown", { sector: label })}
        </p>
      ) : null}
      {choice.kind === "role" && choice.codes === null ? (
        <p className="mt-3 text-slate-800" data-testid="role-note">
          {intl.formatMessage({ id: "sectors.page.roleNone" }, { role: label })}
        </p>
      ) : null}
      {covers.length ? (
        <p className="mt-3 text-slate-800" data-testid="role-note">
          {covers.join(" ")}
        </p>
      ) : null}
      {paused ? (
        <p className="mt-3 text-slate-600">{intl.formatMessage({ id: "sectors.page.paused" })}</p>
      ) : choice.kind === "role" && choice.codes === null ? null : (
        <div
          className="scroll-hint mt-3 overflow-x-auto rounded-xl border border-slate-200"
          tabIndex={0}
          role="region"
          aria-labelledby={`${id}-caption`}
        >
          <table className="w-full text-sm" data-testid="compare-sector-table">
            <caption id={`${id}-caption`} className="px-3 py-2 text-left text-slate-700">
              {t("caption", { sector: label })}
            </caption>
            <thead className="bg-slate-100 text-left">
              <tr>
                <th scope="col" className="px-3 py-2">
                  {t("col.country")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("col.rate")}
                </th>
                <th scope="col" className="px-3 py-2">
                  {t("col.allSectors")}
                </th>
              </tr>
            </thead>
            <tbody>
              {countries.map((c) => {
                const cell = c.cell;
                return (
                  <tr key={c.code} className="border-t border-slate-100" data-code={c.code}>
                    <th scope="row" className="px-3 py-2 text-left font-medium">
                      <span className="inline-flex items-center gap-2">
                        <Flag code={c.code} height={14} />
                        {c.name}
                      </span>
                    </th>
                    {cell === null ? (
                      <td className="px-3 py-2 text-slate-600" colSpan={2}>
                        {t("none")}
                      </td>
                    ) : (
                      <>
                        <td className="min-w-40 px-3 py-2 align-top tabular-nums" data-testid="compare-sector-rate">
                          <span className="font-semibold text-slate-900">{f.percent(cell.value)}</span>
                          <FlagMark flag={cell.flag} />{" "}
                          <span className="block text-xs text-slate-600" data-testid="compare-sector-quarter">
                            {f.period(cell.period)}
                            {cell.kind === "sector" && cell.s_adj === "NSA"
                              ? ` · ${intl.formatMessage({ id: "sectors.nsa" })}`
                              : ""}
                          </span>{" "}
                          {cell.kind === "sector" ? (
                            <span className="block text-xs text-slate-600" data-testid="compare-sector-read">
                              {anySectorName(intl, cell)}
                            </span>
                          ) : null}{" "}
                          {cell.kind === "sector" && (cell.behind ?? 0) > 0 ? (
                            <span className="block text-xs text-amber-900" data-testid="sector-older">
                              {olderText(intl, f, cell, "other")}
                            </span>
                          ) : null}
                        </td>
                        <td className="px-3 py-2 align-top tabular-nums text-slate-800">
                          {cell.kind === "all"
                            ? t("isAll")
                            : cell.all_sectors !== null
                              ? intl.formatMessage(
                                  { id: "sectors.rate" },
                                  { rate: f.percent(cell.all_sectors), quarter: f.period(cell.period) },
                                )
                              : "–"}
                        </td>
                      </>
                    )}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
      {anyOlder ? (
        <p className="mt-2 text-sm text-slate-700">{intl.formatMessage({ id: "sectors.olderWhy" })}</p>
      ) : null}
    </section>
  );
}
