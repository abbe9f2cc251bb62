// A data job as data: what the server's job child (pipeline/jobs/child.ts) is asked to run, and how errors
// travel back over IPC. The child runs it with the very same pipeline functions as the CLI (runJob below).
import { readFile, stat } from "node:fs/promises";
import { BusyError, InputError, type JobHolder } from "../../lib/errors.ts";
import { fetchOptionsFromEnv } from "../fetch/options.ts";
import { fetchLocked, updateLocked, type FetchSummary, type UpdateSummary } from "../fetch/update.ts";
import type { Pipeline, SeedOutcome } from "../job-contract.ts";
import type { IngestOrigin, IngestStep } from "../ingest.ts";
import type { PipelineEnv } from "../../lib/env.ts";
import type { Logger } from "../../lib/logger.ts";
import type { RecalcSummary } from "../recalc.ts";
import { DATA_TYPES, type DataType, type UploadResult } from "../types.ts";
import { maxUploadBytes } from "../validate.ts";

export type JobSpec =
  | {
      kind: "ingest";
      /** The file to read (an upload saved by the server, or a path). */
      path: string;
      /** The name the operator gave it (its extension is checked). */
      fileName: string;
      dataType: string;
      strict?: boolean;
      tolerancePp?: number;
      dryRun?: boolean;
      origin: IngestOrigin;
    }
  | { kind: "recalc"; asOf?: string; dryRun?: boolean }
  | { kind: "seed"; asOf?: string }
  | { kind: "update"; types?: DataType[]; recalc: boolean };

export type JobResult = UploadResult | RecalcSummary | SeedOutcome | FetchSummary | UpdateSummary;

/** The one message from the server to its job child. */
export interface RunMessage {
  type: "run";
  spec: JobSpec;
  /** The holder name the job takes the lock under. */
  command: string;
  /** How long to wait for a running job before BusyError (ms). */
  waitMs: number;
}

/** Messages from the job child to the server. */
export type ChildMessage =
  | { type: "progress"; step: IngestStep }
  /** The lock is busy: the job waits for this holder (sent once, before the wait ends). */
  | { type: "waiting"; holder: JobHolder | null }
  | { type: "result"; value: JobResult }
  | { type: "error"; error: SerializedError };

export interface SerializedError {
  name: string;
  message: string;
  details?: unknown;
  holder?: JobHolder | null;
  code?: string;
}

export function serializeError(err: unknown): SerializedError {
  if (err instanceof BusyError) return { name: err.name, message: err.message, holder: err.holder };
  if (err instanceof InputError) return { name: err.name, message: err.message, details: err.details };
  if (err instanceof Error) return { name: err.name, message: err.message, code: (err as { code?: string }).code };
  return { name: "Error", message: String(err) };
}

export function deserializeError(e: SerializedError): Error {
  if (e.name === "BusyError") return new BusyError(e.message, e.holder ?? null);
  if (e.name === "InputError") return new InputError(e.message, e.details);
  const err = new Error(e.message) as Error & { code?: string };
  if (e.code) err.code = e.code;
  return err;
}

/** The name a job shows to one that must wait. */
export function commandOf(spec: JobSpec, by: string): string {
  switch (spec.kind) {
    case "ingest":
      return `${spec.origin === "upload" ? "upload" : "ingest"} ${spec.fileName} (${by})`;
    case "recalc":
      return `recalc${spec.asOf ? ` --as-of ${spec.asOf}` : ""} (${by})`;
    case "seed":
      return `seed bundled data (${by})`;
    case "update":
      return `${spec.recalc ? "update" : "fetch"} (${by})`;
  }
}

export interface RunJobContext {
  env: PipelineEnv;
  logger: Logger;
  command: string;
  waitMs?: number;
  signal?: AbortSignal;
  onProgress?: (step: IngestStep) => void;
  onWait?: (holder: JobHolder | null) => void;
}

/** Runs one job spec through the pipeline, exactly as the matching CLI command does. */
export async function runJob(pipeline: Pipeline, spec: JobSpec, ctx: RunJobContext): Promise<JobResult> {
  const job = { command: ctx.command, waitMs: ctx.waitMs, signal: ctx.signal, onWait: ctx.onWait };
  switch (spec.kind) {
    case "ingest": {
      const { size } = await stat(spec.path);
      return pipeline.ingest(
        {
          fileName: spec.fileName,
          size,
          // Oversized files are refused by their size, unread (ingest checks `size` first).
          content: size > maxUploadBytes(spec.fileName) ? Buffer.alloc(0) : await readFile(spec.path),
          path: spec.path,
          dataType: spec.dataType,
          strict: spec.strict,
          tolerancePp: spec.tolerancePp,
          dryRun: spec.dryRun,
          origin: spec.origin,
          onProgress: ctx.onProgress,
        },
        job,
      );
    }
    case "recalc":
      return pipeline.recalc({ asOf: spec.asOf, dryRun: spec.dryRun }, job);
    case "seed":
      return pipeline.seed({ asOf: spec.asOf }, job);
    case "update": {
      const options = fetchOptionsFromEnv(ctx.env, { logger: ctx.logger, signal: ctx.signal });
      const types = spec.types?.length ? spec.types : [...DATA_TYPES];
      return pipeline.exclusive(
        (locked) => (spec.recalc ? updateLocked(locked, options) : fetchLocked(locked, options, types)),
        {
          ...job,
          audit: { action: spec.recalc ? "update" : "fetch", target: spec.recalc ? null : types.join(" ") },
        },
      );
    }
  }
}
