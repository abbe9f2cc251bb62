// The browser's side of the operator routes (api/routes/admin.ts): typed calls with the session cookie, the
// error texts of docs/product.md §8, and the upload with its real progress (NDJSON steps streamed by the server).
// No credential is checked here: the server decides, the page only shows what it answered.
import type {
  AdminExperience,
  AuditEntry,
  ContactMessage,
  OperatorPublication,
  WaitingListRequest,
} from "../../../product/shapes.ts";
import type { ContactTopic, WaitingListService } from "../../../product/options.ts";
import type { StatusReport } from "../../../pipeline/index.ts";
import type { RecalcSummary } from "../../../pipeline/recalc.ts";
import type { DataType, IngestStep, UploadResult } from "../../../pipeline/types.ts";
import { describeHolder, type JobHolder } from "../../../lib/errors.ts";
import { formatDateTime } from "./admin-format.ts";

export type {
  AdminExperience,
  AuditEntry,
  ContactMessage,
  IngestStep,
  RecalcSummary,
  StatusReport,
  UploadResult,
  WaitingListRequest,
};

const BASE = "/api/admin";
/** What the upload route streams when asked (api/routes/admin.ts PROGRESS_MEDIA_TYPE). */
const NDJSON = "application/x-ndjson";

export interface OperatorSession {
  username: string;
  expires_at: string;
}

/** The server no longer knows this browser's session (expired, signed out elsewhere): sign in again. */
export class SessionEndedError extends Error {
  override readonly name = "SessionEndedError";
  constructor() {
    super("Your operator session has ended. Please sign in again.");
  }
}

/** A refused or failed call: its status and the server's own message when it sent one. */
export class ApiError extends Error {
  override readonly name = "ApiError";
  constructor(
    readonly status: number,
    readonly serverMessage: string | null,
  ) {
    super(serverMessage ?? `Server error: ${status}`);
  }
}

/** The server's text in an error answer: `{error: {message}}` (docs/interfaces.md) or an upload result's `error`. */
function serverMessageOf(body: unknown): string | null {
  if (typeof body !== "object" || body === null) return null;
  const error = (body as { error?: unknown }).error;
  if (typeof error === "string" && error.trim()) return error;
  if (typeof error === "object" && error !== null) {
    const message = (error as { message?: unknown }).message;
    if (typeof message === "string" && message.trim()) return message;
  }
  return null;
}

async function readJson(res: Response): Promise<unknown> {
  const text = await res.text();
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function call<T>(path: string, init: { method?: "GET" | "POST"; body?: unknown } = {}): Promise<T> {
  const method = init.method ?? "GET";
  const res = await fetch(`${BASE}${path}`, {
    method,
    credentials: "same-origin",
    cache: "no-store",
    headers:
      method === "POST"
        ? { Accept: "application/json", "Content-Type": "application/json" }
        : { Accept: "application/json" },
    body: method === "POST" ? JSON.stringify(init.body ?? {}) : undefined,
  });
  const body = await readJson(res);
  if (res.status === 401) throw new SessionEndedError();
  if (!res.ok) throw new ApiError(res.status, serverMessageOf(body));
  return body as T;
}

// ---------------------------------------------------------------------------------------------------------
// Session

export type LoginOutcome =
  { ok: true; session: OperatorSession } | { ok: false; status: number; message: string | null };

/** POST /login. Network failures throw (the caller shows "Login failed"). */
export async function login(username: string, password: string): Promise<LoginOutcome> {
  const res = await fetch(`${BASE}/login`, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: "application/json", "Content-Type": "application/json" },
    body: JSON.stringify({ username, password }),
  });
  const body = (await readJson(res)) as { username?: string; expires_at?: string } | null;
  if (res.ok && body?.username && body.expires_at)
    return { ok: true, session: { username: body.username, expires_at: body.expires_at } };
  return { ok: false, status: res.status, message: serverMessageOf(body) };
}

/** POST /logout; an already ended session counts as signed out. */
export async function logout(): Promise<void> {
  try {
    await call("/logout", { method: "POST" });
  } catch (err) {
    if (!(err instanceof SessionEndedError)) throw err;
  }
}

// ---------------------------------------------------------------------------------------------------------
// Upload and recalculation

export type UploadOutcome =
  /** The pipeline answered: `status` 200 (stored) or 400 (rejected, `result.error` says why). */
  | { kind: "result"; status: number; result: UploadResult }
  /** Refused before or outside the pipeline (409 busy, 413 too large, 500, …). */
  | { kind: "error"; status: number; message: string | null };

type ProgressLine =
  | { type: "progress"; step: IngestStep }
  /** The data directory is busy: the upload waits for this job (sent at once, before the wait ends). */
  | { type: "waiting"; holder?: JobHolder | null; message: string }
  | { type: "result"; status: number; result: UploadResult }
  | { type: "error"; status: number; error?: { message?: string } };

function isUploadResult(body: unknown): body is UploadResult {
  return typeof body === "object" && body !== null && typeof (body as { success?: unknown }).success === "boolean";
}

/** The upload form's options: refuse revisions (`strict`), report without storing (`dry_run`). */
export interface UploadOptions {
  strict?: boolean;
  dryRun?: boolean;
  /** The upload waits for another data job: the server's words naming it. */
  onWaiting?: (message: string) => void;
}

/**
 * Sends one file as multipart (`file` + `data_type` [+ `strict`, `dry_run`]) and reports each pipeline step as the
 * server streams it. Throws on network failures and on a stream cut short.
 */
export async function uploadFile(
  file: File,
  dataType: DataType,
  onStep: (step: IngestStep) => void,
  opts: UploadOptions = {},
): Promise<UploadOutcome> {
  const form = new FormData();
  form.append("data_type", dataType);
  if (opts.strict) form.append("strict", "true");
  if (opts.dryRun) form.append("dry_run", "true");
  form.append("file", file, file.name);
  const res = await fetch(`${BASE}/upload`, {
    method: "POST",
    credentials: "same-origin",
    cache: "no-store",
    headers: { Accept: `${NDJSON}, application/json;q=0.9` },
    body: form,
  });
  if (res.status === 401) throw new SessionEndedError();
  const type = (res.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== NDJSON || !res.body) {
    const body = await readJson(res);
    if (isUploadResult(body)) return { kind: "result", status: res.status, result: body };
    return { kind: "error", status: res.status, message: serverMessageOf(body) };
  }
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffered = "";
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffered += value;
    let newline: number;
    while ((newline = buffered.indexOf("\n")) >= 0) {
      const raw = buffered.slice(0, newline).trim();
      buffered = buffered.slice(newline + 1);
      if (!raw) continue;
      const line = JSON.parse(raw) as ProgressLine;
      if (line.type === "progress") onStep(line.step);
      // The server's words carry the holder's start as an ISO timestamp: worded here as the operator area shows times.
      else if (line.type === "waiting")
        opts.onWaiting?.(
          line.holder !== undefined
            ? `Waiting for ${describeHolder(line.holder, formatDateTime)} to finish.`
            : line.message,
        );
      else if (line.type === "result") return { kind: "result", status: line.status, result: line.result };
      else return { kind: "error", status: line.status, message: line.error?.message ?? null };
    }
    if (done) throw new Error("Upload failed");
  }
}

/** POST /recalculate (today's date on the server). */
export function recalculate(): Promise<RecalcSummary> {
  return call<RecalcSummary>("/recalculate", { method: "POST" });
}

// ---------------------------------------------------------------------------------------------------------
// Reads and small writes

export const getStatus = () => call<StatusReport>("/status");

export const getPublication = () => call<OperatorPublication>("/publication");
export const setPublication = (paused: boolean, reason?: string) =>
  call<OperatorPublication>("/publication", { method: "POST", body: reason ? { paused, reason } : { paused } });

export interface Page<T> {
  items: T[];
  limit: number;
  offset: number;
  total?: number;
}

const query = (params: Record<string, string | number | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== null && v !== undefined && v !== "") q.set(k, String(v));
  const s = q.toString();
  return s ? `?${s}` : "";
};

/** A page of leads: the total of the selection and the days they are kept (JWI_LEADS_RETENTION_DAYS). */
export type LeadPage<T> = Page<T> & { total: number; retention_days: number };

export const getLeads = (service: WaitingListService | null, limit: number, offset = 0) =>
  call<LeadPage<WaitingListRequest>>(`/waiting-list${query({ service, limit, offset })}`);

/** A CSV export: the file and the name the server gives it. */
async function download(path: string, fallbackName: string): Promise<{ blob: Blob; fileName: string }> {
  const res = await fetch(`${BASE}${path}`, { credentials: "same-origin", cache: "no-store" });
  if (res.status === 401) throw new SessionEndedError();
  if (!res.ok) throw new ApiError(res.status, serverMessageOf(await readJson(res)));
  const disposition = res.headers.get("content-disposition") ?? "";
  const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? fallbackName;
  return { blob: await res.blob(), fileName };
}

/** GET /waiting-list/export: the CSV file and the name the server gives it. */
export const exportLeads = (service: WaitingListService | null) =>
  download(`/waiting-list/export${query({ service })}`, "waiting-list.csv");

/** POST /waiting-list/:id/delete: deletes one request for good (a "Delete my data" request). */
export const deleteLead = (id: number) =>
  call<{ ok: true; id: number }>(`/waiting-list/${id}/delete`, { method: "POST" });

export interface MessageFilter {
  topic: ContactTopic | null;
  /** null: all; false: open ones; true: handled ones. */
  handled: boolean | null;
}

export const getMessages = (f: MessageFilter, limit: number, offset = 0) =>
  call<LeadPage<ContactMessage>>(
    `/contact-messages${query({ topic: f.topic, handled: f.handled === null ? null : String(f.handled), limit, offset })}`,
  );

/** GET /contact-messages/export: the selection as a CSV file. */
export const exportMessages = (f: MessageFilter) =>
  download(
    `/contact-messages/export${query({ topic: f.topic, handled: f.handled === null ? null : String(f.handled) })}`,
    "contact-messages.csv",
  );

export const setMessageHandled = (id: number, handled: boolean) =>
  call<ContactMessage>(`/contact-messages/${id}/${handled ? "handle" : "reopen"}`, { method: "POST" });

export const deleteMessage = (id: number) =>
  call<{ ok: true; id: number }>(`/contact-messages/${id}/delete`, { method: "POST" });

export const getExperiences = (q: { country: string | null; hidden: boolean | null; limit: number; offset?: number }) =>
  call<Page<AdminExperience>>(
    `/experiences${query({ country: q.country, hidden: q.hidden === null ? null : String(q.hidden), limit: q.limit, offset: q.offset })}`,
  );

export const setExperienceHidden = (id: number, hidden: boolean) =>
  call<AdminExperience>(`/experiences/${id}/${hidden ? "hide" : "unhide"}`, { method: "POST" });

export const getAudit = (q: { action: string | null; limit: number; offset?: number }) =>
  call<Page<AuditEntry>>(`/audit${query({ action: q.action, limit: q.limit, offset: q.offset })}`);
