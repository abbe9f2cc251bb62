// Checks on an upload before its content is read (product-spec §5): data type, extension, size.
// The CLI and the admin upload route call the same function; the messages are the spec's.

import { InputError } from "./errors.ts";
import { DATA_TYPES, isDataType, type DataType } from "./types.ts";

const MIB = 1024 * 1024;

/** Largest accepted upload: 64 MiB (a full Eurostat table is a few MB). */
export const MAX_UPLOAD_BYTES = 64 * MIB;

/** The extension a data type's file must have: `.xlsx` for the barometer, `.json` for Eurostat tables. */
export function expectedExtension(dataType: DataType): ".xlsx" | ".json" {
  return dataType === "lmb" ? ".xlsx" : ".json";
}

/** `dataType` itself when it is one of the five types; InputError listing them otherwise. */
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
  /** Defaults to MAX_UPLOAD_BYTES. */
  maxBytes?: number;
}

/**
 * Throws InputError when the upload cannot be right whatever its content: unknown data type, wrong
 * extension (case-insensitive), empty, or larger than `maxBytes`. Checked in that order.
 */
export function checkUploadFile({ fileName, size, dataType, maxBytes = MAX_UPLOAD_BYTES }: UploadFileFacts): void {
  const type = assertDataType(dataType);
  const extension = expectedExtension(type);
  if (!fileName.toLowerCase().endsWith(extension)) {
    throw new InputError(`Please upload a ${extension.toUpperCase()} file`);
  }
  if (size === 0) throw new InputError("This file is empty.");
  if (size > maxBytes) {
    throw new InputError(`This file is too large (${megabytes(size)} MB); the limit is ${megabytes(maxBytes)} MB.`);
  }
}
