// The updater: download every source table (Eurostat JSON-stat, the barometer workbook), hand each download to
// the one ingest (origin "fetch"), log each check in DuckDB, and (for `update`) recalc when a stored value changed.
// Everything runs inside one pipeline job (the one-at-a-time lock): a manual upload meanwhile gets BusyError.
//
// Never replaces good data with bad: a failed, cut-off, HTML or malformed download is not ingested (or ingest
// rejects it, storing nothing), and the fetch log keeps the validators of the copy that is stored.
//
// What a run reports: outcome.ts; its state and pacing: run.ts; one Eurostat table: eurostat-table.ts; the
// barometer workbook: barometer.ts.
import { pausedRecalcNote } from "../pause.ts";
import type { JobOptions, LockedPipeline, Pipeline } from "../job-contract.ts";
import { publishSourceChecks } from "../publish.ts";
import {
  EUROSTAT_TABLES,
  SUCCESSOR_TABLES,
  readingsOf,
  tableConfig,
  type TableConfig,
} from "../sources/eurostat/tables.ts";
import { DATA_TYPES, NOTHING_CHANGED, type DataType } from "../types.ts";
import { fetchBarometer } from "./barometer.ts";
import { PREDECESSOR_TABLES } from "./eurostat.ts";
import { fetchEurostatTable } from "./eurostat-table.ts";
import type { FetchOptions } from "./options.ts";
import { summarise, type FetchSummary, type TableOutcome, type UpdateSummary } from "./outcome.ts";
import { Run } from "./run.ts";

export { exitCodeOf, type FetchSummary, type TableOutcome, type UpdateSummary } from "./outcome.ts";

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
