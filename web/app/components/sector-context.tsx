// "Where the openings are" (score model v2.3 §11, docs/product.md): a country's job vacancy rate per sector, each with
// its quarter, beside the country's rate for all sectors of the same quarter and table (and the EU-27's where stored),
// as bars sorted from the most openings down. Shared by /country/{code} and /job-market/{name}. Context only: no
// score, ranking, weather word or card reads it. The figures are said in text; the bars repeat them for the eye.
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import type { SectorRate } from "../../../product/sectors.ts";
import { useFormat } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { sectorName } from "../lib/sector-name.ts";
import { FlagMark } from "./flag-mark.tsx";
import { SourceCheck, type PageSource } from "./source-check.tsx";

/** A sector rate as a country page receives it: its source without the ingest (web/app/lib/country.server.ts). */
export type PageSectorRate = Omit<SectorRate, "source"> & { source?: PageSource | null };

/** The width of a bar, in percent of the widest figure shown. */
const widthOf = (value: number, max: number) => `${Math.max(0, Math.min(100, (value / max) * 100)).toFixed(1)}%`;

export function WhereOpenings({
  sectors,
  code,
  paused,
}: {
  sectors: readonly PageSectorRate[];
  code: string;
  /** While publication is paused the section is left out, as every other published figure. */
  paused: boolean;
}) {
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  if (paused) return null;
  const country = f.country(code);
  const sorted = [...sectors].sort((a, b) => b.value - a.value || a.code.localeCompare(b.code));
  const max = Math.max(1, ...sorted.flatMap((s) => [s.value, s.all_sectors ?? 0, s.eu_value ?? 0])) * 1.05;
  const tables = [...new Set(sorted.map((s) => s.table))].join(", ");
  return (
    <section
      aria-labelledby="openings-title"
      className="mt-10 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
      data-testid="where-openings"
    >
      <h2 id="openings-title" className="text-2xl font-semibold tracking-tight">
        <FormattedMessage id="sectors.title" />
      </h2>
      {sorted.length === 0 ? (
        <p className="mt-2 text-slate-700" data-testid="sectors-none">
          <FormattedMessage id="sectors.none" values={{ country }} />
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id="sectors.intro" values={{ country }} />
          </p>
          <ul className="mt-4 space-y-3" data-testid="sector-list">
            {sorted.map((s) => (
              <li key={`${s.revision}:${s.code}`} data-sector={s.code}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <span className="font-medium text-slate-900">{sectorName(intl, s)}</span>
                  <span className="tabular-nums text-slate-900">
                    <FormattedMessage
                      id="sectors.rate"
                      values={{
                        rate: (
                          <>
                            <strong>{f.percent(s.value)}</strong>
                            <FlagMark flag={s.flag} />
                          </>
                        ),
                        quarter: f.period(s.period),
                      }}
                    />
                  </span>
                </div>
                <div className="relative mt-1 h-2.5 rounded-full bg-slate-100" aria-hidden="true">
                  <div className="h-2.5 rounded-full bg-brand-600" style={{ width: widthOf(s.value, max) }} />
                  {s.all_sectors !== null ? (
                    <div
                      className="absolute -top-1 h-4.5 w-0.5 bg-slate-900"
                      style={{ left: widthOf(s.all_sectors, max) }}
                    />
                  ) : null}
                </div>
                <p className="mt-1 text-xs text-slate-700">
                  {[
                    s.all_sectors !== null
                      ? intl.formatMessage({ id: "sectors.allSectors" }, { rate: f.percent(s.all_sectors) })
                      : intl.formatMessage({ id: "sectors.allSectorsNone" }),
                    s.eu_value !== null
                      ? intl.formatMessage({ id: "sectors.eu" }, { rate: f.percent(s.eu_value) })
                      : null,
                    s.s_adj === "NSA" ? intl.formatMessage({ id: "sectors.nsa" }) : null,
                    s.revision === "nace_r2_1" ? intl.formatMessage({ id: "sectors.nace21" }) : null,
                  ]
                    .filter((x) => x !== null)
                    .join(" · ")}
                </p>
                <SourceCheck
                  figure={sectorName(intl, s)}
                  parts={[{ input: "sector_vacancy", source: s.source }]}
                  className="text-xs"
                />
              </li>
            ))}
          </ul>
          <p className="mt-4 text-xs text-slate-600">
            <FormattedMessage id="sectors.legend" values={{ tables }} />
          </p>
        </>
      )}
      <p className="mt-3 text-sm">
        <Link className="font-medium text-brand-700 underline" to={lp("/sectors")}>
          <FormattedMessage id="sectors.compareLink" />
        </Link>
      </p>
    </section>
  );
}
