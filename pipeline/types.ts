// Shared types of the pipeline: what parsers produce, what the store keeps, what ingest answers.
// Nothing here does I/O.

/**
 * `youth_unemployment` (model v2.2 §10): une_rt_m for the under-25s, context shown beside the unemployment rate,
 * never in any score (docs/decisions/016-youth-unemployment.md).
 */
export const DATA_TYPES = [
  "unemployment",
  "vacancy",
  "gdp",
  "inflation",
  "lmb",
  "expectations",
  "youth_unemployment",
] as const;
export type DataType = (typeof DATA_TYPES)[number];

/**
 * What the store may hold: the data types a file is uploaded as, and `sector_vacancy` (score model v2.3 §11), the job
 * vacancy rate of each NACE aggregate, stored from the same vacancy files (every aggregate they carry) and shown as
 * context, never in a score. It is not uploaded on its own: a vacancy file brings it.
 */
export type StoredDataType = DataType | "sector_vacancy";

export const SECTOR_DATA_TYPE = "sector_vacancy" satisfies StoredDataType;

export function isDataType(value: unknown): value is DataType {
  return typeof value === "string" && (DATA_TYPES as readonly string[]).includes(value);
}

/** A normalised period: `YYYY-MM` for a month, `YYYY-Qn` for a quarter. */
export type Period = string;

/** One value of one series, as read from a source file (before it is stored). */
export interface Observation {
  dataType: StoredDataType;
  /** Source table id in lower case: `une_rt_m`, `jvs_q_nace2`, `prc_hicp_minr`, … or `lmb` for the barometer. */
  table: string;
  /** Product country code (`DE`, `GR` for Eurostat's `EL`) or an aggregate code (`EU27_2020`, `EA20`, …). */
  geo: string;
  isAggregate: boolean;
  period: Period;
  value: number;
  /** Eurostat status flag letters (`p`, `e`, `b`, `bu`, …) or null. */
  flag: string | null;
  /** Unit code: `PC_ACT`, `JVR`, `CLV_PCH_PRE`, `CLV_PCH_SM`, `RCH_A`, `INDEX` (barometer). */
  unit: string;
  /**
   * Where the value sits in its file, for messages about one value (see ParsedFile.refKind): a CSV data row
   * (1 = the first row after the header) or a JSON-stat flat value index. Optional: parsers that cannot say leave it out.
   */
  ref?: number;
}

type WarningType =
  "revision" | "unknown_geo" | "missing_value" | "flag" | "stale" | "out_of_range" | "unit" | "unknown_header";

export interface UploadWarning {
  type: WarningType;
  detail: string;
}

/** What a source parser returns for one file. Parsers are pure: bytes in, this out. */
export interface ParsedFile {
  dataType: DataType;
  /** Source table id, lower case (`une_rt_m`, `lmb`). */
  table: string;
  /** Unit of the series kept (`CLV_PCH_PRE` / `CLV_PCH_SM` for GDP, …). */
  unit: string;
  observations: Observation[];
  /** Cells of the pinned series that were read (values and missing ones). */
  processed: number;
  /** Cells of the pinned series without a value (absent keys, empty cells). */
  skippedMissing: number;
  /** Geo codes (Eurostat) or column/row headers (barometer) that map to no covered country or aggregate. */
  unknownHeaders: string[];
  warnings: UploadWarning[];
  notes: string[];
  /** The source's own `updated` stamp when it has one (ISO string). */
  sourceUpdated: string | null;
  /**
   * The series the file pins (docs/model.md §1 "Series"): `dim=CODE,…` of every pinned dimension
   * (pipeline/sources/series-key.ts); absent or `""` for a table with a single series (the barometer).
   */
  series?: string;
  /** What Observation.ref counts: `row` (CSV data row) or `cell` (JSON-stat value index). */
  refKind?: "row" | "cell";
  /**
   * v2.3: further series of the same table stored from the same file, each under its own data type and series:
   * the job vacancy rate of every NACE aggregate a vacancy file carries (`sector_vacancy`, score model §11).
   */
  extraSeries?: ExtraSeries[];
}

/** One more series of a file (ParsedFile.extraSeries): same table and release, its own data type and series key. */
export interface ExtraSeries {
  dataType: StoredDataType;
  series: string;
  observations: Observation[];
}

/** The steps of an ingest (pipeline/ingest.ts), in order; the operator page turns them into its 20/40/60/80 progress. */
export type IngestStep = "received" | "parsed" | "validated" | "stored";

/** The upload result of docs/interfaces.md, shared by `jwi ingest --json` and the admin upload route. */
export interface UploadResult {
  success: boolean;
  error?: string;
  data_type: DataType | string;
  processed: number;
  inserted: number;
  updated: number;
  unchanged: number;
  skippedMissing: number;
  rows_upserted: number;
  unknownHeaders: string[];
  warnings: UploadWarning[];
  latest_samples: Array<{ country: string; period: Period; value: number }>;
  tolerance_pp: number;
  strict_mode: boolean;
  notes: string[];
  /** Extra facts (not in the contract's minimum): the table, the file's SHA-256, the ingest id, dry run. */
  table?: string;
  /** v2.2: the series the file was stored under (`dim=CODE,…`) and its release (normalised; null when none). */
  series?: string;
  release?: string | null;
  /** v2.2: values kept as stored because a later release of the same series holds them. */
  older_release?: number;
  file_sha256?: string;
  /** v2.3: the further series stored from the same file (sector vacancy rates), with their value counts. */
  extra_series?: Array<{ data_type: StoredDataType; series: string; values: number }>;
  ingest_id?: number | null;
  dry_run?: boolean;
}

/** What a recalc whose result equals the current publication says (recalc.ts: nothing is published). */
export const NOTHING_CHANGED = "Nothing changed: the published scores stay.";
