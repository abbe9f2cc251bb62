// The operator's pause switch as the pipeline sees it. While publication is paused by the operator, a recalc (from
// `jwi recalc`, `jwi update`, the operator page or the schedule) still computes and stores its scores, but as the
// pending publication: nothing new reaches visitors until resume publishes it (docs/product.md, "Paused";
// docs/decisions/006-what-the-api-shows.md). The switch itself is written by the operator area (api/db/operator.ts,
// setting `publication_paused`, pipeline/settings.ts); the pipeline only reads it.
import type { ServingDb } from "./serving-db.ts";
import { readSetting } from "./settings.ts";

export const SETTING_PUBLICATION = "publication_paused";

/** Who paused publication, since when and why. */
export interface PausedBy {
  by: string | null;
  since: string;
  reason: string | null;
}

/** The operator's pause, or null while publication runs (also before the operator area created its tables). */
export function operatorPause(db: ServingDb): PausedBy | null {
  const row = readSetting(db, SETTING_PUBLICATION);
  if (!row) return null;
  let value: unknown;
  try {
    value = JSON.parse(row.value);
  } catch {
    return null;
  }
  if (typeof value !== "object" || value === null || (value as { paused?: unknown }).paused !== true) return null;
  const reason = (value as { reason?: unknown }).reason;
  return {
    by: row.updated_by,
    since: row.updated_at,
    reason: typeof reason === "string" && reason.trim() ? reason : null,
  };
}

/** "Publication is paused (by admin, since 2026-11-25T09:00:00.000Z: checking a data error)". */
export function pausedWords(p: PausedBy): string {
  return `Publication is paused (by ${p.by ?? "the operator"}, since ${p.since}${p.reason ? `: ${p.reason}` : ""})`;
}

/** What `jwi recalc` / `jwi update` and the operator page say after a recalc while paused. */
export function pausedRecalcNote(p: PausedBy): string {
  return `${pausedWords(p)}: the new scores are stored and will be published on resume.`;
}

/** The publication stored while paused, if any: what resume will publish. */
export function pendingPublication(
  db: ServingDb,
): { model: string; as_of: string; computed_at: string; countries_scored: number } | null {
  const row = db
    .prepare(`SELECT model, as_of, computed_at, countries_scored FROM pending_publication WHERE id = 1`)
    .get() as { model: string; as_of: string; computed_at: string; countries_scored: number } | undefined;
  return row ?? null;
}
