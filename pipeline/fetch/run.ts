// The state a fetch run works in (pipeline/fetch/update.ts): the locked pipeline, the options, the clock, the
// pacing between requests; a table's log row and its hand-over to the one ingest.
import type { LockedPipeline } from "../job-contract.ts";
import type { FetchLogEntry } from "../store/fetch-log.ts";
import type { UploadResult } from "../types.ts";
import { FetchError, httpGet, type HttpResult, type Validators } from "./http.ts";
import type { FetchOptions } from "./options.ts";
import type { TableOutcome } from "./outcome.ts";

const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The state a run works in: the locked pipeline, the options, the clock, the pacing between requests. */
export class Run {
  private requests = 0;
  /** The first name-resolution failure of the run: every later table fails with it at once, without asking. */
  private offline: FetchError | null = null;
  readonly now: () => Date;
  private readonly sleep: (ms: number) => Promise<void>;

  constructor(
    readonly locked: LockedPipeline,
    readonly opts: FetchOptions,
  ) {
    this.now = opts.now ?? (() => new Date());
    this.sleep = opts.sleep ?? opts.http.sleep ?? sleepReal;
  }

  /** GET with the run's HTTP options, paced: a pause before every request but the first. */
  async get(table: string, url: string, validators: Validators, accept: string): Promise<HttpResult> {
    if (this.offline)
      throw new FetchError(
        `${this.offline.message.replace(/ \(\d+ attempts?\)$/, "")}; not asked`,
        "no-network",
        null,
        0,
      );
    if (this.requests++ > 0 && this.opts.pauseMs > 0 && !this.opts.signal?.aborted) await this.sleep(this.opts.pauseMs);
    this.opts.onProgress?.({ table, step: "request" });
    const logger = this.opts.logger;
    try {
      return await httpGet(url, validators, {
        ...this.opts.http,
        signal: this.opts.signal,
        accept,
        onRetry: (info) => {
          logger?.warn(
            { table, url, attempt: info.attempt, delay_ms: info.delayMs, reason: info.reason },
            "download failed; retrying",
          );
          this.opts.http.onRetry?.(info);
        },
      });
    } catch (err) {
      if (err instanceof FetchError && err.kind === "no-network") this.offline = err;
      throw err;
    }
  }

  /**
   * Writes the table's log row. On failure the validators, stamp, hash and URL of the stored copy are kept,
   * so that the next run never gets a 304 for content that was not stored.
   */
  async record(o: TableOutcome, prev: FetchLogEntry | null, fresh: Partial<FetchLogEntry> | null): Promise<void> {
    const checkedAt = this.now().toISOString();
    const base: FetchLogEntry = prev ?? {
      table: o.table,
      dataType: o.data_type,
      url: o.url ?? "",
      lastCheckedAt: checkedAt,
      lastChangedAt: null,
      status: o.status,
      reason: null,
      httpStatus: null,
      etag: null,
      lastModified: null,
      sourceUpdated: null,
      rawSha256: null,
      closedHint: null,
      newestPeriod: null,
      consecutiveFailures: 0,
    };
    await this.locked.store.recordFetch({
      ...base,
      ...(o.status === "failed" ? {} : (fresh ?? {})),
      dataType: o.data_type,
      lastCheckedAt: checkedAt,
      lastChangedAt: o.status === "fetched" ? checkedAt : base.lastChangedAt,
      status: o.status,
      reason: o.reason,
      httpStatus: o.http_status,
      consecutiveFailures: o.status === "failed" ? base.consecutiveFailures + 1 : 0,
    });
  }

  /** Ingests downloaded bytes through the one ingest path. */
  async ingest(o: TableOutcome, body: Buffer, fileName: string): Promise<UploadResult> {
    this.opts.onProgress?.({ table: o.table, step: "ingest" });
    const result = await this.locked.ingest({
      fileName,
      content: body,
      dataType: o.data_type,
      origin: "fetch",
      now: this.now(),
    });
    if (result.success) {
      Object.assign(o, {
        status: "fetched",
        inserted: result.inserted,
        updated: result.updated,
        unchanged: result.unchanged,
        warnings: result.warnings.length,
        ingest_id: result.ingest_id ?? null,
      });
    } else {
      o.status = "failed";
      o.reason = `rejected by validation, nothing stored: ${result.error ?? "unknown reason"}`;
    }
    return result;
  }
}
