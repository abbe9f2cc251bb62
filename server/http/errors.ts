// The API's error shape (docs/interfaces.md): typed errors → status and code in one middleware, zod issues → field
// messages, and the answer every refused request gets. A 5xx never carries a stack or a path: it names the request id.
import type { ServerResponse } from "node:http";
import type { ErrorRequestHandler, NextFunction, Request, RequestHandler, Response } from "express";
import { MulterError } from "multer";
import { ZodError } from "zod";
import { BusyError, InputError, NotFoundError } from "../../lib/errors.ts";
import { fieldErrorCodes, type FieldError } from "../../lib/field-errors.ts";
import type { Logger } from "../../lib/logger.ts";
import { systemProblem } from "../../lib/system-errors.ts";
import { CACHE_NEVER } from "./cache.ts";

/** An error with its own status and code (401, 403, 415, 429, …). */
export class HttpError extends Error {
  override readonly name = "HttpError";
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }
}

export interface ErrorBody {
  /**
   * `message` and `details` are English, for API clients; `fields` says the same of each refused field as a code and
   * its bound (lib/field-errors.ts), which the site's pages word in their own language (docs/i18n.md).
   */
  error: { code: string; message: string; details?: unknown; fields?: FieldError[] };
}

export function errorBody(code: string, message: string, details?: unknown, fields?: FieldError[]): ErrorBody {
  const error: ErrorBody["error"] = details === undefined ? { code, message } : { code, message, details };
  if (fields !== undefined) error.fields = fields;
  return { error };
}

/** zod issues → `{ field: message }` (first English message per field; `body` for the whole body). */
function fieldErrors(err: ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of err.issues) {
    const key = issue.path.length ? issue.path.map(String).join(".") : "body";
    if (!(key in out))
      out[key] = key === "body" && issue.code === "invalid_type" ? "Expected a JSON object" : issue.message;
  }
  return out;
}

/** The parts of an Express router (the `router` package) that say which routes a path has. */
interface RouterLike {
  stack?: Array<{
    /** The match of a path (router 2: what it matched, or false). */
    match(path: string): { path: string } | false;
    route?: { _methods(): string[] };
    handle: unknown;
  }>;
}

/** The methods the routes of `router` answer at `path` (sub-routers included); empty when no route has the path. */
function allowedMethods(router: RouterLike, path: string): Set<string> {
  const out = new Set<string>();
  for (const layer of router.stack ?? []) {
    const sub = layer.handle as RouterLike;
    if (!layer.route && !Array.isArray(sub?.stack)) continue; // a middleware, not a route
    const matched = layer.match(path);
    if (!matched) continue;
    if (layer.route) for (const m of layer.route._methods()) out.add(m);
    else for (const m of allowedMethods(sub, path.slice(matched.path.length) || "/")) out.add(m);
  }
  return out;
}

/**
 * Answers what nothing under /api matched, in the contract's JSON shape, naming the full path asked for: 405 with an
 * `Allow` header when the path has routes for other methods (`POST /api/v1/countries`: GET, HEAD), else 404.
 */
export function apiNotFound(router: RouterLike): RequestHandler {
  return (req, res, next) => {
    const path = req.originalUrl.split("?")[0]!;
    const allowed = [...allowedMethods(router, req.path)].sort();
    if (allowed.length > 0) {
      res.setHeader("Allow", allowed.join(", "));
      next(
        new HttpError(
          405,
          "method_not_allowed",
          `${req.method} is not allowed on ${path}: it answers ${allowed.join(", ")}.`,
          { allow: allowed },
        ),
      );
      return;
    }
    next(new HttpError(404, "not_found", `No API route ${req.method} ${path}`));
  };
}

interface HttpishError {
  status?: number;
  statusCode?: number;
  type?: string;
  expose?: boolean;
}

/** The id of a request (set by requestId() and the fast path), named in logs and in 5xx answers. */
export function requestIdOf(res: ServerResponse): string | undefined {
  const id = res.getHeader("X-Request-Id");
  return typeof id === "string" ? id : undefined;
}

/**
 * The one error middleware: typed errors → status codes, the contract's error shape. A 5xx never carries a stack
 * or a path, in any mode: it names the request id, and the log line with the same id holds the details.
 */
export function errorHandler(logger: Logger): ErrorRequestHandler {
  return (err: unknown, req: Request, res: Response, next: NextFunction) => {
    if (res.headersSent) return next(err);
    const requestId = requestIdOf(res);
    const { status, body } = toErrorResponse(err, requestId);
    if (status >= 500)
      logger.error({ err, request_id: requestId, method: req.method, path: req.path }, "request failed");
    else
      logger.debug(
        { code: body.error.code, request_id: requestId, method: req.method, path: req.path },
        "request rejected",
      );
    if (err instanceof HttpError && err.status === 429) {
      const retry = (err.details as { retry_after_seconds?: number } | undefined)?.retry_after_seconds;
      if (retry !== undefined) res.setHeader("Retry-After", String(retry));
    }
    res.setHeader("Cache-Control", CACHE_NEVER);
    res.status(status).json(body);
  };
}

export function toErrorResponse(err: unknown, requestId?: string): { status: number; body: ErrorBody } {
  if (err instanceof HttpError) return { status: err.status, body: errorBody(err.code, err.message, err.details) };
  if (err instanceof ZodError) {
    const details = fieldErrors(err);
    return {
      status: 400,
      body: errorBody(
        "invalid_request",
        `Invalid fields: ${Object.keys(details).join(", ")}`,
        details,
        fieldErrorCodes(err),
      ),
    };
  }
  if (err instanceof InputError) return { status: 400, body: errorBody("invalid_input", err.message, err.details) };
  if (err instanceof NotFoundError) return { status: 404, body: errorBody("not_found", err.message) };
  if (err instanceof BusyError) {
    return { status: 409, body: errorBody("busy", err.message, err.holder ? { holder: err.holder } : undefined) };
  }
  if (err instanceof MulterError) {
    if (err.code === "LIMIT_FILE_SIZE" || err.code === "LIMIT_FIELD_VALUE" || err.code === "LIMIT_PART_COUNT") {
      return { status: 413, body: errorBody("payload_too_large", "The uploaded file is too large.") };
    }
    return {
      status: 400,
      body: errorBody("invalid_upload", `Upload rejected: ${err.message} (${err.field ?? "form"})`),
    };
  }
  const e = (typeof err === "object" && err !== null ? err : {}) as HttpishError;
  const status = e.status ?? e.statusCode;
  if (e.type === "entity.too.large" || status === 413) {
    return { status: 413, body: errorBody("payload_too_large", "The request body is too large.") };
  }
  if (e.type === "entity.parse.failed") {
    return { status: 400, body: errorBody("invalid_json", "The request body is not valid JSON.") };
  }
  if (typeof status === "number" && status >= 400 && status < 500) {
    const code = (e.type ?? "bad_request").replace(/[^a-z0-9]+/gi, "_").toLowerCase();
    const message = e.expose !== false && err instanceof Error ? err.message : "Bad request.";
    return { status, body: errorBody(code, message) };
  }
  const ref = requestId ? { request_id: requestId } : undefined;
  const problem = systemProblem(err);
  if (problem === "disk-full") {
    return {
      status: 507,
      body: errorBody(
        "storage_full",
        "The server cannot store anything right now (its disk is full). Nothing was saved; please try again later.",
        ref,
      ),
    };
  }
  if (problem !== null) {
    return {
      status: 503,
      body: errorBody(
        "storage_unavailable",
        "The server cannot write its data right now. Nothing was saved; please try again later.",
        ref,
      ),
    };
  }
  return {
    status: 500,
    body: errorBody("internal_error", "Something went wrong on our side. Please try again later.", ref),
  };
}
