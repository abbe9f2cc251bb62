// The version of everything a public page shows, which the site's page cache keys its renders on
// (web/site-handler.ts): the publication, the pause switch as the reader serves it (no score while paused, so pages
// roll over on pause and on resume), the community content, and the month of the clock (which scores may be shown
// changes with it).
import { contentVersion, type ServingDb } from "../pipeline/serving-db.ts";
import type { ReadModel } from "./read-model.ts";

export function publicPagesVersion(read: Pick<ReadModel, "publicationId" | "operatorPausedNow">, db: ServingDb, now: Date): string {
  return `p${read.publicationId()}${read.operatorPausedNow() ? "-paused" : ""}-c${contentVersion(db)}-m${now.toISOString().slice(0, 7)}`;
}
