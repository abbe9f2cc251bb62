// What every Eurostat reader (JSON-stat, SDMX-CSV, per-dimension CSV) does once it has the pinned series'
// values: the same warnings (unknown geos, countries without values, provisional/estimated flags), the same
// notes and the same "empty selection" error, so that the format never changes what the operator is told.
import { countryByEurostatGeo, isAggregateGeo } from "../../../lib/countries.ts";
import { InputError } from "../../../lib/errors.ts";
import type { ExtraSeries, Observation, ParsedFile, Period, UploadWarning } from "../../types.ts";
import { describePins, type PinnedSeries } from "./pin.ts";
import type { TableConfig } from "./tables.ts";
import { seriesKey } from "../series-key.ts";

/** A geo the file has that is stored: a covered country (product code, GR for EL) or an aggregate. */
export interface StoredGeo {
  /** Product code (GR) or aggregate code (EU27_2020). */
  geo: string;
  isAggregate: boolean;
}

/** A Eurostat geo code → what is stored for it, or null when it is neither a covered country nor a known aggregate. */
export function storedGeo(code: string): StoredGeo | null {
  const country = countryByEurostatGeo(code);
  if (country !== undefined) return { geo: country.code, isAggregate: false };
  if (isAggregateGeo(code)) return { geo: code, isAggregate: true };
  return null;
}

/** Flag letters that make a value tentative, and how the warnings name them. */
const TENTATIVE_FLAGS = [
  ["p", "provisional"],
  ["e", "estimated"],
] as const;

export const plural = (n: number, word: string, words = `${word}s`): string => `${n} ${n === 1 ? word : words}`;

/** Count and period range of one tentative flag for one geo. */
interface FlagRun {
  count: number;
  first: Period;
  last: Period;
}

/** geo → flag letter → run, from the observations. */
function flagRuns(observations: readonly Observation[]): Map<string, Map<string, FlagRun>> {
  const flags = new Map<string, Map<string, FlagRun>>();
  for (const { geo, period, flag } of observations) {
    if (flag === null) continue;
    for (const [letter] of TENTATIVE_FLAGS) {
      if (!flag.includes(letter)) continue;
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
  }
  return flags;
}

function flagWarnings(observations: readonly Observation[], stored: readonly StoredGeo[]): UploadWarning[] {
  const flags = flagRuns(observations);
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

/** unknown_geo for each unknown code or label, missing_value for each stored country without a value, then flags. */
function seriesWarnings(
  observations: readonly Observation[],
  stored: readonly StoredGeo[],
  unknown: readonly string[],
): UploadWarning[] {
  const withValues = new Set(observations.map((o) => o.geo));
  const unknownGeo = unknown.map((code) => ({
    type: "unknown_geo" as const,
    detail: `${code}: not a covered country or a known aggregate; its values were not stored.`,
  }));
  const missing = stored
    .filter((g) => !g.isAggregate && !withValues.has(g.geo))
    .map((g) => ({ type: "missing_value" as const, detail: `${g.geo}: in the file, but without any value.` }));
  return [...unknownGeo, ...missing, ...flagWarnings(observations, stored)];
}

function periodRange(observations: readonly Observation[]): [Period, Period] {
  let first = observations[0]!.period;
  let last = first;
  for (const o of observations) {
    if (o.period < first) first = o.period;
    if (o.period > last) last = o.period;
  }
  return [first, last];
}

/** `8 countries (AT, …) and 2 aggregates (EU27_2020, EA20), 1991-01 to 2026-07: 2996 values, 1196 empty cells skipped.` */
function coverageNote(
  stored: readonly StoredGeo[],
  observations: readonly Observation[],
  skippedMissing: number,
): string {
  const withValues = new Set(observations.map((o) => o.geo));
  const shown = stored.filter((g) => withValues.has(g.geo));
  const countries = shown
    .filter((g) => !g.isAggregate)
    .map((g) => g.geo)
    .sort();
  const aggregates = shown.filter((g) => g.isAggregate).map((g) => g.geo);
  const [first, last] = periodRange(observations);
  const countryPart =
    plural(countries.length, "country", "countries") + (countries.length > 0 ? ` (${countries.join(", ")})` : "");
  const aggregatePart =
    aggregates.length > 0 ? ` and ${plural(aggregates.length, "aggregate")} (${aggregates.join(", ")})` : "";
  const counts = `${plural(observations.length, "value")}, ${plural(skippedMissing, "empty cell")} skipped`;
  return `${countryPart}${aggregatePart}, ${first} to ${last}: ${counts}.`;
}

function emptySelection(config: TableConfig, pinned: PinnedSeries): InputError {
  return new InputError(
    `Empty selection: ${config.table} with ${describePins(pinned)} has no value for any covered country or aggregate in this file.`,
    { table: config.table },
  );
}

/** The unit recorded for the pinned series: the table's fixed unit, else the pinned code of its unit dimension. */
export function seriesUnit(config: TableConfig, pinned: PinnedSeries): string {
  return config.unitCode ?? pinned.codes.find(([dim]) => dim === config.unitDimension)?.[1] ?? "";
}

export interface SeriesRead {
  config: TableConfig;
  pinned: PinnedSeries;
  unit: string;
  /** Stored geos in the file's order (duplicates removed). */
  stored: readonly StoredGeo[];
  /** Geo codes or labels that map to no covered country or aggregate, in the file's order. */
  unknown: readonly string[];
  observations: Observation[];
  processed: number;
  skippedMissing: number;
  /** The first note: what was read (`Read Eurostat table une_rt_m (…), updated …`). */
  readNote: string;
  sourceUpdated: string | null;
  refKind: "row" | "cell";
  /** Said after the coverage note (what else the file held and was left out). */
  extraNotes?: readonly string[];
}

/** The ParsedFile of a pinned series; InputError "Empty selection" when it holds no value. */
export function finishSeries(read: SeriesRead): ParsedFile {
  const { config, pinned, observations } = read;
  if (observations.length === 0) throw emptySelection(config, pinned);
  const pinNotes = pinned.codes.flatMap(([dim, code]) => config.pinNotes?.[`${dim}=${code}`] ?? []);
  return {
    dataType: config.dataType,
    table: config.table,
    unit: read.unit,
    observations,
    processed: read.processed,
    skippedMissing: read.skippedMissing,
    unknownHeaders: [...read.unknown],
    warnings: seriesWarnings(observations, read.stored, read.unknown),
    notes: [
      read.readNote,
      `Series: ${describePins(pinned)}.`,
      coverageNote(read.stored, observations, read.skippedMissing),
      ...(read.extraNotes ?? []),
      ...pinNotes,
      ...(config.note === undefined ? [] : [config.note]),
    ],
    sourceUpdated: read.sourceUpdated,
    series: seriesKey(config, pinned.codes),
    refKind: read.refKind,
  };
}

/**
 * Collects the rows of a CSV's pinned series in file order: counts them, skips empty values, rejects two rows
 * that give one country and period different values (the same value twice is kept once), and remembers the
 * order in which the stored geos first appear.
 */
export class RowCollector {
  readonly observations: Observation[] = [];
  processed = 0;
  skippedMissing = 0;
  /** Stored geos in the order of their first row. */
  readonly order: string[] = [];
  private readonly inOrder = new Set<string>();
  private readonly seen = new Map<string, { value: number; row: number }>();

  constructor(private readonly series: { dataType: Observation["dataType"]; table: string; unit: string }) {}

  add(row: number, at: StoredGeo, period: Period, value: number | null, flag: string | null): void {
    if (!this.inOrder.has(at.geo)) {
      this.inOrder.add(at.geo);
      this.order.push(at.geo);
    }
    this.processed++;
    if (value === null) {
      this.skippedMissing++;
      return;
    }
    const key = `${at.geo}|${period}`;
    const before = this.seen.get(key);
    if (before !== undefined) {
      if (before.value === value) return;
      throw new InputError(
        `Rows ${before.row} and ${row} both give ${at.geo} ${period}, with different values (${before.value} and ${value}); keep one of them.`,
        { rows: [before.row, row], geo: at.geo, period },
      );
    }
    this.seen.set(key, { value, row });
    const { dataType, table, unit } = this.series;
    this.observations.push({
      dataType,
      table,
      geo: at.geo,
      isAggregate: at.isAggregate,
      period,
      value,
      flag,
      unit,
      ref: row,
    });
  }

  /** The stored geos of `all` in the order of their first row, then those without a row (alphabetically). */
  storedInOrder(all: Iterable<StoredGeo>): StoredGeo[] {
    const byGeo = new Map([...all].map((g) => [g.geo, g]));
    const rest = [...byGeo.keys()].filter((g) => !this.inOrder.has(g)).sort();
    return [...this.order, ...rest].map((g) => byGeo.get(g)!);
  }
}

// ---------------------------------------------------------------------------------------------------------
// More series of one file (docs/model.md §1 "Series", §11). A pin that accepts several codes (s_adj SA before NSA,
// nace_r2_1 B-T before A-T, GDP's two units) is pinned at the first the file holds: that is the file's series. The
// file's other accepted codes are series of their own, stored beside it and read per country only where the preferred
// one has nothing that counts (store/read-series.ts), so a country with only an unadjusted series keeps it. And a
// vacancy file's every NACE aggregate is a sector series (data type `sector_vacancy`, v2.3 §11). Each reader
// (JSON-stat, CSV, workbook) reads the selections below; they are the same whatever the format.

/** A selection: the code of every pinned dimension (the file's series, or another it holds). */
export type Selection = ReadonlyArray<readonly [dimension: string, code: string]>;

/** The categories of a file's dimensions, as pinning sees them (a JSON-stat dataset, CSV columns, workbook sheets). */
interface Categories {
  dimension(id: string): { codes: readonly string[] } | undefined;
}

/**
 * Every selection of the file the table accepts, preferred first: the pinned codes, with each pin that accepts
 * several codes at every accepted code the file holds (and `vary`'s dimension at each of its codes).
 */
function selectionsOf(
  config: TableConfig,
  file: Categories,
  pinned: PinnedSeries,
  vary?: { dimension: string; codes: readonly string[] },
): Selection[] {
  let out: Selection[] = [pinned.codes];
  for (const rule of config.pins) {
    const held = file.dimension(rule.dimension)?.codes;
    if (held === undefined || !pinned.codes.some(([d]) => d === rule.dimension)) continue;
    const codes = vary?.dimension === rule.dimension ? vary.codes : rule.codes.filter((c) => held.includes(c));
    if (codes.length < 2 && vary?.dimension !== rule.dimension) continue;
    out = out.flatMap((sel) => codes.map((code) => sel.map(([d, c]) => [d, d === rule.dimension ? code : c] as const)));
  }
  return out;
}

export interface FileSelections {
  /** The file's other series of the same data type, least preferred last (none for most files). */
  others: Selection[];
  /** A vacancy file's sector series: every NACE aggregate (the headline's too) × the accepted codes of the others. */
  sectors: Selection[];
}

/** What a file holds beside its series: the selections each reader reads for `moreSeries`. */
export function fileSelections(config: TableConfig, file: Categories, pinned: PinnedSeries): FileSelections {
  const others = selectionsOf(config, file, pinned).slice(1);
  const nace = config.sectors?.dimension;
  const naceCodes = nace === undefined ? [] : (file.dimension(nace)?.codes ?? []);
  // A file of the headline aggregate alone has no sectors to show.
  const sectors =
    nace !== undefined && config.dataType === "vacancy" && naceCodes.length > 1
      ? selectionsOf(config, file, pinned, { dimension: nace, codes: [...naceCodes].sort() })
      : [];
  return { others, sectors };
}

export interface MoreSeries {
  series: ExtraSeries[];
  /** The upload notes about them (none without any). */
  notes: string[];
}

/** The series read for each selection (selections without any value are left out), and the notes that say so. */
export function moreSeries(
  config: TableConfig,
  others: ReadonlyArray<{ codes: Selection; observations: Observation[] }>,
  sectors: ReadonlyArray<{ codes: Selection; observations: Observation[] }>,
): MoreSeries {
  const kept = others.filter((r) => r.observations.length > 0);
  const shown = sectors.filter((r) => r.observations.length > 0);
  const series: ExtraSeries[] = [
    ...kept.map((r) => ({
      dataType: config.dataType,
      series: seriesKey(config, r.codes),
      observations: r.observations,
    })),
    ...shown.map((r) => ({
      dataType: "sector_vacancy" as const,
      series: seriesKey(config, r.codes),
      observations: r.observations,
    })),
  ];
  const describe = (codes: Selection) => codes.map(([d, c]) => `${d}=${c}`).join(", ");
  const nace = config.sectors?.dimension ?? "";
  const aggregates = [...new Set(shown.map((r) => r.codes.find(([d]) => d === nace)![1]))];
  const notes = [
    ...kept.map(
      (r) =>
        `Also stored: the file's series ${describe(r.codes)} (${plural(new Set(r.observations.map((o) => o.geo)).size, "geo")}), read for a country only where the series above has no value that counts.`,
    ),
    ...(shown.length === 0
      ? []
      : [
          `Sectors: the job vacancy rate of each NACE aggregate in the file (${nace} ${aggregates.join(", ")}) with the same other selections is stored as sector vacancy rates (${plural(shown.length, "series", "series")}), context only, never in the score.`,
        ]),
  ];
  return { series, notes };
}

/**
 * The parsed file with its further series (unchanged without any). A country without a value in the file's series
 * but with one in another series of the same data type is not "without any value".
 */
export function withMoreSeries(parsed: ParsedFile, more: MoreSeries): ParsedFile {
  if (more.series.length === 0) return parsed;
  const elsewhere = new Set(
    more.series.filter((s) => s.dataType === parsed.dataType).flatMap((s) => s.observations.map((o) => o.geo)),
  );
  const warnings = parsed.warnings.filter(
    (w) => !(w.type === "missing_value" && elsewhere.has(w.detail.split(":")[0]!)),
  );
  return { ...parsed, warnings, extraSeries: more.series };
}
