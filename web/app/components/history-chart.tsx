// Score history: an SVG line over the months on top of the status bands, with the same numbers in an accessible table
// below it. The chart shows what happened to the evidence (docs/product.md §2 "Score history"): a month whose change
// is mostly evidence (data starting, stopping or ageing; product/history-view.ts) is drawn dashed, each month in which
// an input starts or stops counting has a numbered marker named in a list below the chart, and a month's tooltip
// (pointer or arrow keys) says its score, its basis and its change from the month before split into market and
// evidence. A legend says what the line styles and markers mean.
import { useState, type KeyboardEvent } from "react";
import * as Collapsible from "./disclosure.tsx";
import type { ChartMonth } from "../../../product/history-view.ts";
import { ChevronDownIcon } from "./icons.tsx";
import { basisKey, markersOf, markerLabel, tipLines, useChartText, type Marker } from "./history-chart-text.ts";
import { ChartSvg, EVIDENCE_INK, MARKER_INK, NARROW, Tooltip, WIDE, type Size } from "./history-chart-svg.tsx";

/** What the lines and markers mean, and the markers' list (each marker's full label, oldest first). */
function Legend({ points, markers }: { points: ChartMonth[]; markers: Marker[] }) {
  const c = useChartText();
  return (
    <div className="mt-2 text-sm text-slate-700" data-testid="history-legend">
      <ul className="flex flex-wrap gap-x-5 gap-y-1">
        <li className="flex items-center gap-2">
          <svg width="28" height="8" aria-hidden="true" className="shrink-0">
            <line x1="1" x2="27" y1="4" y2="4" stroke="#0f172a" strokeWidth="2.2" strokeLinecap="round" />
          </svg>
          {c.t("legend.market")}
        </li>
        <li className="flex items-center gap-2">
          <svg width="28" height="8" aria-hidden="true" className="shrink-0">
            <line x1="1" x2="27" y1="4" y2="4" stroke={EVIDENCE_INK} strokeWidth="2.2" strokeDasharray="5 4" />
          </svg>
          {c.t("legend.evidence")}
        </li>
        <li className="flex items-center gap-2">
          <svg width="16" height="16" aria-hidden="true" className="shrink-0">
            <circle cx="8" cy="8" r="7" fill={MARKER_INK} />
          </svg>
          {c.t("legend.marker")}
        </li>
      </ul>
      {markers.length > 0 ? (
        <ol className="mt-2 space-y-0.5" aria-label={c.t("markers")} data-testid="history-markers">
          {markers.map((m) => (
            <li key={m.index} className="flex gap-2" data-marker={m.n}>
              <span
                className="mt-0.5 inline-flex h-5 w-5 shrink-0 items-center justify-center rounded-full text-xs font-bold text-white"
                style={{ background: MARKER_INK }}
                aria-hidden="true"
              >
                {m.n}
              </span>
              <span className="min-w-0">{markerLabel(c, points[m.index]!, m)}</span>
            </li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}

/** The chart at one size, with its tooltip; focusable, the arrow keys move the tooltip from month to month. */
function ChartAt({
  points,
  countryName,
  size,
  idSuffix,
  markers,
}: {
  points: ChartMonth[];
  countryName: string;
  size: Size;
  idSuffix?: string;
  markers: Marker[];
}) {
  const c = useChartText();
  const [active, setActive] = useState<number | null>(null);
  const lastScored = points.map((p) => p.score !== null).lastIndexOf(true);
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const from = active ?? lastScored;
    const to =
      e.key === "ArrowLeft"
        ? Math.max(0, from - 1)
        : e.key === "ArrowRight"
          ? Math.min(points.length - 1, from + 1)
          : e.key === "Home"
            ? 0
            : e.key === "End"
              ? points.length - 1
              : null;
    if (e.key === "Escape") {
      setActive(null);
      return;
    }
    if (to === null) return;
    e.preventDefault();
    setActive(to);
  };
  return (
    <div
      className="relative rounded-md focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      tabIndex={0}
      role="group"
      aria-label={c.t("explore", { country: countryName })}
      onKeyDown={onKeyDown}
      onFocus={() => setActive((a) => a ?? lastScored)}
      onBlur={() => setActive(null)}
    >
      <ChartSvg
        points={points}
        countryName={countryName}
        size={size}
        idSuffix={idSuffix}
        markers={markers}
        active={active}
        onActive={setActive}
      />
      {active !== null ? <Tooltip points={points} active={active} size={size} /> : null}
      <p className="sr-only" aria-live="polite">
        {active !== null
          ? tipLines(c, points, active)
              .map((l) => l.text)
              .join(". ")
          : ""}
      </p>
    </div>
  );
}

/** The table's columns, by their message (country.chart.*). */
const TABLE_COLUMNS = ["month", "score", "weather", "basisColumn", "changeColumn"] as const;

/** `idSuffix` keeps ids and the table's name unique when a page shows several charts (the compare page). */
export function HistoryChart({
  points,
  countryName,
  idSuffix,
}: {
  points: ChartMonth[];
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
  const markers = markersOf(points);
  return (
    <figure>
      <div className="sm:hidden">
        <ChartAt points={points} countryName={countryName} size={NARROW} idSuffix={idSuffix} markers={markers} />
      </div>
      <div className="hidden sm:block">
        <ChartAt points={points} countryName={countryName} size={WIDE} idSuffix={idSuffix} markers={markers} />
      </div>
      <Legend points={points} markers={markers} />
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
                  {TABLE_COLUMNS.map((id) => (
                    <th key={id} scope="col" className="px-3 py-2">
                      {c.t(id)}
                    </th>
                  ))}
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
                    <td className="px-3 py-1.5">{p.basis ? c.t("basisShort", { basis: basisKey(p.basis) }) : "–"}</td>
                    <td className="px-3 py-1.5 tabular-nums">
                      {p.change
                        ? c.t("changeCell", {
                            change: c.signed(p.change.delta),
                            market: c.signed(p.change.market),
                            evidence: c.signed(p.change.evidence),
                          })
                        : "–"}
                    </td>
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
