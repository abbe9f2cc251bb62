// Score history: an SVG line over the months on top of the status bands, with the same numbers in an accessible table
// below it. The chart shows what happened to the evidence (docs/product.md §2 "Score history"): a month whose change
// is mostly evidence (data starting, stopping or ageing; product/history-view.ts) is drawn dashed, each month in which
// an input starts or stops counting has a numbered marker named in a list below the chart, and a month's tooltip
// (pointer or arrow keys) says its score, its basis and its change from the month before split into market and
// evidence. A legend says what the line styles and markers mean.
import { useState, type KeyboardEvent, type PointerEvent } from "react";
import * as Collapsible from "./disclosure.tsx";
import type { ChartMonth } from "../../../product/history-view.ts";
import type { HistoryEvent } from "../../../pipeline/model/types.ts";
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
  const signed = (tenths: number) =>
    `${tenths > 0 ? "+" : tenths < 0 ? "\u2212" : ""}${en ? (Math.abs(tenths) / 10).toFixed(1) : f.number(Math.abs(tenths) / 10, 1)}`;
  /** What an input's starting or stopping says: "Employment expectations stop counting: the November 2025 figure is too old". */
  const event = (e: HistoryEvent) => t("event", { input: e.input, change: e.change, period: f.period(e.period) });
  return {
    t,
    month,
    ticks,
    score: (v: number) => (en ? formatScore(v) : f.score(v)),
    status: f.status,
    period: f.period,
    signed,
    event,
    capital: (text: string) => text.charAt(0).toLocaleUpperCase(intl.locale) + text.slice(1),
  };
}

type ChartText = ReturnType<typeof useChartText>;

/** A basis as the catalogues' select names it (an ICU selector has no hyphen). */
const basisKey = (b: NonNullable<ChartMonth["basis"]>) =>
  b === "blended" ? "blended" : b === "sentiment-only" ? "sentiment" : "historical";

/** A month with inputs starting or stopping, numbered in the order of the months (1 is the oldest shown). */
interface Marker {
  index: number;
  n: number;
  events: HistoryEvent[];
}

function markersOf(points: readonly ChartMonth[]): Marker[] {
  const out: Marker[] = [];
  points.forEach((p, index) => {
    if (p.events && p.events.length > 0) out.push({ index, n: out.length + 1, events: p.events });
  });
  return out;
}

/** A marker's full label: its month, then what started or stopped counting. */
function markerLabel(c: ChartText, p: ChartMonth, m: Marker): string {
  return `${c.period(p.month)} · ${m.events.map(c.event).join("; ")}`;
}

/** The tooltip of a month, as lines: score and weather, basis, the change split into market and evidence, markers. */
function tipLines(c: ChartText, points: readonly ChartMonth[], i: number): { text: string; tone?: "mostly" }[] {
  const p = points[i]!;
  if (p.score === null) return [{ text: `${c.period(p.month)}: ${c.t("noData")}` }];
  const lines: { text: string; tone?: "mostly" }[] = [
    { text: `${c.period(p.month)}: ${c.score(p.score)}, ${p.status ? c.status(p.status) : ""}` },
  ];
  if (p.basis) lines.push({ text: c.t("basis", { basis: basisKey(p.basis) }) });
  if (p.change && i > 0) {
    lines.push({
      text: c.t("tipChange", {
        change: c.signed(p.change.delta),
        month: c.period(points[i - 1]!.month),
        market: c.signed(p.change.market),
        evidence: c.signed(p.change.evidence),
      }),
    });
    if (p.mostly_evidence && p.change.delta !== 0)
      lines.push({ text: c.t("mostly", { id: mostlyId(p) }), tone: "mostly" });
  }
  for (const e of p.events ?? []) lines.push({ text: c.capital(c.event(e)) });
  return lines;
}

/**
 * What mostly moved a month's change that is mostly evidence, as far as the chart knows it: inputs stopping, inputs
 * starting (the month's markers), else data ageing or getting fresher.
 */
function mostlyId(p: ChartMonth): "stopped" | "started" | "other" {
  const events = p.events ?? [];
  if (events.length > 0 && events.every((e) => e.change === "stops")) return "stopped";
  if (events.length > 0 && events.every((e) => e.change === "starts")) return "started";
  return "other";
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
const EVIDENCE_INK = "#475569";
const MARKER_INK = "#b45309";

/** The tooltip of the active month, over its drawing, kept inside the chart's width. */
function Tooltip({ points, active, size }: { points: ChartMonth[]; active: number; size: Size }) {
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
