// One Eurostat table checked: its request (conditional), archived answer, inspection, ingest and log row; the
// table's other readings (une_rt_m's under-25s) read from the same answer; Eurostat's own error answers.
import { SUCCESSOR_TABLES, readingsOf, type TableConfig } from "../sources/eurostat/tables.ts";
import type { FetchLogEntry } from "../store/fetch-log.ts";
import { archiveRaw } from "./archive.ts";
import {
  FROZEN_AFTER_MONTHS,
  inspectEurostat,
  readEurostatError,
  seriesAbsent,
  staleHint,
  tableUrl,
  type EurostatError,
} from "./eurostat.ts";
import { FetchError, isRetryableStatus, type HttpResult } from "./http.ts";
import { blankOutcome, failFrom, type TableOutcome } from "./outcome.ts";
import type { Run } from "./run.ts";

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

/** What a table's answer told, noted as it is read: a failure later in the check keeps what was already read. */
interface AnswerRead {
  /** The table's own words that it is closed (this answer). */
  closed: string | null;
  /** The whole dataset's newest period (Eurostat's annotation), which may be later than the covered countries'. */
  datasetNewest: string | null;
  /** The log row's new validators, stamp, hash and hints: set when the answer was stored or found unchanged. */
  fresh: Partial<FetchLogEntry> | null;
  /** The answer, when it reached ingest: the other readings of the table read it too. */
  ingestedBody: Buffer | null;
}

/**
 * One Eurostat table: request (conditional), archive, inspect, ingest, log. A table read for several data types
 * (une_rt_m) is asked once; the answer is ingested for each reading (`others` get their outcomes).
 */
export async function fetchEurostatTable(
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
  const read: AnswerRead = { closed: null, datasetNewest: null, fresh: null, ingestedBody: null };

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
      read.fresh = {
        etag: res.etag ?? prev?.etag ?? null,
        lastModified: res.lastModified ?? prev?.lastModified ?? null,
      };
    } else {
      await readAnswer(run, o, config, prev, url, res, now, read);
    }
  } catch (err) {
    failFromEurostat(o, config, err);
  }

  o.frozen = frozenHint(run, o, prev, read, now);
  for (const other of readingsOf(config.table)) {
    if (other !== config) others.push(await fetchOtherReading(run, o, other, read.ingestedBody));
  }
  // A second reading that failed to store an answer the first one stored would never be retried (the same bytes
  // count as unchanged next time): the table's log then keeps the previous copy, so the next run asks again.
  const otherFailed = others.some((x) => x.status === "failed") && o.status === "fetched";
  o.duration_ms = Math.round(performance.now() - started);
  await run.record(o, prev, otherFailed ? null : read.fresh);
  return o;
}

/**
 * An answer with a body: archived, inspected, then refused, read as Eurostat's error, found empty or unchanged (the
 * same bytes or `updated` stamp as the stored copy), or ingested; `read` notes what it told as it goes.
 */
async function readAnswer(
  run: Run,
  o: TableOutcome,
  config: TableConfig,
  prev: FetchLogEntry | null,
  url: string,
  res: Extract<HttpResult, { kind: "ok" }>,
  now: Date,
  read: AnswerRead,
): Promise<void> {
  const { store } = run.locked;
  const sameUrl = prev !== null && prev.url === url;
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
      read.datasetNewest = answer.newestPeriod;
      read.closed = answer.closed;
    }
    const sameStamp = answer.kind === "dataset" && answer.updated !== null && prev?.sourceUpdated === answer.updated;
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
      read.ingestedBody = res.body;
      const result = await run.ingest(o, res.body, `${config.table}.json`);
      if (result.success) o.newest_period = await store.newestCountryPeriod(config.table);
    }
    if (o.status === "fetched" || o.status === "unchanged") {
      // An answer found equal by its stamp was not stored: the stored copy keeps its own hash.
      const storedSha = o.status === "fetched" ? archived.sha256 : (prev?.rawSha256 ?? archived.sha256);
      read.fresh = {
        url,
        etag: res.etag,
        lastModified: res.lastModified,
        rawSha256: storedSha,
        sourceUpdated: o.source_updated,
        closedHint: read.closed,
        newestPeriod: read.datasetNewest ?? o.newest_period,
      };
    }
  }
}

/**
 * The request failed: the table fails with the HTTP layer's reason. A client error (400, 404, 413: asked once,
 * another attempt would answer the same) is read for what Eurostat said. A 429 or 5xx that outlasted the retries
 * keeps the HTTP layer's reason (attempts, Retry-After), which already quotes Eurostat's label.
 */
function failFromEurostat(o: TableOutcome, config: TableConfig, err: unknown): void {
  failFrom(o, err);
  const clientError =
    err instanceof FetchError &&
    err.kind === "http" &&
    err.body !== null &&
    err.httpStatus !== null &&
    !isRetryableStatus(err.httpStatus);
  const said = clientError ? readEurostatError(err.body!, err.httpStatus) : null;
  if (said !== null) applyEurostatError(o, config, said);
}

/** Frozen: the table's own words (this answer, else the last one read) and how old its newest period is. */
function frozenHint(run: Run, o: TableOutcome, prev: FetchLogEntry | null, read: AnswerRead, now: Date): string | null {
  const hints = [
    read.closed ?? prev?.closedHint ?? null,
    staleHint(
      read.datasetNewest ?? prev?.newestPeriod ?? o.newest_period,
      now,
      run.opts.frozenAfterMonths ?? FROZEN_AFTER_MONTHS,
    ),
  ];
  return hints.filter((h): h is string => h !== null).join(" and ") || null;
}
