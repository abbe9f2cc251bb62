// Loads the bundled real fixtures (fixtures/real/manifest.json) into an empty store: what `npm start` does
// on a fresh clone. Only real files are listed there; synthetic test files never reach visitors.
import { readFileSync } from "node:fs";
import path from "node:path";
import type { LockedPipeline, SeedOutcome } from "./job-contract.ts";
import { BUNDLED_FIXTURES_DIR } from "../lib/paths.ts";
import type { UploadResult } from "./types.ts";

export { BUNDLED_FIXTURES_DIR };
export type { SeedOutcome };

export interface ManifestEntry {
  /** Path under fixtures/real. */
  file: string;
  /** The data type it is ingested as. */
  type: string;
  /** The source table it holds; a table's files are listed oldest release first (a newer one replaces). */
  table: string;
  /**
   * The release date (YYYY-MM-DD: the file's `updated` or LAST UPDATE), null when the file carries none. Per data
   * type and table, undated files come first, then by release (model v2.2 §1 (c)).
   */
  release: string | null;
  /** When the source published this snapshot, in words, as far as its provenance tells. */
  released: string;
}

export function readManifest(dir = BUNDLED_FIXTURES_DIR): ManifestEntry[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { files: ManifestEntry[] };
  return manifest.files;
}

/** Ingests every bundled file; throws when one is rejected (a bundled file must always load). */
export async function ingestBundled(
  pipeline: Pick<LockedPipeline, "ingest">,
  dir = BUNDLED_FIXTURES_DIR,
  now?: Date,
): Promise<UploadResult[]> {
  const results: UploadResult[] = [];
  for (const entry of readManifest(dir)) {
    const file = path.join(dir, entry.file);
    const result = await pipeline.ingest({
      fileName: path.basename(file),
      content: readFileSync(file),
      dataType: entry.type,
      origin: "bundled",
      now,
    });
    if (!result.success) throw new Error(`Bundled file ${entry.file} was rejected: ${result.error}`);
    results.push(result);
  }
  return results;
}

/**
 * What `npm start` does on a fresh data directory, as one job: an empty store gets the bundled real files, and a
 * serving database without any publication gets a recalc. Call with the lock held.
 */
export async function seedLocked(
  locked: LockedPipeline,
  opts: { asOf?: string; dir?: string } = {},
): Promise<SeedOutcome> {
  const outcome: SeedOutcome = { loaded: 0, published: null };
  if ((await locked.store.counts()).observations === 0) {
    outcome.loaded = (await ingestBundled(locked, opts.dir)).length;
  }
  const published = locked.servingDb.prepare(`SELECT count(*) FROM publications`).pluck().get() as number;
  if (published === 0 || outcome.loaded > 0) {
    const r = await locked.recalc({ asOf: opts.asOf });
    outcome.published = { as_of: r.as_of, countries_scored: r.countries_scored, publication_id: r.publication_id };
  }
  return outcome;
}
