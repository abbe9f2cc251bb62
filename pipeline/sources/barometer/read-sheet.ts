// One barometer sheet with its layout found → ParsedFile, in named steps: read the value cells, keep one value per
// country and month (Belgium's regions averaged), build the observations, refuse a sheet with no usable value, and
// write the notes on what was read.
import { InputError } from "../../../lib/errors.ts";
import { colName, type Grid } from "../xlsx/grid.ts";
import type { Observation, ParsedFile } from "../../types.ts";
import { countryValues, oneValueEach } from "./country-values.ts";
import type { Layout } from "./layout.ts";
import { monthIndex } from "./months.ts";
import { LMB_MAX, LMB_MIN, readValues, type SheetValues } from "./read-values.ts";

export const LMB_TABLE = "lmb";
const LMB_UNIT = "INDEX";

const UPDATED_PATTERN =
  /(?:updated|update|as of|as at|stand|published|release[d]?|aktualisiert|version)\D{0,20}?(?:(\d{4})-(\d{2})-(\d{2})|(\d{1,2})\.(\d{1,2})\.(\d{4}))/i;

/** A date in a title or note cell ("updated 2026-11-05", "Stand: 05.11.2026"), as `YYYY-MM-DD`. */
function sourceUpdatedOf(g: Grid): string | null {
  for (let r = 1; r <= g.rows; r++) {
    for (let c = 1; c <= g.cols; c++) {
      const v = g.cell(r, c);
      if (typeof v !== "string") continue;
      const m = v.match(UPDATED_PATTERN);
      if (!m) continue;
      const iso = m[1] ? `${m[1]}-${m[2]}-${m[3]}` : `${m[6]}-${m[5].padStart(2, "0")}-${m[4].padStart(2, "0")}`;
      const date = new Date(`${iso}T00:00:00Z`);
      if (!Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === iso) return iso;
    }
  }
  return null;
}

/** Values by country and month → observations, by country code then month. */
function observationsOf(values: ReadonlyMap<string, ReadonlyMap<string, number>>): Observation[] {
  const observations: Observation[] = [];
  for (const code of [...values.keys()].sort()) {
    for (const [period, value] of [...values.get(code)!].sort(([a], [b]) => a.localeCompare(b))) {
      observations.push({
        dataType: "lmb",
        table: LMB_TABLE,
        geo: code,
        isAggregate: false,
        period,
        value,
        flag: null,
        unit: LMB_UNIT,
      });
    }
  }
  return observations;
}

/** The InputError for a sheet whose value cells gave nothing to store, with what they were. */
function noUsableValue(g: Grid, read: SheetValues): InputError {
  const { warnings, skippedMissing } = read;
  const outOfRange = warnings.filter((w) => w.type === "out_of_range").length;
  const text = warnings.filter((w) => w.type === "missing_value").length;
  return new InputError(
    `The barometer in sheet "${g.sheet}" has country headers and months but no usable value: ` +
      `${skippedMissing - text} empty cell(s), ${text} text cell(s), ${outOfRange} value(s) outside ${LMB_MIN}–${LMB_MAX}.`,
    { warnings },
  );
}

/**
 * The notes on what was read: where the months and headers are, the months and countries, the headers as mapped,
 * then the Belgium notes, a second table not read, and the other sheets.
 */
function sheetNotes(
  g: Grid,
  layout: Layout,
  observations: readonly Observation[],
  values: ReadonlyMap<string, ReadonlyMap<string, number>>,
  mapping: readonly string[],
  belgiumNotes: readonly string[],
  otherSheets: readonly string[],
): string[] {
  const periods = [...new Set(observations.map((o) => o.period))].sort();
  const codes = [...values.keys()].filter((c) => values.get(c)!.size > 0).sort();
  const monthsLine =
    layout.orientation === "months-down" ? `column ${colName(layout.monthLine)}` : `row ${layout.monthLine}`;
  const headerLine =
    layout.orientation === "months-down" ? `row ${layout.headerLine}` : `column ${colName(layout.headerLine)}`;
  const span = (ps: number[]) =>
    layout.orientation === "months-down"
      ? `rows ${Math.min(...ps)}–${Math.max(...ps)}`
      : `columns ${colName(Math.min(...ps))}–${colName(Math.max(...ps))}`;
  const gaps = monthIndex(periods[periods.length - 1]) - monthIndex(periods[0]) + 1 - periods.length;

  const notes = [...belgiumNotes];
  notes.unshift(
    layout.orientation === "months-down"
      ? `Sheet "${g.sheet}": months run down ${monthsLine} (${span(layout.months.map((m) => m.pos))}), countries across ${headerLine}.`
      : `Sheet "${g.sheet}": months run across ${monthsLine} (${span(layout.months.map((m) => m.pos))}), countries down ${headerLine}.`,
    `${periods.length} month(s) from ${periods[0]} to ${periods[periods.length - 1]}${gaps > 0 ? ` (${gaps} month(s) missing in between)` : ""}; ${codes.length} countr${codes.length === 1 ? "y" : "ies"}: ${codes.join(", ")}.`,
    `Headers read: ${mapping.join(", ")}.`,
  );
  if (layout.nextBlock !== null) {
    notes.push(
      `Only the first table was read: another one starts at ${layout.orientation === "months-down" ? "row" : "column"} ${
        layout.orientation === "months-down" ? layout.nextBlock : colName(layout.nextBlock)
      }.`,
    );
  }
  if (otherSheets.length > 0) notes.push(`Other sheets not read: ${otherSheets.map((s) => `"${s}"`).join(", ")}.`);
  return notes;
}

/** Reads the sheet `g` at `layout`; `otherSheets` are named in a note. InputError for conflicts or no usable value. */
export function parseSheet(g: Grid, layout: Layout, otherSheets: string[]): ParsedFile {
  const read = readValues(g, layout);
  const { values, notes } = countryValues(oneValueEach(read.readings));
  const observations = observationsOf(values);
  if (observations.length === 0) throw noUsableValue(g, read);
  return {
    dataType: "lmb",
    table: LMB_TABLE,
    unit: LMB_UNIT,
    observations,
    processed: read.processed,
    skippedMissing: read.skippedMissing,
    unknownHeaders: read.unknownHeaders,
    warnings: read.warnings,
    notes: sheetNotes(g, layout, observations, values, read.mapping, notes, otherSheets),
    sourceUpdated: sourceUpdatedOf(g),
  };
}
