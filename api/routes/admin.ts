// Operator routes under /api/admin. Every route but login needs a session (401 first, before any body is read).
// Writes must be JSON or multipart (with the SameSite=Strict cookie and the origin check, that is the CSRF
// defence). Every operator action is written to the audit log (viewing a list is not); passwords never are.
import express, { Router, type Request, type RequestHandler, type Response } from "express";
import multer, { MulterError } from "multer";
import { z } from "zod";
import { BusyError, InputError } from "../../pipeline/errors.ts";
import { nextScheduledRun } from "../../pipeline/fetch/next-run.ts";
import { describeHolder } from "../../pipeline/jobs/lock.ts";
import type { Pipeline } from "../../pipeline/index.ts";
import type { IngestRequest } from "../../pipeline/ingest.ts";
import type { Logger } from "../../pipeline/logger.ts";
import { pendingPublication } from "../../pipeline/pause.ts";
import { publishPending } from "../../pipeline/publish.ts";
import type { ServingDb } from "../../pipeline/serving-db.ts";
import { systemProblem } from "../../pipeline/system-errors.ts";
import type { UploadResult } from "../../pipeline/types.ts";
import {
  cookieOptions,
  operatorOf,
  requireOperator,
  sameOriginGuard,
  SESSION_COOKIE,
  type PasswordChecker,
} from "../auth.ts";
import { toCsv } from "../csv.ts";
import type { ExperienceStore, WaitingListStore } from "../db/community.ts";
import type { ContactStore } from "../db/contact.ts";
import type { AuditLog, SessionStore, SettingsStore } from "../db/operator.ts";
import type { AuditResult } from "../../product/shapes.ts";
import type { AppConfig } from "../env.ts";
import { HttpError, mediaType, requestIdOf, requireMediaType, toErrorResponse } from "../http.ts";
import { CONTACT_TOPIC_IDS, WAITING_LIST_SERVICE_IDS } from "../../product/options.ts";
import { LoginBackoff } from "../db/login-backoff.ts";
import { humanDuration, limiter } from "../rate-limit.ts";
import type { ReadModel } from "../read-model.ts";
import {
  cleanUserText,
  jsonUploadSchema,
  listQuerySchema,
  loginInputSchema,
  multipartUploadSchema,
  publicationInputSchema,
  recalcInputSchema,
} from "../schemas.ts";

export interface AdminDeps {
  /** The serving database (rate-limit counters). */
  db: ServingDb;
  pipeline: Pipeline;
  sessions: SessionStore;
  passwords: PasswordChecker;
  settings: SettingsStore;
  audit: AuditLog;
  experiences: ExperienceStore;
  waitingList: WaitingListStore;
  contact: ContactStore;
  read: ReadModel;
  config: AppConfig;
  logger: Logger;
  now: () => Date;
}

const waitingListQuery = listQuerySchema.extend({ service: z.enum(WAITING_LIST_SERVICE_IDS).optional() });
const contactQuery = listQuerySchema.extend({
  topic: z.enum(CONTACT_TOPIC_IDS).optional(),
  handled: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
});
const experiencesQuery = listQuerySchema.extend({
  country: z
    .string()
    .regex(/^[A-Za-z]{2}$/, "country must be a two-letter code")
    .transform((v) => v.toUpperCase())
    .optional(),
  hidden: z.enum(["true", "false"]).transform((v) => v === "true").optional(),
});
const auditQuery = listQuerySchema.extend({ action: z.string().max(60).optional() });
const idParam = z.coerce.number().int().positive();

/** NDJSON progress of an upload: asked for with `Accept: application/x-ndjson`. */
export const PROGRESS_MEDIA_TYPE = "application/x-ndjson";

function wantsProgress(req: Request): boolean {
  return (req.headers.accept ?? "").split(",").some((t) => t.split(";")[0]!.trim().toLowerCase() === PROGRESS_MEDIA_TYPE);
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
    this.res.write(JSON.stringify(line) + "\n");
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

export function adminRoutes(d: AdminDeps): Router {
  const r = Router();
  const { config, audit } = d;
  const json = express.json({ limit: config.jsonLimitBytes, strict: true });
  const uploadJson = express.json({ limit: config.uploadMaxBytes, strict: true });
  const multipart = multer({
    storage: multer.memoryStorage(),
    // Browsers send a file name as UTF-8 without saying so; read as latin1 (multer's default), "é" became "Ã©" and
    // a bidi control became a C1 control plus two letters that the cleaning could not recognise.
    defParamCharset: "utf8",
    limits: { fileSize: config.uploadMaxBytes, files: 1, fields: 10, fieldSize: 1024, parts: 12 },
  }).single("file");
  const writeGuards: RequestHandler[] = [sameOriginGuard(config), requireMediaType("application/json", "multipart/form-data")];
  const loginLimit = limiter(config.rateLimits.login, "Too many failed login attempts.", {
    db: d.db,
    bucket: "login",
    skipSuccessfulRequests: true,
  });
  const backoff = new LoginBackoff(d.db);

  const record = (actor: string, action: string, result: AuditResult, detail?: unknown, target?: string) =>
    audit.record({ actor, action, result, detail, target: target ?? null }, d.now());
  /**
   * An operator action and its audit entry commit together or not at all: on a full disk the action fails
   * whole (507) instead of answering an error for a change that was in fact made.
   */
  const withAudit = <T>(work: () => T): T => d.db.transaction(work)();
  /**
   * The audit entry of a data job that has ended (it ran in the job child and committed on its own). When the
   * entry cannot be written, a job that changed data answers 5xx saying so (`done`): "Nothing was saved" would
   * be untrue.
   */
  const recordAfterJob = (res: Response, done: string | null, write: () => void): void => {
    try {
      write();
    } catch (err) {
      const problem = systemProblem(err);
      if (done === null || problem === null) throw err;
      d.logger.error({ err, request_id: requestIdOf(res) }, "the audit entry of a finished job could not be written");
      const full = problem === "disk-full";
      throw new HttpError(
        full ? 507 : 503,
        full ? "storage_full" : "storage_unavailable",
        `${done}, but the server could not write it to its audit log (${full ? "its disk is full" : "its data cannot be written"}). ` +
          "Free some space on the server; the action itself need not be repeated.",
        { request_id: requestIdOf(res) },
      );
    }
  };
  /** The audit entry of a job that failed: its own error is the answer, even when the entry cannot be written. */
  const recordFailedJob = (res: Response, write: () => void): void => {
    try {
      write();
    } catch (err) {
      d.logger.error({ err, request_id: requestIdOf(res) }, "the audit entry of a failed job could not be written");
    }
  };

  r.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });

  r.post("/login", sameOriginGuard(config), requireMediaType("application/json"), loginLimit, json, async (req, res) => {
    const input = loginInputSchema.parse(req.body);
    // Per account as well as per address (docs/decisions/011-login-backoff.md): while a username backs off, an
    // attempt from an address that has not logged in to it before is refused unchecked; the real clock, as sessions.
    const client = req.ip ?? "";
    const wait = backoff.waitMs(input.username, client, Date.now());
    if (wait > 0) {
      const retry = Math.ceil(wait / 1000);
      throw new HttpError(
        429,
        "rate_limited",
        `Too many failed login attempts for this account. Please try again in ${humanDuration(retry)}.`,
        { retry_after_seconds: retry },
      );
    }
    const ok = await d.passwords.check(input.username, input.password);
    if (!ok) {
      withAudit(() => {
        backoff.failed(input.username, Date.now());
        record(input.username, "login", "denied");
      });
      throw new HttpError(401, "invalid_credentials", "Invalid admin credentials");
    }
    const session = withAudit(() => {
      backoff.succeeded(input.username, client, Date.now());
      // Sessions follow the real clock, as their check does (a pinned page clock must not expire them at once).
      const created = d.sessions.create(config.adminUsername, config.sessionTtlMs, new Date());
      record(config.adminUsername, "login", "ok");
      return created;
    });
    res.cookie(SESSION_COOKIE, session.token, cookieOptions(req, config, config.sessionTtlMs));
    res.json({ ok: true, message: "Admin access granted", username: config.adminUsername, expires_at: session.expiresAt });
  });

  // Everything below needs a session: 401 before any body is parsed.
  r.use(requireOperator);
  r.post("/{*any}", ...writeGuards);

  r.get("/session", (_req, res) => {
    const op = operatorOf(res);
    res.json({ authenticated: true, username: op.username, expires_at: op.expiresAt });
  });

  r.post("/logout", (req, res) => {
    const op = operatorOf(res);
    withAudit(() => {
      d.sessions.delete(op.token);
      record(op.username, "logout", "ok");
    });
    res.clearCookie(SESSION_COOKIE, cookieOptions(req, config));
    res.json({ ok: true });
  });

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
          onWait: (holder) => progress?.send({ type: "waiting", holder, message: `Waiting for ${describeHolder(holder)} to finish.` }),
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
        const stored = result.success && !result.dry_run ? `The file was stored (${result.inserted} new, ${result.updated} changed values)` : null;
        recordAfterJob(res, stored, () =>
          record(op.username, "upload", result.success ? "ok" : "rejected", uploadSummary(result, ingestReq.fileName), ingestReq.dataType),
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

  const publicationBody = () => {
    const state = d.read.publicationState(d.now());
    const pub = d.read.publication();
    return {
      paused: state.operator.paused,
      reason: state.operator.reason,
      updated_at: state.operator.updated_at,
      updated_by: state.operator.updated_by,
      site_paused: state.paused,
      site_paused_reason: state.reason,
      publication: pub,
      /** Scores computed while paused, published on resume (pipeline/publish.ts); null when none waits. */
      pending: pendingPublication(d.db),
    };
  };

  r.get("/publication", (_req, res) => {
    res.json(publicationBody());
  });

  r.post("/publication", json, (req, res) => {
    const op = operatorOf(res);
    const input = publicationInputSchema.parse(req.body);
    withAudit(() => {
      d.settings.setPublication(input.paused, input.reason ?? null, op.username, d.now());
      // Resume publishes the newest scores computed while paused, in the same transaction as the switch: a recalc
      // finishing meanwhile either stored them before (published here) or sees publication running.
      const published = input.paused ? null : publishPending(d.db, d.now().toISOString());
      record(op.username, input.paused ? "publication.pause" : "publication.resume", "ok", {
        reason: input.reason ?? null,
        ...(published ? { publication_id: published.publicationId } : {}),
      });
    });
    d.read.refresh();
    res.json(publicationBody());
  });

  // Views of a list are not audited (each visit of the page would add entries and bury the actions); exports,
  // which take personal data away, and deletions are.
  r.get("/waiting-list", (req, res) => {
    const q = waitingListQuery.parse(req.query);
    const items = d.waitingList.list({ service: q.service ?? null, limit: q.limit, offset: q.offset });
    res.json({ items, total: d.waitingList.count(q.service ?? null), limit: q.limit, offset: q.offset, retention_days: config.leadsRetentionDays });
  });

  r.get("/waiting-list/export", (req, res) => {
    const op = operatorOf(res);
    const q = waitingListQuery.parse(req.query);
    const items = d.waitingList.list({ service: q.service ?? null, limit: -1, offset: 0 });
    record(op.username, "waiting_list.export", "ok", { service: q.service ?? null, count: items.length });
    const csv = toCsv(
      ["id", "created_at", "service", "name", "email", "phone", "message"],
      items.map((w) => [w.id, w.created_at, w.service, w.name, w.email, w.phone, w.message]),
    );
    const day = d.now().toISOString().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="waiting-list${q.service ? `-${q.service}` : ""}-${day}.csv"`);
    res.send(csv);
  });

  r.post("/waiting-list/:id/delete", json, (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such waiting-list request.");
    const deleted = withAudit(() => {
      const item = d.waitingList.get(id.data);
      if (!item || !d.waitingList.delete(id.data)) return false;
      record(op.username, "waiting_list.delete", "ok", { service: item.service }, String(id.data));
      return true;
    });
    if (!deleted) throw new HttpError(404, "not_found", "No such waiting-list request.");
    res.json({ ok: true, id: id.data });
  });

  // Contact messages (personal data, like the waiting list): read, exported, handled and deleted by the operator
  // only, every export and change audited (without the message's content).
  r.get("/contact-messages", (req, res) => {
    const q = contactQuery.parse(req.query);
    const filter = { topic: q.topic ?? null, handled: q.handled ?? null };
    const items = d.contact.list({ ...filter, limit: q.limit, offset: q.offset });
    res.json({ items, total: d.contact.count(filter), limit: q.limit, offset: q.offset, retention_days: config.leadsRetentionDays });
  });

  r.get("/contact-messages/export", (req, res) => {
    const op = operatorOf(res);
    const q = contactQuery.parse(req.query);
    const filter = { topic: q.topic ?? null, handled: q.handled ?? null };
    const items = d.contact.list({ ...filter, limit: -1, offset: 0 });
    record(op.username, "contact.export", "ok", { ...filter, count: items.length });
    const csv = toCsv(
      ["id", "created_at", "topic", "name", "email", "message", "handled_at", "handled_by"],
      items.map((m) => [m.id, m.created_at, m.topic, m.name, m.email, m.message, m.handled_at, m.handled_by]),
    );
    const day = d.now().toISOString().slice(0, 10);
    res.setHeader("Content-Type", "text/csv; charset=utf-8");
    res.setHeader("Content-Disposition", `attachment; filename="contact-messages${q.topic ? `-${q.topic}` : ""}-${day}.csv"`);
    res.send(csv);
  });

  const setHandled = (handled: boolean): RequestHandler => (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such message.");
    const item = withAudit(() => {
      const changed = d.contact.setHandled(id.data, handled, op.username, d.now().toISOString());
      if (changed) record(op.username, handled ? "contact.handle" : "contact.reopen", "ok", { topic: changed.topic }, String(id.data));
      return changed;
    });
    if (!item) throw new HttpError(404, "not_found", "No such message.");
    res.json(item);
  };
  r.post("/contact-messages/:id/handle", json, setHandled(true));
  r.post("/contact-messages/:id/reopen", json, setHandled(false));

  r.post("/contact-messages/:id/delete", json, (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such message.");
    const deleted = withAudit(() => {
      const item = d.contact.get(id.data);
      if (!item || !d.contact.delete(id.data)) return false;
      record(op.username, "contact.delete", "ok", { topic: item.topic }, String(id.data));
      return true;
    });
    if (!deleted) throw new HttpError(404, "not_found", "No such message.");
    res.json({ ok: true, id: id.data });
  });

  r.get("/experiences", (req, res) => {
    const q = experiencesQuery.parse(req.query);
    const items = d.experiences.listForAdmin({ country: q.country ?? null, hidden: q.hidden ?? null, limit: q.limit, offset: q.offset });
    res.json({ items, limit: q.limit, offset: q.offset });
  });

  const setHidden = (hidden: boolean): RequestHandler => (req, res) => {
    const op = operatorOf(res);
    const id = idParam.safeParse(req.params.id);
    if (!id.success) throw new HttpError(404, "not_found", "No such experience.");
    const item = withAudit(() => {
      const changed = d.experiences.setHidden(id.data, hidden, op.username, d.now().toISOString());
      if (changed) record(op.username, hidden ? "experience.hide" : "experience.unhide", "ok", { country: changed.country_code }, String(id.data));
      return changed;
    });
    if (!item) throw new HttpError(404, "not_found", `No experience with id ${id.data}.`);
    res.json(item);
  };
  r.post("/experiences/:id/hide", json, setHidden(true));
  r.post("/experiences/:id/unhide", json, setHidden(false));

  r.get("/audit", (req, res) => {
    const q = auditQuery.parse(req.query);
    res.json({ items: audit.list({ action: q.action ?? null, limit: q.limit, offset: q.offset }), limit: q.limit, offset: q.offset });
  });

  return r;
}
