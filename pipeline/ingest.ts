// Ingest: one file (or one Eurostat payload) → validated observations → one DuckDB transaction.
// The CLI (`jwi ingest`) and the operator's upload route both call `ingest`; there is no other path.
import { createHash } from "node:crypto";
import { COUNTRIES } from "../lib/countries.ts";
import { InputError } from "../lib/errors.ts";
import { CURRENT_PARAMS, familyOfDataType, withinCutoff } from "./model/current.ts";
import { ageInMonths, periodEndMonth } from "./model/period.ts";
import { parseBarometerGuarded, parseEurostatWorkbookGuarded } from "./sources/barometer/parse-guarded.ts";
import { looksLikeJson, parseCsv } from "./sources/csv/parse-csv.ts";
import { parseEurostat } from "./sources/eurostat/parse.ts";
import { plural } from "./sources/eurostat/series.ts";
import { normaliseRelease } from "./sources/series-key.ts";
import { PLAUSIBLE_BANDS, checkPlausibility } from "./plausibility.ts";
import { diffObservations } from "./store/diff.ts";
import type { ObservationStore } from "./store/observations.ts";
import {
  isDataType,
  type DataType,
  type ExtraSeries,
  type IngestStep,
  type Observation,
  type ParsedFile,
  type UploadResult,
  type UploadWarning,
} from "./types.ts";
import { checkUploadFile } from "./validate.ts";

export const DEFAULT_TOLERANCE_PP = 0.5;

/**
 * Where a file came from, stored with its ingest: `jwi ingest` (cli), the operator page (upload), `jwi fetch` /
 * `jwi update` / the schedule (fetch), or the bundled real files on first start (bundled).
 */
export type IngestOrigin = "cli" | "upload" | "fetch" | "bundled";

export type { IngestStep };

export interface IngestRequest {
  /** The file's name (its extension is checked); `payload.json` for a JSON body. */
  fileName: string;
  /** Raw bytes of the file, or an already-parsed JSON-stat object (the admin API's `payload`). */
  content: Buffer | string | object;
  dataType: string;
  /** Where the same bytes lie on disk, when they came from a file (CSV readers then read it in place). */
  path?: string;
  /** The file's size when the caller knows it without reading it (an oversized file is refused unread). */
  size?: number;
  strict?: boolean;
  tolerancePp?: number;
  dryRun?: boolean;
  /** Where it came from, kept with the ingest (default `cli`). */
  origin?: IngestOrigin;
  /** Clock for `ingested_at` and staleness; defaults to now. */
  now?: Date;
  onProgress?: (step: IngestStep) => void;
}

function emptyResult(dataType: string, tolerancePp: number, strict: boolean): UploadResult {
  return {
    success: false,
    data_type: dataType,
    processed: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    skippedMissing: 0,
    rows_upserted: 0,
    unknownHeaders: [],
    warnings: [],
    latest_samples: [],
    tolerance_pp: tolerancePp,
    strict_mode: strict,
    notes: [],
  };
}

/** The content as bytes (null for an already-parsed JSON object, hashed as its JSON text) and its size. */
function contentBytes(content: IngestRequest["content"]): { bytes: Buffer; size: number } {
  if (Buffer.isBuffer(content) || typeof content === "string") {
    const bytes = Buffer.isBuffer(content) ? content : Buffer.from(content, "utf8");
    return { bytes, size: bytes.length };
  }
  const bytes = Buffer.from(JSON.stringify(content) ?? "", "utf8");
  return { bytes, size: bytes.length };
}

/** Bytes hashed between two turns of the event loop. */
const HASH_PIECE = 4 * 1024 * 1024;

/**
 * The SHA-256 of `bytes`, piece by piece, letting the event loop run between pieces: started before the parse,
 * it runs while DuckDB reads a CSV on its own threads (both only read the same bytes). Stops early, answering
 * null, once `stop.done` is set (the parse failed: no hash is needed).
 */
async function sha256Of(bytes: Buffer, stop: { done: boolean }): Promise<string | null> {
  const hash = createHash("sha256");
  for (let at = 0; at < bytes.length; at += HASH_PIECE) {
    if (stop.done) return null;
    hash.update(bytes.subarray(at, at + HASH_PIECE));
    if (at + HASH_PIECE < bytes.length) await new Promise<void>((resolve) => setImmediate(resolve));
  }
  return hash.digest("hex");
}

/**
 * The one parser dispatch (every ingest goes through it): the barometer workbook, Eurostat's data browser
 * spreadsheet (.xlsx), a CSV (Eurostat's downloads, DG ECFIN's long file) or Eurostat JSON-stat, by data type and
 * file name.
 */
export async function parseSourceFile(
  dataType: DataType,
  content: IngestRequest["content"],
  fileName: string,
  onDisk?: string,
): Promise<ParsedFile> {
  if (dataType === "lmb") {
    if (!Buffer.isBuffer(content)) throw new InputError("Please upload a .XLSX file");
    return parseBarometerGuarded(content); // archive check, then a worker with memory and time limits
  }
  // v2.3: the Eurostat data browser's spreadsheet, with the barometer's guards (archive check, then a worker).
  if (/\.xlsx$/i.test(fileName)) {
    if (!Buffer.isBuffer(content)) throw new InputError("A spreadsheet upload must be the .xlsx file itself.");
    return parseEurostatWorkbookGuarded(content, dataType);
  }
  // A .csv goes to the CSV readers (Eurostat's downloads, DG ECFIN's long file) unless it holds JSON; anything
  // else (.json, the API's parsed payload) is Eurostat JSON-stat.
  const csv =
    /\.csv$/i.test(fileName) && (typeof content === "string" || Buffer.isBuffer(content)) && !looksLikeJson(content);
  if (!csv) return parseEurostat(content, dataType);
  // DuckDB reads the file where it lies when there is one (no second copy of a big upload).
  return parseCsv(onDisk !== undefined ? { path: onDisk } : (content as Buffer | string), dataType);
}

/** Each country's newest observation in `observations` (aggregates left out), by its period's end month. */
function newestByCountry(observations: readonly Observation[]): Map<string, Observation> {
  const newest = new Map<string, { end: number; o: Observation }>();
  for (const o of observations) {
    if (o.isAggregate) continue;
    const end = periodEndMonth(o.period);
    const seen = newest.get(o.geo);
    if (!seen || end > seen.end) newest.set(o.geo, { end, o });
  }
  return new Map([...newest].map(([geo, { o }]) => [geo, o]));
}

/** Countries whose newest value in this file is older than the model's cut-off (as of `now`). */
export function staleWarnings(observations: readonly Observation[], dataType: DataType, now: Date): UploadWarning[] {
  const familyName = familyOfDataType(dataType);
  const family = CURRENT_PARAMS.freshness[familyName];
  const asOfMonth = now.toISOString().slice(0, 7);
  const newest = newestByCountry(observations);
  const warnings: UploadWarning[] = [];
  for (const country of COUNTRIES) {
    const period = newest.get(country.code)?.period;
    if (!period) continue;
    if (!withinCutoff(period, familyName, asOfMonth)) {
      const age = ageInMonths(period, asOfMonth);
      warnings.push({
        type: "stale",
        detail:
          dataType === "youth_unemployment"
            ? `${country.code}: newest period ${period} is ${age} months old; past the ${family.cutoff}-month cut-off it is no longer shown`
            : `${country.code}: newest period ${period} is ${age} months old; past the ${family.cutoff}-month cut-off it no longer counts in the score`,
      });
    }
  }
  return warnings;
}

function latestSamples(observations: readonly Observation[]): UploadResult["latest_samples"] {
  const newest = newestByCountry(observations);
  return COUNTRIES.filter((c) => newest.has(c.code)).map((c) => {
    const o = newest.get(c.code)!;
    return { country: c.code, period: o.period, value: o.value };
  });
}

interface ExtraDiff {
  extra: ExtraSeries;
  /** Its plausible observations. */
  observations: Observation[];
  diff: ReturnType<typeof diffObservations>;
  warnings: UploadWarning[];
}

/**
 * The further series of a parsed file (ParsedFile.extraSeries: sector vacancy rates), each checked for plausibility
 * (values outside the vacancy band or in the future are left out, with a warning) and compared with its stored series.
 * Revisions of context series are not warned about one by one: the headline series carries the file's revisions.
 */
async function extraDiffs(
  store: ObservationStore,
  parsed: ParsedFile,
  asOfMonth: number,
  release: string | null,
): Promise<ExtraDiff[]> {
  const out: ExtraDiff[] = [];
  for (const extra of parsed.extraSeries ?? []) {
    const band = PLAUSIBLE_BANDS[parsed.dataType];
    const observations: Observation[] = [];
    let dropped = 0;
    for (const o of extra.observations) {
      const ok = Number.isFinite(o.value) && o.value >= band.min && o.value <= band.max;
      if (ok && periodEndMonth(o.period) <= asOfMonth) observations.push(o);
      else dropped++;
    }
    const warnings: UploadWarning[] =
      dropped === 0
        ? []
        : [
            {
              type: "out_of_range",
              detail: `${extra.series}: ${dropped} value(s) outside ${band.min} to ${band.max} (${band.unit}) or after the month of this upload; not stored.`,
            },
          ];
    if (observations.length === 0) continue;
    const existing = await store.existingValues(extra.dataType, parsed.table, extra.series);
    const diff = diffObservations(observations, existing, Number.POSITIVE_INFINITY, release);
    out.push({ extra, observations, diff, warnings });
  }
  return out;
}

/**
 * Validates and stores one file. Bad input never throws: it answers `success: false` with the message and
 * stores nothing. Other failures (a broken store) throw, after the transaction has been rolled back.
 */
export async function ingest(store: ObservationStore, req: IngestRequest): Promise<UploadResult> {
  const tolerancePp = req.tolerancePp ?? DEFAULT_TOLERANCE_PP;
  const strict = req.strict ?? false;
  const result = emptyResult(req.dataType, tolerancePp, strict);
  if (req.dryRun) result.dry_run = true;
  const now = req.now ?? new Date();
  try {
    if (!Number.isFinite(tolerancePp) || tolerancePp < 0) {
      throw new InputError("The revision tolerance must be a number of percentage points, 0 or more.");
    }
    const bytes = contentBytes(req.content);
    const size = req.size ?? bytes.size;
    if (!isDataType(req.dataType)) {
      checkUploadFile({ fileName: req.fileName, size, dataType: req.dataType });
      throw new InputError(`Unknown data type "${req.dataType}".`);
    }
    const dataType = req.dataType;
    checkUploadFile({ fileName: req.fileName, size, dataType });
    req.onProgress?.("received");

    const hashStop = { done: false };
    const hashing = sha256Of(bytes.bytes, hashStop);
    let parsed: ParsedFile;
    try {
      parsed = await parseSourceFile(dataType, req.content, req.fileName, req.path);
    } catch (err) {
      hashStop.done = true;
      throw err;
    }
    const sha256 = (await hashing)!;
    req.onProgress?.("parsed");

    // Implausible values (and future periods) are never stored: named in warnings, or the whole file refused in
    // strict mode (pipeline/plausibility.ts).
    const asOfMonth = periodEndMonth(now.toISOString().slice(0, 7));
    const { observations, warnings: implausible } = checkPlausibility(parsed, asOfMonth, strict);
    // v2.2: values are stored per series, and within a series the later release wins (docs/model.md §1).
    const series = parsed.series ?? "";
    const release = normaliseRelease(parsed.sourceUpdated);
    const existing = await store.existingValues(dataType, parsed.table, series);
    const diff = diffObservations(observations, existing, tolerancePp, release);
    // v2.3: the file's further series (sector vacancy rates), each compared with what its own series holds.
    const extras = await extraDiffs(store, parsed, asOfMonth, release);
    const warnings = [
      ...parsed.warnings,
      ...implausible,
      ...diff.revisions,
      ...staleWarnings(observations, dataType, now),
      ...extras.flatMap((e) => e.warnings),
    ];
    Object.assign(result, {
      table: parsed.table,
      series,
      release,
      file_sha256: sha256,
      processed: parsed.processed,
      skippedMissing: parsed.skippedMissing,
      unknownHeaders: parsed.unknownHeaders,
      warnings,
      latest_samples: latestSamples(observations),
      notes: [...parsed.notes],
    });
    if (strict && diff.revisions.length > 0) {
      throw new InputError(
        `Strict mode: ${diff.revisions.length} stored value(s) would change by more than ${tolerancePp} pp; nothing was stored. ` +
          `First: ${diff.revisions[0]!.detail}`,
      );
    }
    req.onProgress?.("validated");

    Object.assign(result, {
      inserted: diff.inserted,
      updated: diff.updated,
      unchanged: diff.unchanged,
      older_release: diff.olderRelease,
      rows_upserted: diff.toWrite.length,
    });
    if (extras.length > 0) {
      const count = (key: "inserted" | "updated" | "unchanged" | "olderRelease") =>
        extras.reduce((n, e) => n + e.diff[key], 0);
      result.extra_series = extras.map((e) => ({
        data_type: e.extra.dataType,
        series: e.extra.series,
        values: e.observations.length,
      }));
      result.notes.push(
        `Stored beside it: ${plural(extras.length, "more series", "more series")} (${count("inserted")} new, ${count("updated")} changed, ${count("unchanged")} unchanged values` +
          `${count("olderRelease") > 0 ? `, ${count("olderRelease")} kept from a later release` : ""}).`,
      );
    }
    if (diff.olderRelease > 0) {
      result.notes.push(
        `${diff.olderRelease} value(s) of this file were kept as stored: a later release of the same series already holds them ` +
          `(this file's release: ${release ?? "none stated"}; within one series the later release wins).`,
      );
    }
    if (req.dryRun) {
      result.notes.push("Dry run: nothing was stored.");
      result.ingest_id = null;
    } else {
      const ingestedAt = now.toISOString();
      result.ingest_id = await store.transaction(async () => {
        const ingestId = await store.insertIngest({
          dataType,
          table: parsed.table,
          fileName: req.fileName,
          sha256,
          unit: parsed.unit,
          sourceUpdated: parsed.sourceUpdated,
          ingestedAt,
          processed: parsed.processed,
          inserted: diff.inserted,
          updated: diff.updated,
          unchanged: diff.unchanged,
          skippedMissing: parsed.skippedMissing,
          warnings: warnings.length,
          origin: req.origin ?? "cli",
        });
        await store.upsert(
          diff.toWrite,
          { ingestId, sha256, ingestedAt, series, release },
          { allNew: diff.toWrite.length === diff.inserted },
        );
        // The file's other series of its own data type belong to this ingest; one more ingest record per further
        // data type of the file (sector vacancy rates), so that its table shows in the data status.
        for (const type of [...new Set(extras.map((e) => e.extra.dataType))]) {
          const mine = extras.filter((e) => e.extra.dataType === type);
          const sum = (key: "inserted" | "updated" | "unchanged") => mine.reduce((n, e) => n + e.diff[key], 0);
          const extraId =
            type === dataType
              ? ingestId
              : await store.insertIngest({
                  dataType: type,
                  table: parsed.table,
                  fileName: req.fileName,
                  sha256,
                  unit: parsed.unit,
                  sourceUpdated: parsed.sourceUpdated,
                  ingestedAt,
                  processed: mine.reduce((n, e) => n + e.observations.length, 0),
                  inserted: sum("inserted"),
                  updated: sum("updated"),
                  unchanged: sum("unchanged"),
                  skippedMissing: 0,
                  warnings: mine.reduce((n, e) => n + e.warnings.length, 0),
                  origin: req.origin ?? "cli",
                });
          for (const e of mine) {
            await store.upsert(
              e.diff.toWrite,
              { ingestId: extraId, sha256, ingestedAt, series: e.extra.series, release },
              { allNew: e.diff.toWrite.length === e.diff.inserted },
            );
          }
        }
        return ingestId;
      });
      const extraWrites = extras.reduce((n, e) => n + e.diff.toWrite.length, 0);
      if (diff.toWrite.length === 0 && diff.olderRelease === 0 && extraWrites === 0)
        result.notes.push("Nothing new: every value in this file was already stored.");
    }
    if (dataType === "gdp" || dataType === "inflation") {
      result.notes.push("GDP and inflation are context only: they are shown beside the score and never change it.");
    }
    req.onProgress?.("stored");
    result.success = true;
    return result;
  } catch (err) {
    if (err instanceof InputError) {
      result.success = false;
      result.error = err.message;
      result.inserted = result.updated = result.unchanged = result.rows_upserted = 0;
      if (result.older_release !== undefined) result.older_release = 0;
      return result;
    }
    throw err;
  }
}
