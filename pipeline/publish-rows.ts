// The rows a publication writes into the serving database (pipeline/publish.ts runs them in its one transaction,
// after deleting the previous set): each country's snapshot and history, the source tables' status, and the values
// and files the sources name.
import type { HistoryPoint } from "./model/types.ts";
import type { Publication } from "./publish.ts";
import type { ServingDb } from "./serving-db.ts";

/**
 * The stored columns of one month of history after its country (month, score, status, basis, market, evidence,
 * events as JSON): what publish writes and what recalc compares with the published rows.
 */
export function historyColumns(
  h: HistoryPoint,
): [string, number | null, string | null, string | null, number | null, number | null, string | null] {
  return [
    h.month,
    h.score,
    h.status,
    h.basis ?? null,
    h.market ?? null,
    h.evidence ?? null,
    h.events && h.events.length > 0 ? JSON.stringify(h.events) : null,
  ];
}

/** Each country's snapshot and monthly score history under the publication (the previous ones already deleted). */
export function insertScores(db: ServingDb, pub: Publication, publicationId: number): void {
  const insertSnapshot = db.prepare(
    `INSERT INTO snapshots (country, publication_id, model, as_of, anchor_month, score, status, label, confidence, basis,
       cover, yoy_delta, yoy_label, payload) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const insertHistory = db.prepare(
    `INSERT INTO score_history (country, month, score, status, basis, market, evidence, events) VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const { snapshot: s, history } of pub.results) {
    insertSnapshot.run(
      s.country,
      publicationId,
      s.model,
      s.as_of,
      s.anchor_month,
      s.score,
      s.status,
      s.label,
      s.confidence,
      s.basis,
      s.cover,
      s.yoy.delta,
      s.yoy.label,
      JSON.stringify(s),
    );
    for (const h of history) insertHistory.run(s.country, ...historyColumns(h));
  }
}

/** The status of each source table the publication was computed from (the previous rows already deleted). */
export function insertSources(db: ServingDb, pub: Publication, publicationId: number): void {
  const insertSource = db.prepare(
    `INSERT INTO source_status (source_table, data_type, newest_period, observations, last_ingested_at, last_changed_at,
       source_updated, publication_id, last_checked_at, last_status, last_reason) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  for (const t of pub.sources) {
    insertSource.run(
      t.table,
      t.dataType,
      t.newestPeriod,
      t.observations,
      t.lastIngestedAt,
      t.lastChangedAt,
      t.sourceUpdated,
      publicationId,
      t.lastCheckedAt ?? null,
      t.lastStatus ?? null,
      t.lastReason ?? null,
    );
  }
}

/** The values and files the publication's sources name (the previous rows already deleted). */
export function insertFiles(db: ServingDb, pub: Publication, publicationId: number): void {
  const insertValue = db.prepare(
    `INSERT INTO source_values (ref_key, release, ingest_id, publication_id) VALUES (?, ?, ?, ?)`,
  );
  for (const v of pub.values ?? []) insertValue.run(v.key, v.release, v.ingest_id, publicationId);
  const insertFile = db.prepare(
    `INSERT INTO source_files (ingest_id, file_name, file_sha256, ingested_at, publication_id) VALUES (?, ?, ?, ?, ?)`,
  );
  for (const f of pub.files ?? []) insertFile.run(f.ingest_id, f.name, f.sha256, f.ingested_at, publicationId);
}
