// The value cells of a barometer layout → readings: each mapped header's cells are stored, counted as missing (empty,
// "n/a"-style, error or text) or rejected as out of range; unknown headers and totals are reported, not read.
import { address, isEmpty, textOf, type Grid, type Plain } from "../xlsx/grid.ts";
import type { UploadWarning } from "../../types.ts";
import type { Layout } from "./layout.ts";
import { describeTarget, type HeaderTarget } from "./services.ts";

/** Values outside this range are not stored (the barometer runs about 90–110, 100 = neutral). */
export const LMB_MIN = 80;
export const LMB_MAX = 120;

/** Explicit "not available" markers: counted as missing, without a warning. */
const NA_MARKERS = new Set([
  ":",
  "-",
  "–",
  "—",
  "..",
  "...",
  ".",
  "n/a",
  "na",
  "n.a.",
  "n.v.",
  "nv",
  "k.a.",
  "x",
  "#n/a",
]);

type ValueCell = { kind: "empty" } | { kind: "number"; value: number } | { kind: "text"; text: string };

function valueOf(v: Plain): ValueCell {
  if (isEmpty(v)) return { kind: "empty" };
  if (typeof v === "number")
    return Number.isFinite(v) ? { kind: "number", value: v } : { kind: "text", text: String(v) };
  if (typeof v === "object" && v !== null && !(v instanceof Date)) return { kind: "empty" }; // #N/A and other errors
  const text = textOf(v);
  if (NA_MARKERS.has(text.toLowerCase())) return { kind: "empty" };
  if (typeof v === "string") {
    const compact = text.replace(/[\s\u00a0\u202f]/g, "");
    if (/^[+-]?\d+(?:[.,]\d+)?$/.test(compact)) return { kind: "number", value: Number(compact.replace(",", ".")) };
  }
  return { kind: "text", text };
}

/** One stored-to-be value: its country or region, header, month, value and cell. */
export interface Reading {
  target: HeaderTarget;
  header: string;
  period: string;
  value: number;
  cell: string;
}

export function fmt(n: number): string {
  return String(Math.round(n * 1e6) / 1e6);
}

/** What the value cells gave: the readings, the warnings and counts of the upload report, and the headers as read. */
export interface SheetValues {
  readings: Reading[];
  warnings: UploadWarning[];
  unknownHeaders: string[];
  /** `"Header" → CODE` for each mapped header, for the notes. */
  mapping: string[];
  processed: number;
  skippedMissing: number;
}

/** Reads every header's cells of the layout's months (see the module comment). */
export function readValues(g: Grid, layout: Layout): SheetValues {
  const at = (headerPos: number, monthPos: number): { v: Plain; cell: string } =>
    layout.orientation === "months-down"
      ? { v: g.cell(monthPos, headerPos), cell: address(monthPos, headerPos) }
      : { v: g.cell(headerPos, monthPos), cell: address(headerPos, monthPos) };
  const headerCell = (pos: number): string =>
    layout.orientation === "months-down" ? address(layout.headerLine, pos) : address(pos, layout.headerLine);

  const warnings: UploadWarning[] = [];
  const unknownHeaders: string[] = [];
  const readings: Reading[] = [];
  const mapping: string[] = [];
  let processed = 0;
  let skippedMissing = 0;

  for (const h of layout.headers) {
    const hasData = layout.months.some((m) => !isEmpty(at(h.pos, m.pos).v));
    if (h.match.kind === "aggregate" || h.match.kind === "unknown") {
      if (!hasData) continue; // an empty labelled column (a stray note) is not worth a warning
      if (!unknownHeaders.includes(h.text)) {
        unknownHeaders.push(h.text);
        const where = `sheet "${g.sheet}", cell ${headerCell(h.pos)}`;
        let detail: string;
        if (h.match.kind === "aggregate") {
          detail = `Header "${h.text}" (${where}) looks like the European total of the barometer; it is not stored, only per-country values are.`;
        } else if (h.match.ambiguous.length > 1) {
          detail = `Header "${h.text}" (${where}) names more than one country (${h.match.ambiguous.join(", ")}); its values were not read.`;
        } else {
          detail = `Header "${h.text}" (${where}) matches no covered country, public employment service or Belgian region; its values were not read.`;
        }
        warnings.push({ type: "unknown_header", detail });
      }
      continue;
    }
    const target = h.match;
    mapping.push(`"${h.text}" → ${target.kind === "country" ? target.code : `BE (${target.region.name})`}`);
    for (const m of layout.months) {
      const { v, cell } = at(h.pos, m.pos);
      processed++;
      const val = valueOf(v);
      if (val.kind === "empty") {
        skippedMissing++;
        continue;
      }
      if (val.kind === "text") {
        skippedMissing++;
        warnings.push({
          type: "missing_value",
          detail: `${describeTarget(target)} ${m.period} (cell ${cell}): "${val.text}" is not a number; treated as missing.`,
        });
        continue;
      }
      if (val.value < LMB_MIN || val.value > LMB_MAX) {
        warnings.push({
          type: "out_of_range",
          detail: `${describeTarget(target)} ${m.period} (cell ${cell}): ${fmt(val.value)} is outside ${LMB_MIN}–${LMB_MAX} (the barometer runs about 90 to 110); not stored.`,
        });
        continue;
      }
      readings.push({ target, header: h.text, period: m.period, value: val.value, cell });
    }
  }
  return { readings, warnings, unknownHeaders, mapping, processed, skippedMissing };
}
