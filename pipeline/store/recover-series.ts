// Migration help for stores made before v2.2 (pipeline/store/migrate-series.ts, migrateToSeries): the series of an
// old ingest is recovered by reading its file again, found by its SHA-256 among the raw archive of downloads
// (JWI_DATA_DIR/raw/<sha256>.json) and the bundled real files (fixtures/real). A file that is gone, or no longer
// parses as the same table, recovers nothing: its rows get the table's pinned series
// (docs/decisions/015-series-and-releases.md).
import { createHash } from "node:crypto";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { RAW_DIR } from "../fetch/archive.ts";
import { parseSourceFile } from "../parse-dispatch.ts";
import { BUNDLED_FIXTURES_DIR, readManifest } from "../seed.ts";
import type { LegacyIngest, RecoverSeries, RecoveredIngest } from "./migrate-series.ts";

function bundledBySha(dir: string): Map<string, string> {
  const bySha = new Map<string, string>();
  try {
    for (const entry of readManifest(dir)) {
      const file = path.join(dir, entry.file);
      if (existsSync(file)) bySha.set(createHash("sha256").update(readFileSync(file)).digest("hex"), file);
    }
  } catch {
    /* no manifest: nothing bundled to recover from */
  }
  return bySha;
}

export function seriesRecovery(dataDir: string, bundledDir = BUNDLED_FIXTURES_DIR): RecoverSeries {
  return async (ingests: readonly LegacyIngest[]) => {
    const recovered = new Map<number, RecoveredIngest>();
    const wanted = ingests.filter((i) => i.dataType !== "lmb" && /^[0-9a-f]{64}$/.test(i.sha256));
    if (wanted.length === 0) return recovered;
    const bundled = bundledBySha(bundledDir);
    const seriesBySha = new Map<string, RecoveredIngest | null>();
    for (const ingest of wanted) {
      if (!seriesBySha.has(ingest.sha256)) {
        const raw = path.join(dataDir, RAW_DIR, `${ingest.sha256}.json`);
        const file = existsSync(raw) ? raw : bundled.get(ingest.sha256);
        let series: RecoveredIngest | null = null;
        if (file !== undefined) {
          try {
            const bytes = readFileSync(file);
            const parsed = await parseSourceFile(ingest.dataType, bytes, path.basename(file), file);
            if (parsed.table === ingest.table) {
              series = {
                series: parsed.series ?? "",
                values: new Map(parsed.observations.map((o) => [`${o.geo}|${o.period}`, o.value])),
              };
            }
          } catch {
            series = null; // no longer readable as it was: the table's pinned series
          }
        }
        seriesBySha.set(ingest.sha256, series);
      }
      const series = seriesBySha.get(ingest.sha256);
      if (series !== null && series !== undefined) recovered.set(ingest.id, series);
    }
    return recovered;
  };
}
