// The upload panel's pure parts: the checks the browser makes before sending a file (docs/product.md §5; the server
// repeats every one of them), the progress of each real step (docs/product.md §4, §9: 20, 40, 60, 80, 100) and the
// texts of the result (docs/product.md §7, §8).
import { InputError } from "../../../lib/errors.ts";
import type { DataType, UploadResult } from "../../../pipeline/types.ts";
import { checkUploadFile } from "../../../pipeline/validate.ts";
import type { UploadRules } from "../../../api/upload-rules.ts";
import type { IngestStep } from "./admin-api.ts";

// The rules come from the server (api/upload-rules.ts, handed in the load context): their types are named here too.
export type { UploadRules };

const SELECT_FILE = "Please select a file";
export const UPLOAD_FAILED = "Upload failed";

/** The file the operator picked, as far as the checks need it (a browser File fits). */
export interface PickedFile {
  name: string;
  size: number;
  text(): Promise<string>;
}

/**
 * The first problem with the chosen file, or null when it may be sent: none chosen, wrong extension for the
 * data type, empty, and for a .json file: not JSON, or JSON that is not an object. A .csv is checked by the
 * server only (it may be large; the browser does not read it).
 */
export async function preflight(
  file: PickedFile | null,
  dataType: DataType,
  messages: { notJson: string; notAnObject: string },
): Promise<string | null> {
  if (!file) return SELECT_FILE;
  try {
    checkUploadFile({ fileName: file.name, size: file.size, dataType, maxBytes: Number.MAX_SAFE_INTEGER });
  } catch (err) {
    if (err instanceof InputError) return err.message;
    throw err;
  }
  if (!file.name.toLowerCase().endsWith(".json")) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(await file.text());
  } catch {
    return messages.notJson;
  }
  if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) return messages.notAnObject;
  return null;
}

/** The steps the progress bar shows: the pipeline's four, then the recalculation that publishes the scores. */
export type UploadStep = IngestStep | "recalculated";

export const UPLOAD_STEPS: ReadonlyArray<{ step: UploadStep; percent: number; label: string }> = [
  { step: "received", percent: 20, label: "Sent" },
  { step: "parsed", percent: 40, label: "Parsed" },
  { step: "validated", percent: 60, label: "Validated" },
  { step: "stored", percent: 80, label: "Stored" },
  { step: "recalculated", percent: 100, label: "Recalculated" },
];

export function progressOf(step: UploadStep): number {
  return UPLOAD_STEPS.find((s) => s.step === step)?.percent ?? 0;
}

export type AlertKind = "success" | "warning" | "error";

/** Success, warning (stored, with warnings) or error (rejected). */
export function resultKind(result: UploadResult): AlertKind {
  if (!result.success) return "error";
  return result.warnings.length > 0 ? "warning" : "success";
}

export function resultTitle(result: UploadResult): string {
  const kind = resultKind(result);
  if (kind === "error") return UPLOAD_FAILED;
  if (result.dry_run)
    return kind === "warning" ? "Dry run complete (with warnings): nothing stored" : "Dry run complete: nothing stored";
  return kind === "warning" ? "Upload Complete (with warnings)" : "Upload Complete";
}

/** The error text of a refused upload: the server's own, else "Server error: {status}" (docs/product.md §8). */
export function serverErrorText(message: string | null | undefined, status: number): string {
  return message && message.trim() ? message : `Server error: ${status}`;
}

/** The error text of a failed recalculation: the server's own, else "Recalculation failed: {status}". */
export function recalcErrorText(message: string | null | undefined, status: number): string {
  return message && message.trim() ? message : `Recalculation failed: ${status}`;
}

/** Warnings shown before "Show all N warnings" (docs/product.md §7). */
export const WARNINGS_SHOWN = 10;

export function visibleWarnings<T>(warnings: readonly T[], expanded: boolean): readonly T[] {
  return expanded ? warnings : warnings.slice(0, WARNINGS_SHOWN);
}

export function warningsToggleText(count: number, expanded: boolean): string {
  return expanded ? "Show less" : `Show all ${count} warnings`;
}
