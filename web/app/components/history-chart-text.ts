// The words of the score history chart (history-chart.tsx): the axis's period names, the tooltip's lines and the
// markers' labels, each from the page's catalogue.
import { useIntl } from "react-intl";
import type { ChartMonth } from "../../../product/history-view.ts";
import type { HistoryEvent } from "../../../pipeline/model/types.ts";
import { formatPeriod, formatScore, shortMonth } from "../../../product/format.ts";
import { useFormat } from "../i18n/format.ts";
import { monthYearIn } from "../i18n/calendar.ts";

/** How the time axis names a quarter and a month. */
export interface TickLabels {
  quarter(q: number, year: number): string;
  month(period: string): string;
}

/** English, as the product writes periods ("Q3 2024", "Nov 2026"). */
export const ENGLISH_TICKS: TickLabels = { quarter: (q, year) => formatPeriod(`${year}-Q${q}`), month: shortMonth };

/**
 * Texts of the chart in the page's language (country.chart.*), months short ("Jan 2026", "Jan. 2026"), quarters as
 * the catalogue writes them ("Q3 2024", "T3 2024"), scores in its notation.
 */
export function useChartText() {
  const intl = useIntl();
  const f = useFormat();
  const en = intl.locale === "en";
  // English months come from the product's formatter, the others from the page's month names (i18n/calendar.ts).
  const month = (period: string) => {
    const m = /^(\d{4})-(\d{2})$/.exec(period);
    if (en || !m) return shortMonth(period);
    return monthYearIn(intl.locale, Number(m[1]), Number(m[2]), "short");
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
export const basisKey = (b: NonNullable<ChartMonth["basis"]>) =>
  b === "blended" ? "blended" : b === "sentiment-only" ? "sentiment" : "historical";

/** A month with inputs starting or stopping, numbered in the order of the months (1 is the oldest shown). */
export interface Marker {
  index: number;
  n: number;
  events: HistoryEvent[];
}

export function markersOf(points: readonly ChartMonth[]): Marker[] {
  const out: Marker[] = [];
  points.forEach((p, index) => {
    if (p.events && p.events.length > 0) out.push({ index, n: out.length + 1, events: p.events });
  });
  return out;
}

/** A marker's full label: its month, then what started or stopped counting. */
export function markerLabel(c: ChartText, p: ChartMonth, m: Marker): string {
  return `${c.period(p.month)} · ${m.events.map(c.event).join("; ")}`;
}

/** The tooltip of a month, as lines: score and weather, basis, the change split into market and evidence, markers. */
export function tipLines(c: ChartText, points: readonly ChartMonth[], i: number): { text: string; tone?: "mostly" }[] {
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
