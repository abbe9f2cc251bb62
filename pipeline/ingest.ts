// Ingest: one file (or one Eurostat payload) → validated observations → one DuckDB transaction.
// The CLI (`jwi ingest`) and the operator's upload route both call `ingest`; there is no other path.
// Which parser reads a file: parse-dispatch.ts; a file's further series: ingest-extras.ts; the one write:
// ingest-write.ts.
import { createHash } from "node:crypto";
import { COUNTRIES } from "../lib/countries.ts";
import { InputError } from "../lib/errors.ts";
import { describeExtras, extraDiffs } from "./ingest-extras.ts";
import { storeIngest } from "./ingest-write.ts";
import { CURRENT_PARAMS, familyOfDataType, withinCutoff } from "./model/current.ts";
import { ageInMonths, periodEndMonth } from "./model/period.ts";
import { parseSourceFile } from "./parse-dispatch.ts";
import { normaliseRelease } from "./sources/series-key.ts";
import { checkPlausibility } from "./plausibility.ts";
import { diffObservations } from "./store/diff.ts";
import type { ObservationStore } from "./store/observations.ts";
import {
  isDataType,
  type DataType,
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
function staleWarnings(observations: readonly Observation[], dataType: DataType, now: Date): UploadWarning[] {
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

/**
 * The request checked (the tolerance, the data type, the file's name and size) and its file parsed, hashed
 * meanwhile. Bad input throws InputError.
 */
async function receive(
  req: IngestRequest,
  tolerancePp: number,
): Promise<{ dataType: DataType; parsed: ParsedFile; sha256: string }> {
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
  return { dataType, parsed, sha256 };
}

/**
 * The parsed file checked for plausibility and compared with what its series holds, its further series too; with
 * every warning the upload result names.
 */
async function compare(
  store: ObservationStore,
  parsed: ParsedFile,
  dataType: DataType,
  now: Date,
  tolerancePp: number,
  strict: boolean,
) {
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
  return { observations, series, release, diff, extras, warnings };
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
    const { dataType, parsed, sha256 } = await receive(req, tolerancePp);

    const compared = await compare(store, parsed, dataType, now, tolerancePp, strict);
    const { observations, series, release, diff, extras, warnings } = compared;
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
    if (extras.length > 0) describeExtras(result, extras);
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
      result.ingest_id = await storeIngest(store, {
        ...compared,
        dataType,
        parsed,
        fileName: req.fileName,
        origin: req.origin ?? "cli",
        sha256,
        warningCount: warnings.length,
        ingestedAt: now.toISOString(),
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
