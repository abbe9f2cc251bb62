// Weather statuses as the site shows them: names, colours and score ranges. The thresholds themselves come
// from the model (MODEL_V2); only presentation lives here.
import { MODEL_V2 } from "../../../pipeline/model/v2.ts";
import type { Status } from "../../../pipeline/model/types.ts";

export type { Status };

export const STATUSES_BEST_FIRST: readonly Status[] = ["sunny", "bright", "cloudy", "rainy", "stormy"];

interface StatusStyle {
  /** "Sunny", shown before "Job Market". */
  name: string;
  /** Map fill and chart band colour. */
  fill: string;
  /** Text colour that reads on `fill`. */
  ink: string;
  /** Soft tint for backgrounds and badges. */
  tint: string;
}

export const STATUS_STYLE: Readonly<Record<Status, StatusStyle>> = {
  sunny: { name: "Sunny", fill: "#f59e0b", ink: "#1f1300", tint: "#fef3c7" },
  bright: { name: "Bright", fill: "#fcd34d", ink: "#1f1600", tint: "#fefce8" },
  cloudy: { name: "Cloudy", fill: "#94a3b8", ink: "#0f172a", tint: "#f1f5f9" },
  rainy: { name: "Rainy", fill: "#3b82f6", ink: "#ffffff", tint: "#dbeafe" },
  stormy: { name: "Stormy", fill: "#5b21b6", ink: "#ffffff", tint: "#ede9fe" },
};

export const NO_DATA_FILL = "#ffffff";

const { min, max } = MODEL_V2.scale;

/** Score range of each status from the model's thresholds: [from, to) except the top one, which includes max. */
export const STATUS_RANGES: Readonly<Record<Status, { from: number; to: number }>> = (() => {
  const out = {} as Record<Status, { from: number; to: number }>;
  let upper = max;
  for (const t of MODEL_V2.status.thresholds) {
    out[t.value] = { from: t.atLeast, to: upper };
    upper = t.atLeast;
  }
  out[MODEL_V2.status.otherwise] = { from: min, to: upper };
  return out;
})();

/** "9–10", "7–9", … for legends. */
export function rangeText(status: Status): string {
  const r = STATUS_RANGES[status];
  return `${r.from}–${r.to}`;
}

/** "Cloudy Job Market" (spec §2: weather label followed by "Job Market"). */
export function weatherTitle(status: Status): string {
  return `${STATUS_STYLE[status].name} Job Market`;
}

export const SCORE_MIN = min;
export const SCORE_MAX = max;

/** Marker position on the 1 to 10 bar: (score − 1) / 9 of the width (spec §2). */
export function markerFraction(score: number): number {
  return Math.min(1, Math.max(0, (score - min) / (max - min)));
}

/** "stormy below 2, rainy below 4, cloudy below 7, bright below 9, sunny from 9" (from the model's thresholds). */
export function statusScaleSentence(): string {
  const worstFirst = [...STATUSES_BEST_FIRST].reverse();
  return worstFirst
    .map((s, i) => (i === worstFirst.length - 1 ? `${s} from ${STATUS_RANGES[s].from}` : `${s} below ${STATUS_RANGES[s].to}`))
    .join(", ");
}
