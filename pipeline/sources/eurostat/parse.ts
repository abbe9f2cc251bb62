// Eurostat JSON-stat 2.0 file → ParsedFile: the one pinned series per country and period, with warnings
// and notes for the operator. Pure: text (or an already parsed object) in, ParsedFile out.

import { countryByEurostatGeo, isAggregateGeo } from "../../countries.ts";
import { InputError } from "../../errors.ts";
import type { DataType, Observation, ParsedFile, Period, UploadWarning } from "../../types.ts";
import { assertDataType } from "../../validate.ts";
import { decodeJsonStat, forEachSliceCell, type JsonStatDataset, type JsonStatDimension, type SliceVisitor } from "./jsonstat.ts";
import { normalisePeriod } from "./period.ts";
import { describePins, pinSeries, type PinnedSeries } from "./pin.ts";
import { acceptedTable, type EurostatDataType, type TableConfig } from "./tables.ts";

export const NOT_JSON = "This file is not valid JSON.";
export const NOT_AN_OBJECT = "Invalid JSON: expected an object.";
export const LMB_NOT_JSON =
  "The European Labour Market Barometer (lmb) is an .xlsx file, not Eurostat JSON: upload the barometer workbook with data type lmb.";

/** Flag letters that make a value tentative, and how the warnings name them. */
const TENTATIVE_FLAGS = [
  ["p", "provisional"],
  ["e", "estimated"],
] as const;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);

/** Raw text (string or bytes) is parsed; anything else is taken as already parsed (the API's `payload`). */
export function readJsonObject(input: unknown): Record<string, unknown> {
  let value = input;
  if (typeof input === "string" || input instanceof Uint8Array) {
    const text = typeof input === "string" ? input : new TextDecoder().decode(input);
    try {
      value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text);
    } catch {
      throw new InputError(NOT_JSON);
    }
  }
  if (!isPlainObject(value)) throw new InputError(NOT_AN_OBJECT);
  return value;
}

function eurostatType(dataType: DataType): EurostatDataType {
  const type = assertDataType(dataType);
  if (type === "lmb") throw new InputError(LMB_NOT_JSON);
  return type;
}

/** The dimension playing `role` (`geo`, `time`): the one with that id, else the one `role` names. */
function roleDimension(ds: JsonStatDataset, role: "geo" | "time"): JsonStatDimension {
  const dim = ds.dimension(role) ?? ds.dimension(ds.role[role]?.[0] ?? "");
  if (dim === undefined) {
    throw new InputError(`This Eurostat file has no "${role}" dimension, so it cannot give one value per country and period.`);
  }
  return dim;
}

/** Normalised periods by time position; InputError for a label that is not a month or quarter of the table's frequency. */
function readPeriods(time: JsonStatDimension, config: TableConfig): Period[] {
  const seen = new Set<Period>();
  return time.codes.map((label) => {
    const p = normalisePeriod(label);
    if (p === null) {
      throw new InputError(
        `Time period "${label}" is not a month (YYYY-MM) or a quarter (YYYY-Qn); annual and other periods are not accepted.`,
        { period: label },
      );
    }
    if (p.freq !== config.freq) {
      const [is, want] = p.freq === "M" ? ["monthly", "quarterly"] : ["quarterly", "monthly"];
      throw new InputError(`Time period "${label}" is ${is}, but ${config.table} is a ${want} table.`, { period: label });
    }
    if (seen.has(p.period)) throw new InputError(`Time period ${p.period} appears twice in the file.`, { period: label });
    seen.add(p.period);
    return p.period;
  });
}

interface StoredGeo {
  pos: number;
  /** Product code (GR) or aggregate code (EU27_2020). */
  geo: string;
  isAggregate: boolean;
}

/** Split the geo dimension into what is stored (covered countries, aggregates) and unknown codes. */
function classifyGeos(geo: JsonStatDimension): { stored: StoredGeo[]; unknown: string[] } {
  const stored: StoredGeo[] = [];
  const unknown: string[] = [];
  geo.codes.forEach((code, pos) => {
    const country = countryByEurostatGeo(code);
    if (country !== undefined) stored.push({ pos, geo: country.code, isAggregate: false });
    else if (isAggregateGeo(code)) stored.push({ pos, geo: code, isAggregate: true });
    else unknown.push(code);
  });
  return { stored, unknown };
}

/** Count and period range of one tentative flag for one geo. */
interface FlagRun {
  count: number;
  first: Period;
  last: Period;
}

interface SliceRead {
  observations: Observation[];
  skippedMissing: number;
  /** Stored geos (product or aggregate code) with at least one value. */
  geosWithValues: Set<string>;
  /** geo → flag letter → run. */
  flags: Map<string, Map<string, FlagRun>>;
}

function noteFlag(flags: SliceRead["flags"], geo: string, letter: string, period: Period): void {
  let byLetter = flags.get(geo);
  if (byLetter === undefined) flags.set(geo, (byLetter = new Map()));
  const run = byLetter.get(letter);
  if (run === undefined) byLetter.set(letter, { count: 1, first: period, last: period });
  else {
    run.count++;
    if (period < run.first) run.first = period;
    if (period > run.last) run.last = period;
  }
}

interface SliceInput {
  ds: JsonStatDataset;
  config: TableConfig;
  pinned: PinnedSeries;
  geoDim: string;
  timeDim: string;
  stored: readonly StoredGeo[];
  periods: readonly Period[];
  unit: string;
}

/** Read the pinned geo × time slice of the stored geos: O(stored geos × periods). */
function readSlice(input: SliceInput): SliceRead {
  const { ds, config, pinned, stored, periods, unit } = input;
  const geoAt: Array<StoredGeo | undefined> = [];
  for (const g of stored) geoAt[g.pos] = g;
  const { dataType, table } = config;
  // Sized for the whole slice up front (then trimmed): no re-allocation while a million cells are read.
  const observations = new Array<Observation>(stored.length * periods.length);
  let count = 0;
  const out: SliceRead = { observations, skippedMissing: 0, geosWithValues: new Set(), flags: new Map() };
  const visit: SliceVisitor = (row, col, value, flag) => {
    if (value === null) {
      out.skippedMissing++;
      return;
    }
    const { geo, isAggregate } = geoAt[row] as StoredGeo;
    const period = periods[col];
    observations[count++] = { dataType, table, geo, isAggregate, period, value, flag, unit };
    if (flag !== null) {
      for (const [letter] of TENTATIVE_FLAGS) if (flag.includes(letter)) noteFlag(out.flags, geo, letter, period);
    }
  };
  forEachSliceCell(ds, pinned.positions, input.geoDim, input.timeDim, visit, stored.map((g) => g.pos));
  observations.length = count;
  for (const o of out.observations) out.geosWithValues.add(o.geo);
  return out;
}

const plural = (n: number, word: string, words = `${word}s`): string => `${n} ${n === 1 ? word : words}`;

function flagWarnings(flags: SliceRead["flags"], stored: readonly StoredGeo[]): UploadWarning[] {
  const warnings: UploadWarning[] = [];
  for (const { geo } of stored) {
    const byLetter = flags.get(geo);
    for (const [letter, name] of TENTATIVE_FLAGS) {
      const run = byLetter?.get(letter);
      if (run === undefined) continue;
      const range = run.first === run.last ? run.first : `${run.first} … ${run.last}`;
      warnings.push({ type: "flag", detail: `${geo}: ${plural(run.count, `${name} value`)} (${range})` });
    }
  }
  return warnings;
}

function buildWarnings(read: SliceRead, stored: readonly StoredGeo[], unknown: readonly string[]): UploadWarning[] {
  const unknownGeo = unknown.map((code) => ({
    type: "unknown_geo" as const,
    detail: `${code}: not a covered country or a known aggregate; its values were not stored.`,
  }));
  const missing = stored
    .filter((g) => !g.isAggregate && !read.geosWithValues.has(g.geo))
    .map((g) => ({ type: "missing_value" as const, detail: `${g.geo}: in the file, but without any value.` }));
  return [...unknownGeo, ...missing, ...flagWarnings(read.flags, stored)];
}

function periodRange(observations: readonly Observation[]): [Period, Period] {
  let first = observations[0].period;
  let last = first;
  for (const o of observations) {
    if (o.period < first) first = o.period;
    if (o.period > last) last = o.period;
  }
  return [first, last];
}

/** `8 countries (AT, …) and 2 aggregates (EU27_2020, EA20), 1991-01 to 2026-07: 2996 values, 1196 empty cells skipped.` */
function coverageNote(stored: readonly StoredGeo[], read: SliceRead): string {
  const withValues = stored.filter((g) => read.geosWithValues.has(g.geo));
  const countries = withValues.filter((g) => !g.isAggregate).map((g) => g.geo).sort();
  const aggregates = withValues.filter((g) => g.isAggregate).map((g) => g.geo);
  const [first, last] = periodRange(read.observations);
  const countryPart = plural(countries.length, "country", "countries") + (countries.length > 0 ? ` (${countries.join(", ")})` : "");
  const aggregatePart = aggregates.length > 0 ? ` and ${plural(aggregates.length, "aggregate")} (${aggregates.join(", ")})` : "";
  const counts = `${plural(read.observations.length, "value")}, ${plural(read.skippedMissing, "empty cell")} skipped`;
  return `${countryPart}${aggregatePart}, ${first} to ${last}: ${counts}.`;
}

/** What was read, in plain words: table, series, coverage, then the table's own remarks. */
function buildNotes(ds: JsonStatDataset, input: SliceInput, read: SliceRead): string[] {
  const { config, pinned } = input;
  const title = ds.label === null ? "" : ` (${ds.label})`;
  const updated = ds.updated === null ? "" : `, updated ${ds.updated}`;
  const pinNotes = pinned.codes.flatMap(([dim, code]) => config.pinNotes?.[`${dim}=${code}`] ?? []);
  return [
    `Read Eurostat table ${config.table}${title}${updated}.`,
    `Series: ${describePins(pinned)}.`,
    coverageNote(input.stored, read),
    ...pinNotes,
    ...(config.note === undefined ? [] : [config.note]),
  ];
}

function emptySelection(config: TableConfig, pinned: PinnedSeries): InputError {
  return new InputError(
    `Empty selection: ${config.table} with ${describePins(pinned)} has no value for any covered country or aggregate in this file.`,
    { table: config.table },
  );
}

/**
 * Parse one Eurostat JSON-stat 2.0 file for `dataType`. `input` is the raw file text (string or bytes)
 * or an already parsed object. Throws InputError with a message for the operator when the file cannot
 * be used; never returns an empty success.
 */
export function parseEurostat(input: string | Uint8Array | unknown, dataType: DataType): ParsedFile {
  const type = eurostatType(dataType);
  const ds = decodeJsonStat(readJsonObject(input));
  const geoDim = roleDimension(ds, "geo");
  const timeDim = roleDimension(ds, "time");
  const config = acceptedTable(ds, type, timeDim.id);
  const periods = readPeriods(timeDim, config);
  const pinned = pinSeries(ds, config, [geoDim.id, timeDim.id]);
  const { stored, unknown } = classifyGeos(geoDim);
  const unit = pinned.codes.find(([dim]) => dim === config.unitDimension)?.[1] ?? "";
  const slice: SliceInput = { ds, config, pinned, geoDim: geoDim.id, timeDim: timeDim.id, stored, periods, unit };
  const read = readSlice(slice);
  if (read.observations.length === 0) throw emptySelection(config, pinned);
  return {
    dataType: type,
    table: config.table,
    unit,
    observations: read.observations,
    processed: stored.length * periods.length,
    skippedMissing: read.skippedMissing,
    unknownHeaders: [...unknown],
    warnings: buildWarnings(read, stored, unknown),
    notes: buildNotes(ds, slice, read),
    sourceUpdated: ds.updated,
  };
}
