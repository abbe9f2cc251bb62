// "Where the openings are" (score model v2.3 §11, docs/product.md): a country's job vacancy rate per sector, each with
// its quarter, beside the country's rate for all sectors of the same quarter and table (and the EU-27's where stored),
// as bars sorted from the most openings down, each with its trend (every published quarter of its series, drawn as
// server-rendered SVG and said in words) and, where it is older than the headline vacancy rate, by how much. Shared by
// /country/{code} and /job-market/{name}. Context only: no score, ranking, weather word or card reads it. The figures
// are said in text; the bars and the trend lines repeat them for the eye.
import { FormattedMessage, useIntl } from "react-intl";
import { Link } from "react-router";
import { quarterPlus, type CompactTrend, type SectorView } from "../../../product/sectors.ts";
import { countryPhrase } from "../../../product/country-phrases.ts";
import { useFormat, type Formatters } from "../i18n/format.ts";
import { useLocalePath } from "../i18n/use-locale.ts";
import { sectorName } from "../lib/sector-name.ts";
import { FlagMark } from "./flag-mark.tsx";
import { olderText } from "./sector-words.ts";
import { SourceCheck, type PageSource } from "./source-check.tsx";

/** The width of a bar, in percent of the widest figure shown. */
const widthOf = (value: number, max: number) => `${Math.max(0, Math.min(100, (value / max) * 100)).toFixed(1)}%`;

/**
 * A sector view on the country page: with its trend, compacted (product/sectors.ts compactTrend), and its source
 * without the ingest (web/app/lib/country.server.ts), null for a rate published without one.
 */
type CountrySectorView = SectorView & { trend: CompactTrend | null; source: PageSource | null };

/** The country page's sector context (web/app/lib/sectors.server.ts countrySectors). */
export interface CountrySectors {
  sectors: CountrySectorView[];
  trendCutoff: string | null;
}

export function WhereOpenings({
  sectors: context,
  code,
  paused,
}: {
  sectors: CountrySectors;
  code: string;
  /** While publication is paused the section is left out, as every other published figure. */
  paused: boolean;
}) {
  const intl = useIntl();
  const f = useFormat();
  const lp = useLocalePath();
  if (paused) return null;
  const { sectors, trendCutoff } = context;
  const sorted = [...sectors].sort((a, b) => b.value - a.value || a.code.localeCompare(b.code));
  const max = Math.max(1, ...sorted.flatMap((s) => [s.value, s.all_sectors ?? 0, s.eu_value ?? 0])) * 1.05;
  const tables = [...new Set(sorted.map((s) => s.table))].join(", ");
  // One scale for every trend of the section, from zero: lines compare, and a small move looks small.
  const trendMax = Math.max(0, ...sorted.flatMap((s) => s.trend?.values.filter((v) => v !== null) ?? []));
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
          <FormattedMessage id="sectors.none" values={{ forCountry: countryPhrase(f.locale, code, "for") }} />
        </p>
      ) : (
        <>
          <p className="mt-1 text-sm text-slate-700">
            <FormattedMessage id="sectors.intro" values={{ inCountry: countryPhrase(f.locale, code, "in") }} />
          </p>
          <ul className="mt-4 space-y-4" data-testid="sector-list">
            {sorted.map((s) => {
              const older = olderText(intl, f, s, "above");
              const trendId = `sector-trend-${s.revision}-${s.code}`;
              return (
                <li
                  key={`${s.revision}:${s.code}`}
                  data-sector={s.code}
                  data-revision={s.revision}
                  data-quarters-behind={s.behind ?? undefined}
                >
                  <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                    <span className="font-medium text-slate-900">{sectorName(intl, s)}</span>
                    <span className="tabular-nums text-slate-900" data-testid="sector-rate">
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
                  {older ? (
                    <p className="mt-1 text-xs text-amber-900" data-testid="sector-older">
                      {older}
                    </p>
                  ) : null}
                  {s.trend ? <SectorTrend trend={s.trend} id={trendId} max={trendMax} /> : null}
                  <SourceCheck
                    figure={sectorName(intl, s)}
                    parts={[{ input: "sector_vacancy", source: s.source }]}
                    className="text-xs"
                  />
                </li>
              );
            })}
          </ul>
          <p className="mt-4 text-xs text-slate-600">
            <FormattedMessage id="sectors.legend" values={{ tables }} />
            {trendCutoff ? (
              <>
                {" "}
                <FormattedMessage id="sectors.trendCutoff" values={{ quarter: f.period(trendCutoff) }} />
              </>
            ) : null}
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

/** The trend in words: "Trend over 10 quarters: from 2.1 % in Q2 2023 to 1.6 % in Q3 2025." */
function trendText(intl: ReturnType<typeof useIntl>, f: Formatters, trend: CompactTrend): string {
  const points = trend.values.flatMap((v, i) => (v === null ? [] : [{ v, period: quarterPlus(trend.from, i) }]));
  const first = points[0]!;
  const last = points.at(-1)!;
  return intl.formatMessage(
    { id: "sectors.trend" },
    {
      count: points.length,
      first: f.percent(first.v),
      firstQuarter: f.period(first.period),
      last: f.percent(last.v),
      lastQuarter: f.period(last.period),
    },
  );
}

const W = 120;
const H = 28;
const PAD = 3;

/**
 * A sector's trend as a small line (server-rendered SVG, no script): one point per quarter, a gap where the series
 * has none, the newest quarter marked, on a scale from zero to `max` (the section's highest value, so that the lines
 * of one section compare). Its accessible name is the sentence printed beside it (trendText).
 */
function SectorTrend({ trend, id, max }: { trend: CompactTrend; id: string; max: number }) {
  const intl = useIntl();
  const f = useFormat();
  const known = trend.values.filter((v): v is number => v !== null);
  const span = Math.max(max, ...known) || 1;
  const n = trend.values.length;
  const x = (i: number) => PAD + (n === 1 ? 0 : (i * (W - 2 * PAD)) / (n - 1));
  const y = (v: number) => H - PAD - (Math.max(0, v) / span) * (H - 2 * PAD);
  // Runs of consecutive quarters with a value: one polyline each.
  const runs: string[] = [];
  let run: string[] = [];
  trend.values.forEach((v, i) => {
    if (v === null) {
      if (run.length) runs.push(run.join(" "));
      run = [];
    } else run.push(`${x(i).toFixed(1)},${y(v).toFixed(1)}`);
  });
  if (run.length) runs.push(run.join(" "));
  const lastIndex = trend.values.findLastIndex((v) => v !== null);
  const text = trendText(intl, f, trend);
  return (
    <div className="mt-1 flex items-center gap-2" data-testid="sector-trend" data-points={known.length}>
      <svg
        role="img"
        aria-labelledby={id}
        viewBox={`0 0 ${W} ${H}`}
        width={W}
        height={H}
        className="shrink-0 text-brand-700"
      >
        {runs.map((points) => (
          <polyline
            key={points}
            points={points}
            fill="none"
            stroke="currentColor"
            strokeWidth="1.5"
            strokeLinejoin="round"
            strokeLinecap="round"
          />
        ))}
        {lastIndex >= 0 ? (
          <circle cx={x(lastIndex)} cy={y(trend.values[lastIndex]!)} r="2.5" fill="currentColor" />
        ) : null}
      </svg>
      <span id={id} className="min-w-0 text-xs text-slate-700" data-testid="sector-trend-text">
        {text}
      </span>
    </div>
  );
}
