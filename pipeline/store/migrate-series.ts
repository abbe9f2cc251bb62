// The store's migration to series (v2.2, docs/decisions/015-series-and-releases.md): a store made before v2.2 keys
// observations without their series or release, and is rebuilt in place, keeping every row.
import type { DuckDBConnection } from "@duckdb/node-api";
import type { DataType } from "../types.ts";
import { anyTableConfig } from "../sources/all-tables.ts";
import { legacySeriesKey, normaliseRelease } from "../sources/series-key.ts";
import { OBSERVATION_COLUMNS, str } from "./schema.ts";

/** An ingest whose rows a store made before v2.2 holds: what migration may re-read to recover its series. */
export interface LegacyIngest {
  id: number;
  dataType: DataType;
  table: string;
  fileName: string;
  sha256: string;
}

/** What reading an old ingest's file again gave: its series and its values (`geo|period` → value). */
export interface RecoveredIngest {
  series: string;
  values: ReadonlyMap<string, number>;
}

/**
 * Recovers the series of old ingests by reading their files again where they still exist (the raw archive, the
 * bundled files): ingest id → what the file gives today. The migration trusts it only when every stored value of
 * that ingest is the file's value (today's pins could pick another series of the same file); ingests it cannot
 * recover get the table's pinned series.
 */
export type RecoverSeries = (ingests: readonly LegacyIngest[]) => Promise<ReadonlyMap<number, RecoveredIngest>>;

/**
 * A store made before v2.2 keys observations by (data type, table, geo, period), without the series or the
 * release. Rebuilt in place, in one transaction, keeping every row: its series is the one its ingest's file
 * pins when `recover` can read that file again, else the table's pinned one (first choice on every pin, the
 * unit as the row says it); its release is its ingest's `source_updated` (docs/decisions/015-series-and-releases.md).
 * A store that has the columns is left alone.
 */
export async function migrateToSeries(
  conn: DuckDBConnection,
  transaction: (work: () => Promise<void>) => Promise<void>,
  recover?: RecoverSeries,
): Promise<void> {
  const columns = (
    await conn.runAndReadAll(
      `SELECT column_name FROM information_schema.columns WHERE table_schema = 'main' AND table_name = 'observations'`,
    )
  )
    .getRowsJS()
    .map(([c]) => String(c));
  if (columns.includes("series")) return;
  const trusted = await trustedSeries(conn, recover);
  await transaction(() => rebuildWithSeries(conn, trusted));
}

/**
 * The ingests whose series `recover` found again and whose every stored value is the file's value: ingest id →
 * series. The others get the table's pinned series.
 */
async function trustedSeries(conn: DuckDBConnection, recover?: RecoverSeries): Promise<Map<number, string>> {
  const recovered = recover
    ? await recover(
        (
          await conn.runAndReadAll(
            `SELECT i.id, i.data_type, i.source_table, i.file_name, i.file_sha256 FROM ingests i
              WHERE i.id IN (SELECT DISTINCT ingest_id FROM observations) ORDER BY i.id`,
          )
        )
          .getRowsJS()
          .map(([id, dataType, table, fileName, sha256]) => ({
            id: Number(id),
            dataType: dataType as DataType,
            table: String(table),
            fileName: String(fileName),
            sha256: String(sha256),
          })),
      )
    : new Map<number, RecoveredIngest>();
  const trusted = new Map<number, string>();
  for (const [id, r] of recovered) {
    const rows = (
      await conn.runAndReadAll(`SELECT geo, period, value FROM observations WHERE ingest_id = $1`, [BigInt(id)])
    ).getRowsJS();
    const same = rows.every(([geo, period, value]) => {
      const v = r.values.get(`${String(geo)}|${String(period)}`);
      return v !== undefined && Math.abs(v - Number(value)) <= 1e-9;
    });
    if (same) trusted.set(id, r.series);
  }
  return trusted;
}

/** The rebuild itself, inside the caller's transaction: a new table with the series and release of every row. */
async function rebuildWithSeries(conn: DuckDBConnection, trusted: ReadonlyMap<number, string>): Promise<void> {
  await conn.run(`CREATE TEMP TABLE legacy_ingest_series (ingest_id BIGINT, series VARCHAR)`);
  for (const [id, series] of trusted)
    await conn.run(`INSERT INTO legacy_ingest_series VALUES ($1, $2)`, [BigInt(id), series]);
  await conn.run(`CREATE TEMP TABLE legacy_series (source_table VARCHAR, unit VARCHAR, series VARCHAR)`);
  await conn.run(`CREATE TEMP TABLE legacy_release (ingest_id BIGINT, release VARCHAR)`);
  const pairs = (await conn.runAndReadAll(`SELECT DISTINCT source_table, unit FROM observations`)).getRowsJS();
  for (const [table, unit] of pairs) {
    const series = legacySeriesKey(anyTableConfig(String(table)), String(unit));
    await conn.run(`INSERT INTO legacy_series VALUES ($1, $2, $3)`, [String(table), String(unit), series]);
  }
  const ingests = (await conn.runAndReadAll(`SELECT id, source_updated FROM ingests`)).getRowsJS();
  for (const [id, updated] of ingests) {
    await conn.run(`INSERT INTO legacy_release VALUES ($1, $2)`, [
      BigInt(id as bigint),
      normaliseRelease(str(updated)),
    ]);
  }
  await conn.run(`CREATE TABLE observations_v22 (${OBSERVATION_COLUMNS})`);
  await conn.run(
    `INSERT INTO observations_v22
       SELECT o.data_type, o.source_table, coalesce(g.series, s.series), o.geo, o.is_aggregate, o.period, o.value, o.flag, o.unit,
              r.release, o.ingest_id, o.file_sha256, o.ingested_at
         FROM observations o
         JOIN legacy_series s ON s.source_table = o.source_table AND s.unit = o.unit
         LEFT JOIN legacy_release r ON r.ingest_id = o.ingest_id
         LEFT JOIN legacy_ingest_series g ON g.ingest_id = o.ingest_id`,
  );
  const [before, after] = (
    await conn.runAndReadAll(`SELECT (SELECT count(*) FROM observations), (SELECT count(*) FROM observations_v22)`)
  )
    .getRowsJS()[0]!
    .map(Number);
  if (before !== after)
    throw new Error(`Store migration to series kept ${after} of ${before} observations; nothing was changed.`);
  await conn.run(`DROP TABLE observations`);
  await conn.run(`ALTER TABLE observations_v22 RENAME TO observations`);
  await conn.run(`DROP TABLE legacy_series`);
  await conn.run(`DROP TABLE legacy_release`);
  await conn.run(`DROP TABLE legacy_ingest_series`);
}
