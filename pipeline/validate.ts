// Checks on an upload before its content is read: data type, extension, size. The CLI, the admin upload
// route and the upload page call the same function; the messages are the product's.

import { InputError } from "../lib/errors.ts";
import { DATA_TYPES, isDataType, type DataType } from "./types.ts";

const MIB = 1024 * 1024;

/** Largest accepted JSON or workbook upload: 64 MiB (a Eurostat JSON-stat table is a few MB; it is parsed whole). */
export const MAX_UPLOAD_BYTES = 64 * MIB;

/**
 * Largest accepted CSV upload: 256 MiB. A CSV is read by DuckDB from disk and only its pinned series becomes
 * values in memory, so a whole Eurostat table with labels (a million rows and more) fits.
 */
export const MAX_CSV_UPLOAD_BYTES = 256 * MIB;

export type UploadExtension = ".xlsx" | ".json" | ".csv";

/**
 * The extensions a data type's file may have: `.xlsx` for the barometer; `.json`, `.csv` or (v2.3) `.xlsx`, the
 * data browser's spreadsheet, for the Eurostat types.
 */
export function expectedExtensions(dataType: DataType): readonly UploadExtension[] {
  return dataType === "lmb" ? [".xlsx"] : [".json", ".csv", ".xlsx"];
}

/** `Please upload a .JSON, .CSV or .XLSX file` / `Please upload a .XLSX file`. */
export function wrongExtensionMessage(dataType: DataType): string {
  const names = expectedExtensions(dataType).map((e) => e.toUpperCase());
  const list = names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} or ${names.at(-1)}`;
  return `Please upload a ${list} file`;
}

/** The size limit of a file by its name: MAX_CSV_UPLOAD_BYTES for `.csv`, MAX_UPLOAD_BYTES otherwise. */
export function maxUploadBytes(fileName: string): number {
  return fileName.toLowerCase().endsWith(".csv") ? MAX_CSV_UPLOAD_BYTES : MAX_UPLOAD_BYTES;
}

/** `dataType` itself when it is one of the six types; InputError listing them otherwise. */
export function assertDataType(dataType: unknown): DataType {
  if (isDataType(dataType)) return dataType;
  const shown = typeof dataType === "string" ? `"${dataType}"` : String(dataType);
  throw new InputError(`Unknown data type ${shown}. Choose one of: ${DATA_TYPES.join(", ")}.`, {
    dataTypes: DATA_TYPES,
  });
}

/** Megabytes (MiB) rounded up to one decimal, without a trailing `.0`: 64, 64.1, 100. */
function megabytes(bytes: number): string {
  return String(Math.ceil((bytes / MIB) * 10) / 10);
}

export interface UploadFileFacts {
  fileName: string;
  /** Size in bytes. */
  size: number;
  dataType: unknown;
  /** Defaults to the limit for the file's extension (maxUploadBytes). */
  maxBytes?: number;
}

/**
 * Throws InputError when the upload cannot be right whatever its content: unknown data type, wrong
 * extension (case-insensitive), empty, or larger than `maxBytes`. Checked in that order.
 */
export function checkUploadFile({
  fileName,
  size,
  dataType,
  maxBytes = maxUploadBytes(fileName),
}: UploadFileFacts): void {
  const type = assertDataType(dataType);
  const name = fileName.toLowerCase();
  if (!expectedExtensions(type).some((extension) => name.endsWith(extension))) {
    throw new InputError(wrongExtensionMessage(type));
  }
  if (size === 0) throw new InputError("This file is empty.");
  if (size > maxBytes) {
    throw new InputError(`This file is too large (${megabytes(size)} MB); the limit is ${megabytes(maxBytes)} MB.`);
  }
}
