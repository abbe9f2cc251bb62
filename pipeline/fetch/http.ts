// A polite, robust HTTP GET for the updater: a time limit per attempt (AbortSignal.timeout), bounded retries
// with exponential backoff and jitter on 429 / 5xx / network errors (honouring Retry-After), conditional
// requests (If-None-Match / If-Modified-Since), a User-Agent naming the product, a size cap, and a body that
// is checked against its Content-Length so that a cut-off download is never taken for a whole one.
// Knows nothing about Eurostat or the store.
import { abortableSleep } from "../abortable-sleep.ts";

/** Why a download failed, in one word (the summary and the fetch log add the sentence). */
export type FetchErrorKind = "timeout" | "network" | "no-network" | "truncated" | "http" | "too-large" | "cancelled";

/**
 * Name-resolution failures: the host's name cannot be looked up (no network, no DNS, or a wrong host name).
 * Another attempt seconds later answers the same, so they are not retried (`no-network`).
 */
const RESOLUTION_CODES = new Set(["ENOTFOUND", "EAI_AGAIN"]);

export class FetchError extends Error {
  override readonly name = "FetchError";
  constructor(
    message: string,
    readonly kind: FetchErrorKind,
    /** HTTP status of the last attempt, when one was received. */
    readonly httpStatus: number | null,
    readonly attempts: number,
    /** The body of the last error answer (the first 64 KB), for a caller that knows its shape; null when none. */
    readonly body: Buffer | null = null,
    readonly contentType: string | null = null,
  ) {
    super(message);
  }
}

export interface HttpOptions {
  userAgent: string;
  /** Time limit of one attempt, headers and body together. */
  timeoutMs: number;
  /** Attempts after the first one (bounded). */
  retries: number;
  /** First backoff wait; doubles per retry, with jitter, up to `maxBackoffMs`. */
  backoffMs: number;
  maxBackoffMs?: number;
  /** The longest Retry-After honoured; a server asking for more ends the retries (default 5 minutes). */
  maxRetryAfterMs?: number;
  /** Largest body accepted (default 64 MiB, the upload limit). */
  maxBytes?: number;
  accept?: string;
  /** Cancels the download (and any wait between attempts): the server is shutting down. */
  signal?: AbortSignal;
  /** Injected in tests. */
  sleep?: (ms: number) => Promise<void>;
  random?: () => number;
  /** Called before each wait between attempts. */
  onRetry?: (info: { attempt: number; delayMs: number; reason: string }) => void;
}

/** Validators of the copy already held, sent as If-None-Match / If-Modified-Since. */
export interface Validators {
  etag?: string | null;
  lastModified?: string | null;
}

export type HttpResult =
  | {
      kind: "ok";
      status: number;
      body: Buffer;
      etag: string | null;
      lastModified: string | null;
      contentType: string | null;
      attempts: number;
    }
  | { kind: "not-modified"; status: 304; etag: string | null; lastModified: string | null; attempts: number };

const MIB = 1024 * 1024;
const DEFAULT_MAX_BYTES = 64 * MIB;
const DEFAULT_MAX_BACKOFF_MS = 60_000;
const DEFAULT_MAX_RETRY_AFTER_MS = 5 * 60_000;
/** Error bodies are read only this far (for the reason shown to the operator). */
const ERROR_BODY_BYTES = 64 * 1024;

const CANCELLED = "cancelled: the run was stopped (the server is shutting down)";

/** Statuses worth another attempt: rate limiting, request timeout, and every server error. */
export function isRetryableStatus(status: number): boolean {
  return status === 408 || status === 429 || (status >= 500 && status <= 599);
}

/**
 * Wait before retry number `retry` (1 for the first retry): base × 2^(retry-1), capped, with "equal jitter"
 * (half fixed, half random) so that many clients do not come back at the same instant.
 */
export function backoffDelay(retry: number, baseMs: number, maxMs: number, random: () => number = Math.random): number {
  const ceiling = Math.min(maxMs, baseMs * 2 ** Math.max(0, retry - 1));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** Retry-After as milliseconds from `now`: delta-seconds or an HTTP date; null when absent or unreadable. */
export function parseRetryAfter(value: string | null | undefined, now: Date = new Date()): number | null {
  if (value === null || value === undefined) return null;
  const text = value.trim();
  if (/^\d+$/.test(text)) return Number(text) * 1000;
  const at = Date.parse(text);
  if (Number.isNaN(at)) return null;
  return Math.max(0, at - now.getTime());
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

/** The most telling line of an error body: Eurostat's JSON error label, an HTML title, else its first text. */
export function describeErrorBody(body: Buffer, contentType: string | null): string | null {
  const text = body.toString("utf8").trim();
  if (text === "") return null;
  if (/json/i.test(contentType ?? "") || text.startsWith("{")) {
    try {
      const json = JSON.parse(text) as { error?: unknown; message?: unknown };
      const errors = Array.isArray(json.error) ? json.error : json.error ? [json.error] : [];
      const labels = errors
        .map((e) => (typeof e === "object" && e !== null ? (e as { label?: unknown; message?: unknown }) : {}))
        .map((e) => (typeof e.label === "string" ? e.label : typeof e.message === "string" ? e.message : null))
        .filter((l): l is string => l !== null);
      if (labels.length) return labels.join("; ");
      if (typeof json.message === "string") return json.message;
    } catch {
      /* not JSON after all: fall through */
    }
  }
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1]?.trim();
  if (title) return `HTML page "${title}"`;
  const plain = text
    .replace(/<[^>]+>/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  return plain === "" ? null : plain.length > 200 ? `${plain.slice(0, 200)}…` : plain;
}

interface AttemptFailure {
  kind: FetchErrorKind;
  message: string;
  status: number | null;
  retryable: boolean;
  retryAfterMs: number | null;
  /** An HTTP error answer's body (first ERROR_BODY_BYTES) and type. */
  body?: Buffer | null;
  contentType?: string | null;
}

const isAbort = (err: unknown): boolean =>
  err instanceof Error && (err.name === "TimeoutError" || err.name === "AbortError");

function networkMessage(err: unknown): string {
  const cause = err instanceof Error ? (err.cause as { code?: string; message?: string } | undefined) : undefined;
  const detail = cause?.code
    ? `${cause.code}${cause.message ? ` (${cause.message})` : ""}`
    : err instanceof Error
      ? err.message
      : String(err);
  return `network error: ${detail}`;
}

/** Reads the body up to `limit` bytes; throws an AttemptFailure-shaped object for a cut-off or oversized body. */
async function readBody(res: Response, limit: number, expected: number | null, timeoutMs: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let received = 0;
  try {
    if (res.body) {
      for await (const chunk of res.body as unknown as AsyncIterable<Uint8Array>) {
        received += chunk.byteLength;
        if (received > limit) {
          await res.body.cancel().catch(() => {});
          throw {
            kind: "too-large",
            message: `the response is larger than ${Math.round(limit / MIB)} MB`,
            status: res.status,
            retryable: false,
            retryAfterMs: null,
          } satisfies AttemptFailure;
        }
        chunks.push(Buffer.from(chunk));
      }
    }
  } catch (err) {
    if (typeof err === "object" && err !== null && "kind" in err) throw err;
    if (isAbort(err)) {
      throw {
        kind: "timeout",
        message: `timed out after ${timeoutMs} ms while reading the body (${received} bytes received)`,
        status: res.status,
        retryable: true,
        retryAfterMs: null,
      } satisfies AttemptFailure;
    }
    const of = expected !== null ? ` of ${expected}` : "";
    throw {
      kind: "truncated",
      message: `truncated response: the connection closed after ${received}${of} bytes`,
      status: res.status,
      retryable: true,
      retryAfterMs: null,
    } satisfies AttemptFailure;
  }
  if (expected !== null && received !== expected) {
    throw {
      kind: "truncated",
      message: `truncated response: received ${received} of ${expected} bytes`,
      status: res.status,
      retryable: true,
      retryAfterMs: null,
    } satisfies AttemptFailure;
  }
  return Buffer.concat(chunks, received);
}

async function attempt(
  url: string,
  headers: Record<string, string>,
  opts: HttpOptions,
): Promise<HttpResult | AttemptFailure> {
  const timeout = AbortSignal.timeout(opts.timeoutMs);
  let res: Response;
  try {
    res = await fetch(url, {
      headers,
      redirect: "follow",
      signal: opts.signal ? AbortSignal.any([opts.signal, timeout]) : timeout,
    });
  } catch (err) {
    if (opts.signal?.aborted)
      return { kind: "cancelled", message: CANCELLED, status: null, retryable: false, retryAfterMs: null };
    if (isAbort(err))
      return {
        kind: "timeout",
        message: `timed out after ${opts.timeoutMs} ms`,
        status: null,
        retryable: true,
        retryAfterMs: null,
      };
    const code = err instanceof Error ? (err.cause as { code?: string } | undefined)?.code : undefined;
    if (code !== undefined && RESOLUTION_CODES.has(code)) {
      const host = URL.canParse(url) ? new URL(url).hostname : url;
      return {
        kind: "no-network",
        message: `no network: the name ${host} cannot be resolved (${code})`,
        status: null,
        retryable: false,
        retryAfterMs: null,
      };
    }
    return { kind: "network", message: networkMessage(err), status: null, retryable: true, retryAfterMs: null };
  }
  const etag = res.headers.get("etag");
  const lastModified = res.headers.get("last-modified");
  if (res.status === 304) {
    await res.body?.cancel().catch(() => {});
    return { kind: "not-modified", status: 304, etag, lastModified, attempts: 0 };
  }
  const contentType = res.headers.get("content-type");
  if (res.status < 200 || res.status > 299) {
    let detail: string | null = null;
    let body: Buffer | null = null;
    try {
      body = await readBody(res, ERROR_BODY_BYTES, null, opts.timeoutMs);
      detail = describeErrorBody(body, contentType);
    } catch {
      /* an unreadable (or longer) error body: the status says enough */
    }
    const statusText = res.statusText ? ` ${res.statusText}` : "";
    return {
      kind: "http",
      message: `HTTP ${res.status}${statusText}${detail ? `: ${detail}` : ""}`,
      status: res.status,
      retryable: isRetryableStatus(res.status),
      retryAfterMs: parseRetryAfter(res.headers.get("retry-after")),
      body,
      contentType,
    };
  }
  // A compressed body is checked by the decoder (a cut-off stream fails); a plain one against its length.
  const encoded = (res.headers.get("content-encoding") ?? "identity").toLowerCase() !== "identity";
  const lengthHeader = res.headers.get("content-length");
  const expected = !encoded && lengthHeader !== null && /^\d+$/.test(lengthHeader) ? Number(lengthHeader) : null;
  try {
    const body = await readBody(res, opts.maxBytes ?? DEFAULT_MAX_BYTES, expected, opts.timeoutMs);
    return { kind: "ok", status: res.status, body, etag, lastModified, contentType, attempts: 0 };
  } catch (failure) {
    if (opts.signal?.aborted)
      return { kind: "cancelled", message: CANCELLED, status: res.status, retryable: false, retryAfterMs: null };
    return failure as AttemptFailure;
  }
}

/**
 * GET `url`; answers the body (2xx) or `not-modified` (304 to a conditional request). Throws FetchError once
 * the attempts are used up, or at once for a failure that another attempt cannot fix (4xx, too large).
 */
export async function httpGet(url: string, validators: Validators, opts: HttpOptions): Promise<HttpResult> {
  const headers: Record<string, string> = { "user-agent": opts.userAgent, accept: opts.accept ?? "*/*" };
  if (validators.etag) headers["if-none-match"] = validators.etag;
  if (validators.lastModified) headers["if-modified-since"] = validators.lastModified;
  const sleep = opts.sleep ?? ((ms: number) => abortableSleep(ms, opts.signal));
  const maxAttempts = 1 + Math.max(0, Math.floor(opts.retries));
  const maxBackoff = opts.maxBackoffMs ?? DEFAULT_MAX_BACKOFF_MS;
  const maxRetryAfter = opts.maxRetryAfterMs ?? DEFAULT_MAX_RETRY_AFTER_MS;
  for (let n = 1; ; n++) {
    if (opts.signal?.aborted) throw new FetchError(CANCELLED, "cancelled", null, n - 1);
    const result = await attempt(url, headers, opts);
    if (result.kind === "ok" || result.kind === "not-modified") return { ...result, attempts: n };
    const tries = plural(n, "attempt");
    if (!result.retryable || n >= maxAttempts) {
      throw new FetchError(
        `${result.message} (${tries})`,
        result.kind,
        result.status,
        n,
        result.body ?? null,
        result.contentType ?? null,
      );
    }
    if (result.retryAfterMs !== null && result.retryAfterMs > maxRetryAfter) {
      throw new FetchError(
        `${result.message}; the server asked to come back in ${Math.ceil(result.retryAfterMs / 1000)} s, longer than the ${Math.ceil(maxRetryAfter / 1000)} s this run waits (${tries})`,
        result.kind,
        result.status,
        n,
        result.body ?? null,
        result.contentType ?? null,
      );
    }
    const delayMs = Math.max(result.retryAfterMs ?? 0, backoffDelay(n, opts.backoffMs, maxBackoff, opts.random));
    opts.onRetry?.({ attempt: n, delayMs, reason: result.message });
    await sleep(delayMs);
    if (opts.signal?.aborted) throw new FetchError(CANCELLED, "cancelled", result.status, n);
  }
}
