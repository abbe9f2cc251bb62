// The bundled real files ingested in manifest order into a data dir's pipeline store, nothing published: what a test
// needs when its subject comes after the ingest (a recalc, what moved, a page, a model), not the ingest of each
// file, which tests/cli.test.ts (`jwi ingest` of every file, twice) and tests/golden.test.ts (every file in reverse
// order) walk file by file (docs/testing.md).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { DUCKDB_FILE, openPipeline, type IngestRequest, type UploadResult } from "../../pipeline/index.ts";
import { BUNDLED_FIXTURES_DIR, readManifest } from "../../pipeline/seed.ts";
import { SEED_TEMPLATES_ENV, templateDir } from "./seed-templates.ts";

/**
 * Fills `dataDir`'s pipeline store with every bundled file but `withhold` (file names), in manifest order, and the
 * status copy of the serving database; nothing is published. The whole bundle is the DuckDB file of the run's
 * "pipeline" template (the same ingests, in the same order) when there is one; otherwise, or with files withheld, the
 * pipeline's own ingest stores them.
 */
export async function bundledStore(dataDir: string, opts: { withhold?: readonly string[] } = {}): Promise<void> {
  const withhold = opts.withhold ?? [];
  mkdirSync(dataDir, { recursive: true });
  const root = process.env[SEED_TEMPLATES_ENV];
  const template = root ? templateDir(root, "pipeline") : null;
  const copied = withhold.length === 0 && template !== null && existsSync(path.join(template, ".ready"));
  if (copied) {
    for (const name of [DUCKDB_FILE, `${DUCKDB_FILE}.wal`]) {
      if (existsSync(path.join(template, name))) copyFileSync(path.join(template, name), path.join(dataDir, name));
    }
  }
  // One job, unaudited (a set-up, not an operator's action): it stores the files unless they were copied, and leaves
  // the serving database's copy of the store's status, as every job does (pipeline/store-status.ts).
  const pipeline = openPipeline({ dataDir, actor: null });
  try {
    await pipeline.exclusive(
      async (l) => {
        if (!copied) await ingestBundled((req) => l.ingest(req), withhold);
      },
      { command: "ingest (the bundled files, a test's set-up)" },
    );
  } finally {
    pipeline.close();
  }
}

/** Every bundled file but `withhold` (file names), in manifest order, through `ingest` (a job's or the pipeline's). */
export async function ingestBundled(
  ingest: (req: IngestRequest) => Promise<UploadResult>,
  withhold: readonly string[] = [],
): Promise<void> {
  for (const entry of readManifest()) {
    const fileName = path.basename(entry.file);
    if (withhold.includes(fileName)) continue;
    const r = await ingest({
      fileName,
      content: readFileSync(path.join(BUNDLED_FIXTURES_DIR, entry.file)),
      dataType: entry.type,
      origin: "bundled",
    });
    if (!r.success) throw new Error(`bundled files: ${entry.file} rejected: ${r.error}`);
  }
}
