// One audit entry per data job, whichever door it came through (docs/architecture.md "Jobs", "The audit log"):
// the terminal (`jwi ingest|recalc|fetch|update`, the OS user and host), the operator page (the operator's
// user name), the server's schedule ("schedule") and the first seed ("seed"). Each entry says who, through
// which door, the outcome (ok, rejected, busy, or error with the reason) and what changed (values inserted and
// updated, the publication made, the countries scored). Written to the serving database's `audit_log`.
import os from "node:os";
import { BusyError, InputError } from "../lib/errors.ts";
import type { ServingDb } from "./serving-db.ts";

export type JobDoor = "terminal" | "operator page" | "schedule" | "seed";

export interface JobActor {
  door: JobDoor;
  /** Who: `user@host` at the terminal, the operator's user name, "schedule", "seed". */
  name: string;
}

/** The person at the terminal: the OS user and the host the command runs on. */
export function terminalActor(): JobActor {
  let user: string;
  try {
    user = os.userInfo().username;
  } catch {
    user = "unknown-user"; // no passwd entry for this uid (a container); the host still says where
  }
  return { door: "terminal", name: `${user}@${os.hostname()}` };
}

export const SCHEDULE_ACTOR: JobActor = Object.freeze({ door: "schedule", name: "schedule" });
export const SEED_ACTOR: JobActor = Object.freeze({ door: "seed", name: "seed" });

/** The audit log's results (product/shapes.ts AuditResult). */
export type JobAuditResult = "ok" | "rejected" | "busy" | "error";

export interface JobAuditEntry {
  actor: string;
  action: string;
  target: string | null;
  result: JobAuditResult;
  detail: Record<string, unknown>;
}

/** What a job may return, read loosely: an upload result, a recalc summary, a seed outcome, an update summary. */
type AnyResult = Record<string, unknown>;

const pick = (o: AnyResult, keys: readonly string[]) =>
  Object.fromEntries(keys.filter((k) => o[k] !== undefined).map((k) => [k, o[k]]));

/** What a finished job changed, and whether it counts as ok. */
function outcomeOf(result: unknown): { result: JobAuditResult; change: Record<string, unknown>; reason?: string } {
  const r = (result ?? {}) as AnyResult;
  // An upload / ingest (pipeline/types.ts UploadResult).
  if ("rows_upserted" in r || "skippedMissing" in r) {
    const change = pick(r, ["data_type", "table", "inserted", "updated", "unchanged", "dry_run", "ingest_id"]);
    change.warnings = Array.isArray(r.warnings) ? r.warnings.length : 0;
    return r.success ? { result: "ok", change } : { result: "rejected", change, reason: String(r.error ?? "rejected") };
  }
  // An update or fetch (pipeline/fetch/update.ts).
  if ("tables" in r && "outcome" in r) {
    const tables =
      (r.tables as Array<{
        table: string;
        status: string;
        reason: string | null;
        inserted: number;
        updated: number;
      }>) ?? [];
    const change: Record<string, unknown> = {
      outcome: r.outcome,
      inserted: tables.reduce((n, t) => n + (t.inserted ?? 0), 0),
      updated: tables.reduce((n, t) => n + (t.updated ?? 0), 0),
      counts: r.counts,
    };
    const recalc = r.recalc as
      | { ok: boolean; publication_id?: number | null; countries_scored?: number; unchanged?: boolean; error?: string }
      | null
      | undefined;
    if (recalc?.ok)
      Object.assign(change, pick(recalc as AnyResult, ["publication_id", "countries_scored", "unchanged"]));
    const failed = tables.filter((t) => t.status === "failed");
    const reasons = [
      ...failed.map((t) => `${t.table}: ${t.reason ?? "failed"}`),
      ...(recalc && !recalc.ok ? [`recalc: ${recalc.error ?? "failed"}`] : []),
    ];
    if (reasons.length === 0) return { result: "ok", change };
    return {
      result: "error",
      change,
      reason:
        `${r.outcome === "failed" ? "every table failed" : `${failed.length} of ${tables.length} tables failed`}${recalc && !recalc.ok ? " or the recalc failed" : ""}: ${reasons.join("; ")}`.slice(
          0,
          1000,
        ),
    };
  }
  // A seed (pipeline/seed.ts SeedOutcome).
  if ("loaded" in r && "published" in r) {
    const published = (r.published ?? null) as AnyResult | null;
    return {
      result: "ok",
      change: {
        files_loaded: r.loaded,
        ...(published ? pick(published, ["publication_id", "countries_scored", "as_of"]) : {}),
      },
    };
  }
  // A recalc (pipeline/recalc.ts RecalcSummary).
  if ("countries_scored" in r) {
    return { result: "ok", change: pick(r, ["as_of", "publication_id", "countries_scored", "unchanged", "dry_run"]) };
  }
  return { result: "ok", change: {} };
}

/** The audit entry of a job that returned `result`. */
export function finishedJobEntry(
  actor: JobActor,
  action: string,
  target: string | null,
  result: unknown,
): JobAuditEntry {
  const o = outcomeOf(result);
  return {
    actor: actor.name,
    action,
    target,
    result: o.result,
    detail: { door: actor.door, ...o.change, ...(o.reason ? { reason: o.reason } : {}) },
  };
}

/** The audit entry of a job that threw `err` (busy, a refused file, or a failure). */
export function failedJobEntry(actor: JobActor, action: string, target: string | null, err: unknown): JobAuditEntry {
  const result: JobAuditResult = err instanceof BusyError ? "busy" : err instanceof InputError ? "rejected" : "error";
  const reason = (err instanceof Error ? err.message : String(err)).slice(0, 1000);
  return { actor: actor.name, action, target, result, detail: { door: actor.door, reason } };
}

/** Writes one entry. The table belongs to the serving schema (pipeline/serving-db.ts); the API reads it. */
export function recordJobEntry(db: ServingDb, e: JobAuditEntry, at = new Date()): void {
  db.prepare(`INSERT INTO audit_log (at, actor, action, target, result, detail) VALUES (?, ?, ?, ?, ?, ?)`).run(
    at.toISOString(),
    e.actor.slice(0, 200),
    e.action,
    e.target,
    e.result,
    JSON.stringify(e.detail),
  );
}
