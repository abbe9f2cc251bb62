// The updater: download every source table (Eurostat JSON-stat, the barometer workbook), hand each download to
// the one ingest (origin "fetch"), log each check in DuckDB, and (for `update`) recalc when a stored value changed.
// Everything runs inside one pipeline job (the one-at-a-time lock): a manual upload meanwhile gets BusyError.
//
// Never replaces good data with bad: a failed, cut-off, HTML or malformed download is not ingested (or ingest
// rejects it, storing nothing), and the fetch log keeps the validators of the copy that is stored.
import { pausedRecalcNote, type PausedBy } from "../pause.ts";
import type { JobOptions, LockedPipeline, Pipeline } from "../job-contract.ts";
import { publishSourceChecks } from "../publish.ts";
import { LMB_TABLE } from "../sources/barometer/parse.ts";
import {
  EUROSTAT_TABLES,
  SUCCESSOR_TABLES,
  readingsOf,
  tableConfig,
  type TableConfig,
} from "../sources/eurostat/tables.ts";
import type { FetchLogEntry } from "../store/observations.ts";
import { DATA_TYPES, NOTHING_CHANGED, type DataType, type UploadResult } from "../types.ts";
import { archiveRaw } from "./archive.ts";
import {
  FROZEN_AFTER_MONTHS,
  PREDECESSOR_TABLES,
  inspectEurostat,
  looksLikeHtml,
  readEurostatError,
  seriesAbsent,
  staleHint,
  tableUrl,
  type EurostatError,
} from "./eurostat.ts";
import { FetchError, httpGet, isRetryableStatus, type HttpResult, type Validators } from "./http.ts";
import type { FetchOptions } from "./options.ts";

/**
 * fetched: new content downloaded and stored · unchanged: the source has nothing new (304, same `updated`
 * stamp or same bytes), nothing re-ingested · empty: answered without values (or Eurostat's "No results found"),
 * its successor asked instead · failed: see `reason`; nothing stored · skipped: not configured (see `reason`).
 */
export type TableStatus = "fetched" | "unchanged" | "empty" | "failed" | "skipped";

export interface TableOutcome {
  table: string;
  data_type: DataType;
  status: TableStatus;
  /** Why it failed, was skipped, is empty or is unchanged; null for a plain fetch. */
  reason: string | null;
  url: string | null;
  http_status: number | null;
  attempts: number;
  duration_ms: number;
  bytes: number | null;
  /** The body as kept under JWI_DATA_DIR (`raw/<sha256>.json`), for replay with `jwi ingest`. */
  raw_file: string | null;
  raw_sha256: string | null;
  /** The dataset's `updated` stamp (Eurostat). */
  source_updated: string | null;
  /** Newest period of the covered countries held for this table (after this check). */
  newest_period: string | null;
  inserted: number;
  updated: number;
  unchanged: number;
  warnings: number;
  ingest_id: number | null;
  /** Why the table looks frozen (closed title, discontinued, newest period far behind), or null. */
  frozen: string | null;
  /** The successor asked for because this table is frozen or empty. */
  fell_over_to: string | null;
  /** Set on a successor: the legacy table it stands in for. */
  successor_of: string | null;
  notes: string[];
}

export type RunOutcome = "ok" | "partial" | "failed";

export interface FetchSummary {
  started_at: string;
  finished_at: string;
  duration_ms: number;
  base_url: string;
  tables: TableOutcome[];
  counts: Record<TableStatus, number>;
  /** True when some stored value was inserted or updated. */
  changed: boolean;
  /** ok: nothing failed · partial: some tables failed · failed: every table tried failed. */
  outcome: RunOutcome;
}

export interface UpdateSummary extends FetchSummary {
  /** The recalc that followed (only when something changed), or why it failed. */
  recalc:
    | {
        ok: true;
        as_of: string;
        countries_scored: number;
        publication_id: number | null;
        duration_ms: number;
        /** Set while the operator paused publication: stored, published on resume (pipeline/publish.ts). */
        paused: PausedBy | null;
        /** True when nothing differed from the current publication: nothing was published. */
        unchanged?: boolean;
      }
    | { ok: false; error: string }
    | null;
  notes: string[];
}

/** Exit codes of `jwi fetch` / `jwi update`: 0 all fresh or unchanged, 1 some tables failed, 3 every table failed. */
export const UPDATE_EXIT = { ok: 0, partial: 1, failed: 3 } as const;

export function exitCodeOf(summary: FetchSummary | UpdateSummary): 0 | 1 | 3 {
  if ("recalc" in summary && summary.recalc && !summary.recalc.ok && summary.outcome === "ok")
    return UPDATE_EXIT.partial;
  return UPDATE_EXIT[summary.outcome];
}

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const sleepReal = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function blankOutcome(table: string, dataType: DataType): TableOutcome {
  return {
    table,
    data_type: dataType,
    status: "failed",
    reason: null,
    url: null,
    http_status: null,
    attempts: 0,
    duration_ms: 0,
    bytes: null,
    raw_file: null,
    raw_sha256: null,
    source_updated: null,
    newest_period: null,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    warnings: 0,
    ingest_id: null,
    frozen: null,
    fell_over_to: null,
    successor_of: null,
    notes: [],
  };
}

/** The state a run works in: the locked pipeline, the options, the clock, the pacing between requests. */
class Run {
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

function failFrom(o: TableOutcome, err: unknown): void {
  o.status = "failed";
  if (err instanceof FetchError) {
    o.reason = err.message;
    o.http_status = err.httpStatus;
    o.attempts = err.attempts;
  } else {
    o.reason = `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/**
 * Eurostat's own error answer: "No results found" is an empty answer (the successor, if any, is asked);
 * EXTRACTION_TOO_BIG and every other error fail the table with what Eurostat said.
 */
function applyEurostatError(o: TableOutcome, config: TableConfig, e: EurostatError): void {
  switch (e.kind) {
    case "no-results":
      o.status = SUCCESSOR_TABLES[config.table] ? "empty" : "failed";
      o.reason = `${e.text}: no values for this request; nothing stored`;
      return;
    case "too-big":
      o.status = "failed";
      o.reason = `${e.text}: the request asks for more than Eurostat extracts at once, and asking again would not make it smaller (not retried); nothing stored`;
      return;
    case "asynchronous":
      o.status = "failed";
      o.reason = `${e.text}: Eurostat prepares this answer for later, so a later run should get it; nothing stored`;
      return;
    case "error":
      o.status = "failed";
      o.reason = `${e.text}; nothing stored`;
  }
}

/**
 * The outcome of a table's second reading (une_rt_m's under-25s, data type youth_unemployment), from the one answer
 * the table's first reading got: ingested from the same bytes when the answer holds its series, "empty" when it does
 * not, otherwise what happened to the request (unchanged, failed). It has no fetch-log row of its own: the table's
 * row describes the answer both readings came from.
 */
async function fetchOtherReading(
  run: Run,
  main: TableOutcome,
  config: TableConfig,
  body: Buffer | null,
): Promise<TableOutcome> {
  const started = performance.now();
  const o: TableOutcome = {
    ...blankOutcome(config.table, config.dataType),
    url: main.url,
    http_status: main.http_status,
    attempts: main.attempts,
    bytes: main.bytes,
    raw_file: main.raw_file,
    raw_sha256: main.raw_sha256,
    source_updated: main.source_updated,
    frozen: main.frozen,
    notes: [`read from the same answer as ${main.data_type} (one request per table)`],
  };
  if (body === null) {
    // The answer never reached ingest (not modified, empty, refused, failed): the same for this reading, but a
    // failure is reported once, on the table's first reading.
    o.status = main.status === "failed" ? "skipped" : main.status;
    o.reason =
      main.status === "failed"
        ? `not read: the ${main.table} answer was not stored (see ${main.table}, ${main.data_type})`
        : main.reason;
  } else {
    const absent = seriesAbsent(body, config);
    if (absent !== null) {
      o.status = "empty";
      o.reason = `${absent}; nothing stored`;
    } else {
      const result = await run.ingest(o, body, `${config.table}.json`);
      if (result.success)
        o.newest_period =
          result.latest_samples
            .map((x) => x.period)
            .sort()
            .at(-1) ?? null;
    }
  }
  o.duration_ms = Math.round(performance.now() - started);
  return o;
}

/**
 * One Eurostat table: request (conditional), archive, inspect, ingest, log. A table read for several data types
 * (une_rt_m) is asked once; the answer is ingested for each reading (`others` get their outcomes).
 */
async function fetchEurostatTable(
  run: Run,
  config: TableConfig,
  successorOf: string | null,
  others: TableOutcome[] = [],
): Promise<TableOutcome> {
  const started = performance.now();
  const { store } = run.locked;
  const o = blankOutcome(config.table, config.dataType);
  o.successor_of = successorOf;
  if (successorOf) o.notes.push(`asked instead of ${successorOf}, which looks frozen or answered empty`);
  const prev = await store.fetchLogEntry(config.table);
  const now = run.now();

  const url = tableUrl(run.opts.baseUrl, config);
  o.url = url;
  const sameUrl = prev !== null && prev.url === url;
  let closed: string | null = null;
  /** The whole dataset's newest period (Eurostat's annotation), which may be later than the covered countries'. */
  let datasetNewest: string | null = null;
  let fresh: Partial<FetchLogEntry> | null = null;
  /** The answer, when it reached ingest: the other readings of the table read it too. */
  let ingestedBody: Buffer | null = null;

  try {
    const res = await run.get(
      config.table,
      url,
      sameUrl ? { etag: prev.etag, lastModified: prev.lastModified } : {},
      "application/json",
    );
    o.attempts = res.attempts;
    o.http_status = res.status;
    if (res.kind === "not-modified") {
      o.status = "unchanged";
      o.reason = "not modified since the last check (HTTP 304)";
      o.source_updated = prev?.sourceUpdated ?? null;
      o.newest_period = await store.newestCountryPeriod(config.table);
      fresh = { etag: res.etag ?? prev?.etag ?? null, lastModified: res.lastModified ?? prev?.lastModified ?? null };
    } else {
      const archived = await archiveRaw(run.locked.dataDir, res.body, ".json");
      Object.assign(o, { bytes: archived.bytes, raw_file: archived.file, raw_sha256: archived.sha256 });
      const answer = inspectEurostat(res.body, res.contentType, config, now);
      if (answer.kind === "refused") {
        o.status = "failed";
        o.reason = `${answer.reason}; nothing stored`;
      } else if (answer.kind === "error") {
        applyEurostatError(o, config, answer.error);
      } else {
        if (answer.kind === "dataset") {
          o.source_updated = answer.updated;
          datasetNewest = answer.newestPeriod;
          closed = answer.closed;
        }
        const sameStamp =
          answer.kind === "dataset" && answer.updated !== null && prev?.sourceUpdated === answer.updated;
        if (answer.kind === "dataset" && answer.empty !== null) {
          o.status = SUCCESSOR_TABLES[config.table] ? "empty" : "failed";
          o.reason = `${answer.empty}; nothing stored`;
        } else if (sameUrl && prev.rawSha256 !== null && (prev.rawSha256 === archived.sha256 || sameStamp)) {
          o.status = "unchanged";
          o.reason =
            prev.rawSha256 === archived.sha256
              ? "the same bytes as the copy already stored; not re-ingested"
              : `Eurostat's \`updated\` stamp (${answer.kind === "dataset" ? answer.updated : ""}) is the one already stored; not re-ingested`;
          o.newest_period = await store.newestCountryPeriod(config.table);
        } else {
          ingestedBody = res.body;
          const result = await run.ingest(o, res.body, `${config.table}.json`);
          if (result.success) o.newest_period = await store.newestCountryPeriod(config.table);
        }
        if (o.status === "fetched" || o.status === "unchanged") {
          // An answer found equal by its stamp was not stored: the stored copy keeps its own hash.
          const storedSha = o.status === "fetched" ? archived.sha256 : (prev?.rawSha256 ?? archived.sha256);
          fresh = {
            url,
            etag: res.etag,
            lastModified: res.lastModified,
            rawSha256: storedSha,
            sourceUpdated: o.source_updated,
            closedHint: closed,
            newestPeriod: datasetNewest ?? o.newest_period,
          };
        }
      }
    }
  } catch (err) {
    failFrom(o, err);
    // A client error (400, 404, 413: asked once, another attempt would answer the same) is read for what
    // Eurostat said. A 429 or 5xx that outlasted the retries keeps the HTTP layer's reason (attempts,
    // Retry-After), which already quotes Eurostat's label.
    const clientError =
      err instanceof FetchError &&
      err.kind === "http" &&
      err.body !== null &&
      err.httpStatus !== null &&
      !isRetryableStatus(err.httpStatus);
    const said = clientError ? readEurostatError(err.body!, err.httpStatus) : null;
    if (said !== null) applyEurostatError(o, config, said);
  }

  // Frozen: the table's own words (this answer, else the last one read) and how old its newest period is.
  const hints = [
    closed ?? prev?.closedHint ?? null,
    staleHint(
      datasetNewest ?? prev?.newestPeriod ?? o.newest_period,
      now,
      run.opts.frozenAfterMonths ?? FROZEN_AFTER_MONTHS,
    ),
  ];
  o.frozen = hints.filter((h): h is string => h !== null).join(" and ") || null;
  for (const other of readingsOf(config.table)) {
    if (other !== config) others.push(await fetchOtherReading(run, o, other, ingestedBody));
  }
  // A second reading that failed to store an answer the first one stored would never be retried (the same bytes
  // count as unchanged next time): the table's log then keeps the previous copy, so the next run asks again.
  const otherFailed = others.some((x) => x.status === "failed") && o.status === "fetched";
  o.duration_ms = Math.round(performance.now() - started);
  await run.record(o, prev, otherFailed ? null : fresh);
  return o;
}

/** The barometer workbook from JWI_BAROMETER_URL (skipped with a note when unset). */
async function fetchBarometer(run: Run): Promise<TableOutcome> {
  const started = performance.now();
  const o = blankOutcome(LMB_TABLE, "lmb");
  const url = run.opts.barometerUrl;
  if (!url) {
    o.status = "skipped";
    o.reason =
      "JWI_BAROMETER_URL is not set, so the barometer is not fetched (countries are scored on Eurostat data alone; " +
      "upload the workbook on the operator page or with `jwi ingest FILE --type lmb`)";
    return o;
  }
  o.url = url;
  const prev = await run.locked.store.fetchLogEntry(LMB_TABLE);
  const sameUrl = prev !== null && prev.url === url;
  let fresh: Partial<FetchLogEntry> | null = null;
  try {
    const res = await run.get(
      LMB_TABLE,
      url,
      sameUrl ? { etag: prev.etag, lastModified: prev.lastModified } : {},
      `${XLSX_TYPE}, */*;q=0.5`,
    );
    o.attempts = res.attempts;
    o.http_status = res.status;
    if (res.kind === "not-modified") {
      o.status = "unchanged";
      o.reason = "not modified since the last check (HTTP 304)";
      o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      fresh = { etag: res.etag ?? prev?.etag ?? null, lastModified: res.lastModified ?? prev?.lastModified ?? null };
    } else if (looksLikeHtml(res.body, res.contentType)) {
      o.status = "failed";
      o.reason = "answered an HTML page instead of an XLSX workbook; nothing stored";
      o.bytes = res.body.length;
    } else {
      const archived = await archiveRaw(run.locked.dataDir, res.body, ".xlsx");
      Object.assign(o, { bytes: archived.bytes, raw_file: archived.file, raw_sha256: archived.sha256 });
      if (sameUrl && prev.rawSha256 === archived.sha256) {
        o.status = "unchanged";
        o.reason = "the same bytes as the copy already stored; not re-ingested";
        o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      } else {
        const name = new URL(url).pathname.split("/").pop() ?? "";
        const result = await run.ingest(o, res.body, /\.xlsx$/i.test(name) ? decodeURIComponent(name) : "lmb.xlsx");
        if (result.success) o.newest_period = await run.locked.store.newestCountryPeriod(LMB_TABLE);
      }
      if (o.status === "fetched" || o.status === "unchanged") {
        fresh = {
          url,
          etag: res.etag,
          lastModified: res.lastModified,
          rawSha256: archived.sha256,
          newestPeriod: o.newest_period,
        };
      }
    }
  } catch (err) {
    failFrom(o, err);
  }
  o.duration_ms = Math.round(performance.now() - started);
  await run.record(o, prev, fresh);
  return o;
}

function summarise(startedAt: Date, finishedAt: Date, baseUrl: string, tables: TableOutcome[]): FetchSummary {
  const counts: Record<TableStatus, number> = { fetched: 0, unchanged: 0, empty: 0, failed: 0, skipped: 0 };
  for (const t of tables) counts[t.status]++;
  const answered = counts.fetched + counts.unchanged + counts.empty;
  return {
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    duration_ms: finishedAt.getTime() - startedAt.getTime(),
    base_url: baseUrl,
    tables,
    counts,
    changed: tables.some((t) => t.status === "fetched" && t.inserted + t.updated > 0),
    outcome: counts.failed === 0 ? "ok" : answered > 0 ? "partial" : "failed",
  };
}

/**
 * Downloads the tables of the given data types and ingests what is new. Call with the lock held
 * (`pipeline.exclusive`), or use `runFetch` / `runUpdate`.
 */
export async function fetchLocked(
  locked: LockedPipeline,
  opts: FetchOptions,
  types: readonly DataType[] = DATA_TYPES,
): Promise<FetchSummary> {
  const run = new Run(locked, opts);
  const startedAt = run.now();
  const wanted = new Set(types);
  // A table read for several data types is asked once, as its first reading (une_rt_m: unemployment), whichever
  // of its types is wanted; the answer then feeds every reading.
  const queue: Array<{ config: TableConfig; successorOf: string | null }> = EUROSTAT_TABLES.filter(
    (t) => wanted.has(t.dataType) && PREDECESSOR_TABLES[t.table] === undefined && t.fetched !== false,
  ).map((t) => ({ config: readingsOf(t.table)[0] ?? t, successorOf: null }));
  const seen = new Set<string>();
  const tables: TableOutcome[] = [];
  const log = (o: TableOutcome) =>
    opts.logger?.[o.status === "failed" ? "warn" : "info"](
      {
        table: o.table,
        status: o.status,
        reason: o.reason,
        http_status: o.http_status,
        attempts: o.attempts,
        ms: o.duration_ms,
        inserted: o.inserted,
        updated: o.updated,
        frozen: o.frozen,
      },
      `fetch ${o.table}: ${o.status}`,
    );

  while (queue.length > 0) {
    const { config, successorOf } = queue.shift()!;
    if (seen.has(config.table)) continue;
    seen.add(config.table);
    const others: TableOutcome[] = [];
    const o = await fetchEurostatTable(run, config, successorOf, others);
    tables.push(o, ...others);
    log(o);
    others.forEach(log);
    const successor = SUCCESSOR_TABLES[config.table];
    const successorConfig = successor ? tableConfig(successor) : undefined;
    if (successorConfig && !seen.has(successorConfig.table) && (o.frozen !== null || o.status === "empty")) {
      o.fell_over_to = successorConfig.table;
      queue.unshift({ config: successorConfig, successorOf: config.table });
    } else if (o.frozen !== null && !successor) {
      o.notes.push("looks frozen, and no successor table is known: its data will age out of the score");
    }
  }
  if (wanted.has("lmb")) {
    const o = await fetchBarometer(run);
    tables.push(o);
    log(o);
  }
  publishSourceChecks(locked.servingDb, await locked.store.tableStatus());
  return summarise(startedAt, run.now(), opts.baseUrl, tables);
}

/** `fetch` then, when a stored value changed, recalc (as of today) and publish. Call with the lock held. */
export async function updateLocked(locked: LockedPipeline, opts: FetchOptions): Promise<UpdateSummary> {
  const clock = opts.now ?? (() => new Date());
  const fetched = await fetchLocked(locked, opts);
  const summary: UpdateSummary = { ...fetched, recalc: null, notes: [] };
  if (!fetched.changed) {
    summary.notes.push("No stored value changed: the published scores stay as they are (no recalc).");
    return summary;
  }
  try {
    const r = await locked.recalc({ now: clock() });
    summary.recalc = {
      ok: true,
      as_of: r.as_of,
      countries_scored: r.countries_scored,
      publication_id: r.publication_id,
      duration_ms: r.duration_ms,
      paused: r.paused,
    };
    if (r.unchanged) {
      summary.recalc.unchanged = true;
      summary.notes.push(NOTHING_CHANGED);
    } else if (r.paused) summary.notes.push(pausedRecalcNote(r.paused));
    opts.logger?.info(
      { as_of: r.as_of, scored: r.countries_scored, publication: r.publication_id, paused: r.paused !== null },
      r.unchanged ? `recalc: ${NOTHING_CHANGED}` : r.paused ? "recalc stored (publication paused)" : "recalc published",
    );
  } catch (err) {
    const message = err instanceof Error ? err.message : String(err);
    summary.recalc = { ok: false, error: message };
    summary.notes.push(`The recalc failed (${message}); the previous scores stay published.`);
    opts.logger?.error({ err: message }, "recalc after update failed");
  }
  const finished = clock();
  summary.finished_at = finished.toISOString();
  summary.duration_ms = finished.getTime() - Date.parse(summary.started_at);
  return summary;
}

/** `jwi fetch`: the tables of `types`, under the pipeline's one-job lock (BusyError when another job runs). */
export function runFetch(
  pipeline: Pipeline,
  opts: FetchOptions,
  types: readonly DataType[] = DATA_TYPES,
  job: JobOptions = {},
): Promise<FetchSummary> {
  return pipeline.exclusive((locked) => fetchLocked(locked, opts, types), {
    command: "fetch",
    audit: { action: "fetch", target: types.join(" ") },
    signal: opts.signal,
    ...job,
  });
}

/** `jwi update` and the built-in schedule: everything, then recalc if anything changed; under the lock. */
export function runUpdate(pipeline: Pipeline, opts: FetchOptions, job: JobOptions = {}): Promise<UpdateSummary> {
  return pipeline.exclusive((locked) => updateLocked(locked, opts), {
    command: "update",
    audit: { action: "update" },
    signal: opts.signal,
    ...job,
  });
}
