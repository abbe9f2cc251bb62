// Publish: one transaction writes every country's snapshot and history into the serving database.
// Readers see the previous set or the new one, never a mix; a failure keeps the previous set. The same
// transaction records what changed against the previous set for the feeds (feed-events.ts), before replacing it.
import { killAfterCommitForTests } from "../lib/test-hooks.ts";
import { feedEvents, startEvents, type FeedEvent } from "./feed-events.ts";
import { auditPublication } from "./job-audit.ts";
import type { CountryResult, Snapshot } from "./model/types.ts";
import { operatorPause, type PausedBy } from "./pause.ts";
import { insertFiles, insertScores, insertSources } from "./publish-rows.ts";
import type { ServingDb } from "./serving-db.ts";
import type { PublishedProvenance, SourceValue } from "./provenance.ts";
import type { IngestFile, TableStatusRow } from "./store/observations.ts";

/**
 * One share card a publication names (keyed by product/share-cards/key.ts, which the CLI hands to the pipeline):
 * what it says and its key. Not drawn: the server draws a key's PNG on first request (docs/decisions/008-share-cards.md).
 */
export interface KeyedCard {
  country: string;
  variant: "published" | "stale";
  /** What decides the picture: equal keys are the same picture, drawn once. */
  key: string;
  /** What the card says (product/share-cards/card.ts CardContent), stored as JSON for the server to draw. */
  content: unknown;
}

/**
 * Keys the share cards of a publication's snapshots (cheap: nothing is drawn). The pipeline knows nothing about
 * pictures: the program that opens it passes one (cli/io.ts), or none.
 */
export type CardKeyer = (snapshots: readonly Snapshot[]) => KeyedCard[];

export interface Publication {
  model: string;
  asOf: string;
  publishedAt: string;
  results: readonly CountryResult[];
  sources: readonly TableStatusRow[];
  /**
   * Where the results' figures came from (pipeline/provenance.ts splitSources): the release and ingest of each value
   * their sources name, and the file of each of those ingests, published beside the snapshots; absent: none.
   */
  values?: readonly SourceValue[];
  files?: readonly IngestFile[];
  /**
   * The share cards of these results, keyed before the transaction (a CardKeyer). Each country's cards here
   * replace that country's stored ones; a country without cards here keeps what it has, and so does every
   * country when there are none (no keyer, or keying failed): a publication never deletes a card it does not
   * replace (docs/decisions/008-share-cards.md).
   */
  cards?: readonly KeyedCard[];
  /** Why keying the cards failed (the publication goes ahead with the cards the site has); absent when it did not. */
  cardError?: string;
}

/** A publication's share cards when it was made: keyed, of them already drawn (a PNG stored under the key), to draw on first request. */
export interface CardCounts {
  keyed: number;
  drawn: number;
  to_draw: number;
}

export interface PublishOutcome {
  /** The new publication; while paused, the one still served (0 before the first). */
  publicationId: number;
  countriesScored: number;
  /**
   * Set when the operator had paused publication: the scores were stored as the pending publication, visitors
   * still get the previous one (or none), and resume publishes them (publishPending).
   */
  paused: PausedBy | null;
  /** Its share cards (null when it brought none). */
  cards: CardCounts | null;
}

/**
 * Publishes `pub`, or, while the operator has paused publication, stores it as the pending publication (replacing
 * an older pending one). The switch is read inside the write transaction, so a resume either publishes this
 * publication (it came first) or this publish sees publication running.
 */
export function publish(db: ServingDb, pub: Publication): PublishOutcome {
  const run = db.transaction((): PublishOutcome => {
    const paused = operatorPause(db);
    if (paused) {
      storePending(db, pub);
      const current =
        (db.prepare(`SELECT id FROM publications ORDER BY id DESC LIMIT 1`).pluck().get() as number | undefined) ?? 0;
      pruneCardImages(db);
      const countriesScored = pub.results.filter((r) => r.snapshot.score !== null).length;
      // The running job's audit row commits with what it stored, or not at all (pipeline/job-audit.ts).
      auditPublication(db, {
        as_of: pub.asOf,
        publication_id: current,
        countries_scored: countriesScored,
        paused: true,
      });
      return { publicationId: current, countriesScored, paused, cards: cardCounts(db, pub.cards) };
    }
    const outcome = publishNow(db, pub);
    // A newer publication supersedes anything computed during an earlier pause.
    db.prepare(`DELETE FROM pending_publication`).run();
    db.prepare(`DELETE FROM pending_share_cards`).run();
    pruneCardImages(db);
    auditPublication(db, {
      as_of: pub.asOf,
      publication_id: outcome.publicationId,
      countries_scored: outcome.countriesScored,
    });
    return { ...outcome, cards: cardCounts(db, pub.cards) };
  });
  const outcome = run.immediate();
  killAfterCommitForTests("publish");
  return outcome;
}

/**
 * Deletes the PNG of every card key no publication names any more, current or pending (bounded storage: about
 * 60 KB per named key). The server stores a PNG only while its key is named (api/share-card-images.ts), so none
 * comes back after this.
 */
function pruneCardImages(db: ServingDb): number {
  return db
    .prepare(
      `DELETE FROM share_card_images WHERE card_key NOT IN (SELECT card_key FROM share_cards)
         AND card_key NOT IN (SELECT card_key FROM pending_share_cards)`,
    )
    .run().changes;
}

function cardCounts(db: ServingDb, cards: readonly KeyedCard[] | undefined): CardCounts | null {
  if (!cards) return null;
  const stored = db.prepare(`SELECT 1 FROM share_card_images WHERE card_key = ?`).pluck();
  const drawn = new Set(cards.map((c) => c.key).filter((k) => stored.get(k) !== undefined));
  const ready = cards.filter((c) => drawn.has(c.key)).length;
  return { keyed: cards.length, drawn: ready, to_draw: cards.length - ready };
}

function storePending(db: ServingDb, pub: Publication): void {
  db.prepare(`DELETE FROM pending_publication`).run();
  db.prepare(`DELETE FROM pending_share_cards`).run();
  const scored = pub.results.filter((r) => r.snapshot.score !== null).length;
  db.prepare(
    `INSERT INTO pending_publication (id, model, as_of, computed_at, countries_scored, payload) VALUES (1, ?, ?, ?, ?, ?)`,
  ).run(
    pub.model,
    pub.asOf,
    pub.publishedAt,
    scored,
    JSON.stringify({ results: pub.results, sources: pub.sources, values: pub.values ?? [], files: pub.files ?? [] }),
  );
  const insertCard = db.prepare(
    `INSERT INTO pending_share_cards (country, variant, card_key, content) VALUES (?, ?, ?, ?)`,
  );
  for (const c of pub.cards ?? []) insertCard.run(c.country, c.variant, c.key, JSON.stringify(c.content));
}

/**
 * On resume (call after the switch was turned off, in the same transaction): publishes the newest publication
 * computed while paused, at `publishedAt` (the moment visitors get it), and forgets it. Null when there was none.
 */
export function publishPending(db: ServingDb, publishedAt: string): PublishOutcome | null {
  const run = db.transaction((): PublishOutcome | null => {
    const row = db.prepare(`SELECT model, as_of, payload FROM pending_publication WHERE id = 1`).get() as
      { model: string; as_of: string; payload: string } | undefined;
    if (!row) return null;
    const { results, sources, values, files } = JSON.parse(row.payload) as Pick<
      Publication,
      "results" | "sources" | "values" | "files"
    >;
    const rows = db.prepare(`SELECT country, variant, card_key, content FROM pending_share_cards`).all() as Array<{
      country: string;
      variant: KeyedCard["variant"];
      card_key: string;
      content: string | null;
    }>;
    const cards = rows.map((c): KeyedCard => ({
      country: c.country,
      variant: c.variant,
      key: c.card_key,
      content: c.content === null ? null : JSON.parse(c.content),
    }));
    return publish(db, {
      model: row.model,
      asOf: row.as_of,
      publishedAt,
      results,
      sources,
      values,
      files,
      cards: rows.length > 0 ? cards : undefined,
    });
  });
  return run.immediate();
}

/**
 * Writes a publication in one transaction: its row, the feed entries against the set it replaces, then its
 * snapshots, histories and source status in place of the previous ones, and its share cards per country.
 */
function publishNow(db: ServingDb, pub: Publication): Omit<PublishOutcome, "cards"> {
  const insertPublication = db.prepare(
    `INSERT INTO publications (model, as_of, published_at, countries_scored, countries_total, cards_keyed, cards_error)
       VALUES (?, ?, ?, ?, ?, ?, ?)`,
  );
  const run = db.transaction((): Omit<PublishOutcome, "cards"> => {
    const countriesScored = pub.results.filter((r) => r.snapshot.score !== null).length;
    const publicationId = Number(
      insertPublication.run(
        pub.model,
        pub.asOf,
        pub.publishedAt,
        countriesScored,
        pub.results.length,
        pub.cards?.length ?? null,
        pub.cardError ?? null,
      ).lastInsertRowid,
    );
    writeFeedEntries(db, pub, publicationId);
    db.prepare(`DELETE FROM snapshots`).run();
    db.prepare(`DELETE FROM score_history`).run();
    db.prepare(`DELETE FROM source_status`).run();
    db.prepare(`DELETE FROM source_values`).run();
    db.prepare(`DELETE FROM source_files`).run();
    insertScores(db, pub, publicationId);
    insertSources(db, pub, publicationId);
    insertFiles(db, pub, publicationId);
    replaceCards(db, pub, publicationId);
    return { publicationId, countriesScored, paused: null };
  });
  return run();
}

/**
 * The feed entries of a publication, written before its snapshots replace the previous ones: what changed for each
 * country against the previous publication, and a start event for every country the feeds have not reported yet.
 */
function writeFeedEntries(db: ServingDb, pub: Publication, publicationId: number): void {
  const previousSnapshots = db.prepare(
    `SELECT s.country, s.payload, p.id, p.published_at FROM snapshots s JOIN publications p ON p.id = s.publication_id`,
  );
  const insertFeedEntry = db.prepare(
    `INSERT INTO feed_entries (publication_id, country, published_at, previous_publication_id, previous_published_at, from_as_of,
       to_as_of, from_score, to_score, from_status, to_status, text, explanation) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const reportedCountries = db.prepare(`SELECT DISTINCT country FROM feed_entries`).pluck();
  const previous = previousSnapshots.all() as Array<{
    country: string;
    payload: string;
    id: number;
    published_at: string;
  }>;
  const next = { id: publicationId, publishedAt: pub.publishedAt, snapshots: pub.results.map((r) => r.snapshot) };
  const events: FeedEvent[] = [];
  if (previous.length > 0) {
    const side = {
      id: previous[0]!.id,
      publishedAt: previous[0]!.published_at,
      snapshots: new Map<string, Snapshot>(),
    };
    for (const r of previous) if (r.id === side.id) side.snapshots.set(r.country, JSON.parse(r.payload) as Snapshot);
    events.push(...feedEvents(side, next));
  }
  // Countries the feeds have not reported yet (all of them at the first publication) start with their weather.
  const reported = new Set([...(reportedCountries.all() as string[]), ...events.map((e) => e.country)]);
  events.push(...startEvents(next, reported));
  for (const e of events) {
    insertFeedEntry.run(
      e.publication_id,
      e.country,
      e.published_at,
      e.previous_publication_id,
      e.previous_published_at,
      e.from_as_of,
      e.to_as_of,
      e.from_score,
      e.to_score,
      e.from_status,
      e.to_status,
      e.text,
      e.explanation === null ? null : JSON.stringify(e.explanation),
    );
  }
}

/**
 * Where the current publication's figures came from (what the readers join to the snapshots' sources): each value's
 * release and ingest by its key, each ingest's file; `values` and `files` in order, for comparing publications.
 */
export function publishedProvenance(db: ServingDb): PublishedProvenance & {
  valueRows: SourceValue[];
  fileRows: IngestFile[];
} {
  const valueRows = db
    .prepare(`SELECT ref_key AS key, release, ingest_id FROM source_values ORDER BY ref_key`)
    .all() as SourceValue[];
  const fileRows = db
    .prepare(
      `SELECT ingest_id, file_name AS name, file_sha256 AS sha256, ingested_at FROM source_files ORDER BY ingest_id`,
    )
    .all() as IngestFile[];
  return {
    values: new Map(valueRows.map(({ key, ...v }) => [key, v])),
    files: new Map(fileRows.map(({ ingest_id, ...f }) => [ingest_id, f])),
    valueRows,
    fileRows,
  };
}

/**
 * Cards are replaced per country: those of a country this publication keyed go, the others stay, so a
 * publication without cards leaves the site its previous ones rather than none. The PNGs stay where they are,
 * by key: an unchanged card is not drawn again.
 */
function replaceCards(db: ServingDb, pub: Publication, publicationId: number): void {
  const insertCard = db.prepare(
    `INSERT INTO share_cards (country, variant, publication_id, card_key, content) VALUES (?, ?, ?, ?, ?)`,
  );
  const deleteCards = db.prepare(`DELETE FROM share_cards WHERE country = ?`);
  for (const country of new Set((pub.cards ?? []).map((c) => c.country))) deleteCards.run(country);
  for (const c of pub.cards ?? [])
    insertCard.run(c.country, c.variant, publicationId, c.key, c.content === null ? null : JSON.stringify(c.content));
}

/**
 * After an update that changed nothing (so no recalc, no new publication): carries each table's last check
 * (when, how it went) into the published source_status rows, so the operator panel shows that the data was
 * checked. Only the check columns of rows already published are touched; the data columns stay those of the
 * current publication.
 */
export function publishSourceChecks(db: ServingDb, sources: readonly TableStatusRow[]): number {
  const update = db.prepare(
    `UPDATE source_status SET last_checked_at = ?, last_status = ?, last_reason = ? WHERE source_table = ? AND data_type = ?`,
  );
  const run = db.transaction((): number => {
    let changed = 0;
    for (const t of sources) {
      if (t.lastCheckedAt === null) continue;
      changed += update.run(t.lastCheckedAt, t.lastStatus, t.lastReason, t.table, t.dataType).changes;
    }
    return changed;
  });
  return run.immediate();
}
