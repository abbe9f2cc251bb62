// The one write of an ingest: its ingest record and its values, and those of the file's further series (one more
// record per further data type), in one DuckDB transaction: all of it is stored, or none of it.
import { killAfterCommitForTests } from "../lib/test-hooks.ts";
import type { ExtraDiff } from "./ingest-extras.ts";
import type { diffObservations } from "./store/diff.ts";
import type { ObservationStore } from "./store/observations.ts";
import type { DataType, ParsedFile } from "./types.ts";

/** What an ingest stores, checked and compared (pipeline/ingest.ts). */
export interface IngestWrite {
  dataType: DataType;
  parsed: ParsedFile;
  fileName: string;
  /** Where it came from (pipeline/ingest.ts IngestOrigin). */
  origin: string;
  sha256: string;
  series: string;
  release: string | null;
  diff: ReturnType<typeof diffObservations>;
  extras: readonly ExtraDiff[];
  /** How many warnings the upload result names. */
  warningCount: number;
  ingestedAt: string;
}

/** Stores the ingest; answers its id. */
export async function storeIngest(store: ObservationStore, w: IngestWrite): Promise<number> {
  const { dataType, parsed, fileName, origin, sha256, series, release, diff, extras, warningCount, ingestedAt } = w;
  const ingestId = await store.transaction(async () => {
    // What every ingest record of this file shares: the file, its table and unit, when it was read and by which door.
    const file = {
      table: parsed.table,
      fileName,
      sha256,
      unit: parsed.unit,
      sourceUpdated: parsed.sourceUpdated,
      ingestedAt,
      origin,
    };
    const ingestId = await store.insertIngest({
      ...file,
      dataType,
      processed: parsed.processed,
      inserted: diff.inserted,
      updated: diff.updated,
      unchanged: diff.unchanged,
      skippedMissing: parsed.skippedMissing,
      warnings: warningCount,
    });
    await store.upsert(
      diff.toWrite,
      { ingestId, sha256, ingestedAt, series, release },
      { allNew: diff.toWrite.length === diff.inserted },
    );
    // The file's other series of its own data type belong to this ingest; one more ingest record per further
    // data type of the file (sector vacancy rates), so that its table shows in the data status.
    for (const type of [...new Set(extras.map((e) => e.extra.dataType))]) {
      const mine = extras.filter((e) => e.extra.dataType === type);
      const sum = (key: "inserted" | "updated" | "unchanged") => mine.reduce((n, e) => n + e.diff[key], 0);
      const extraId =
        type === dataType
          ? ingestId
          : await store.insertIngest({
              ...file,
              dataType: type,
              processed: mine.reduce((n, e) => n + e.observations.length, 0),
              inserted: sum("inserted"),
              updated: sum("updated"),
              unchanged: sum("unchanged"),
              skippedMissing: 0,
              warnings: mine.reduce((n, e) => n + e.warnings.length, 0),
            });
      for (const e of mine) {
        await store.upsert(
          e.diff.toWrite,
          { ingestId: extraId, sha256, ingestedAt, series: e.extra.series, release },
          { allNew: e.diff.toWrite.length === e.diff.inserted },
        );
      }
    }
    return ingestId;
  });
  killAfterCommitForTests("ingest");
  return ingestId;
}
