// What a fetch or update run reports: each table's outcome, the run's summary, and the exit code of `jwi fetch` /
// `jwi update` (docs/data-sources.md §5).
import type { PausedBy } from "../pause.ts";
import type { DataType } from "../types.ts";
import { FetchError } from "./http.ts";

/**
 * fetched: new content downloaded and stored · unchanged: the source has nothing new (304, same `updated`
 * stamp or same bytes), nothing re-ingested · empty: answered without values (or Eurostat's "No results found"),
 * its successor asked instead · failed: see `reason`; nothing stored · skipped: not configured (see `reason`).
 */
type TableStatus = "fetched" | "unchanged" | "empty" | "failed" | "skipped";

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

type RunOutcome = "ok" | "partial" | "failed";

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
const UPDATE_EXIT = { ok: 0, partial: 1, failed: 3 } as const;

export function exitCodeOf(summary: FetchSummary | UpdateSummary): 0 | 1 | 3 {
  if ("recalc" in summary && summary.recalc && !summary.recalc.ok && summary.outcome === "ok")
    return UPDATE_EXIT.partial;
  return UPDATE_EXIT[summary.outcome];
}

/** A table's outcome before its check: failed until the check says otherwise. */
export function blankOutcome(table: string, dataType: DataType): TableOutcome {
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

/** The table failed with this error: the HTTP layer's reason, status and attempts, or an unexpected error's message. */
export function failFrom(o: TableOutcome, err: unknown): void {
  o.status = "failed";
  if (err instanceof FetchError) {
    o.reason = err.message;
    o.http_status = err.httpStatus;
    o.attempts = err.attempts;
  } else {
    o.reason = `unexpected error: ${err instanceof Error ? err.message : String(err)}`;
  }
}

/** The run's summary: its tables, their counts by status, whether a stored value changed, and its outcome. */
export function summarise(startedAt: Date, finishedAt: Date, baseUrl: string, tables: TableOutcome[]): FetchSummary {
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
