// The operator's data jobs: upload a file (with NDJSON progress when asked), recalculate, and the data status.
// The jobs run in the job child (pipeline/jobs/child.ts) under the one-job lock; their audit entries are written
// here once they end (kit.ts recordAfterJob / recordFailedJob).
import express, { Router, type Request, type Response } from "express";
import multer, { MulterError } from "multer";
import { BusyError, InputError } from "../../../lib/errors.ts";
import { nextScheduledRun } from "../../../pipeline/fetch/next-run.ts";
import { describeHolder } from "../../../lib/errors.ts";
import type { IngestRequest } from "../../../pipeline/ingest.ts";
import type { UploadResult } from "../../../pipeline/types.ts";
import type { AuditResult } from "../../../product/shapes.ts";
import { operatorOf } from "../../auth.ts";
import { HttpError, requestIdOf, toErrorResponse } from "../../../server/http/errors.ts";
import { mediaType } from "../../../server/http/request.ts";
import { jsonText } from "../../../server/http/cache.ts";
import { cleanUserText, jsonUploadSchema, multipartUploadSchema, recalcInputSchema } from "../../schemas.ts";
import type { AdminKit } from "./kit.ts";

/** NDJSON progress of an upload: asked for with `Accept: application/x-ndjson`. */
const PROGRESS_MEDIA_TYPE = "application/x-ndjson";

function wantsProgress(req: Request): boolean {
  return (req.headers.accept ?? "")
    .split(",")
    .some((t) => t.split(";")[0]!.trim().toLowerCase() === PROGRESS_MEDIA_TYPE);
}

/**
 * One JSON object per line: `{type: "progress", step}` for each ingest step, then `{type: "result", status,
 * result}` (status as the plain JSON answer would have it) or `{type: "error", status, error}`. The HTTP
 * status is 200 once the first line is out.
 */
class ProgressStream {
  started = false;
  constructor(private readonly res: Response) {}
  send(line: object): void {
    if (!this.started) {
      this.started = true;
      this.res.status(200);
      this.res.setHeader("Content-Type", `${PROGRESS_MEDIA_TYPE}; charset=utf-8`);
    }
    this.res.write(jsonText(line) + "\n");
  }
  end(line: object): void {
    this.send(line);
    this.res.end();
  }
}

function uploadSummary(r: UploadResult, fileName: string) {
  return {
    data_type: r.data_type,
    file: fileName,
    success: r.success,
    error: r.error,
    inserted: r.inserted,
    updated: r.updated,
    unchanged: r.unchanged,
    warnings: r.warnings.length,
    dry_run: r.dry_run ?? false,
    door: "operator page",
  };
}

/** POST /upload, POST /recalculate, GET /status. */
export function jobRoutes({ d, json, record, recordAfterJob, recordFailedJob }: AdminKit): Router {
  const r = Router();
  const { config } = d;
  const uploadJson = express.json({ limit: config.uploadMaxBytes, strict: true });
  const multipart = multer({
    storage: multer.memoryStorage(),
    // Browsers send a file name as UTF-8 without saying so; read as latin1 (multer's default), "é" became "Ã©" and
    // a bidi control became a C1 control plus two letters that the cleaning could not recognise.
    defParamCharset: "utf8",
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single("file");

  r.post(
    "/upload",
    (req, res, next) => {
      if (mediaType(req) !== "multipart/form-data") return uploadJson(req, res, next);
      multipart(req, res, (err?: unknown) => {
        // busboy's own errors (no boundary, body cut short) carry no status: they are bad requests too.
        if (err && !(err instanceof MulterError) && !(err instanceof HttpError)) {
          return next(new HttpError(400, "invalid_upload", "The multipart body could not be read."));
        }
        next(err);
      });
    },
    async (req, res) => {
      const op = operatorOf(res);
      let ingestReq: IngestRequest;
      if (mediaType(req) === "multipart/form-data") {
        const fields = multipartUploadSchema.parse(req.body ?? {});
        if (!req.file) throw new InputError("Please select a file", { file: "Please select a file" });
        ingestReq = {
          fileName: cleanUserText(req.file.originalname),
          content: req.file.buffer,
          dataType: fields.data_type,
          strict: fields.strict,
          tolerancePp: fields.tolerance_pp,
          dryRun: fields.dry_run,
          origin: "upload",
        };
      } else {
        const body = jsonUploadSchema.parse(req.body);
        ingestReq = {
          fileName: "payload.json",
          content: body.payload,
          dataType: body.data_type,
          strict: body.strict,
          tolerancePp: body.tolerance_pp,
          dryRun: body.dry_run,
          origin: "upload",
        };
      }
      // A client that accepts NDJSON gets the pipeline's steps as they happen (the operator page's progress
      // bar), then the result; nothing is streamed before the first step, so early failures stay plain JSON.
      const progress = wantsProgress(req) ? new ProgressStream(res) : null;
      ingestReq.onProgress = (step) => {
        d.logger.debug({ step, data_type: ingestReq.dataType }, "upload progress");
        progress?.send({ type: "progress", step });
      };
      let result: UploadResult;
      try {
        result = await d.pipeline.ingest(ingestReq, {
          command: `upload ${ingestReq.fileName} (operator ${op.username}, admin page)`,
          // Said at once, not after the wait: the operator sees whom the upload waits for (and may wait on).
          onWait: (holder) =>
            progress?.send({ type: "waiting", holder, message: `Waiting for ${describeHolder(holder)} to finish.` }),
        });
      } catch (err) {
        recordFailedJob(res, () =>
          record(op.username, "upload", err instanceof BusyError ? "busy" : "error", {
            data_type: ingestReq.dataType,
            file: ingestReq.fileName,
            door: "operator page",
            reason: err instanceof Error ? err.message : String(err),
          }),
        );
        if (!progress?.started) throw err;
        const { status, body } = toErrorResponse(err, requestIdOf(res));
        if (status >= 500) d.logger.error({ err, request_id: requestIdOf(res) }, "upload failed");
        progress.end({ type: "error", status, ...body });
        return;
      }
      try {
        const stored =
          result.success && !result.dry_run
            ? `The file was stored (${result.inserted} new, ${result.updated} changed values)`
            : null;
        recordAfterJob(res, stored, () =>
          record(
            op.username,
            "upload",
            result.success ? "ok" : "rejected",
            uploadSummary(result, ingestReq.fileName),
            ingestReq.dataType,
          ),
        );
      } catch (err) {
        if (!progress?.started) throw err;
        const { status, body } = toErrorResponse(err, requestIdOf(res));
        progress.end({ type: "error", status, ...body });
        return;
      }
      const status = result.success ? 200 : 400;
      if (progress?.started) progress.end({ type: "result", status, result });
      else res.status(status).json(result);
    },
  );

  r.post("/recalculate", json, async (req, res) => {
    const op = operatorOf(res);
    const input = recalcInputSchema.parse(req.body ?? {});
    try {
      const summary = await d.pipeline.recalc(
        { asOf: input.as_of },
        { command: `recalc${input.as_of ? ` --as-of ${input.as_of}` : ""} (operator ${op.username}, admin page)` },
      );
      d.read.refresh();
      const done = summary.paused
        ? "The scores were stored; publication is paused, so they will be published on resume"
        : `The scores were published (publication ${summary.publication_id})`;
      recordAfterJob(res, done, () =>
        record(op.username, "recalculate", "ok", {
          as_of: summary.as_of,
          publication_id: summary.publication_id,
          countries_scored: summary.countries_scored,
          door: "operator page",
          paused: summary.paused !== null,
        }),
      );
      res.json(summary);
    } catch (err) {
      if (err instanceof HttpError) throw err; // the job published; only its audit entry failed (above)
      const result: AuditResult = err instanceof BusyError ? "busy" : err instanceof InputError ? "rejected" : "error";
      recordFailedJob(res, () =>
        record(op.username, "recalculate", result, {
          as_of: input.as_of ?? null,
          door: "operator page",
          reason: err instanceof Error ? err.message : String(err),
        }),
      );
      throw err;
    }
  });

  r.get("/status", (_req, res) => {
    // The server's own schedule (JWI_UPDATE_CRON), which only the server knows: `jwi status` leaves it null. It
    // fires on the real clock, whatever month the app reads its data at (tests pin that one).
    const cron = config.updateCron ?? null;
    res.json({ ...d.pipeline.status(d.now()), schedule: { cron, next_run: nextScheduledRun(cron, new Date()) } });
  });

  return r;
}
