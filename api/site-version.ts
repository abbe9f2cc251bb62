// The version of everything a public page shows, which the site's page cache keys its renders on
// (server/site/site-handler.ts): the publication, the pause switch as the reader serves it (no score while paused, so pages
// roll over on pause and on resume), the community content and the settings (the content_version row that triggers
// count up on every write to them, from any connection or process: api/db/schema.ts), and the month of the clock
// (which scores may be shown changes with it). Other commits (a job's status copy or audit entry) leave it alone:
// during an upload and a recalc the pages are rendered again once, for the new publication, not at every step.
import { localContentWrites, type ServingDb } from "../pipeline/serving-db.ts";
import type { ReadModel } from "./read-model.ts";

const versionStmts = new WeakMap<ServingDb, { get(): unknown }>();

/** The content_version row (api/db/schema.ts); SQLite's data_version, which every commit changes, where it is missing. */
function contentVersionOf(db: ServingDb): string {
  let stmt = versionStmts.get(db);
  if (!stmt) {
    const hasTable =
      db.prepare(`SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'content_version'`).get() !== undefined;
    stmt = hasTable
      ? db.prepare(`SELECT version FROM content_version WHERE id = 1`).pluck()
      : { get: () => `d${db.pragma("data_version", { simple: true }) as number}` };
    versionStmts.set(db, stmt);
  }
  return `${stmt.get() as string | number}.${localContentWrites(db)}`;
}

export function publicPagesVersion(
  read: Pick<ReadModel, "publicationId" | "operatorPausedNow">,
  db: ServingDb,
  now: Date,
): string {
  return `p${read.publicationId()}${read.operatorPausedNow() ? "-paused" : ""}-c${contentVersionOf(db)}-m${now.toISOString().slice(0, 7)}`;
}
