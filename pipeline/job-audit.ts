// One audit entry per data job, whichever door it came through (docs/architecture.md "Jobs", "The audit log"):
// the terminal (`jwi ingest|recalc|fetch|update`, the OS user and host), the operator page (the operator's
// user name), the server's schedule ("schedule") and the first seed ("seed"). Each entry says who, through
// which door, the outcome (ok, rejected, busy, or error with the reason) and what changed (values inserted and
// updated, the publication made, the countries scored). Written to the serving database's `audit_log`.
import os from "node:os";
import { BusyError, InputError } from "../lib/errors.ts";
import type { ServingDb } from "./serving-db.ts";
import type { CommittedIngest } from "./store/observations.ts";

type JobDoor = "terminal" | "operator page" | "schedule" | "seed";

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
type JobAuditResult = "ok" | "rejected" | "busy" | "error";

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

// ── A job killed just after it committed (issue 49; docs/decisions/024-audit-of-killed-jobs.md) ──────────────────
// The entry above is written when the job ends. A process killed between its commit and that write (kill -9, the
// machine's power) left no entry for a change that is stored. So an audited job notes itself first (an intent, in
// SQLite, under the job lock), its publication writes its audit row in the publication's own transaction, and its
// ingests leave their record in DuckDB's own transaction (the `ingests` table, as always). The final entry replaces the
// intent in one transaction. An intent still there when the next job starts is a job that was killed: that job
// completes its entry from what it had committed, before it does anything else.

interface IntentRow {
  id: number;
  started_at: string;
  actor: string;
  door: string;
  action: string;
  target: string | null;
  ingest_before: number;
  audit_id: number | null;
}

/** Said in the entry of a job completed by the next one. */
const INTERRUPTED =
  "The process ended (killed or crashed) before the job finished; this entry was completed when the next data job started.";

/** Notes an audited job that starts under the lock; its id, for closeIntent. `ingestBefore`: the store's newest ingest id. */
export function openIntent(
  db: ServingDb,
  actor: JobActor,
  action: string,
  target: string | null,
  ingestBefore: number,
  at = new Date(),
): number {
  return Number(
    db
      .prepare(
        `INSERT INTO job_intents (started_at, pid, actor, door, action, target, ingest_before) VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(at.toISOString(), process.pid, actor.name.slice(0, 200), actor.door, action, target, ingestBefore)
      .lastInsertRowid,
  );
}

/**
 * Called inside a publication's transaction (pipeline/publish.ts): the running job of this process (its open intent),
 * if audited, gets its audit row now, `ok` with the publication, so that the row commits with the publication or not
 * at all. Its final entry later replaces the row's result and detail.
 */
export function auditPublication(db: ServingDb, change: Record<string, unknown>, at = new Date()): void {
  const intent = db.prepare(`SELECT * FROM job_intents WHERE pid = ? ORDER BY id DESC LIMIT 1`).get(process.pid) as
    IntentRow | undefined;
  if (!intent) return;
  const detail = JSON.stringify({ door: intent.door, ...change });
  if (intent.audit_id !== null) {
    db.prepare(`UPDATE audit_log SET result = 'ok', detail = ? WHERE id = ?`).run(detail, intent.audit_id);
    return;
  }
  const id = db
    .prepare(`INSERT INTO audit_log (at, actor, action, target, result, detail) VALUES (?, ?, ?, ?, 'ok', ?)`)
    .run(at.toISOString(), intent.actor, intent.action, intent.target, detail).lastInsertRowid;
  db.prepare(`UPDATE job_intents SET audit_id = ? WHERE id = ?`).run(Number(id), intent.id);
}

/** The job's final entry in place of its intent, in one transaction (the row its publication wrote is updated). */
export function closeIntent(db: ServingDb, intentId: number, e: JobAuditEntry, at = new Date()): void {
  db.transaction(() => {
    const auditId = db.prepare(`SELECT audit_id FROM job_intents WHERE id = ?`).pluck().get(intentId) as
      number | null | undefined;
    if (auditId !== null && auditId !== undefined) {
      db.prepare(`UPDATE audit_log SET result = ?, detail = ? WHERE id = ?`).run(
        e.result,
        JSON.stringify(e.detail),
        auditId,
      );
    } else recordJobEntry(db, e, at);
    db.prepare(`DELETE FROM job_intents WHERE id = ?`).run(intentId);
  })();
}

/** What a killed job had committed: its ingests' counts (one ingest: its own fields, as a finished entry names them). */
function ingestChange(ingests: readonly CommittedIngest[]): Record<string, unknown> {
  if (ingests.length === 1) {
    const i = ingests[0]!;
    return {
      data_type: i.data_type,
      table: i.table,
      inserted: i.inserted,
      updated: i.updated,
      unchanged: i.unchanged,
      ingest_id: i.id,
    };
  }
  return {
    inserted: ingests.reduce((n, i) => n + i.inserted, 0),
    updated: ingests.reduce((n, i) => n + i.updated, 0),
    ingests: ingests.map((i) => ({ ingest_id: i.id, table: i.table, inserted: i.inserted, updated: i.updated })),
  };
}

/**
 * Completes the entries of jobs that were killed (intents left behind), from what each had committed: the ingests
 * the store recorded after it started (`ingestsAfter`), and the row its publication wrote. A job that had committed
 * something is `ok` with it, said interrupted; one that had committed nothing is `error`. Run by every job at its start,
 * under the lock, before it opens its own intent. Answers how many it completed.
 */
export async function settleKilledJobs(
  db: ServingDb,
  ingestsAfter: (id: number) => Promise<CommittedIngest[]>,
  now = new Date(),
): Promise<number> {
  const intents = db.prepare(`SELECT * FROM job_intents ORDER BY id`).all() as IntentRow[];
  if (intents.length === 0) return 0;
  // Each intent's ingests: after its own mark and before the next intent's (a later job's ingests are not its).
  const facts = await Promise.all(
    intents.map(async (intent, i) => {
      const next = intents[i + 1]?.ingest_before;
      return (await ingestsAfter(intent.ingest_before)).filter((g) => next === undefined || g.id <= next);
    }),
  );
  db.transaction(() => {
    intents.forEach((intent, i) => {
      const ingests = facts[i]!;
      const completed = { interrupted: INTERRUPTED, completed_at: now.toISOString() };
      if (intent.audit_id !== null) {
        const row = db.prepare(`SELECT detail FROM audit_log WHERE id = ?`).pluck().get(intent.audit_id) as
          string | undefined;
        const detail = { ...(JSON.parse(row ?? "{}") as Record<string, unknown>), ...completed };
        if (ingests.length > 0) Object.assign(detail, ingestChange(ingests));
        db.prepare(`UPDATE audit_log SET detail = ? WHERE id = ?`).run(JSON.stringify(detail), intent.audit_id);
      } else {
        const committed = ingests.length > 0;
        recordJobEntry(
          db,
          {
            actor: intent.actor,
            action: intent.action,
            target: intent.target,
            result: committed ? "ok" : "error",
            detail: {
              door: intent.door,
              ...(committed
                ? ingestChange(ingests)
                : {
                    reason:
                      "The job ended before it finished (the process was killed or crashed) and had stored nothing.",
                  }),
              ...completed,
            },
          },
          new Date(intent.started_at),
        );
      }
      db.prepare(`DELETE FROM job_intents WHERE id = ?`).run(intent.id);
    });
  })();
  return intents.length;
}
