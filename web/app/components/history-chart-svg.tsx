// The drawing of the score history chart (history-chart.tsx): its sizes, the time axis's ticks, the SVG (status
// bands, the line, dashed where a change is mostly evidence, the markers) and the tooltip over it.
import type { PointerEvent } from "react";
import type { ChartMonth } from "../../../product/history-view.ts";
import { STATUS_RANGES, STATUS_STYLE, STATUSES_BEST_FIRST, SCORE_MAX, SCORE_MIN } from "../../../product/weather.ts";
import {
  ENGLISH_TICKS,
  markerLabel,
  tipLines,
  useChartText,
  type Marker,
  type TickLabels,
} from "./history-chart-text.ts";

export interface Size {
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
export const WIDE: Size = {
  id: "wide",
  w: 900,
  h: 300,
  font: 13,
  maxTicks: 8,
  pad: { left: 34, right: 72, top: 10, bottom: 30 },
};
export const NARROW: Size = {
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

export function ChartSvg({
  points,
  countryName,
  size,
  idSuffix = "",
  markers,
  active,
  onActive,
}: {
  points: ChartMonth[];
  countryName: string;
  size: Size;
  idSuffix?: string;
  markers: Marker[];
  active: number | null;
  onActive: (i: number | null) => void;
}) {
  const c = useChartText();
  const { w: W, h: H, font } = size;
  // Room on the right for the band names in the page's language ("Regnerisch" is longer than "Rainy"): never less
  // than the size's own padding, so English draws as it always did.
  const bandNames = Math.max(...STATUSES_BEST_FIRST.map((s) => labelWidth(c.status(s), font)));
  const PAD = { ...size.pad, right: Math.max(size.pad.right, Math.ceil(bandNames + 6)) };
  const n = points.length;
  const plotW = W - PAD.left - PAD.right;
  const x = (i: number) => PAD.left + (n === 1 ? plotW / 2 : (i / (n - 1)) * plotW);
  const y = (s: number) => PAD.top + ((SCORE_MAX - s) / (SCORE_MAX - SCORE_MIN)) * (H - PAD.top - PAD.bottom);

  // The line breaks where a month has no score; a month whose change is mostly evidence is drawn dashed.
  let solid = "";
  let dashed = "";
  for (let i = 1; i < n; i++) {
    const a = points[i - 1]!;
    const b = points[i]!;
    if (a.score === null || b.score === null) continue;
    const seg = `M${x(i - 1).toFixed(1)} ${y(a.score).toFixed(1)}L${x(i).toFixed(1)} ${y(b.score).toFixed(1)}`;
    if (b.mostly_evidence) dashed += seg;
    else solid += seg;
  }
  // A month alone between gaps still shows as a point.
  const lonely = points.flatMap((p, i) =>
    p.score !== null && points[i - 1]?.score == null && points[i + 1]?.score == null ? [i] : [],
  );

  const ticks = timeTicks(
    points.map((p) => p.month),
    plotW,
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

  // Markers: a numbered circle at the top of the plot on a thin line; close ones step down a row so none hides another.
  const r = Math.round(font * 0.75);
  const rowsEnd: number[] = [];
  const placed = markers.map((m) => {
    const mx = x(m.index);
    let row = rowsEnd.findIndex((end) => mx - end >= 2 * r + 2);
    if (row < 0) row = rowsEnd.length < 3 ? rowsEnd.length : rowsEnd.indexOf(Math.min(...rowsEnd));
    rowsEnd[row] = mx;
    // The circle stays inside the plot (the band names sit right of it); its line marks the month itself.
    const cx = Math.min(Math.max(mx, PAD.left + r), W - PAD.right - r);
    return { ...m, mx, cx, my: PAD.top + r + 1 + row * (2 * r + 2) };
  });

  /** The month under a pointer: the nearest month to its x. */
  const pick = (e: PointerEvent<SVGRectElement>) => {
    const box = (e.currentTarget.ownerSVGElement ?? e.currentTarget).getBoundingClientRect();
    const ux = ((e.clientX - box.left) / box.width) * W;
    const i = n === 1 ? 0 : Math.round(((ux - PAD.left) / plotW) * (n - 1));
    onActive(Math.min(n - 1, Math.max(0, i)));
  };

  return (
    <svg viewBox={`0 0 ${W} ${H}`} className="h-auto w-full" role="img" aria-labelledby={`${titleId} ${descId}`}>
      <title id={titleId}>{c.t("title", { country: countryName })}</title>
      <desc id={descId}>
        {c.t("desc", {
          from: c.month(first),
          to: c.month(points[n - 1].month),
          score: c.score(last.score!),
          month: c.month(last.month),
        })}{" "}
        {c.t("descEvidence")}
      </desc>
      <g aria-hidden="true">
        {STATUSES_BEST_FIRST.map((s) => {
          const band = STATUS_RANGES[s];
          return (
            <g key={s}>
              <rect
                x={PAD.left}
                y={y(band.to)}
                width={plotW}
                height={y(band.from) - y(band.to)}
                fill={STATUS_STYLE[s].fill}
                opacity={0.16}
              />
              <text x={W - PAD.right + 6} y={(y(band.from) + y(band.to)) / 2 + 4} fontSize={font} fill="#334155">
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
        {placed.map((m) => (
          <line
            key={`line-${m.index}`}
            x1={m.mx}
            x2={m.mx}
            y1={m.my + r}
            y2={H - PAD.bottom}
            stroke={MARKER_INK}
            strokeWidth={1.2}
            strokeDasharray="2 3"
          />
        ))}
        <path
          d={solid}
          fill="none"
          stroke="#0f172a"
          strokeWidth={2.2}
          strokeLinejoin="round"
          strokeLinecap="round"
          data-line="market"
        />
        <path
          d={dashed}
          fill="none"
          stroke={EVIDENCE_INK}
          strokeWidth={2.2}
          strokeDasharray="5 4"
          strokeLinejoin="round"
          data-line="evidence"
        />
        {lonely.map((i) => (
          <circle key={`p-${i}`} cx={x(i)} cy={y(points[i]!.score!)} r={2} fill="#0f172a" />
        ))}
        <circle cx={x(lastIndex)} cy={y(last.score!)} r={4.5} fill="#0f172a" stroke="#fff" strokeWidth={2} />
        {active !== null && points[active]?.score != null ? (
          <g data-active={points[active]!.month}>
            <line x1={x(active)} x2={x(active)} y1={PAD.top} y2={H - PAD.bottom} stroke="#334155" strokeWidth={1} />
            <circle cx={x(active)} cy={y(points[active]!.score!)} r={5} fill="#fff" stroke="#0f172a" strokeWidth={2} />
          </g>
        ) : null}
      </g>
      {placed.map((m) => {
        const label = markerLabel(c, points[m.index]!, m);
        return (
          <g
            key={`marker-${m.index}`}
            role="img"
            aria-label={label}
            data-marker={m.n}
            data-month={points[m.index]!.month}
            data-events={m.events.map((e) => `${e.input}:${e.change}`).join(" ")}
          >
            <title>{label}</title>
            <circle cx={m.cx} cy={m.my} r={r} fill={MARKER_INK} stroke="#fff" strokeWidth={1.5} />
            <text
              x={m.cx}
              y={m.my + font * 0.35}
              fontSize={font}
              fontWeight={700}
              textAnchor="middle"
              fill="#fff"
              aria-hidden="true"
            >
              {m.n}
            </text>
          </g>
        );
      })}
      {/* Pointer: the nearest month's tooltip (keyboard: the arrow keys on the chart, HistoryChart). */}
      <rect
        x={PAD.left}
        y={PAD.top}
        width={plotW}
        height={H - PAD.top - PAD.bottom}
        fill="transparent"
        aria-hidden="true"
        onPointerMove={pick}
        onPointerDown={pick}
        onPointerLeave={() => onActive(null)}
      />
    </svg>
  );
}

/** Ink of the dashed stretches (mostly evidence) and of the markers; both at least 3:1 on the chart's light bands. */
export const EVIDENCE_INK = "#475569";
export const MARKER_INK = "#b45309";

/** The tooltip of the active month, over its drawing, kept inside the chart's width. */
export function Tooltip({ points, active, size }: { points: ChartMonth[]; active: number; size: Size }) {
  const c = useChartText();
  const n = points.length;
  const lines = tipLines(c, points, active);
  const at = n === 1 ? 0.5 : active / (n - 1);
  const side = at < 0.35 ? "left" : at > 0.65 ? "right" : "center";
  const left = `${((size.pad.left + at * (size.w - size.pad.left - size.pad.right)) / size.w) * 100}%`;
  return (
    <div
      className={`pointer-events-none absolute top-1 z-10 w-max max-w-[min(18rem,90%)] rounded-lg border border-slate-200 bg-white px-3 py-2 text-xs text-slate-800 shadow-md ${
        side === "center" ? "-translate-x-1/2" : side === "right" ? "-translate-x-full" : ""
      }`}
      style={{ left }}
      data-testid="history-tooltip"
      aria-hidden="true"
    >
      {lines.map((l, i) => (
        <p
          key={i}
          className={i === 0 ? "font-semibold text-slate-900" : l.tone === "mostly" ? "italic text-slate-700" : ""}
        >
          {l.text}
        </p>
      ))}
    </div>
  );
}
