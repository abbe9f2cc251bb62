// Plausibility bands per data type (docs/data-sources.md, "Plausibility"): a value outside its band, or a period
// after the month of the ingest, is not a fact about a job market but a broken or hostile file. Such rows are not
// stored; each is named in an `out_of_range` warning (row, country, period, value), and `--strict` (or the
// operator page's strict mode) rejects the whole file. The bands are wide on purpose: they hold every real value
// of the sources (COVID quarters, Irish GDP, the 2022–23 inflation peak), and stop 250 %, −5 % and 1e308.
import { InputError } from "../lib/errors.ts";
import { monthLabel, periodEndMonth } from "./model/period.ts";
import type { DataType, Observation, ParsedFile, UploadWarning } from "./types.ts";

export interface Band {
  min: number;
  max: number;
  /** How the values read: `%`, `% growth`, `index`. */
  unit: string;
}

export const PLAUSIBLE_BANDS: Readonly<Record<DataType, Band>> = Object.freeze({
  unemployment: { min: 0, max: 40, unit: "% of the labour force" },
  vacancy: { min: 0, max: 20, unit: "% of posts vacant" },
  gdp: { min: -40, max: 40, unit: "% growth" },
  inflation: { min: -30, max: 100, unit: "% a year" },
  // The barometer's own scale runs from 90 (very poor) to 110 (very good), 100 neutral.
  lmb: { min: 80, max: 120, unit: "index points" },
  // The EEI has a long-term mean of 100 and a standard deviation of 10; its real extremes are 32.6 (DK, April 2020)
  // and 142.5.
  expectations: { min: 20, max: 180, unit: "index points" },
  // Under-25s: far above the overall rate (Greece and Spain passed 55 % in 2013), so a wider band.
  youth_unemployment: { min: 0, max: 80, unit: "% of the labour force under 25" },
});

/** At most this many out-of-range rows are named one by one; the rest are counted in one more warning. */
const MAX_NAMED = 200;

function where(parsed: ParsedFile, o: Observation): string {
  if (o.ref === undefined) return "";
  return parsed.refKind === "row" ? `row ${o.ref}, ` : parsed.refKind === "cell" ? `value #${o.ref}, ` : "";
}

/**
 * Splits a parsed file into the observations to store and the warnings about those that are not plausible.
 * `asOfMonth` is the month of the ingest (a period ending later is in the future).
 */
export function checkPlausibility(
  parsed: ParsedFile,
  asOfMonth: number,
  strict = false,
): { observations: Observation[]; warnings: UploadWarning[] } {
  const band = PLAUSIBLE_BANDS[parsed.dataType];
  const kept: Observation[] = [];
  const warnings: UploadWarning[] = [];
  let dropped = 0;
  for (const o of parsed.observations) {
    let problem: string | null = null;
    if (!Number.isFinite(o.value) || o.value < band.min || o.value > band.max) {
      problem = `${o.value} is outside the plausible range ${band.min} to ${band.max} (${band.unit}) for ${parsed.dataType}`;
    } else if (periodEndMonth(o.period) > asOfMonth) {
      problem = `the period ${o.period} is after ${monthLabel(asOfMonth)}, the month of this upload`;
    }
    if (problem === null) {
      kept.push(o);
      continue;
    }
    const detail = `${where(parsed, o)}${o.geo}, ${o.period}: ${problem}; not stored.`;
    if (strict) throw new InputError(`Strict mode: a value is not plausible, so nothing was stored. ${detail}`);
    dropped++;
    if (dropped <= MAX_NAMED) warnings.push({ type: "out_of_range", detail });
  }
  if (dropped > MAX_NAMED) {
    warnings.push({
      type: "out_of_range",
      detail: `… and ${dropped - MAX_NAMED} more values outside the plausible range; none of them was stored.`,
    });
  }
  if (kept.length === 0 && dropped > 0) {
    throw new InputError(
      `No value in this file is plausible for ${parsed.dataType} (${band.min} to ${band.max} ${band.unit}, periods up to ${monthLabel(asOfMonth)}); nothing was stored. First: ${warnings[0]!.detail}`,
    );
  }
  return { observations: dropped === 0 ? parsed.observations : kept, warnings };
}
