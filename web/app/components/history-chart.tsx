// Score history: an SVG line over the months on top of the status bands, with the same numbers in
// an accessible table below it.
import * as Collapsible from "./disclosure.tsx";
import type { HistoryPoint } from "../../../pipeline/model/types.ts";
import { STATUS_RANGES, STATUS_STYLE, STATUSES_BEST_FIRST, SCORE_MAX, SCORE_MIN } from "../../../product/weather.ts";
import { formatPeriod, formatScore, shortMonth } from "../../../product/format.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { useIntl } from "react-intl";
import { useFormat } from "../i18n/format.ts";

/** How the time axis names a quarter and a month. */
export interface TickLabels {
  quarter(q: number, year: number): string;
  month(period: string): string;
}

/** English, as the product writes periods ("Q3 2024", "Nov 2026"). */
const ENGLISH_TICKS: TickLabels = { quarter: (q, year) => formatPeriod(`${year}-Q${q}`), month: shortMonth };

/**
 * Texts of the chart in the page's language (country.chart.*), months short ("Jan 2026", "Jan. 2026"), quarters as
 * the catalogue writes them ("Q3 2024", "T3 2024"), scores in its notation.
 */
function useChartText() {
  const intl = useIntl();
  const f = useFormat();
  const en = intl.locale === "en";
  // Built only when a translated page names a month (English months come from the product's formatter).
  let monthFmt: Intl.DateTimeFormat | undefined;
  const month = (period: string) => {
    const m = /^(\d{4})-(\d{2})$/.exec(period);
    if (en || !m) return shortMonth(period);
    monthFmt ??= new Intl.DateTimeFormat(intl.locale, { month: "short", year: "numeric", timeZone: "UTC" });
    return monthFmt.format(Date.UTC(Number(m[1]), Number(m[2]) - 1, 1));
  };
  const t = (id: string, values?: Record<string, string | number>) =>
    intl.formatMessage({ id: `country.chart.${id}` }, values);
  const ticks: TickLabels = {
    quarter: (q, year) => intl.formatMessage({ id: "compare.quarter" }, { q, year: String(year) }),
    month,
  };
  return { t, month, ticks, score: (v: number) => (en ? formatScore(v) : f.score(v)), status: f.status };
}

interface Size {
  id: string;
  w: number;
  h: number;
  font: number;
  maxTicks: number;
  pad: { left: number; right: number; top: number; bottom: number };
}

/**
 * Wide screens and phones get their own drawing so that the text stays readable at both widths: each viewBox
 * is about as wide as the chart is drawn (a phone's chart is ~300–330 px wide), so a 14-unit font shows at
 * 12 px or more.
 */
const WIDE: Size = {
  id: "wide",
  w: 900,
  h: 300,
  font: 13,
  maxTicks: 8,
  pad: { left: 34, right: 72, top: 10, bottom: 30 },
};
const NARROW: Size = {
  id: "narrow",
  w: 330,
  h: 240,
  font: 14,
  maxTicks: 4,
  pad: { left: 24, right: 58, top: 10, bottom: 30 },
};

/** Tick intervals in months, smallest first: quarters, half years, then whole years. */
const TICK_STEPS = [3, 6, 12, 24, 60, 120];

/** Rough width of a label in user units (average glyph ≈ 0.6 em). */
const labelWidth = (label: string, font: number) => label.length * font * 0.6;

/**
 * Evenly spaced ticks on calendar boundaries: the smallest interval (quarter, half year, 1, 2, 5 or 10 years)
 * that gives at most `maxTicks` ticks whose labels fit the width with room between them; "2024" for whole years, "Q3 2024" below. Returns the
 * index of each ticked month and its label; a history too short for any boundary gets its first month.
 */
export function timeTicks(
  months: readonly string[],
  plotWidth: number,
  font: number,
  maxTicks = 8,
  labels: TickLabels = ENGLISH_TICKS,
): Array<{ index: number; label: string }> {
  const n = months.length;
  if (n === 0) return [];
  const perMonth = n > 1 ? plotWidth / (n - 1) : plotWidth;
  for (const step of TICK_STEPS) {
    const yearly = step >= 12;
    if (step * perMonth < labelWidth(yearly ? "2024" : labels.quarter(1, 2024), font) + font * 1.5) continue;
    const ticks: Array<{ index: number; label: string }> = [];
    months.forEach((m, index) => {
      const year = Number(m.slice(0, 4));
      const month = Number(m.slice(5, 7));
      if ((year * 12 + month - 1) % step !== 0) return;
      ticks.push({ index, label: yearly ? String(year) : labels.quarter(Math.floor((month - 1) / 3) + 1, year) });
    });
    if (ticks.length > maxTicks) continue;
    if (ticks.length > 0) return ticks;
    break;
  }
  return [{ index: 0, label: labels.month(months[0]) }];
}

function ChartSvg({
  points,
  countryName,
  size,
  idSuffix = "",
}: {
  points: HistoryPoint[];
  countryName: string;
  size: Size;
  idSuffix?: string;
}) {
  const c = useChartText();
  const { w: W, h: H, font } = size;
  // Room on the right for the band names in the page's language ("Regnerisch" is longer than "Rainy"): never less
  // than the size's own padding, so English draws as it always did.
  const bandNames = Math.max(...STATUSES_BEST_FIRST.map((s) => labelWidth(c.status(s), font)));
  const PAD = { ...size.pad, right: Math.max(size.pad.right, Math.ceil(bandNames + 6)) };
  const n = points.length;
  const x = (i: number) =>
    PAD.left + (n === 1 ? (W - PAD.left - PAD.right) / 2 : (i / (n - 1)) * (W - PAD.left - PAD.right));
  const y = (s: number) => PAD.top + ((SCORE_MAX - s) / (SCORE_MAX - SCORE_MIN)) * (H - PAD.top - PAD.bottom);

  // The line breaks where a month has no score.
  let d = "";
  let pen = false;
  points.forEach((p, i) => {
    if (p.score === null) {
      pen = false;
      return;
    }
    d += `${pen ? "L" : "M"}${x(i).toFixed(1)} ${y(p.score).toFixed(1)}`;
    pen = true;
  });

  const ticks = timeTicks(
    points.map((p) => p.month),
    W - PAD.left - PAD.right,
    font,
    size.maxTicks,
    c.ticks,
  );
  const last = [...points].reverse().find((p) => p.score !== null)!;
  const lastIndex = points.lastIndexOf(last);
  const first = points[0].month;
  const thresholds = [
    ...new Set(STATUSES_BEST_FIRST.flatMap((s) => [STATUS_RANGES[s].from, STATUS_RANGES[s].to])),
  ].sort((a, b) => a - b);
  const titleId = `history-title-${size.id}${idSuffix}`;
  const descId = `history-desc-${size.id}${idSuffix}`;

  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${titleId} ${descId}`}>
      <title id={titleId}>{c.t("title", { country: countryName })}</title>
      <desc id={descId}>
        {c.t("desc", {
          from: c.month(first),
          to: c.month(points[n - 1].month),
          score: c.score(last.score!),
          month: c.month(last.month),
        })}
      </desc>
      {STATUSES_BEST_FIRST.map((s) => {
        const r = STATUS_RANGES[s];
        return (
          <g key={s}>
            <rect
              x={PAD.left}
              y={y(r.to)}
              width={W - PAD.left - PAD.right}
              height={y(r.from) - y(r.to)}
              fill={STATUS_STYLE[s].fill}
              opacity={0.16}
            />
            <text x={W - PAD.right + 6} y={(y(r.from) + y(r.to)) / 2 + 4} fontSize={font} fill="#334155">
              {c.status(s)}
            </text>
          </g>
        );
      })}
      {thresholds.map((t) => (
        <g key={t}>
          <line x1={PAD.left} x2={W - PAD.right} y1={y(t)} y2={y(t)} stroke="#cbd5e1" strokeWidth={1} />
          <text x={PAD.left - 6} y={y(t) + 4} fontSize={font} textAnchor="end" fill="#475569">
            {t}
          </text>
        </g>
      ))}
      {ticks.map(({ index, label }) => (
        <g key={index} data-tick={label}>
          <line x1={x(index)} x2={x(index)} y1={H - PAD.bottom} y2={H - PAD.bottom + 4} stroke="#64748b" />
          {/* Kept inside the drawing: a label at the very edge moves in rather than being cut. */}
          <text
            x={Math.max(labelWidth(label, font) / 2, x(index))}
            y={H - 10}
            fontSize={font}
            textAnchor="middle"
            fill="#475569"
          >
            {label}
          </text>
        </g>
      ))}
      <path d={d} fill="none" stroke="#0f172a" strokeWidth={2.2} strokeLinejoin="round" strokeLinecap="round" />
      <circle cx={x(lastIndex)} cy={y(last.score!)} r={4.5} fill="#0f172a" stroke="#fff" strokeWidth={2} />
    </svg>
  );
}

/** `idSuffix` keeps ids and the table's name unique when a page shows several charts (the compare page). */
export function HistoryChart({
  points,
  countryName,
  idSuffix,
}: {
  points: HistoryPoint[];
  countryName: string;
  idSuffix?: string;
}) {
  const c = useChartText();
  const scored = points.filter((p) => p.score !== null);
  if (scored.length === 0) {
    return (
      <p className="rounded-xl border border-dashed border-slate-300 bg-white p-6 text-center text-slate-600">
        {c.t("empty")}
      </p>
    );
  }
  return (
    <figure>
      <div className="sm:hidden">
        <ChartSvg points={points} countryName={countryName} size={NARROW} idSuffix={idSuffix} />
      </div>
      <div className="hidden sm:block">
        <ChartSvg points={points} countryName={countryName} size={WIDE} idSuffix={idSuffix} />
      </div>
      <Collapsible.Root className="mt-2">
        <Collapsible.Trigger className="group inline-flex items-center gap-1 text-sm font-medium text-brand-700 hover:underline">
          {c.t("showTable")}
          <ChevronDownIcon
            data-nojs-open-chevron
            className="h-4 w-4 transition-transform group-data-[state=open]:rotate-180"
          />
        </Collapsible.Trigger>
        <Collapsible.Content data-nojs-open className="data-[state=closed]:hidden">
          <div
            className="mt-2 max-h-80 overflow-y-auto rounded-lg border border-slate-200"
            tabIndex={0}
            role="region"
            aria-label={idSuffix ? c.t("tableNamed", { country: countryName }) : c.t("table")}
          >
            <table className="w-full text-sm">
              <caption className="sr-only">{c.t("caption", { country: countryName })}</caption>
              <thead className="sticky top-0 bg-slate-100 text-left">
                <tr>
                  <th scope="col" className="px-3 py-2">
                    {c.t("month")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {c.t("score")}
                  </th>
                  <th scope="col" className="px-3 py-2">
                    {c.t("weather")}
                  </th>
                </tr>
              </thead>
              <tbody>
                {[...points].reverse().map((p) => (
                  <tr key={p.month} className="border-t border-slate-100">
                    <td className="px-3 py-1.5">
                      <time dateTime={p.month}>{c.month(p.month)}</time>
                    </td>
                    <td className="px-3 py-1.5 tabular-nums">{p.score !== null ? c.score(p.score) : c.t("noData")}</td>
                    <td className="px-3 py-1.5">{p.status ? c.status(p.status) : "–"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </Collapsible.Content>
      </Collapsible.Root>
    </figure>
  );
}
