// Loads the bundled real fixtures (fixtures/real/manifest.json) into an empty store: what `npm start` does
// on a fresh clone. Only real files are listed there; synthetic test files never reach visitors.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Pipeline } from "./index.ts";
import type { UploadResult } from "./types.ts";

export const BUNDLED_FIXTURES_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../fixtures/real");

export interface ManifestEntry {
  file: string;
  type: string;
}

export function readManifest(dir = BUNDLED_FIXTURES_DIR): ManifestEntry[] {
  const manifest = JSON.parse(readFileSync(path.join(dir, "manifest.json"), "utf8")) as { files: ManifestEntry[] };
  return manifest.files;
}

/** Ingests every bundled file; throws when one is rejected (a bundled file must always load). */
export async function ingestBundled(pipeline: Pipeline, dir = BUNDLED_FIXTURES_DIR, now?: Date): Promise<UploadResult[]> {
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
