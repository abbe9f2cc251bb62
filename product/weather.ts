// Weather statuses as the site shows them: names, colours and score ranges. The thresholds themselves come
// from the current model (CURRENT_PARAMS); only presentation lives here.
import { CURRENT_PARAMS } from "../pipeline/model/current.ts";
import type { Status } from "../pipeline/model/types.ts";

export type { Status };

export const STATUSES_BEST_FIRST: readonly Status[] = ["sunny", "bright", "cloudy", "rainy", "stormy"];

interface StatusStyle {
  /** "Sunny", shown before "Job Market". */
  name: string;
  /** Map fill, legend swatch, scale bar and chart band colour. */
  fill: string;
  /** Text colour that reads on `fill` (WCAG AA, checked in weather.test.ts). */
  ink: string;
  /** Soft tint for backgrounds and badges. */
  tint: string;
}

/**
 * The weather palette. Dark to light from stormy to bright, with sunny a saturated orange between cloudy and
 * bright in lightness but far from both in hue: every pair of statuses, and each status against the
 * "not covered" grey, stays clearly apart (CIEDE2000) for normal vision and for protanopia, deuteranopia and
 * tritanopia (weather.test.ts simulates them). Cloudy, the most common status, is a mid grey-blue, well
 * darker than the pale grey of countries outside the index.
 */
export const STATUS_STYLE: Readonly<Record<Status, StatusStyle>> = {
  sunny: { name: "Sunny", fill: "#e0801f", ink: "#0f172a", tint: "#fdebd3" },
  bright: { name: "Bright", fill: "#fbe15a", ink: "#0f172a", tint: "#fef9db" },
  cloudy: { name: "Cloudy", fill: "#8d9db2", ink: "#0f172a", tint: "#eef1f5" },
  rainy: { name: "Rainy", fill: "#1f6db0", ink: "#ffffff", tint: "#dcebf7" },
  stormy: { name: "Stormy", fill: "#2f1d5c", ink: "#ffffff", tint: "#e9e4f4" },
};

/** Colours of the map around the statuses (components/europe-map.tsx and its legend). */
export const MAP_STYLE = {
  sea: "#f3f8fc",
  /** European countries outside the index: a flat pale grey. */
  notCovered: "#e3e6ea",
  notCoveredStroke: "#c3cad4",
  /** Covered countries without a fresh score: a hatch, never a flat colour (see NO_DATA_PATTERN_ID). */
  noDataBase: "#ffffff",
  noDataStripe: "#64748b",
  /** Borders between coloured countries. */
  border: "#ffffff",
} as const;

/** The same hatch as a CSS background (legend swatches). */
export const NO_DATA_HATCH_CSS = `repeating-linear-gradient(135deg, ${MAP_STYLE.noDataStripe} 0 1.5px, ${MAP_STYLE.noDataBase} 1.5px 5px)`;

const { min, max } = CURRENT_PARAMS.scale;

/** Score range of each status from the model's thresholds: [from, to) except the top one, which includes max. */
export const STATUS_RANGES: Readonly<Record<Status, { from: number; to: number }>> = (() => {
  const out = {} as Record<Status, { from: number; to: number }>;
  let upper = max;
  for (const t of CURRENT_PARAMS.status.thresholds) {
    out[t.value] = { from: t.atLeast, to: upper };
    upper = t.atLeast;
  }
  out[CURRENT_PARAMS.status.otherwise] = { from: min, to: upper };
  return out;
})();

/** "Cloudy Job Market" (docs/product.md §2: weather label followed by "Job Market"). */
export function weatherTitle(status: Status): string {
  return `${STATUS_STYLE[status].name} Job Market`;
}

export const SCORE_MIN = min;
export const SCORE_MAX = max;

/** Marker position on the 1 to 10 bar: (score − 1) / 9 of the width (docs/product.md §2). */
export function markerFraction(score: number): number {
  return Math.min(1, Math.max(0, (score - min) / (max - min)));
}

/** One band of the rating key: a label's score range and the weather statuses inside it. */
export interface RatingBand {
  label: string;
  from: number;
  /** Highest score shown in the band, to one decimal (the next band starts 0.1 above); max for the top band. */
  to: number;
  /** Statuses whose range lies in the band, worst first. */
  statuses: Status[];
}

/**
 * The rating key of the ranking pages, worst band first (docs/product.md §2, §4): derived from the model's label and
 * status thresholds, so "1–3.9 = very tough (stormy, rainy)" can never disagree with a row's label or chip.
 */
export const RATING_BANDS: readonly RatingBand[] = (() => {
  const { label } = CURRENT_PARAMS;
  const bands: RatingBand[] = [];
  let upper = max;
  for (const t of label.thresholds) {
    bands.push({ label: t.value, from: t.atLeast, to: upper, statuses: [] });
    upper = Math.round((t.atLeast - 0.1) * 10) / 10;
  }
  bands.push({ label: label.otherwise, from: min, to: upper, statuses: [] });
  bands.reverse();
  for (const s of [...STATUSES_BEST_FIRST].reverse()) {
    const band = bands.find((b) => STATUS_RANGES[s].from >= b.from && STATUS_RANGES[s].from <= b.to);
    band?.statuses.push(s);
  }
  return bands;
})();
